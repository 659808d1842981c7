// The built-in AI (melee_ai.h): deterministic for a seed, difficulty matters, it builds and
// attacks, and a melee game against it replays to the same result.
#include <set>

#include "engine/maps/melee_ai.h"
#include "engine/maps/melee_registry.h"
#include "engine/sim/state_hash.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

api::PlayerSetup computer(api::Difficulty d, api::AIBuild build = api::RandomBuild) {
  api::PlayerSetup p;
  p.set_type(api::Computer);
  p.set_race(api::Terran);
  p.set_difficulty(d);
  p.set_ai_build(build);
  return p;
}

GameConfig bots(api::Difficulty first, api::Difficulty second, const char* map = "Flat64") {
  GameConfig config;
  config.map = find_melee_map(map);
  REQUIRE(config.map != nullptr);
  config.map_path = melee_map_path(map);
  config.players = {computer(first), computer(second)};
  return config;
}

// Player 1's result, and the loop the game ended at.
std::pair<GameResult, std::uint32_t> play_out(const GameConfig& config, std::uint64_t seed) {
  Game game(config, seed);
  while (!game.ended()) game.step(2048);
  return {*game.result(), game.world().game_loop()};
}

int count(const World& world, int player, std::uint32_t type) {
  int n = 0;
  for (const Unit* u : world.units()) n += u->owner == player && u->type() == type;
  return n;
}

}  // namespace

TEST_CASE("the difficulty sets the AI's plan: faster reactions, more workers and Barracks, bigger armies") {
  const MeleeAiPlan very_easy = melee_ai_plan(api::VeryEasy, api::Timing);
  const MeleeAiPlan easy = melee_ai_plan(api::Easy, api::Timing);
  const MeleeAiPlan medium = melee_ai_plan(api::Medium, api::Timing);
  const MeleeAiPlan hard = melee_ai_plan(api::Hard, api::Timing);
  CHECK(very_easy.act_every > easy.act_every);
  CHECK(easy.act_every > medium.act_every);
  CHECK(medium.act_every > hard.act_every);
  CHECK(very_easy.workers < easy.workers);
  CHECK(easy.workers < hard.workers);
  CHECK(hard.barracks > easy.barracks);
  CHECK_FALSE(very_easy.defends);
  CHECK(hard.defends);
  // Builds: a rush attacks earlier with fewer, a macro build later with more.
  const MeleeAiPlan rush = melee_ai_plan(api::Medium, api::Rush);
  const MeleeAiPlan macro = melee_ai_plan(api::Medium, api::Macro);
  CHECK(rush.first_attack_loop < medium.first_attack_loop);
  CHECK(rush.first_attack_army < medium.first_attack_army);
  CHECK(macro.first_attack_loop > medium.first_attack_loop);
  CHECK(macro.workers > medium.workers);
}

TEST_CASE("RandomBuild picks Rush, Timing or Macro from the seed, the same for the same seed") {
  const auto build_of = [](std::uint64_t seed) {
    return MeleeAi(2, api::Easy, api::RandomBuild, seed, {10, 10}, {50, 50}, {30, 30}).build();
  };
  std::set<int> seen;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    CHECK(build_of(seed) == build_of(seed));
    seen.insert(build_of(seed));
  }
  CHECK(seen == std::set<int>{api::Rush, api::Timing, api::Macro});
  CHECK(MeleeAi(2, api::Easy, api::Air, 1, {10, 10}, {50, 50}, {30, 30}).build() == api::Air);  // played as Timing
}

TEST_CASE("the AI mines, builds Supply Depots and Barracks and trains Marines") {
  GameConfig config = bots(api::Medium, api::VeryEasy);
  Game game(config, 5);
  game.step(16 * 60 * 4);  // four game minutes
  const World& world = game.world();
  CHECK(world.player(1).economy.collected_minerals > 1000);
  CHECK(count(world, 1, unit_type::kScv) > 12);
  CHECK(count(world, 1, unit_type::kSupplyDepot) >= 1);
  CHECK(count(world, 1, unit_type::kBarracks) >= 1);
  CHECK(count(world, 1, unit_type::kMarine) >= 1);
}

TEST_CASE("Medium and Hard mine gas, put a Tech Lab on a Barracks and train Marauders, and Hard researches weapons") {
  CHECK_FALSE(melee_ai_plan(api::Easy, api::Timing).tech);
  CHECK(melee_ai_plan(api::Medium, api::Timing).tech);
  CHECK_FALSE(melee_ai_plan(api::Medium, api::Timing).weapons_upgrade);
  CHECK(melee_ai_plan(api::Hard, api::Timing).weapons_upgrade);
  GameConfig config = bots(api::Hard, api::VeryEasy);
  config.players[0].set_ai_build(api::Macro);  // no early attacks either way: the bases grow undisturbed
  config.players[1].set_ai_build(api::Macro);
  Game game(config, 5);
  game.step(16 * 60 * 9);  // nine game minutes
  const World& world = game.world();
  CHECK(count(world, 1, unit_type::kRefinery) == 1);
  CHECK(world.player(1).economy.collected_vespene > 100);
  CHECK(count(world, 1, unit_type::kBarracksTechLab) == 1);
  CHECK(count(world, 1, unit_type::kMarauder) >= 1);
  CHECK(count(world, 1, unit_type::kEngineeringBay) == 1);
  CHECK(world.player(1).upgrades == std::vector<std::uint32_t>{7});  // Infantry Weapons Level 1
  // Easy stays with Marines.
  CHECK(count(world, 2, unit_type::kRefinery) == 0);
  CHECK(count(world, 2, unit_type::kMarauder) == 0);
}

TEST_CASE("the AI is deterministic for a seed") {
  const GameConfig config = bots(api::Hard, api::Easy);
  Game a(config, 42), b(config, 42), c(config, 43);
  for (int i = 0; i < 8; ++i) {
    a.step(1000);
    b.step(1000);
    c.step(1000);
    REQUIRE(state_hash(a.world()) == state_hash(b.world()));
  }
  CHECK(state_hash(a.world()) != state_hash(c.world()));
}

TEST_CASE("difficulty matters: Hard beats VeryEasy on either side, well before the time limit") {
  for (std::uint64_t seed : {1u, 2u}) {
    CAPTURE(seed);
    const auto [first, loop] = play_out(bots(api::Hard, api::VeryEasy), seed);
    CHECK(first == GameResult::Victory);
    CHECK(loop < 28800);
    const auto [second, loop2] = play_out(bots(api::VeryEasy, api::Hard), seed);
    CHECK(second == GameResult::Defeat);
    CHECK(loop2 < 28800);
  }
}

TEST_CASE("a melee game against the AI replays to the same loop and result") {
  GameServer server;
  api::Request create = create_request(9, "Melee/Flat32.SC2Map");
  *create.mutable_create_game()->add_player_setup() = computer(api::Hard, api::Rush);
  REQUIRE_FALSE(call(server, create).create_game().has_error());
  REQUIRE_FALSE(call(server, join_request()).join_game().has_error());
  while (server.status() == api::in_game) step(server, 512);
  const auto final_obs = observe(server);
  REQUIRE(final_obs.player_result_size() == 2);
  CHECK(final_obs.player_result(0).result() == api::Defeat);  // a passive player loses to Hard
  api::Request save;
  save.mutable_save_replay();
  const std::string replay = call(server, save).save_replay().data();

  GameServer viewer;
  api::Request start;
  start.mutable_start_replay()->set_replay_data(replay);
  *start.mutable_start_replay()->mutable_options() = join_request().join_game().options();
  start.mutable_start_replay()->set_observed_player_id(1);
  auto started = call(viewer, start);
  REQUIRE_FALSE(started.start_replay().has_error());
  while (viewer.status() == api::in_replay) step(viewer, 512);
  const auto replayed = observe(viewer);
  CHECK(replayed.observation().game_loop() == final_obs.observation().game_loop());
  REQUIRE(replayed.player_result_size() >= 1);
  CHECK(replayed.player_result(0).result() == api::Defeat);
}
