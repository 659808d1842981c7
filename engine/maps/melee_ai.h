#pragma once
// The built-in AI: plays a Computer player of a melee game from inside the engine, issuing
// the same commands a client's actions become (orders.h), no client involved.
//
// What it does, every `act_every` game loops (its reaction time): idle SCVs mine; the
// Command Center trains SCVs up to a worker count; a Supply Depot goes up before supply runs
// out; Barracks up to a count; each Barracks trains Marines; the Marines gather on the open
// side of the base, defend it against enemies that come near (not VeryEasy), and attack in
// waves once the army is large enough and late enough, attack-moving to the nearest enemy
// structure (the AI knows where the enemy's structures are, a simplification of the game's
// scouting) or to the enemy's start location.
//
// Difficulty (the numbers are in melee_ai.cpp, one row per level):
//   VeryEasy  slow reactions (6 s), no SCVs beyond the first 12, 1 Barracks whatever the
//             build, never defends, small late attacks
//   Easy      2 s, 16 workers, 1 Barracks, defends, attacks with 8 Marines after ~5.5 min
//   Medium    1 s, 19 workers, 2 Barracks, gas and a Tech Lab (Marauders), attacks with 12
//             after ~5 min
//   Hard      0.5 s, 22 workers, 3 Barracks, gas, a Tech Lab, Infantry Weapons Level 1,
//             attacks with 16 after ~4.5 min
// Builds: Rush (fewer workers, earlier and smaller attacks), Macro (more workers and
// Barracks, later and larger attacks), RandomBuild (one of Rush, Macro or the standard
// timing, drawn from the AI's seed); Timing, Power and Air play the standard timing.
// Deterministic: the same game seed and the same opponent's commands give the same game.
#include <cstdint>
#include <vector>

#include "engine/sim/vec2.h"
#include "s2clientprotocol/common.pb.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

class World;

// One difficulty's play (the row of melee_ai.cpp after the build's changes).
struct MeleeAiPlan {
  std::uint32_t act_every = 0;         // game loops between two decisions
  int workers = 0;                     // SCVs to train up to
  int barracks = 0;                    // Barracks to build
  bool defends = false;                // sends the army at enemies near its base
  int first_attack_army = 0;           // Marines needed for the first attack
  std::uint32_t first_attack_loop = 0; // not before this game loop
  int wave_army = 0;                   // Marines needed for each later wave
  // Medium and Hard: a Refinery with 3 SCVs on gas, a Tech Lab on the first Barracks and
  // Marauders from it; Hard also an Engineering Bay and Infantry Weapons Level 1.
  bool tech = false;
  bool weapons_upgrade = false;
};

// The plan of a difficulty and build (the build already resolved from RandomBuild).
MeleeAiPlan melee_ai_plan(SC2APIProtocol::Difficulty difficulty, SC2APIProtocol::AIBuild build);

class MeleeAi {
 public:
  // `home` and `enemy_start`: the start locations of this player and of its enemy.
  MeleeAi(int player, SC2APIProtocol::Difficulty difficulty, SC2APIProtocol::AIBuild build, std::uint64_t seed,
          Vec2 home, Vec2 enemy_start, Vec2 map_centre);

  // Before each simulated loop: acts when its reaction time has passed.
  void on_loop(World& world);

  int player() const { return player_; }
  SC2APIProtocol::AIBuild build() const { return build_; }  // RandomBuild resolved
  const MeleeAiPlan& plan() const { return plan_; }

 private:
  void act(World& world);
  void mine(World& world);
  void produce(World& world);
  void construct(World& world);
  bool construct_tech(World& world);  // Refinery, Engineering Bay (plan_.tech); true: one ordered
  void send_to_gas(World& world);     // 3 SCVs on a finished Refinery
  void command_army(World& world);
  bool place_structure(World& world, std::uint32_t ability, std::uint32_t type);

  int player_;
  SC2APIProtocol::AIBuild build_;
  MeleeAiPlan plan_;
  Vec2 home_;
  Vec2 enemy_start_;
  Vec2 open_side_;    // unit vector from home towards the map's centre
  std::uint32_t next_act_ = 0;
  bool attacking_ = false;
  int waves_ = 0;
};

}  // namespace sc2::engine
