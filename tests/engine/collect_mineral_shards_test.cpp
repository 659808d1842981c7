// CollectMineralShards through the API: start state, +1 (and +100 minerals) per shard
// touched, a new batch of 20 when all are taken, the time limit, restart; the real map's
// spawn regions and rules.
#include <algorithm>
#include <cmath>
#include <set>

#include "engine/server/game.h"
#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint32_t kShard = 1680;
constexpr const char* kMap = "CollectMineralShards";

float dist(const api::Unit& a, const api::Unit& b) {
  return std::hypot(a.pos().x() - b.pos().x(), a.pos().y() - b.pos().y());
}

Game new_game(std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game(kMap);
  REQUIRE(config.map != nullptr);
  return Game(config, seed);
}

std::vector<Unit*> of_type(World& w, std::uint32_t type) {
  std::vector<Unit*> out;
  for (Unit* u : w.units()) {
    if (u->type() == type) out.push_back(u);
  }
  return out;
}

// Real map: region 1 (the playable area) and region 3, the shards' area.
bool in_region1(Vec2 p) { return p.x >= 22.0f && p.x <= 44.0f && p.y >= 20.0f && p.y <= 36.0f; }
bool in_region3(Vec2 p) { return p.x >= 23.0f && p.x <= 43.0f && p.y >= 21.0f && p.y <= 35.0f; }

float closest(Vec2 p, const std::vector<Unit*>& units) {
  float best = 1e9f;
  for (const Unit* u : units) best = std::min(best, distance(p, u->pos));
  return best;
}

// Each Marine walks to the shard nearest to it (raw moves), as the raw scripted agent does.
void chase_shards(GameServer& server, const api::ResponseObservation& obs) {
  const auto shards = units_of(obs, kShard);
  if (shards.empty()) return;
  for (const auto& m : units_of(obs, kMarine)) {
    const api::Unit* best = nullptr;
    for (const auto& s : shards) {
      if (best == nullptr || dist(m, s) < dist(m, *best)) best = &s;
    }
    act(server, raw_move({m.tag()}, best->pos().x(), best->pos().y()));
  }
}

}  // namespace

TEST_CASE("CollectMineralShards start: 2 unselected Marines, 20 neutral shards at least 2 away") {
  GameServer server;
  start_map(server, kMap, 8);
  const auto obs = observe(server);
  const auto marines = units_of(obs, kMarine);
  const auto shards = units_of(obs, kShard);
  REQUIRE(marines.size() == 2);
  REQUIRE(shards.size() == 20);
  for (const auto& m : marines) {
    CHECK(m.owner() == 1);
    CHECK_FALSE(m.is_selected());
    for (const auto& s : shards) CHECK(dist(m, s) >= 2.0f);
  }
  for (const auto& s : shards) {
    CHECK(s.alliance() == api::Neutral);
    CHECK(s.owner() == 16);
  }
  CHECK(obs.observation().score().score() == 0);
  CHECK(obs.observation().player_common().minerals() == 0);
  // Shards show on screen as neutral units of type 1680.
  const auto types = decode(obs.observation().feature_layer_data().renders().unit_type());
  int shard_pixels = 0;
  for (auto t : types) shard_pixels += t == static_cast<std::int32_t>(kShard) ? 1 : 0;
  CHECK(shard_pixels >= 20);
}

TEST_CASE("each shard touched scores +1 and vanishes, a new 20 come when all are taken") {
  GameServer server;
  start_map(server, kMap, 9);
  auto obs = observe(server);
  std::set<std::uint64_t> first_batch;
  for (const auto& s : units_of(obs, kShard)) first_batch.insert(s.tag());
  bool refilled = false;
  for (int i = 0; i < 336 && obs.player_result_size() == 0; ++i) {
    chase_shards(server, obs);
    const int before_score = obs.observation().score().score();
    const auto before_shards = units_of(obs, kShard).size();
    step(server, 8);
    obs = observe(server);
    const int score = obs.observation().score().score();
    const auto shards = units_of(obs, kShard);
    CHECK(score >= before_score);
    CHECK(obs.observation().player_common().minerals() == static_cast<std::uint32_t>(100 * score));
    CHECK(shards.size() == static_cast<std::size_t>(20 - score % 20));
    if (score >= 20 && !refilled) {
      refilled = true;
      for (const auto& s : shards) CHECK(first_batch.count(s.tag()) == 0);
    }
    if (score == before_score) CHECK(shards.size() == before_shards);
  }
  CHECK(refilled);
  CHECK(obs.observation().score().score() >= 20);  // a scripted agent collects at least a batch
}

TEST_CASE("CollectMineralShards ends at 1920 loops with Victory, restart resets it") {
  GameServer server;
  start_map(server, kMap, 10);
  auto last = step(server, 1919);
  CHECK(last.status() == api::in_game);
  last = step(server, 8);
  CHECK(last.status() == api::ended);
  const auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 1920);
  REQUIRE(obs.player_result_size() == 1);
  CHECK(obs.player_result(0).result() == api::Victory);
  REQUIRE(call(server, restart_request()).status() == api::in_game);
  const auto again = observe(server);
  CHECK(again.observation().game_loop() == 0);
  CHECK(units_of(again, kShard).size() == 20);
  CHECK(units_of(again, kMarine).size() == 2);
}

TEST_CASE("CollectMineralShards is deterministic per seed") {
  GameServer a, b, c;
  start_map(a, kMap, 30);
  start_map(b, kMap, 30);
  start_map(c, kMap, 31);
  CHECK(observe(a).SerializeAsString() != observe(c).SerializeAsString());
  for (int i = 0; i < 40; ++i) {
    const auto oa = observe(a), ob = observe(b);
    REQUIRE(oa.SerializeAsString() == ob.SerializeAsString());
    chase_shards(a, oa);
    chase_shards(b, ob);
    step(a, 8);
    step(b, 8);
  }
}

TEST_CASE("real map: 2 Marines in region 1 (no spacing), 20 shards in region 3 >= 2 from the closest Marine") {
  float closest_marines = 1e9f, closest_shards = 1e9f;
  float x0 = 99, x1 = 0, y0 = 99, y1 = 0;  // shards' extent over all seeds
  float mx0 = 99, mx1 = 0, my0 = 99, my1 = 0;  // Marines'
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    const auto marines = of_type(w, kMarine);
    const auto shards = of_type(w, kShard);
    REQUIRE(marines.size() == 2);
    REQUIRE(shards.size() == 20);
    CHECK(w.player(1).economy.minerals == 0);
    for (const Unit* m : marines) {
      CHECK(in_region1(m->pos));
      mx0 = std::min(mx0, m->pos.x), mx1 = std::max(mx1, m->pos.x);
      my0 = std::min(my0, m->pos.y), my1 = std::max(my1, m->pos.y);
    }
    closest_marines = std::min(closest_marines, distance(marines[0]->pos, marines[1]->pos));
    for (std::size_t i = 0; i < shards.size(); ++i) {
      const Vec2 p = shards[i]->pos;
      CHECK(shards[i]->owner == kNeutralOwner);
      CHECK(in_region3(p));
      CHECK(closest(p, marines) >= 2.0f);
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
      for (std::size_t j = i + 1; j < shards.size(); ++j) closest_shards = std::min(closest_shards, distance(p, shards[j]->pos));
    }
  }
  // No spacing between the Marines nor between the shards (ours once kept 1.5 and 1.0).
  CHECK(closest_marines < 1.0f);
  CHECK(closest_shards < 0.5f);
  // The spots cover the regions up to their edges.
  CHECK(mx0 < 22.5f);
  CHECK(mx1 > 43.5f);
  CHECK(my0 < 20.5f);
  CHECK(my1 > 35.5f);
  CHECK(x0 < 23.5f);
  CHECK(x1 > 42.5f);
  CHECK(y0 < 21.5f);
  CHECK(y1 > 34.5f);
}

TEST_CASE("real map: each pickup adds 100 minerals to player 1, the score is minerals / 100, refills follow the rule") {
  for (std::uint64_t seed : {4u, 5u}) {
    CAPTURE(seed);
    Game game = new_game(seed);
    World& w = game.world();
    Unit* marine = of_type(w, kMarine).front();
    std::set<std::uint64_t> first_batch;
    for (const Unit* s : of_type(w, kShard)) first_batch.insert(to_tag(s->id));
    // The Marine jumps onto a shard each loop (and may pick up others near it) until the
    // first batch is gone.
    for (int steps = 1; game.mini_game().score() < 20; ++steps) {
      REQUIRE(steps <= 20);
      const int before = game.mini_game().score();
      const auto shards = of_type(w, kShard);
      REQUIRE_FALSE(shards.empty());
      marine->pos = shards.front()->pos;
      game.step(1);
      CHECK(game.mini_game().score() > before);
      CHECK(w.player(1).economy.minerals == 100 * game.mini_game().score());
    }
    // The first batch ran out in that loop (the other Marine is >= 2 from every shard and idle).
    CHECK(game.mini_game().score() == 20);
    // The refill: 20 new shards by the start rule, placed against the Marines where they are now.
    const auto marines = of_type(w, kMarine);
    const auto refill = of_type(w, kShard);
    CHECK(refill.size() == 20);
    for (const Unit* s : refill) {
      CHECK(first_batch.count(to_tag(s->id)) == 0);
      CHECK(in_region3(s->pos));
      CHECK(closest(s->pos, marines) >= 2.0f);
    }
  }
}
