// CollectMineralsAndGas through the API: start state, score = minerals + gas collected
// (not reduced by spending), the UI for workers (select idle worker, abilities), the time
// limit, restart and determinism.
#include <algorithm>
#include <cmath>
#include <utility>

#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr const char* kMap = "CollectMineralsAndGas";
constexpr std::uint32_t kScv = 45, kCommandCenter = 18, kMineralField = 341, kGeyser = 342, kRefinery = 20;

api::Action raw_on_unit(const std::vector<std::uint64_t>& tags, int ability, std::uint64_t target) {
  api::Action a = raw_command(tags, ability);
  a.mutable_action_raw()->mutable_unit_command()->set_target_unit_tag(target);
  return a;
}

api::Action select_idle(api::ActionSelectIdleWorker::Type type) {
  api::Action a;
  a.mutable_action_ui()->mutable_select_idle_worker()->set_type(type);
  return a;
}

// Every SCV gathers from a mineral field (round robin over the fields, by tag).
void send_all_to_mine(GameServer& server, const api::ResponseObservation& obs) {
  const auto scvs = units_of(obs, kScv);
  const auto fields = units_of(obs, kMineralField);
  REQUIRE_FALSE(fields.empty());
  for (std::size_t i = 0; i < scvs.size(); ++i) {
    REQUIRE(act(server, raw_on_unit({scvs[i].tag()}, 3666, fields[i % fields.size()].tag())).result(0) ==
            api::Success);
  }
}

bool has_ability(const api::ResponseObservation& obs, int id) {
  const auto& list = obs.observation().abilities();
  return std::any_of(list.begin(), list.end(), [&](const auto& a) { return a.ability_id() == id; });
}

}  // namespace

TEST_CASE("CollectMineralsAndGas start: 12 idle unselected SCVs, a CC, 16 fields, 4 geysers, 50 minerals, 12/15") {
  GameServer server;
  start_map(server, kMap, 5);
  const auto obs = observe(server);
  const auto scvs = units_of(obs, kScv);
  REQUIRE(scvs.size() == 12);
  for (const auto& s : scvs) {
    CHECK_FALSE(s.is_selected());
    CHECK(s.orders_size() == 0);
  }
  REQUIRE(units_of(obs, kCommandCenter).size() == 1);
  CHECK(units_of(obs, kCommandCenter)[0].build_progress() == 1.0f);
  CHECK(units_of(obs, kMineralField).size() == 16);
  CHECK(units_of(obs, kGeyser).size() == 4);
  for (const auto& f : units_of(obs, kMineralField)) {
    CHECK(f.mineral_contents() == 1800);
    CHECK(f.alliance() == api::Neutral);
  }
  for (const auto& g : units_of(obs, kGeyser)) CHECK(g.vespene_contents() == 2250);
  const auto& pc = obs.observation().player_common();
  CHECK(pc.minerals() == 50);
  CHECK(pc.vespene() == 0);
  CHECK(pc.food_used() == 12);
  CHECK(pc.food_cap() == 15);
  CHECK(pc.food_workers() == 12);
  CHECK(pc.idle_worker_count() == 12);
  CHECK(obs.observation().score().score() == 0);
  CHECK(obs.observation().abilities_size() == 0);  // nothing selected
  // Every unit fits on the one 24-wide screen around the starting camera.
  for (const auto& u : obs.observation().raw_data().units()) CHECK(u.is_on_screen());
}

namespace {

// Positions as sorted (x, y) pairs in thousandths.
using Spots = std::vector<std::pair<long, long>>;

Spots spots_of(const std::vector<std::pair<float, float>>& points) {
  Spots out;
  for (auto [x, y] : points) out.emplace_back(std::lround(x * 1000), std::lround(y * 1000));
  std::sort(out.begin(), out.end());
  return out;
}

Spots spots_of(const std::vector<api::Unit>& units) {
  std::vector<std::pair<float, float>> points;
  for (const auto& u : units) points.emplace_back(u.pos().x(), u.pos().y());
  return spots_of(points);
}

}  // namespace

TEST_CASE("CollectMineralsAndGas is the real map: Objects positions, the script's SCV columns on a random side, the camera") {
  // Real map, Objects: 16 MineralField, 4 VespeneGeyser, the point "Command Center".
  const auto fields = spots_of({{23, 28.5f}, {24, 29.5f}, {23, 26.5f}, {25, 22.5f}, {25, 32.5f}, {24, 23.5f},
                                {24, 31.5f}, {24, 25.5f}, {41, 22.5f}, {42, 25.5f}, {42, 23.5f}, {41, 32.5f},
                                {43, 26.5f}, {43, 28.5f}, {42, 29.5f}, {42, 31.5f}});
  const auto geysers = spots_of({{26.5f, 20.5f}, {39.5f, 20.5f}, {26.5f, 34.5f}, {39.5f, 34.5f}});
  constexpr float kPointX = 29.8251f, kPointY = 28.0083f;
  int east = 0, west = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    GameServer server;
    start_map(server, kMap, seed);
    const auto obs = observe(server);
    CHECK(spots_of(units_of(obs, kMineralField)) == fields);
    CHECK(spots_of(units_of(obs, kGeyser)) == geysers);
    const auto cc = units_of(obs, kCommandCenter).at(0);
    CHECK(cc.pos().x() == 29.5f);  // the point on the 5x5 placement grid
    CHECK(cc.pos().y() == 28.5f);
    // 12 SCVs at the point + (4.5 or 3.5, 2.5 .. -2.5), x mirrored on the west side: all on one side.
    std::vector<std::pair<float, float>> expected;
    const auto scvs = units_of(obs, kScv);
    REQUIRE(scvs.size() == 12);
    const float side = scvs[0].pos().x() > kPointX ? 1.0f : -1.0f;
    (side > 0 ? east : west) += 1;
    for (float dy : {2.5f, 1.5f, 0.5f, -0.5f, -1.5f, -2.5f}) {
      for (float dx : {4.5f, 3.5f}) expected.emplace_back(kPointX + side * dx, kPointY + dy);
    }
    // Each SCV on its spot, but the placement search moves one that would stand on a mineral
    // field off it (the west side's outer column touches the field line), as the real file's
    // UnitCreate does: at most two, by at most 0.25.
    int on_spot = 0;
    for (const auto& s : scvs) {
      float nearest = 1e9f;
      for (auto [x, y] : expected) nearest = std::min(nearest, std::hypot(s.pos().x() - x, s.pos().y() - y));
      CHECK(nearest <= 0.26f);
      on_spot += nearest < 0.002f ? 1 : 0;
    }
    CHECK(on_spot >= 10);
    // The scripts pan the camera to region 1's centre minus 3 in y.
    const auto& camera = obs.observation().raw_data().player().camera();
    CHECK(camera.x() == doctest::Approx(32.9361f));
    CHECK(camera.y() == doctest::Approx(24.998f));
  }
  CHECK(east > 0);  // RandomInt(1, 2): both sides happen
  CHECK(west > 0);
}

TEST_CASE("score = minerals + gas collected, spending does not reduce it, nothing happens without orders") {
  GameServer server;
  start_map(server, kMap, 6);
  step(server, 400);
  CHECK(observe(server).observation().score().score() == 0);  // idle SCVs do not mine

  auto obs = observe(server);
  send_all_to_mine(server, obs);
  int last_score = 0;
  for (int i = 0; i < 60; ++i) {
    step(server, 8);
    obs = observe(server);
    const int score = obs.observation().score().score();
    const auto& details = obs.observation().score().score_details();
    CHECK(score >= last_score);
    CHECK(score % 5 == 0);  // minerals come in loads of 5
    CHECK(score == static_cast<int>(details.collected_minerals() + details.collected_vespene()));
    last_score = score;
  }
  CHECK(last_score >= 100);
  CHECK(obs.observation().player_common().minerals() == static_cast<std::uint32_t>(50 + last_score));
  CHECK(obs.observation().score().score_details().collection_rate_minerals() > 0.0f);
  // Spend: train an SCV. Minerals drop by 50, the score does not.
  const auto cc = units_of(obs, kCommandCenter)[0];
  REQUIRE(act(server, raw_command({cc.tag()}, 524)).result(0) == api::Success);
  const auto after = observe(server);
  CHECK(after.observation().player_common().minerals() == obs.observation().player_common().minerals() - 50);
  CHECK(after.observation().score().score() == last_score);
  CHECK(after.observation().player_common().food_used() == 13);
  CHECK(after.observation().score().score_details().spent_minerals() == 50.0f);
}

TEST_CASE("gas: a Refinery on a geyser, SCVs gather 4 per trip and the score counts it") {
  GameServer server;
  start_map(server, kMap, 7);
  auto obs = observe(server);
  send_all_to_mine(server, obs);
  step(server, 600);  // earn the 75 minerals
  obs = observe(server);
  const auto scvs = units_of(obs, kScv);
  const auto geyser = units_of(obs, kGeyser)[0];
  REQUIRE(act(server, raw_on_unit({scvs[0].tag()}, 320, geyser.tag())).result(0) == api::Success);
  step(server, 700);
  obs = observe(server);
  const auto refineries = units_of(obs, kRefinery);
  REQUIRE(refineries.size() == 1);
  CHECK(refineries[0].build_progress() == 1.0f);
  REQUIRE(act(server, raw_on_unit({scvs[1].tag(), scvs[2].tag(), scvs[3].tag()}, 3666, refineries[0].tag()))
              .result(0) == api::Success);
  step(server, 600);
  obs = observe(server);
  const auto& details = obs.observation().score().score_details();
  CHECK(details.collected_vespene() > 0.0f);
  CHECK(static_cast<int>(details.collected_vespene()) % 4 == 0);
  CHECK(obs.observation().player_common().vespene() == static_cast<std::uint32_t>(details.collected_vespene()));
  CHECK(obs.observation().score().score() ==
        static_cast<int>(details.collected_minerals() + details.collected_vespene()));
}

TEST_CASE("select idle worker: Set, Add, All, AddAll, abilities of SCVs and the Command Center") {
  GameServer server;
  start_map(server, kMap, 8);
  REQUIRE(act(server, select_idle(api::ActionSelectIdleWorker::Set)).result(0) == api::Success);
  auto obs = observe(server);
  auto selected = [](const api::ResponseObservation& o) {
    int n = 0;
    for (const auto& u : o.observation().raw_data().units()) n += u.is_selected() ? 1 : 0;
    return n;
  };
  CHECK(selected(obs) == 1);
  // SCV abilities: the basic commands, gather, build (no Barracks without a depot, nothing
  // unaffordable), no Return without a load.
  CHECK(has_ability(obs, 295));
  CHECK_FALSE(has_ability(obs, 296));
  CHECK_FALSE(has_ability(obs, 319));  // a depot costs 100, we have 50
  CHECK_FALSE(has_ability(obs, 321));
  CHECK(has_ability(obs, 16));
  for (const auto& a : obs.observation().abilities()) {
    if (a.ability_id() == 295) CHECK(a.requires_point());
  }
  REQUIRE(act(server, select_idle(api::ActionSelectIdleWorker::Add)).result(0) == api::Success);
  CHECK(selected(observe(server)) == 2);
  REQUIRE(act(server, select_idle(api::ActionSelectIdleWorker::All)).result(0) == api::Success);
  CHECK(selected(observe(server)) == 12);
  // Put 11 to work: one stays idle.
  obs = observe(server);
  const auto scvs = units_of(obs, kScv);
  const auto fields = units_of(obs, kMineralField);
  std::vector<std::uint64_t> busy;
  for (std::size_t i = 1; i < scvs.size(); ++i) busy.push_back(scvs[i].tag());
  REQUIRE(act(server, raw_on_unit(busy, 3666, fields[0].tag())).result(0) == api::Success);
  step(server, 1);
  obs = observe(server);
  CHECK(obs.observation().player_common().idle_worker_count() == 1);
  REQUIRE(act(server, select_idle(api::ActionSelectIdleWorker::Set)).result(0) == api::Success);
  obs = observe(server);
  CHECK(selected(obs) == 1);
  for (const auto& u : units_of(obs, kScv)) CHECK(u.is_selected() == (u.tag() == scvs[0].tag()));
  // The Command Center: Train SCV (affordable), rally; no Cancel with an empty queue.
  const auto cc = units_of(obs, kCommandCenter)[0];
  const Pixel p = world_to_screen(obs.observation().raw_data().player().camera(), 24.0f, 64, 64, cc.pos().x(),
                                  cc.pos().y());
  REQUIRE(act(server, select_point(p.x, p.y)).result(0) == api::Success);
  obs = observe(server);
  CHECK(has_ability(obs, 524));
  CHECK(has_ability(obs, 203));
  CHECK_FALSE(has_ability(obs, 306));
  CHECK_FALSE(has_ability(obs, 16));
  // Train, then cancel from the production panel: the cost comes back.
  api::Action train;
  train.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(524);
  REQUIRE(act(server, train).result(0) == api::Success);
  obs = observe(server);
  CHECK(obs.observation().player_common().minerals() == 0);
  REQUIRE(obs.observation().ui_data().has_production());
  CHECK(obs.observation().ui_data().production().build_queue_size() == 1);
  CHECK(has_ability(obs, 306));
  api::Action remove;
  remove.mutable_action_ui()->mutable_production_panel()->set_unit_index(0);
  REQUIRE(act(server, remove).result(0) == api::Success);
  obs = observe(server);
  CHECK(obs.observation().player_common().minerals() == 50);
  CHECK(act(server, remove).result(0) == api::CantFindCancelOrder);
  // Nothing to train with: NotEnoughMinerals as an action error; the game goes on.
  REQUIRE(act(server, train).result(0) == api::Success);
  CHECK(act(server, train).result(0) == api::NotEnoughMinerals);
}

TEST_CASE("bad economy commands: gather from a non-resource, build off the map, an unknown target") {
  GameServer server;
  start_map(server, kMap, 9);
  auto obs = observe(server);
  const auto scvs = units_of(obs, kScv);
  const auto cc = units_of(obs, kCommandCenter)[0];
  CHECK(act(server, raw_on_unit({scvs[0].tag()}, 3666, cc.tag())).result(0) == api::CantHarvestThatResource);
  CHECK(act(server, raw_on_unit({scvs[0].tag()}, 3666, 987654321)).result(0) == api::CantTargetThatUnit);
  CHECK(act(server, raw_on_unit({scvs[0].tag()}, 3666, scvs[1].tag())).result(0) == api::CantHarvestThatResource);
  // Building needs money first (50 < 100), then a valid spot.
  CHECK(act(server, raw_move({scvs[0].tag()}, 24.0f, 24.0f, 319)).result(0) == api::NotEnoughMinerals);
  CHECK(act(server, raw_command({scvs[0].tag()}, 296)).result(0) == api::Error);  // nothing carried
  CHECK(step(server, 8).status() == api::in_game);
}

TEST_CASE("CollectMineralsAndGas ends at 6720 loops (420 s) with Victory, restart resets everything") {
  GameServer server;
  start_map(server, kMap, 10);
  send_all_to_mine(server, observe(server));
  CHECK(step(server, 6719).status() == api::in_game);
  CHECK(step(server, 8).status() == api::ended);
  auto obs = observe(server);
  CHECK(obs.observation().game_loop() == 6720);
  REQUIRE(obs.player_result_size() == 1);
  CHECK(obs.player_result(0).result() == api::Victory);
  CHECK(obs.observation().score().score() > 1000);
  REQUIRE(call(server, restart_request()).status() == api::in_game);
  obs = observe(server);
  CHECK(obs.observation().game_loop() == 0);
  CHECK(obs.observation().score().score() == 0);
  CHECK(obs.observation().player_common().minerals() == 50);
  CHECK(obs.observation().player_common().idle_worker_count() == 12);
  for (const auto& f : units_of(obs, kMineralField)) CHECK(f.mineral_contents() == 1800);
}

TEST_CASE("CollectMineralsAndGas is deterministic per seed") {
  GameServer a, b;
  start_map(a, kMap, 30);
  start_map(b, kMap, 30);
  send_all_to_mine(a, observe(a));
  send_all_to_mine(b, observe(b));
  for (int i = 0; i < 60; ++i) {
    REQUIRE(observe(a).SerializeAsString() == observe(b).SerializeAsString());
    step(a, 8);
    step(b, 8);
  }
}

TEST_CASE("a gathering SCV reports order 295 on the field's tag, then 296 while carrying") {
  GameServer server;
  start_map(server, kMap, 12);
  auto obs = observe(server);
  const auto scv = units_of(obs, kScv)[0];
  const auto field = units_of(obs, kMineralField)[0];
  REQUIRE(act(server, raw_on_unit({scv.tag()}, 3666, field.tag())).result(0) == api::Success);
  obs = observe(server);
  auto find = [&](const api::ResponseObservation& o) {
    for (const auto& u : units_of(o, kScv)) {
      if (u.tag() == scv.tag()) return u;
    }
    FAIL("the SCV vanished");
    return api::Unit();
  };
  REQUIRE(find(obs).orders_size() == 1);
  CHECK(find(obs).orders(0).ability_id() == 295);
  CHECK(find(obs).orders(0).target_unit_tag() == field.tag());
  bool saw_return = false;
  for (int i = 0; i < 40 && !saw_return; ++i) {
    step(server, 4);
    const auto u = find(observe(server));
    saw_return = u.orders_size() == 1 && u.orders(0).ability_id() == 296;
  }
  CHECK(saw_return);
}
