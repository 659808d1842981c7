// CollectMineralShards through the API: start state, +1 per shard touched, a new batch of
// 20 when all are taken, the time limit, restart.
#include <cmath>
#include <set>

#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint32_t kShard = 1680;
constexpr const char* kMap = "CollectMineralShards";

float dist(const api::Unit& a, const api::Unit& b) {
  return std::hypot(a.pos().x() - b.pos().x(), a.pos().y() - b.pos().y());
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

TEST_CASE("CollectMineralShards ends at 2688 loops with Victory, restart resets it") {
  GameServer server;
  start_map(server, kMap, 10);
  auto last = step(server, 2687);
  CHECK(last.status() == api::in_game);
  last = step(server, 8);
  CHECK(last.status() == api::ended);
  const auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 2688);
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
