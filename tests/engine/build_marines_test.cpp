// BuildMarines through the API: start state, the restricted action set, +1 per Marine
// built (depot -> Barracks -> Marines played by a small script), the 900 s limit, restart
// and determinism.
#include <algorithm>

#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr const char* kMap = "BuildMarines";
constexpr std::uint32_t kScv = 45, kCommandCenter = 18, kMineralField = 341, kDepot = 19, kBarracks = 21;

api::Action raw_on_unit(const std::vector<std::uint64_t>& tags, int ability, std::uint64_t target) {
  api::Action a = raw_command(tags, ability);
  a.mutable_action_raw()->mutable_unit_command()->set_target_unit_tag(target);
  return a;
}

bool has_ability(const api::ResponseObservation& obs, int id) {
  const auto& list = obs.observation().abilities();
  return std::any_of(list.begin(), list.end(), [&](const auto& a) { return a.ability_id() == id; });
}

// A small build: all SCVs mine; one builds a depot at (23,23), then a Barracks at
// (23.5,40.5) and (27.5,40.5); the Barracks train Marines whenever money allows; the CC
// trains SCVs while supply allows. Returns the last observation.
struct MarineScript {
  bool mining = false, depot = false, barracks1 = false, barracks2 = false;

  void act_on(GameServer& server, const api::ResponseObservation& obs) {
    const auto scvs = units_of(obs, kScv);
    const auto& pc = obs.observation().player_common();
    if (!mining) {
      const auto fields = units_of(obs, kMineralField);
      for (std::size_t i = 0; i < scvs.size(); ++i) {
        act(server, raw_on_unit({scvs[i].tag()}, 3666, fields[i % fields.size()].tag()));
      }
      mining = true;
      return;
    }
    const std::uint64_t builder = scvs.front().tag();
    if (!depot && pc.minerals() >= 100) {
      depot = act(server, raw_move({builder}, 23.0f, 23.0f, 319)).result(0) == api::Success;
    } else if (depot && !barracks1 && pc.minerals() >= 150) {
      barracks1 = act(server, raw_move({builder}, 23.5f, 40.5f, 321)).result(0) == api::Success;
    } else if (barracks1 && !barracks2 && pc.minerals() >= 150) {
      barracks2 = act(server, raw_move({builder}, 27.5f, 40.5f, 321)).result(0) == api::Success;
    }
    for (const auto& b : units_of(obs, kBarracks)) {
      if (b.build_progress() == 1.0f && b.orders_size() < 2) act(server, raw_command({b.tag()}, 560));
    }
  }
};

}  // namespace

TEST_CASE("BuildMarines start: 12 SCVs, a CC, 8 fields, no geysers, 50 minerals, supply 12/15, score 0") {
  GameServer server;
  start_map(server, kMap, 5);
  const auto obs = observe(server);
  CHECK(units_of(obs, kScv).size() == 12);
  CHECK(units_of(obs, kCommandCenter).size() == 1);
  CHECK(units_of(obs, kMineralField).size() == 8);
  CHECK(units_of(obs, 342).empty());
  CHECK(obs.observation().player_common().minerals() == 50);
  CHECK(obs.observation().player_common().food_used() == 12);
  CHECK(obs.observation().player_common().food_cap() == 15);
  CHECK(obs.observation().score().score() == 0);
  for (const auto& u : obs.observation().raw_data().units()) {
    CHECK_FALSE(u.is_selected());
    CHECK(u.is_on_screen());
  }
}

TEST_CASE("BuildMarines offers only the abilities needed for making Marines") {
  GameServer server;
  start_map(server, kMap, 6);
  api::Action idle;
  idle.mutable_action_ui()->mutable_select_idle_worker()->set_type(api::ActionSelectIdleWorker::All);
  REQUIRE(act(server, idle).result(0) == api::Success);
  auto obs = observe(server);
  CHECK(has_ability(obs, 295));
  CHECK(has_ability(obs, 16));
  CHECK(has_ability(obs, 4));
  CHECK_FALSE(has_ability(obs, 23));   // Attack
  CHECK_FALSE(has_ability(obs, 17));   // Patrol
  CHECK_FALSE(has_ability(obs, 18));   // Hold position
  CHECK_FALSE(has_ability(obs, 320));  // Build Refinery
  const auto scvs = units_of(obs, kScv);
  CHECK(act(server, raw_move({scvs[0].tag()}, 30.0f, 30.0f, 23)).result(0) == api::Error);
  CHECK(act(server, raw_command({scvs[0].tag()}, 18)).result(0) == api::Error);
  CHECK(act(server, raw_move({scvs[0].tag()}, 30.0f, 30.0f, 16)).result(0) == api::Success);
}

TEST_CASE("BuildMarines: each Marine built scores +1, with supply and money checked") {
  GameServer server;
  start_map(server, kMap, 7);
  MarineScript script;
  auto obs = observe(server);
  int marines_seen = 0;
  int last_score = 0;
  std::uint32_t first_marine_loop = 0;
  for (int i = 0; i < 600 && obs.player_result_size() == 0; ++i) {
    script.act_on(server, obs);
    step(server, 8);
    obs = observe(server);
    const int score = obs.observation().score().score();
    const int marines = static_cast<int>(units_of(obs, kMarine).size());
    CHECK(score >= last_score);
    CHECK(score == marines);  // nothing kills them here
    if (marines > marines_seen && first_marine_loop == 0) first_marine_loop = obs.observation().game_loop();
    marines_seen = marines;
    last_score = score;
    const auto& pc = obs.observation().player_common();
    CHECK(pc.food_used() <= pc.food_cap());
  }
  CHECK(script.depot);
  CHECK(script.barracks1);
  CHECK(units_of(obs, kDepot).size() == 1);
  CHECK(obs.observation().player_common().food_cap() == 23);
  CHECK(last_score >= 3);
  CHECK(first_marine_loop > 0);
  // Supply used = 12 SCVs + the Marines out + those queued (reserved when queued).
  int queued = 0;
  for (const auto& b : units_of(obs, kBarracks)) queued += b.orders_size();
  CHECK(obs.observation().player_common().food_used() == static_cast<std::uint32_t>(12 + marines_seen + queued));
}

TEST_CASE("BuildMarines: NotEnoughFood when supply is full") {
  GameServer server;
  start_map(server, kMap, 8);
  auto obs = observe(server);
  const auto cc = units_of(obs, kCommandCenter)[0];
  const auto scvs = units_of(obs, kScv);
  const auto fields = units_of(obs, kMineralField);
  for (std::size_t i = 0; i < scvs.size(); ++i) act(server, raw_on_unit({scvs[i].tag()}, 3666, fields[i % 8].tag()));
  // Three SCVs fill 15/15; the fourth is refused for supply once money is there.
  int trained = 0;
  for (int i = 0; i < 200 && trained < 3; ++i) {
    step(server, 8);
    if (observe(server).observation().player_common().minerals() >= 50 &&
        act(server, raw_command({cc.tag()}, 524)).result(0) == api::Success) {
      ++trained;
    }
  }
  REQUIRE(trained == 3);
  for (int i = 0; i < 100 && observe(server).observation().player_common().minerals() < 50; ++i) step(server, 8);
  CHECK(observe(server).observation().player_common().food_used() == 15);
  CHECK(act(server, raw_command({cc.tag()}, 524)).result(0) == api::NotEnoughFood);
}

TEST_CASE("BuildMarines ends at 20160 loops (900 s) with Victory, restart resets it") {
  GameServer server;
  start_map(server, kMap, 9);
  CHECK(step(server, 20159).status() == api::in_game);
  CHECK(step(server, 8).status() == api::ended);
  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 20160);
  REQUIRE(obs.player_result_size() == 1);
  CHECK(obs.player_result(0).result() == api::Victory);
  REQUIRE(call(server, restart_request()).status() == api::in_game);
  obs = observe(server);
  CHECK(obs.observation().game_loop() == 0);
  CHECK(obs.observation().score().score() == 0);
  CHECK(units_of(obs, kScv).size() == 12);
  CHECK(obs.observation().player_common().minerals() == 50);
}

TEST_CASE("BuildMarines is deterministic per seed") {
  GameServer a, b;
  start_map(a, kMap, 30);
  start_map(b, kMap, 30);
  MarineScript sa, sb;
  for (int i = 0; i < 80; ++i) {
    const auto oa = observe(a), ob = observe(b);
    REQUIRE(oa.SerializeAsString() == ob.SerializeAsString());
    sa.act_on(a, oa);
    sb.act_on(b, ob);
    step(a, 8);
    step(b, 8);
  }
}
