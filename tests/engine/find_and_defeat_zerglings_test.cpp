// FindAndDefeatZerglings: start state (the real map's Marine spots, Zergling regions and
// spacing, selection, layout and camera), fog of war (hidden / seen / visible, enemies
// reported only when visible), rewards, respawn, the end at the time limit or when all
// Marines die, restart, determinism.
#include <algorithm>
#include <cmath>

#include "engine/server/game.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "tests/engine/map_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr const char* kMap = "FindAndDefeatZerglings";
constexpr std::uint32_t kZergling = 105;

void start_fogless(GameServer& server, std::uint32_t seed) {
  auto create = create_request(seed, map_path(kMap));
  create.mutable_create_game()->set_disable_fog(true);
  REQUIRE_FALSE(call(server, create).create_game().has_error());
  REQUIRE_FALSE(call(server, join_request()).join_game().has_error());
}

float dist(float ax, float ay, float bx, float by) { return std::hypot(ax - bx, ay - by); }

Game new_game(std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game(kMap);
  REQUIRE(config.map != nullptr);
  return Game(config, seed);
}

std::vector<Unit*> of_owner(World& w, int owner) {
  std::vector<Unit*> out;
  for (Unit* u : w.units()) {
    if (u->owner == owner) out.push_back(u);
  }
  return out;
}

}  // namespace

TEST_CASE("FindAndDefeatZerglings start: the real map's Marines, Zergling regions and spacing") {
  const Vec2 centre{32.0f, 28.0f};  // region 1's centre
  // Real map: PointWithOffsetPolar(centre, 1, 120 i + 90) for i = 1..3.
  const Vec2 marine_spots[] = {{31.133975f, 27.5f}, {32.866025f, 27.5f}, {32.0f, 29.0f}};
  float first_min = 99, first_max = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    auto marines = of_owner(w, 1);
    auto lings = of_owner(w, 2);
    REQUIRE(marines.size() == 3);
    REQUIRE(lings.size() == 25);
    CHECK(w.player(1).selection.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) {
      CHECK(marines[i]->pos.x == doctest::Approx(marine_spots[i].x).epsilon(1e-5));
      CHECK(marines[i]->pos.y == doctest::Approx(marine_spots[i].y).epsilon(1e-5));
      CHECK(distance(marines[i]->pos, centre) == doctest::Approx(1.0f).epsilon(1e-4));
    }
    for (std::size_t i = 0; i < lings.size(); ++i) {
      CAPTURE(i);
      const Vec2 p = lings[i]->pos;
      CHECK(lings[i]->type() == kZergling);
      const float d = distance(p, centre);
      if (i == 0) {  // polar distance uniform(8, 9), any angle
        CHECK(d >= 8.0f - 1e-4f);
        CHECK(d <= 9.0f + 1e-4f);
        first_min = std::min(first_min, d), first_max = std::max(first_max, d);
      } else if (i == 1) {  // region 4: the ring 7.5..9.5
        CHECK(d >= 7.5f);
        CHECK(d <= 9.5f);
      } else {  // region 3: rect 11,13-53,43 minus the disc r 10.5
        CHECK(p.x >= 11.0f);
        CHECK(p.x <= 53.0f);
        CHECK(p.y >= 13.0f);
        CHECK(p.y <= 43.0f);
        CHECK(d >= 10.5f);
      }
      // Each one >= 5 from every earlier one (the closest Zergling when it was placed).
      for (std::size_t j = 0; j < i; ++j) CHECK(distance(p, lings[j]->pos) >= 5.0f);
    }
    CHECK(w.fog());
  }
  CHECK(first_min < 8.2f);
  CHECK(first_max > 8.8f);
}

TEST_CASE("FindAndDefeatZerglings layout: region 1 playable, MapInfo camera bounds, free camera at (32,25)") {
  Game game = new_game(1);
  const MapLayout& map = game.world().map();
  CHECK(map.playable.x0 == 10);
  CHECK(map.playable.y0 == 12);
  CHECK(map.playable.x1 == 54);
  CHECK(map.playable.y1 == 44);
  CHECK(map.camera_bounds.x0 == 10);
  CHECK(map.camera_bounds.y0 == 8);
  CHECK(map.camera_bounds.x1 == 54);
  CHECK(map.camera_bounds.y1 == 44);
  REQUIRE(map.camera_start.has_value());
  CHECK(*map.camera_start == Vec2{32.0f, 25.0f});
  CHECK_FALSE(map.camera_locked);
  // Larger than one 24-wide screen.
  CHECK(map.playable.width() > 24);
  CHECK(map.playable.height() > 24);
}

TEST_CASE("FindAndDefeatZerglings respawn: 25 in region 1, >= 9 from the closest Marine and >= 5 apart") {
  for (std::uint64_t seed : {7u, 8u, 9u}) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    // One Marine far from the others: the new Zerglings keep 9 from each Marine, not from the centre.
    Unit* m0 = of_owner(w, 1)[0];
    m0->pos = {20.0f, 20.0f};
    for (Unit* z : of_owner(w, 2)) z->health = 0.0f;
    game.step(1);
    CHECK(game.mini_game().score() == 25);
    const auto marines = of_owner(w, 1);
    const auto lings = of_owner(w, 2);
    REQUIRE(lings.size() == 25);
    for (std::size_t i = 0; i < lings.size(); ++i) {
      const Vec2 p = lings[i]->pos;
      CHECK(p.x >= 10.0f);
      CHECK(p.x <= 54.0f);
      CHECK(p.y >= 12.0f);
      CHECK(p.y <= 44.0f);
      for (const Unit* m : marines) CHECK(distance(p, m->pos) >= 9.0f);
      for (std::size_t j = 0; j < i; ++j) CHECK(distance(p, lings[j]->pos) >= 5.0f);
    }
  }
}

TEST_CASE("fog: only Zerglings in the Marines' sight are reported, visibility 0 far away, 2 near") {
  GameServer fogged, clear;
  start_map(fogged, kMap, 11);
  start_fogless(clear, 11);
  const auto seen = observe(fogged);
  const auto all = observe(clear);
  const auto marines = units_of(all, kMarine);
  REQUIRE(marines.size() == 3);
  const auto every_ling = units_of(all, kZergling);
  REQUIRE(every_ling.size() == 25);
  std::size_t in_sight = 0;
  int off_screen = 0;
  for (const auto& z : every_ling) {
    const float cx = std::floor(z.pos().x()) + 0.5f, cy = std::floor(z.pos().y()) + 0.5f;
    bool visible = false;
    for (const auto& m : marines) visible = visible || dist(m.pos().x(), m.pos().y(), cx, cy) <= 9.0f;
    in_sight += visible ? 1 : 0;
    off_screen += z.is_on_screen() ? 0 : 1;
    bool reported = false;
    for (const auto& r : units_of(seen, kZergling)) reported = reported || r.tag() == z.tag();
    CHECK(reported == visible);
  }
  CHECK(in_sight >= 1);
  CHECK(units_of(seen, kZergling).size() == in_sight);
  CHECK(off_screen > 0);  // the camera has to move to see the rest
  // map_state visibility (raw, whole map): the Marines' cells visible, a corner hidden.
  const auto vis = decode(seen.observation().raw_data().map_state().visibility());
  const int w = 64;
  const auto at = [&](int x, int y) { return vis[static_cast<std::size_t>((63 - y) * w + x)]; };
  CHECK(at(32, 32) == 2);
  CHECK(at(10, 10) == 0);
  CHECK(at(53, 53) == 0);
  // Without fog everything is visible.
  for (auto v : decode(all.observation().raw_data().map_state().visibility())) CHECK(v == 2);
}

TEST_CASE("fog: a Marine walking by turns hidden cells visible, then seen, a far Zergling stays unreported") {
  World w(make_flat_layout(64, 64, CellRect{8, 8, 56, 56}, 128, 96), 1);
  w.set_fog(true);
  const UnitId marine_id = w.spawn(unit_type::kMarine, 1, {12.0f, 12.0f});
  const UnitId ling_id = w.spawn(unit_type::kZergling, 2, {50.0f, 50.0f});
  w.advance();
  CHECK(w.visibility(1, 12, 12) == 2);
  CHECK(w.visibility(1, 40, 40) == 0);
  CHECK_FALSE(w.unit_visible(1, *w.find(ling_id)));
  CHECK(w.unit_visible(2, *w.find(ling_id)));  // its owner always sees it
  Unit& marine = *w.find(marine_id);
  REQUIRE(issue_command(w, marine, ability::kMoveMove, {Vec2{40.0f, 40.0f}, {}}, false) == CommandOutcome::Done);
  run_loops(w, 300);
  CHECK(distance(marine.pos, {40.0f, 40.0f}) < 0.01f);
  CHECK(w.visibility(1, 40, 40) == 2);
  CHECK(w.visibility(1, 12, 12) == 1);   // seen, no longer in sight
  CHECK(w.visibility(1, 26, 26) == 1);   // the path
  CHECK(w.visibility(1, 12, 40) == 0);   // never seen
  CHECK_FALSE(w.unit_visible(1, *w.find(ling_id)));  // 14 away, sight 9
  REQUIRE(issue_command(w, marine, ability::kMoveMove, {Vec2{45.0f, 45.0f}, {}}, false) == CommandOutcome::Done);
  run_loops(w, 60);
  CHECK(w.unit_visible(1, *w.find(ling_id)));
  CHECK(w.visibility(1, 50, 50) == 2);
}

TEST_CASE("FindAndDefeatZerglings: +1 per Zergling killed, -1 per Marine lost, respawn of 25 when all die") {
  Game game = new_game(21);
  World& w = game.world();
  // Strip the Zerglings' life to 1 so the Marines clear a wave quickly, then attack them.
  int kills = 0, losses = 0;
  for (int round = 0; round < 4000 && !game.ended(); ++round) {
    auto lings = of_owner(w, 2);
    auto marines = of_owner(w, 1);
    if (round % 8 == 0 && !lings.empty()) {
      for (Unit* z : lings) z->health = std::min(z->health, 1.0f);
      for (Unit* m : marines) {
        Unit* target = lings.front();
        for (Unit* z : lings) {
          if (distance(z->pos, m->pos) < distance(target->pos, m->pos)) target = z;
        }
        issue_command(w, *m, ability::kAttackAttack, {target->pos, target->id}, false);
      }
    }
    game.step(1);
    for (const UnitDeath& d : w.deaths_last_loop()) {
      if (d.owner == 2) ++kills;
      if (d.owner == 1) ++losses;
    }
    CHECK(game.mini_game().score() == kills - losses);
    if (kills >= 25) break;
  }
  REQUIRE(kills >= 25);
  auto respawned = of_owner(w, 2);
  CHECK(respawned.size() == 25 - static_cast<std::size_t>(kills - 25));
  for (Unit* z : respawned) {
    for (Unit* m : of_owner(w, 1)) CHECK(distance(z->pos, m->pos) >= 9.0f - 3.0f);  // placed >= 9 away (may have moved)
  }
}

TEST_CASE("FindAndDefeatZerglings ends when all Marines die (Defeat) or at 2880 loops (Victory), restart") {
  {
    Game game = new_game(5);
    for (Unit* m : of_owner(game.world(), 1)) m->health = 0.0f;
    CHECK(loops_until_end(game) == kDefeatWaitLoops);
    CHECK(game.result() == GameResult::Defeat);
    // The file's defeat trigger: the first of the deaths that leave no Marine costs 1, then the
    // scoring stops (Marines dying together at the end cost 1 in all).
    CHECK(game.mini_game().score() == -1);
  }
  {
    Game game = new_game(5);
    auto marines = of_owner(game.world(), 1);
    marines[0]->health = 0.0f;
    game.step(1);
    CHECK(game.mini_game().score() == -1);  // one lost while others live: -1 each
    marines[1]->health = marines[2]->health = 0.0f;
    CHECK(loops_until_end(game) == kDefeatWaitLoops);
    CHECK(game.mini_game().score() == -2);
  }
  GameServer server;
  start_map(server, kMap, 6);
  // Hold position at the centre: nothing comes close enough to fight, time runs out.
  api::Action hold = raw_command(tags_of(units_of(observe(server), kMarine)), 18);
  REQUIRE(act(server, hold).result(0) == api::Success);
  CHECK(step(server, 2879).status() == api::in_game);
  CHECK(step(server, 8).status() == api::ended);
  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 2880);
  REQUIRE(obs.player_result_size() == 1);
  CHECK(obs.player_result(0).result() == api::Victory);
  REQUIRE(call(server, restart_request()).status() == api::in_game);
  obs = observe(server);
  CHECK(obs.observation().game_loop() == 0);
  CHECK(units_of(obs, kMarine).size() == 3);
  CHECK(obs.observation().score().score() == 0);
}

TEST_CASE("FindAndDefeatZerglings is deterministic per seed") {
  GameServer a, b;
  start_map(a, kMap, 40);
  start_map(b, kMap, 40);
  for (int i = 0; i < 40; ++i) {
    const auto oa = observe(a), ob = observe(b);
    REQUIRE(oa.SerializeAsString() == ob.SerializeAsString());
    const auto marines = units_of(oa, kMarine);
    if (!marines.empty()) {
      act(a, raw_move(tags_of(marines), 40.0f, 40.0f, 23));
      act(b, raw_move(tags_of(marines), 40.0f, 40.0f, 23));
    }
    step(a, 8);
    step(b, 8);
  }
}
