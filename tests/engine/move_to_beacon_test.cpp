// MoveToBeacon rules through the API: reaching the beacon, respawn distance, time limit,
// restart, determinism.
#include <algorithm>
#include <cmath>

#include "engine/server/game.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

float dist(const api::Point& a, const api::Point& b) { return std::hypot(a.x() - b.x(), a.y() - b.y()); }

Game new_game(std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game("MoveToBeacon");
  REQUIRE(config.map != nullptr);
  return Game(config, seed);
}

Unit* only_unit(World& w, std::uint32_t type) {
  Unit* found = nullptr;
  for (Unit* u : w.units()) {
    if (u->type() == type) {
      REQUIRE(found == nullptr);
      found = u;
    }
  }
  REQUIRE(found != nullptr);
  return found;
}

// Real map: region 3, the beacon's spawn area = rect 23.5,21.5-42.5,34.5 minus a disc r 4 at (33,28).
bool in_beacon_region(Vec2 p) {
  return p.x >= 23.5f && p.x <= 42.5f && p.y >= 21.5f && p.y <= 34.5f && distance(p, Vec2{33.0f, 28.0f}) >= 4.0f;
}

// Selects the army and orders a move to the beacon's screen pixel; steps until the score
// changes (or the budget runs out). Returns the observation after the score changed.
api::ResponseObservation walk_to_beacon(GameServer& server, int budget_steps = 60) {
  auto obs = observe(server);
  REQUIRE(act(server, select_army()).result(0) == api::Success);
  const int start_score = obs.observation().score().score();
  const auto* beacon = find_unit(obs, kBeacon);
  REQUIRE(beacon != nullptr);
  const auto& camera = obs.observation().raw_data().player().camera();
  const Pixel target = world_to_screen(camera, 24.0f, 64, 64, beacon->pos().x(), beacon->pos().y());
  REQUIRE(act(server, move_screen(target.x, target.y)).result(0) == api::Success);
  for (int i = 0; i < budget_steps; ++i) {
    step(server, 8);
    obs = observe(server);
    if (obs.observation().score().score() != start_score) return obs;
  }
  FAIL("the Marine did not reach the beacon within " << budget_steps << " steps");
  return obs;
}

}  // namespace

TEST_CASE("start state: one unselected Marine, one neutral beacon at least 5 away, score 0") {
  for (std::uint32_t seed : {1u, 2u, 3u, 99u, 12345u}) {
    CAPTURE(seed);
    GameServer server;
    start_game(server, seed);
    const auto obs = observe(server);
    const auto& o = obs.observation();
    CHECK(o.game_loop() == 0);
    CHECK(o.score().score_type() == api::Score::Curriculum);
    CHECK(o.score().score() == 0);
    CHECK(o.player_common().player_id() == 1);
    CHECK(o.player_common().army_count() == 1);
    CHECK(o.raw_data().units_size() == 2);
    const auto* marine = find_unit(obs, kMarine);
    const auto* beacon = find_unit(obs, kBeacon);
    REQUIRE(marine != nullptr);
    REQUIRE(beacon != nullptr);
    CHECK_FALSE(marine->is_selected());
    CHECK(marine->owner() == 1);
    CHECK(marine->alliance() == api::Self);
    CHECK(marine->health() == 45.0f);
    CHECK(marine->radius() == 0.375f);
    CHECK(marine->tag() != 0);
    CHECK(beacon->owner() == 16);
    CHECK(beacon->alliance() == api::Neutral);
    CHECK(dist(marine->pos(), beacon->pos()) >= 5.0f);  // real map: the first beacon too
    CHECK(o.abilities_size() == 0);  // nothing selected
    CHECK(obs.player_result_size() == 0);
  }
}

TEST_CASE("reaching the beacon scores +1 and the beacon jumps at least 5 away from the Marine") {
  GameServer server;
  start_game(server, 21);
  const auto before = observe(server);
  const std::uint64_t beacon_tag = find_unit(before, kBeacon)->tag();
  for (int round = 1; round <= 3; ++round) {
    CAPTURE(round);
    const auto obs = walk_to_beacon(server);
    CHECK(obs.observation().score().score() == round);
    const auto* marine = find_unit(obs, kMarine);
    const auto* beacon = find_unit(obs, kBeacon);
    REQUIRE(marine != nullptr);
    REQUIRE(beacon != nullptr);
    CHECK(beacon->tag() == beacon_tag);
    // The beacon moved when the Marine reached it; the Marine walked on for < 1 step since.
    CHECK(dist(marine->pos(), beacon->pos()) >= 5.0f - 8 * 0.140625f);
  }
}

TEST_CASE("a Marine moves at 2.25/16 world units per game loop") {
  GameServer server;
  start_game(server, 8);
  auto obs = observe(server);
  act(server, select_army());
  const auto start = find_unit(obs, kMarine)->pos();
  const auto& camera = obs.observation().raw_data().player().camera();
  // Walk towards the far side of the screen horizontally.
  const int target_x = start.x() < camera.x() ? 63 : 0;
  const Pixel p = world_to_screen(camera, 24.0f, 64, 64, start.x(), start.y());
  REQUIRE(act(server, move_screen(target_x, p.y)).result(0) == api::Success);
  step(server, 16);
  obs = observe(server);
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine->orders_size() == 1);
  CHECK(marine->orders(0).ability_id() == 16);
  CHECK(dist(marine->pos(), start) == doctest::Approx(2.25f).epsilon(0.01));
}

TEST_CASE("the time limit ends the game at loop 1920 with a player_result, then step is an error") {
  GameServer server;
  start_game(server, 4);
  auto response = step(server, 1500);
  CHECK(response.status() == api::in_game);
  CHECK(response.step().simulation_loop() == 1500);
  CHECK(observe(server).player_result_size() == 0);

  response = step(server, 1000);  // crosses the limit: stops at 1920 (120 game seconds)
  CHECK(response.status() == api::ended);
  CHECK(response.step().simulation_loop() == 1920);
  const auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 1920);
  REQUIRE(obs.player_result_size() == 1);
  CHECK(obs.player_result(0).player_id() == 1);
  CHECK(obs.player_result(0).result() == api::Victory);

  auto more = step(server, 8);
  REQUIRE(more.error_size() == 1);
  CHECK(more.error(0).find("Game has already ended") != std::string::npos);
  CHECK(more.status() == api::ended);
  api::Request a;
  a.mutable_action();
  CHECK(call(server, a).error_size() == 1);

  // Observation, game_info and data stay readable in ended.
  api::Request gi;
  gi.mutable_game_info();
  CHECK(call(server, gi).error_size() == 0);
}

TEST_CASE("exactly 240 steps of 8 loops reach the limit, as PySC2 counts an episode") {
  GameServer server;
  start_game(server, 4);
  for (int i = 0; i < 239; ++i) REQUIRE(step(server, 8).status() == api::in_game);
  auto last = step(server, 8);
  CHECK(last.status() == api::ended);
  CHECK(last.step().simulation_loop() == 1920);
}

TEST_CASE("restart_game (from ended or in_game) resets loop and score with the same options") {
  GameServer server;
  start_game(server, 21);
  walk_to_beacon(server);
  CHECK(observe(server).observation().score().score() == 1);

  api::Request restart;
  restart.mutable_restart_game();
  auto response = call(server, restart);
  CHECK(response.error_size() == 0);
  CHECK(response.has_restart_game());
  CHECK(response.status() == api::in_game);
  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 0);
  CHECK(obs.observation().score().score() == 0);
  CHECK(obs.observation().feature_layer_data().renders().player_relative().size().x() == 64);

  step(server, 1920);
  REQUIRE(server.status() == api::ended);
  response = call(server, restart);
  CHECK(response.status() == api::in_game);
  CHECK(observe(server).observation().game_loop() == 0);
}

TEST_CASE("same seed and actions give byte-identical observations, another seed differs") {
  GameServer a, b, c;
  start_game(a, 77);
  start_game(b, 77);
  start_game(c, 78);
  const auto first_a = observe(a), first_c = observe(c);
  CHECK(find_unit(first_a, kBeacon)->pos().SerializeAsString() !=
        find_unit(first_c, kBeacon)->pos().SerializeAsString());
  (void)observe(b);

  for (int i = 0; i < 120; ++i) {
    CAPTURE(i);
    if (i % 10 == 0) {
      // A deterministic pseudo-random click pattern, the same for both servers.
      const api::Action select = select_army();
      const api::Action move = move_screen((i * 37) % 64, (i * 53) % 64);
      for (GameServer* s : {&a, &b}) {
        act(*s, select);
        act(*s, move);
      }
    }
    step(a, 8);
    step(b, 8);
    const auto oa = observe(a), ob = observe(b);
    REQUIRE(oa.SerializeAsString() == ob.SerializeAsString());
  }

  // Restarted episodes are deterministic too, and differ from the first episode.
  api::Request restart;
  restart.mutable_restart_game();
  call(a, restart);
  call(b, restart);
  CHECK(observe(a).SerializeAsString() == observe(b).SerializeAsString());
}

TEST_CASE("without random_seed the server's default seed makes games repeatable") {
  GameServer a, b;
  start_game(a, std::nullopt);
  start_game(b, std::nullopt);
  CHECK(observe(a).SerializeAsString() == observe(b).SerializeAsString());
}

TEST_CASE("real map: Marine anywhere in region 1, beacon in region 3 (with its hole) and >= 5 from the Marine") {
  float marine_x0 = 99, marine_x1 = 0, marine_y0 = 99, marine_y1 = 0;
  float beacon_x0 = 99, beacon_x1 = 0, beacon_y0 = 99, beacon_y1 = 0;
  float beacon_to_hole = 99;  // closest beacon to the hole's centre
  for (std::uint64_t seed = 1; seed <= 400; ++seed) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    const Vec2 marine = only_unit(w, kMarine)->pos;
    const Vec2 beacon = only_unit(w, kBeacon)->pos;
    // Region 1 = the playable area (22,20)-(44,36), no margin.
    CHECK(marine.x >= 22.0f);
    CHECK(marine.x <= 44.0f);
    CHECK(marine.y >= 20.0f);
    CHECK(marine.y <= 36.0f);
    CHECK(in_beacon_region(beacon));
    CHECK(distance(marine, beacon) >= 5.0f);
    marine_x0 = std::min(marine_x0, marine.x), marine_x1 = std::max(marine_x1, marine.x);
    marine_y0 = std::min(marine_y0, marine.y), marine_y1 = std::max(marine_y1, marine.y);
    beacon_x0 = std::min(beacon_x0, beacon.x), beacon_x1 = std::max(beacon_x1, beacon.x);
    beacon_y0 = std::min(beacon_y0, beacon.y), beacon_y1 = std::max(beacon_y1, beacon.y);
    beacon_to_hole = std::min(beacon_to_hole, distance(beacon, Vec2{33.0f, 28.0f}));
  }
  // The spots cover the regions up to their edges (no margin kept inside them).
  CHECK(marine_x0 < 22.5f);
  CHECK(marine_x1 > 43.5f);
  CHECK(marine_y0 < 20.5f);
  CHECK(marine_y1 > 35.5f);
  CHECK(beacon_x0 < 24.0f);
  CHECK(beacon_x1 > 42.0f);
  CHECK(beacon_y0 < 22.0f);
  CHECK(beacon_y1 > 34.0f);
  CHECK(beacon_to_hole < 4.5f);
}

TEST_CASE("real map: the Marine reaches the beacon when its centre is within 1.25 of the beacon's centre") {
  for (std::uint64_t seed : {3u, 4u, 5u}) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    Unit* marine = only_unit(w, kMarine);
    Unit* beacon = only_unit(w, kBeacon);
    const Vec2 first = beacon->pos;
    // Towards region 3's hole, so the Marine stays well inside the playable area.
    const Vec2 inward = (Vec2{33.0f, 28.0f} - first) * (1.0f / distance(Vec2{33.0f, 28.0f}, first));
    // Just outside 1.25 (more than the beacon unit's radius 1.0): nothing for a while.
    marine->pos = first + inward * 1.30f;
    for (int i = 0; i < 16; ++i) game.step(1);
    CHECK(game.mini_game().score() == 0);
    CHECK(beacon->pos == first);
    // Within 1.25: +1 on the next loop, and the same beacon unit moves by the spawn rule.
    marine->pos = first + inward * 1.20f;
    game.step(1);
    CHECK(game.mini_game().score() == 1);
    CHECK(only_unit(w, kBeacon) == beacon);
    CHECK(in_beacon_region(beacon->pos));
    CHECK(distance(beacon->pos, marine->pos) >= 5.0f);
  }
}
