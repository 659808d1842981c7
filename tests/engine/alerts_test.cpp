// Alerts (engine/README.md, Alerts): raised by the sim on training, construction, damage and
// exhausted resources; reported once in Observation.alerts; under-attack alerts rate-limited
// and shown for a while on the minimap `alerts` layer.
#include <algorithm>
#include <memory>
#include <vector>

#include "tests/engine/economy_base_fixture.h"
#include "engine/raster/view_transform.h"
#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "engine/server/observer_view.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "engine/sim/production.h"
#include "engine/sim/state_hash.h"
#include "tests/engine/engine_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kMe = 1;

std::vector<Unit*> own_of(World& w, std::uint32_t type) {
  std::vector<Unit*> out;
  for (Unit* u : w.units()) {
    if (u->owner == kMe && u->type() == type) out.push_back(u);
  }
  return out;
}

// Every alert raised for `player` while advancing up to `loops` loops or until `done`.
template <class Done>
std::vector<RaisedAlert> run_collecting(World& w, int loops, Done done) {
  std::vector<RaisedAlert> raised;
  for (int i = 0; i < loops && !done(); ++i) {
    w.advance();
    for (const RaisedAlert& a : w.alerts_last_loop()) raised.push_back(a);
  }
  return raised;
}

long count_of(const std::vector<RaisedAlert>& raised, Alert alert) {
  return std::ranges::count_if(raised, [&](const RaisedAlert& a) { return a.alert == alert; });
}

World base_world(bool geysers = false) {
  World w(economy_base::layout(), 3);
  economy_base::place(w, kMe, 8, geysers);
  w.player(kMe).economy.minerals = 2000;
  return w;
}

std::unique_ptr<Game> new_game(const char* map, std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game(map);
  REQUIRE(config.map != nullptr);
  return std::make_unique<Game>(config, seed);
}

InterfaceSetup raw_and_layers() {
  InterfaceSetup iface;
  iface.raw = true;
  iface.feature_layer = true;
  return iface;  // default geometry: 64x64 screen and minimap
}

std::vector<int> alerts_of(const api::ResponseObservation& obs) {
  return {obs.observation().alerts().begin(), obs.observation().alerts().end()};
}

// DefeatRoaches with every Marine ordered to attack the first Roach.
std::unique_ptr<Game> roach_fight() {
  auto game = new_game("DefeatRoaches", 5);
  World& w = game->world();
  Unit* roach = nullptr;
  for (Unit* u : w.units()) {
    if (u->owner != kMe && u->type() == unit_type::kRoach && roach == nullptr) roach = u;
  }
  REQUIRE(roach != nullptr);
  for (Unit* marine : own_of(w, unit_type::kMarine)) {
    REQUIRE(issue_command(w, *marine, ability::kAttackAttack, {roach->pos, roach->id}, false) == CommandOutcome::Done);
  }
  return game;
}

}  // namespace

TEST_CASE("an SCV trained raises TrainWorkerComplete once, when it leaves the Command Center") {
  World w = base_world();
  Unit& cc = *own_of(w, unit_type::kCommandCenter).at(0);
  const std::size_t scvs = own_of(w, unit_type::kScv).size();
  REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  const auto raised = run_collecting(w, 1000, [&] { return own_of(w, unit_type::kScv).size() > scvs; });
  REQUIRE(raised.size() == 1);
  CHECK(raised[0].alert == Alert::TrainWorkerComplete);
  CHECK(raised[0].player == kMe);
  CHECK(w.find(raised[0].unit)->type() == unit_type::kScv);
  CHECK(run_collecting(w, 300, [] { return false; }).empty());  // nothing more while idle
}

TEST_CASE("a finished Supply Depot raises BuildingComplete, a Marine trained raises TrainUnitComplete") {
  World w = base_world();
  auto scvs = own_of(w, unit_type::kScv);
  REQUIRE(issue_command(w, *scvs[0], ability::kBuildSupplyDepot, {Vec2{38.0f, 23.0f}, {}}, false) ==
          CommandOutcome::Done);
  auto raised = run_collecting(w, 1500, [&] {
    const auto depots = own_of(w, unit_type::kSupplyDepot);
    return !depots.empty() && depots[0]->complete();
  });
  REQUIRE(count_of(raised, Alert::BuildingComplete) == 1);
  CHECK(raised.size() == 1);
  CHECK(w.find(raised[0].unit)->type() == unit_type::kSupplyDepot);

  // A Barracks (a second BuildingComplete), then a Marine from it.
  REQUIRE(issue_command(w, *scvs[1], ability::kBuildBarracks, {Vec2{38.5f, 33.5f}, {}}, false) == CommandOutcome::Done);
  raised = run_collecting(w, 2500, [&] {
    const auto barracks = own_of(w, unit_type::kBarracks);
    return !barracks.empty() && barracks[0]->complete();
  });
  CHECK(count_of(raised, Alert::BuildingComplete) == 1);
  Unit& barracks = *own_of(w, unit_type::kBarracks).at(0);
  REQUIRE(issue_train(w, barracks, ability::kTrainMarine) == CommandOutcome::Done);
  raised = run_collecting(w, 1000, [&] { return !own_of(w, unit_type::kMarine).empty(); });
  REQUIRE(raised.size() == 1);
  CHECK(raised[0].alert == Alert::TrainUnitComplete);
  CHECK(raised[0].unit == own_of(w, unit_type::kMarine).at(0)->id);
}

TEST_CASE("a mined-out field raises MineralsExhausted, an emptied Refinery VespeneExhausted, each once") {
  World w = base_world(true);
  auto scvs = own_of(w, unit_type::kScv);
  Unit* field = nullptr;
  Unit* geyser = nullptr;
  for (Unit* u : w.units()) {
    if (u->type() == unit_type::kMineralField && field == nullptr) field = u;
    if (u->type() == unit_type::kVespeneGeyser && geyser == nullptr) geyser = u;
  }
  REQUIRE(field != nullptr);
  REQUIRE(geyser != nullptr);
  field->mineral_contents = 10;
  const UnitId dry = field->id;
  REQUIRE(issue_command(w, *scvs[0], ability::kHarvestGatherScv, {field->pos, field->id}, false) == CommandOutcome::Done);
  REQUIRE(issue_command(w, *scvs[1], ability::kBuildRefinery, {geyser->pos, geyser->id}, false) == CommandOutcome::Done);
  auto raised = run_collecting(w, 2000, [&] {
    const auto refineries = own_of(w, unit_type::kRefinery);
    return w.find(dry) == nullptr && !refineries.empty() && refineries[0]->complete();
  });
  CHECK(count_of(raised, Alert::MineralsExhausted) == 1);
  CHECK(count_of(raised, Alert::BuildingComplete) == 1);  // the Refinery
  Unit& refinery = *own_of(w, unit_type::kRefinery).at(0);
  refinery.vespene_contents = geyser->vespene_contents = 8;  // two trips left
  REQUIRE(issue_command(w, *scvs[2], ability::kHarvestGatherScv, {refinery.pos, refinery.id}, false) ==
          CommandOutcome::Done);
  raised = run_collecting(w, 1500, [] { return false; });
  CHECK(refinery.vespene_contents == 0);
  CHECK(count_of(raised, Alert::VespeneExhausted) == 1);
  CHECK(count_of(raised, Alert::MineralsExhausted) == 0);
}

TEST_CASE("alerts are reported once in Observation.alerts, a non-consuming observer leaves them for the agent") {
  auto game = new_game("BuildMarines", 4);
  World& w = game->world();
  const InterfaceSetup iface = raw_and_layers();
  Unit& cc = *own_of(w, unit_type::kCommandCenter).at(0);
  REQUIRE(issue_train(w, cc, ability::kTrainScv) == CommandOutcome::Done);
  const std::size_t scvs = own_of(w, unit_type::kScv).size();
  while (own_of(w, unit_type::kScv).size() == scvs) {
    REQUIRE(w.game_loop() < 1000);
    game->step(1);
  }
  api::ResponseObservation watched;
  observe_game(*game, iface, std::nullopt, false, &watched);  // an observer looking, not consuming
  CHECK(alerts_of(watched) == std::vector<int>{api::TrainWorkerComplete});
  api::ResponseObservation first, second;
  build_observation(*game, iface, &first);
  CHECK(alerts_of(first) == std::vector<int>{api::TrainWorkerComplete});
  game->step(1);
  build_observation(*game, iface, &second);
  CHECK(second.observation().alerts_size() == 0);
}

TEST_CASE("a Marine attacked raises UnitUnderAttack, at most once per 5 s in one area, shown on the minimap for ~2 s") {
  auto game = roach_fight();
  World& w = game->world();
  const InterfaceSetup iface = raw_and_layers();
  const MinimapView view(w.map(), false, iface.layers.minimap_width, iface.layers.minimap_height);
  std::vector<std::uint32_t> alert_loops;
  std::vector<RaisedAlert> raised;
  std::vector<std::uint32_t> raised_loops;
  std::uint32_t first_loop = 0;
  PixelPos first_pixel{};
  bool checked_clear = false;
  while (!game->ended() && w.game_loop() < 2000) {
    game->step(1);
    api::ResponseObservation obs;
    build_observation(*game, iface, &obs);
    const auto& layer = obs.observation().feature_layer_data().minimap_renders().alerts();
    REQUIRE(layer.size().x() == iface.layers.minimap_width);  // sent full size now
    REQUIRE(layer.size().y() == iface.layers.minimap_height);
    const auto values = decode(layer);
    const bool any = std::ranges::any_of(values, [](std::int32_t v) { return v != 0; });
    const std::uint32_t loop = w.game_loop();
    std::size_t raised_now = 0;
    for (const RaisedAlert& a : w.alerts_last_loop()) {
      if (a.player != kMe) continue;
      ++raised_now;
      for (const RaisedAlert& earlier : raised) {  // the rate limit: one area, one alert per quiet time
        if (distance(earlier.pos, a.pos) <= kAttackAlertRadius) CHECK(loop - raised_loops[&earlier - raised.data()] >= kAttackAlertQuietLoops);
      }
      raised.push_back(a);
      raised_loops.push_back(loop);
    }
    CHECK(static_cast<std::size_t>(obs.observation().alerts_size()) == raised_now);  // each reported once
    for (int a : alerts_of(obs)) {
      CHECK(a == api::UnitUnderAttack);  // no structures on this map
      alert_loops.push_back(loop);
    }
    if (alert_loops.size() == 1 && alert_loops[0] == loop) {
      // The first alert: one damaged Marine's spot is marked on the minimap.
      first_loop = loop;
      bool marked_near_marine = false;
      for (Unit* m : own_of(w, unit_type::kMarine)) {
        const PixelPos p = view.to_pixel(m->pos);
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            const int x = p.x + dx, y = p.y + dy;
            if (view.in_range(x, y) && values[static_cast<std::size_t>(y) * view.width() + x] == 1) {
              marked_near_marine = true;
              first_pixel = {x, y};
            }
          }
        }
      }
      CHECK(marked_near_marine);
    }
    if (!alert_loops.empty() && loop < first_loop + kAttackAlertMinimapLoops) {
      CHECK(pixel(layer, first_pixel.x, first_pixel.y) == 1);  // stays for the display time
    }
    if (alert_loops.size() == 1 && loop >= first_loop + kAttackAlertMinimapLoops &&
        loop < first_loop + kAttackAlertQuietLoops) {
      CHECK_FALSE(any);  // then clears, while the fight goes on under the rate limit
      checked_clear = true;
    }
  }
  REQUIRE(alert_loops.size() >= 1);
  CHECK(checked_clear);
  CHECK(alert_loops.size() >= 2);  // a long fight re-alerts after the quiet time
  CHECK(w.player(kMe).score.damage_taken.life > 0.0f);
}

TEST_CASE("under-attack alerts: another area alerts at once, structures raise BuildingUnderAttack") {
  World w = flat_world(2);
  const Unit& near_marine = *w.find(w.spawn(unit_type::kMarine, kMe, {20.0f, 20.0f}));
  const Unit& far_marine = *w.find(w.spawn(unit_type::kMarine, kMe, {50.0f, 50.0f}));
  const Unit& depot = *w.find(w.spawn(unit_type::kSupplyDepot, kMe, {23.0f, 40.0f}));
  w.spawn(unit_type::kZergling, 2, {21.0f, 20.0f});
  w.spawn(unit_type::kZergling, 2, {51.0f, 50.0f});
  w.spawn(unit_type::kZergling, 2, {24.5f, 40.0f});
  const auto raised = run_collecting(w, 40, [] { return false; });
  std::vector<UnitId> units_alerted;
  for (const RaisedAlert& a : raised) {
    CHECK(a.player != kNeutralOwner);
    if (a.player == kMe && a.alert == Alert::UnitUnderAttack) units_alerted.push_back(a.unit);
  }
  CHECK(std::ranges::count(units_alerted, near_marine.id) == 1);
  CHECK(std::ranges::count(units_alerted, far_marine.id) == 1);
  CHECK(units_alerted.size() == 2);
  REQUIRE(count_of(raised, Alert::BuildingUnderAttack) == 1);
  for (const RaisedAlert& a : raised) {
    if (a.alert == Alert::BuildingUnderAttack) CHECK(a.unit == depot.id);
  }
}

TEST_CASE("alerts do not change the simulation: same hash with and without reading them") {
  auto observed = roach_fight();
  auto unobserved = roach_fight();
  const InterfaceSetup iface = raw_and_layers();
  for (int i = 0; i < 300; ++i) {
    observed->step(1);
    unobserved->step(1);
    api::ResponseObservation obs;
    build_observation(*observed, iface, &obs);
  }
  CHECK(state_hash(observed->world()) == state_hash(unobserved->world()));
}
