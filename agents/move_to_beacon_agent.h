#pragma once
// Scripted MoveToBeacon (from shared/spec/pysc2-scripted-agents.md): with the Marine
// selected, Move_screen to the beacon (mean of the NEUTRAL pixels of player_relative);
// otherwise select it with select_army, or with select_point on its pixel when
// select_army is not offered.
#include <optional>

#include "agents/agent.h"

namespace sc2::agents {

struct Pixel {
  int x = 0;
  int y = 0;
  friend bool operator==(const Pixel&, const Pixel&) = default;
};

// Mean (x, y) of the pixels equal to `value`, rounded half to even like numpy; nullopt if none.
std::optional<Pixel> mean_pixel(const pysc2::Layer& layer, std::int32_t value);
// A pixel equal to `value` near the mean of such pixels (the mean itself when it is one).
std::optional<Pixel> pixel_on(const pysc2::Layer& layer, std::int32_t value);

class MoveToBeaconAgent final : public Agent {
 public:
  void setup(const AgentSpec&) override {}
  void reset() override {}
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "scripted"; }
};

}  // namespace sc2::agents
