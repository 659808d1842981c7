// BuildMarines through the API: start state (the real map's base, SCVs harvesting and the
// rally set by the script), the command cards' action set, +1 per Marine built (depot ->
// Barracks -> Marines played by a small script), the 900 s limit, restart and determinism.
#include <algorithm>
#include <cmath>
#include <set>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/game.h"
#include "engine/sim/unit_abilities.h"
#include "engine/sim/unit_data.h"
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

// Real map: the Objects point "Command Center", the MineralField id 479769973 the script's
// Rally and SCVHarvest target, the west mineral line (the only one this map places).
constexpr float kCcPointX = 29.8251f, kCcPointY = 28.0083f;
constexpr float kStartFieldX = 23.0f, kStartFieldY = 26.5f;

const api::Unit* start_field(const api::ResponseObservation& obs) {
  for (const auto& f : obs.observation().raw_data().units()) {
    if (f.unit_type() == kMineralField && f.pos().x() == kStartFieldX && f.pos().y() == kStartFieldY) return &f;
  }
  return nullptr;
}

// A small build: all SCVs mine; one builds a depot at (38,23), then a Barracks at
// (38.5,33.5) and (42.5,33.5) (open ground east of the Command Center); the Barracks train
// Marines whenever money allows; the CC trains SCVs while supply allows. Returns the last
// observation.
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
      depot = act(server, raw_move({builder}, 38.0f, 23.0f, 319)).result(0) == api::Success;
    } else if (depot && !barracks1 && pc.minerals() >= 150) {
      barracks1 = act(server, raw_move({builder}, 38.5f, 33.5f, 321)).result(0) == api::Success;
    } else if (barracks1 && !barracks2 && pc.minerals() >= 150) {
      barracks2 = act(server, raw_move({builder}, 42.5f, 33.5f, 321)).result(0) == api::Success;
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

TEST_CASE("BuildMarines starts as the real script: all 12 SCVs harvest field 479769973, the CC rallies to it") {
  for (std::uint32_t seed : {5u, 6u, 7u, 11u}) {
    CAPTURE(seed);
    GameServer server;
    start_map(server, kMap, seed);
    const auto obs = observe(server);
    const api::Unit* field = start_field(obs);
    REQUIRE(field != nullptr);
    const auto scvs = units_of(obs, kScv);
    REQUIRE(scvs.size() == 12);
    for (const auto& s : scvs) {
      REQUIRE(s.orders_size() == 1);
      CHECK(s.orders(0).ability_id() == 295);  // Harvest_Gather_SCV
      CHECK(s.orders(0).target_unit_tag() == field->tag());
    }
    CHECK(obs.observation().player_common().idle_worker_count() == 0);
    // The script's two columns, 3.5 and 4.5 east or west of the point, rows within 2.5 of it; the
    // placement search moves an SCV that would stand on a mineral field off it (the west side's
    // outer column touches the field line), as the real file's UnitCreate does: at most two, by
    // at most 0.25.
    int on_column = 0;
    for (const auto& s : scvs) {
      const float dx = std::abs(s.pos().x() - kCcPointX);
      const float off = std::min(std::abs(dx - 3.5f), std::abs(dx - 4.5f));
      CHECK(off <= 0.26f);
      on_column += off < 0.002f ? 1 : 0;
      CHECK(std::abs(s.pos().y() - kCcPointY) <= 2.501f);
    }
    CHECK(on_column >= 10);
    const auto cc = units_of(obs, kCommandCenter).at(0);
    REQUIRE(cc.rally_targets_size() == 1);
    CHECK(cc.rally_targets(0).tag() == field->tag());
    // The west line only: the 8 fields at x 23-25, 5.6-7.5 from the Command Center.
    for (const auto& f : units_of(obs, kMineralField)) {
      CHECK(f.pos().x() <= 25.0f);
      const float d = std::hypot(f.pos().x() - cc.pos().x(), f.pos().y() - cc.pos().y());
      CHECK(d >= 5.5f);
      CHECK(d <= 7.6f);
    }
  }
}

TEST_CASE("BuildMarines left alone mines: the SCVs sent to one field spread over the line, a new SCV mines too") {
  GameServer server;
  start_map(server, kMap, 12);
  auto obs = observe(server);
  const auto cc = units_of(obs, kCommandCenter).at(0);
  std::set<std::uint64_t> field_tags;
  for (const auto& f : units_of(obs, kMineralField)) field_tags.insert(f.tag());
  REQUIRE(act(server, raw_command({cc.tag()}, 524)).result(0) == api::Success);  // Train_SCV: the 50 minerals
  step(server, 280);  // 272 loops to train it
  obs = observe(server);
  CHECK(obs.observation().score().score_details().collected_minerals() > 0.0f);
  const auto scvs = units_of(obs, kScv);
  REQUIRE(scvs.size() == 13);
  // The script sends every SCV to one field; finding it mined they move on to fields fewer
  // workers are bound for (the game's bouncing), the new one (rallied to that field) included.
  int gathering = 0;
  std::set<std::uint64_t> worked;
  for (const auto& s : scvs) {
    if (s.orders_size() == 0) continue;
    const auto ability = s.orders(0).ability_id();
    if (ability != 295 && ability != 296) continue;  // Harvest_Gather_SCV, Harvest_Return_SCV
    ++gathering;
    if (field_tags.contains(s.orders(0).target_unit_tag())) worked.insert(s.orders(0).target_unit_tag());
  }
  CHECK(gathering == 13);
  CHECK(worked.size() >= 6);
  CHECK(obs.observation().player_common().idle_worker_count() == 0);
}

TEST_CASE("BuildMarines offers its command cards: Marines keep Attack, Patrol, Hold, with no Refinery and no Barracks rally") {
  GameConfig config;
  config.map = find_mini_game(kMap);
  REQUIRE(config.map != nullptr);
  Game game(config, 6);
  World& w = game.world();
  const Unit& marine = *w.find(w.spawn(unit_type::kMarine, 1, {38.0f, 30.0f}));
  const Unit& barracks = *w.find(w.spawn(unit_type::kBarracks, 1, {38.5f, 33.5f}));
  w.spawn(unit_type::kSupplyDepot, 1, {38.0f, 23.0f});
  const Unit* scv = nullptr;
  const Unit* cc = nullptr;
  for (const Unit* u : w.units()) {
    if (u->type() == unit_type::kScv && scv == nullptr) scv = u;
    if (u->type() == unit_type::kCommandCenter) cc = u;
  }
  REQUIRE(scv != nullptr);
  REQUIRE(cc != nullptr);
  const auto offers = [&](const Unit& u, std::uint32_t id) {
    const auto list = available_abilities(w, u, false);
    return std::find(list.begin(), list.end(), id) != list.end();
  };
  // Marine: only the card's button 5 (Stimpack) is removed.
  for (std::uint32_t id : {16u, 4u, 18u, 17u, 23u}) CHECK(offers(marine, id));  // Move Stop Hold Patrol Attack
  // SCV: Gather, and the build card's Supply Depot and Barracks; no other structure.
  CHECK(offers(*scv, 295));
  CHECK(offers(*scv, 319));
  CHECK(offers(*scv, 321));
  for (std::uint32_t id : {318u, 320u, 322u, 328u}) CHECK_FALSE(offers(*scv, id));  // CC, Refinery, EBay, Factory
  // Command Center: Train SCV and Rally. Barracks: Train Marine only (no rally, add-on, others).
  CHECK(offers(*cc, 524));
  CHECK(offers(*cc, 203));
  CHECK(offers(barracks, 560));
  for (std::uint32_t id : {195u, 421u, 561u, 563u}) CHECK_FALSE(offers(barracks, id));
}

TEST_CASE("BuildMarines answers Error to a command its cards removed") {
  GameServer server;
  start_map(server, kMap, 6);
  const auto scvs = units_of(observe(server), kScv);
  CHECK(act(server, raw_move({scvs[0].tag()}, 38.5f, 24.5f, 322)).result(0) == api::Error);  // Build Engineering Bay
  CHECK(act(server, raw_move({scvs[0].tag()}, 39.5f, 24.5f, 318)).result(0) == api::Error);  // Build Command Center
  // The real map's SCV card has no Move (the Marine's has).
  CHECK(act(server, raw_move({scvs[0].tag()}, 38.0f, 30.0f, 16)).result(0) == api::Error);
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

TEST_CASE("BuildMarines ends at 14400 loops (900 s) with Victory, restart resets it") {
  GameServer server;
  start_map(server, kMap, 9);
  CHECK(step(server, 14399).status() == api::in_game);
  CHECK(step(server, 8).status() == api::ended);
  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 14400);
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
