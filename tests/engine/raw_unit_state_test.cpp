// Raw unit state that mirrors feature layers: is_active while a structure's production
// queue is non-empty (the `active` layer), and the carry buffs of harvesting workers (the
// `buffs` layer), both from one engine rule.
#include <algorithm>

#include "engine/sim/harvest.h"
#include "engine/sim/unit.h"
#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint32_t kScv = 45, kCommandCenter = 18, kMineralField = 341;
constexpr int kTrainScv = 524, kHarvestGather = 3666;

bool layer_has(const api::ImageData& image, std::int32_t value) {
  const auto pixels = decode(image);
  return std::find(pixels.begin(), pixels.end(), value) != pixels.end();
}

const api::FeatureLayers& screen(const api::ResponseObservation& obs) {
  return obs.observation().feature_layer_data().renders();
}

api::Unit command_center(const api::ResponseObservation& obs) {
  const auto ccs = units_of(obs, kCommandCenter);
  REQUIRE(ccs.size() == 1);
  return ccs.front();
}

}  // namespace

TEST_CASE("raw is_active is true exactly while a structure's production queue is non-empty, like the active layer") {
  GameServer server;
  start_map(server, "BuildMarines", 3);
  auto obs = observe(server);
  const api::Unit idle = command_center(obs);
  REQUIRE(idle.is_on_screen());
  CHECK_FALSE(idle.is_active());
  CHECK_FALSE(layer_has(screen(obs).active(), 1));
  for (const auto& u : obs.observation().raw_data().units()) CHECK_FALSE(u.is_active());

  REQUIRE(act(server, raw_command({idle.tag()}, kTrainScv)).result(0) == api::Success);
  obs = observe(server);
  CHECK(command_center(obs).is_active());
  CHECK(command_center(obs).orders_size() == 1);
  CHECK(layer_has(screen(obs).active(), 1));
  // Only the producing structure is active.
  for (const auto& u : obs.observation().raw_data().units()) CHECK(u.is_active() == (u.tag() == idle.tag()));

  const std::size_t scvs_before = units_of(obs, kScv).size();
  for (int i = 0; i < 100 && units_of(obs, kScv).size() == scvs_before; ++i) {
    step(server, 8);
    obs = observe(server);
  }
  REQUIRE(units_of(obs, kScv).size() == scvs_before + 1);
  CHECK(command_center(obs).orders_size() == 0);
  CHECK_FALSE(command_center(obs).is_active());
  CHECK_FALSE(layer_has(screen(obs).active(), 1));
}

TEST_CASE("carry_buff: minerals 271, gas 273, nothing carried 0") {
  Unit worker;
  CHECK(carry_buff(worker) == 0);
  worker.cargo_minerals = 5;
  CHECK(carry_buff(worker) == 271);
  worker.cargo_minerals = 0;
  worker.cargo_vespene = 4;
  CHECK(carry_buff(worker) == 273);
}

TEST_CASE("workers carrying minerals show buff 271 in raw buff_ids and the buffs layer alike") {
  GameServer server;
  start_map(server, "BuildMarines", 3);
  auto obs = observe(server);
  const auto scvs = units_of(obs, kScv);
  const auto fields = units_of(obs, kMineralField);
  REQUIRE_FALSE(fields.empty());
  for (std::size_t i = 0; i < scvs.size(); ++i) {
    api::Action gather = raw_command({scvs[i].tag()}, kHarvestGather);
    gather.mutable_action_raw()->mutable_unit_command()->set_target_unit_tag(fields[i % fields.size()].tag());
    act(server, gather);
  }
  bool seen_carrying = false;
  for (int i = 0; i < 60 && !seen_carrying; ++i) {
    step(server, 8);
    obs = observe(server);
    int carrying_on_screen = 0;
    for (const auto& u : units_of(obs, kScv)) {
      if (u.buff_ids_size() == 0) continue;
      REQUIRE(u.buff_ids_size() == 1);
      CHECK(u.buff_ids(0) == 271);
      if (u.is_on_screen()) ++carrying_on_screen;
    }
    if (carrying_on_screen == 0) continue;
    seen_carrying = true;
    CHECK(layer_has(screen(obs).buffs(), 271));
    CHECK_FALSE(layer_has(screen(obs).buffs(), 273));
  }
  CHECK(seen_carrying);
}
