#pragma once
// Our scripted melee agent (no PySC2 original), for the two-player melee maps against the
// built-in AI. It plays through the feature layers as a person would:
// * the economy and production are the BuildMarines agent's, played on the home base's
//   screen (the camera starts on the Command Center and stays there): SCVs mine, Supply
//   Depots ahead of need, up to 5 Barracks, Marines without pause;
// * once kFirstWave Marines exist, and every kWaveEverySteps steps after that, the whole army
//   is sent at the enemy: select_army, then Attack_minimap on the enemy's base, and, wave by
//   wave in turn, a quarter and a half of the way from there towards the map's centre (to
//   find structures built off to the side). The melee maps are point mirrors, so the enemy's
//   base is the mirror, through the minimap's centre, of the own units' mean minimap pixel at
//   the first step.
#include <optional>

#include "agents/agent.h"
#include "agents/build_marines_agent.h"

namespace sc2::agents {

inline constexpr int kFirstWave = 12;        // Marines in the first attack
inline constexpr int kWaveEverySteps = 24;   // later: the army is sent again this often (192 loops at step_mul 8)

class MeleeAgent final : public Agent {
 public:
  void setup(const AgentSpec& spec) override;
  void reset() override;
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }

 private:
  BuildMarinesAgent economy_;
  std::optional<Pixel2> enemy_base_;  // minimap pixel
  bool attack_next_ = false;          // select_army was sent: Attack_minimap follows
  bool attacked_ = false;             // the first wave has gone
  int steps_ = 0;
  int last_wave_step_ = 0;
  int waves_ = 0;  // Attack_minimap orders sent
};

}  // namespace sc2::agents
