// The scripted agents of the new maps (and the random agent) against the real engine over
// the loopback websocket (EngineHost on port 0), a few seeded episodes each.
//
// Minimum mean scores, each well below what the agent was measured at on sc2lite and well
// above what noop and random score on the same map, so a broken agent (or a broken
// targeting rule) fails while engine tuning leaves room:
// * CollectMineralShards >= 60: measured ~107 (split Marines); the army-as-one variant
//   ~93; random collects a few shards by chance. PySC2's own easy test asks only >= 1.
// * DefeatRoaches >= 15: measured 32.7 (seed 21, 3 episodes; 26.0 over 10, max 56) since the
//   Roaches answer each other's calls for help (engine/README.md, "Acquisition"): nine Marines
//   focus-firing on four Roaches that come together is a close fight (the paper's human player
//   scored 41). Random -1..1 over 3-10 episodes of seed 21, noop 0 (the Roaches stand idle, as
//   in the real map): 15 catches an agent that no longer focuses its fire.
// * DefeatZerglingsAndBanelings >= 50: measured 111 (seed 21, 3 episodes; 95.7 over 10);
//   noop 0 (the enemies stand idle) and a lure that stops short of the enemies' scan range 0
//   (seen when the range changed), so 50 needs the lure to work. Random scores ~33-40 there.
// * FindAndDefeatZerglings >= 30: measured 49 (seed 21: 3 episodes; 49.4 over 10); noop 0
//   (the Marines only shoot what walks up to them) and random ~6-8.
// * CollectMineralsAndGas >= 4000 (full 420 s = 6720 loops): measured 5915 at seed 21 (5915
//   or 5940 by the SCVs' random start side, real map geometry); noop 0 and random ~40.
// * BuildMarines, the first 800 agent steps (6400 of 14400 loops): >= 25 Marines; measured 35
//   there at seed 21 (~105 over the full 900 s on the real map's base); noop and random 0.
#include <doctest/doctest.h>

#include "agents/agent.h"
#include "agents/runner.h"
#include "client/pysc2/env.h"
#include "client/controller.h"
#include "engine/maps/mini_game_registry.h"
#include "tests/agents/engine_over_websocket.h"

using namespace sc2;

namespace {

using test::EngineOverWebsocket;

bool served(const char* map) {
  const auto* entry = engine::find_mini_game(map);
  if (entry == nullptr) {
    MESSAGE("skipped: sc2lite does not serve " << map);
    return false;
  }
  return true;
}

agents::RunSummary play(const char* map, const char* agent, int episodes, std::uint64_t seed) {
  EngineOverWebsocket engine;
  agents::RunOptions options;
  options.map = map;
  options.agent = agent;
  options.episodes = episodes;
  options.seed = seed;
  return agents::run_on(*engine.controller, options);
}

void check_scripted_minimum(const char* map, double minimum) {
  if (!served(map)) return;
  const auto summary = play(map, "scripted", 3, 21);
  REQUIRE(summary.episodes.size() == 3);
  INFO(map << ": mean " << summary.mean_score);
  CHECK(summary.mean_score >= minimum);
  for (const auto& episode : summary.episodes) CHECK(episode.steps > 0);
}

}  // namespace

TEST_CASE("end to end: scripted CollectMineralShards averages at least 60 over 3 seeded episodes") {
  check_scripted_minimum("CollectMineralShards", 60);
}

TEST_CASE("end to end: scripted DefeatRoaches averages at least 15 over 3 seeded episodes") {
  check_scripted_minimum("DefeatRoaches", 15);
}

TEST_CASE("end to end: scripted DefeatZerglingsAndBanelings averages at least 50 over 3 seeded episodes") {
  check_scripted_minimum("DefeatZerglingsAndBanelings", 50);
}

TEST_CASE("end to end: scripted FindAndDefeatZerglings averages at least 30 over 3 seeded episodes") {
  check_scripted_minimum("FindAndDefeatZerglings", 30);
}

TEST_CASE("end to end: scripted CollectMineralsAndGas averages at least 4000 over 2 seeded episodes") {
  if (!served("CollectMineralsAndGas")) return;
  const auto summary = play("CollectMineralsAndGas", "scripted", 2, 21);
  REQUIRE(summary.episodes.size() == 2);
  INFO("mean " << summary.mean_score);
  CHECK(summary.mean_score >= 4000);
}

TEST_CASE("end to end: scripted BuildMarines builds at least 25 Marines in its first 800 steps") {
  if (!served("BuildMarines")) return;
  EngineOverWebsocket engine;
  agents::RunOptions options;
  options.map = "BuildMarines";
  options.seed = 21;
  pysc2::Env env(*engine.controller, agents::env_options(options));
  auto agent = agents::make_agent("scripted", 21);
  agent->setup(agents::agent_spec(options));
  agent->reset();
  auto time_step = env.reset();
  double marines = 0;
  for (int step = 0; step < 800 && !time_step->last(); ++step) {
    time_step = env.step(agent->step(*time_step));
    marines += time_step->reward;  // score = Marines built
  }
  INFO("Marines built: " << marines);
  CHECK(marines >= 25);
}

TEST_CASE("end to end: the random agent never sends an unavailable action on the new maps") {
  // Env (ensure_available_actions) throws on a call outside available_actions, and the
  // engine's errors surface as exceptions: a whole episode without one is the check.
  for (const char* map : {"CollectMineralShards", "DefeatRoaches", "DefeatZerglingsAndBanelings", "FindAndDefeatZerglings",
                          "CollectMineralsAndGas"}) {
    if (!served(map)) continue;
    INFO(map);
    agents::RunSummary summary;
    CHECK_NOTHROW(summary = play(map, "random", 1, 5));
    REQUIRE(summary.episodes.size() == 1);
    CHECK(summary.total_steps > 0);
  }
}
