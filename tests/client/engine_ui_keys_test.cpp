// The engine's UI data (single, multi, production with its queue, control groups) and raw
// event, read through the PySC2 layer: ObservationUI as the game fills it, and the keys
// single_select, multi_select, build_queue, production_queue, control_groups and
// available_actions that PySC2 derives from it (pysc2-features.md §5).
#include <algorithm>

#include "tests/client/engine_rig.h"

using sc2::test::kCommandCenter;
using sc2::test::kMarine;
using sc2::test::kScv;
using sc2::test::named_call;
using sc2::test::Rig;
namespace api = SC2APIProtocol;
namespace py = sc2::pysc2;

namespace {

py::Observation decode(const Rig& rig, const api::ResponseObservation& response) {
  return py::to_observation(response, py::ObservationSpec{}, rig.game_info());
}

bool offers(const py::Observation& observation, int function) {
  const auto& ids = observation.available_actions;
  return std::find(ids.begin(), ids.end(), function) != ids.end();
}

}  // namespace

TEST_CASE("engine UI: nothing selected sends no panel, PySC2's UI tables are empty") {
  Rig rig;
  const api::ResponseObservation response = rig.observe();
  CHECK(response.observation().ui_data().panel_case() == api::ObservationUI::PANEL_NOT_SET);
  CHECK(response.observation().ui_data().groups_size() == 0);
  const py::Observation observation = decode(rig, response);
  CHECK(observation.single_select.empty());
  CHECK(observation.multi_select.empty());
  CHECK(observation.build_queue.empty());
  CHECK(observation.production_queue.empty());
  CHECK(observation.cargo.empty());
  CHECK(observation.cargo_slots_available == 0);
  REQUIRE(observation.control_groups.rows == 10);
  CHECK(std::all_of(observation.control_groups.values.begin(), observation.control_groups.values.end(),
                    [](std::int64_t v) { return v == 0; }));
  CHECK_FALSE(offers(observation, py::fn::select_unit));
  CHECK_FALSE(offers(observation, py::fn::build_queue));
}

TEST_CASE("engine UI: one selected unit fills the single panel and single_select") {
  Rig rig;
  rig.world().player(1).selection = {rig.marine_};
  rig.world().find(rig.marine_)->health = 30.0f;
  const api::ResponseObservation response = rig.observe();
  REQUIRE(response.observation().ui_data().has_single());
  const api::UnitInfo& info = response.observation().ui_data().single().unit();
  CHECK(info.unit_type() == kMarine);
  CHECK(info.player_relative() == 1);
  CHECK(info.health() == 30);
  CHECK(info.max_health() == 45);

  const py::Observation observation = decode(rig, response);
  REQUIRE(observation.single_select.rows == 1);
  CHECK(observation.single_select.at(0, "unit_type") == kMarine);
  CHECK(observation.single_select.at(0, "player_relative") == 1);
  CHECK(observation.single_select.at(0, "health") == 30);
  CHECK(observation.multi_select.empty());
  CHECK_FALSE(offers(observation, py::fn::select_unit));
}

TEST_CASE("engine UI: several selected units fill the multi panel in selection order") {
  Rig rig;
  rig.world().player(1).selection = {rig.scv_a_, rig.marine_, rig.scv_b_};
  const api::ResponseObservation response = rig.observe();
  REQUIRE(response.observation().ui_data().has_multi());
  REQUIRE(response.observation().ui_data().multi().units_size() == 3);
  const py::Observation observation = decode(rig, response);
  CHECK(observation.single_select.empty());
  REQUIRE(observation.multi_select.rows == 3);
  CHECK(observation.multi_select.column_values("unit_type") == std::vector<std::int64_t>{kScv, kMarine, kScv});
  CHECK(observation.multi_select.column_values("player_relative") == std::vector<std::int64_t>{1, 1, 1});
  CHECK(observation.multi_select.column_values("health") == std::vector<std::int64_t>{45, 45, 45});
  CHECK(offers(observation, py::fn::select_unit));
}

TEST_CASE("engine UI: a producing structure fills the production panel, build_queue and production_queue") {
  Rig rig;
  rig.world().player(1).selection = {rig.cc_};
  const api::Action train = py::to_proto(named_call("Train_SCV_quick", {{0}}));
  rig.apply(train, api::Success);
  rig.apply(train, api::Success);
  rig.step(68);  // a quarter of an SCV's 272 loops

  const api::ResponseObservation response = rig.observe();
  REQUIRE(response.observation().ui_data().has_production());
  const api::ProductionPanel& panel = response.observation().ui_data().production();
  CHECK(panel.unit().unit_type() == kCommandCenter);
  REQUIRE(panel.build_queue_size() == 2);
  CHECK(panel.build_queue(0).unit_type() == kScv);
  CHECK(panel.build_queue(1).unit_type() == kScv);
  REQUIRE(panel.production_queue_size() == 2);
  CHECK(panel.production_queue(0).ability_id() == 524);
  CHECK(panel.production_queue(0).build_progress() > 0.2f);
  CHECK(panel.production_queue(0).build_progress() < 0.3f);
  CHECK(panel.production_queue(1).build_progress() == 0.0f);

  const py::Observation observation = decode(rig, response);
  REQUIRE(observation.single_select.rows == 1);  // the panel's own unit, as PySC2 reads it
  CHECK(observation.single_select.at(0, "unit_type") == kCommandCenter);
  REQUIRE(observation.build_queue.rows == 2);
  CHECK(observation.build_queue.column_values("unit_type") == std::vector<std::int64_t>{kScv, kScv});
  const std::int64_t progress = observation.build_queue.at(0, "build_progress");
  CHECK(progress >= 20);
  CHECK(progress <= 30);
  REQUIRE(observation.production_queue.rows == 2);
  CHECK(observation.production_queue.column_values("ability_id") == std::vector<std::int64_t>{524, 524});
  CHECK(observation.production_queue.at(0, "build_progress") == progress);
  CHECK(observation.production_queue.at(1, "build_progress") == 0);
  CHECK(offers(observation, py::fn::build_queue));

  // build_queue(1) removes the second slot; the panel follows.
  rig.apply(py::to_proto(named_call("build_queue", {{1}})), api::Success);
  CHECK(decode(rig, rig.observe()).build_queue.rows == 1);
}

TEST_CASE("engine UI: control groups report their leader's type and size, PySC2 rows by group index") {
  Rig rig;
  rig.world().player(1).selection = {rig.scv_a_, rig.scv_b_};
  rig.apply(py::to_proto(named_call("select_control_group", {{1}, {3}})), api::Success);  // set 3
  rig.world().player(1).selection = {rig.marine_};
  rig.apply(py::to_proto(named_call("select_control_group", {{1}, {7}})), api::Success);  // set 7
  rig.apply(py::to_proto(named_call("select_control_group", {{2}, {7}})), api::Success);  // append: no change

  const api::ResponseObservation response = rig.observe();
  REQUIRE(response.observation().ui_data().groups_size() == 2);
  const py::Observation observation = decode(rig, response);
  for (int group = 0; group < 10; ++group) {
    CAPTURE(group);
    const std::int64_t leader = observation.control_groups.at(group, "leader_unit_type");
    const std::int64_t count = observation.control_groups.at(group, "count");
    if (group == 3) {
      CHECK(leader == kScv);
      CHECK(count == 2);
    } else if (group == 7) {
      CHECK(leader == kMarine);
      CHECK(count == 1);
    } else {
      CHECK(leader == 0);
      CHECK(count == 0);
    }
  }

  // A dead member leaves its group.
  rig.world().find(rig.marine_)->health = 0.0f;
  rig.step(1);
  CHECK(decode(rig, rig.observe()).control_groups.at(7, "count") == 0);
}

TEST_CASE("engine raw event: a unit that died is in dead_units once, with its tag") {
  Rig rig;
  const api::ResponseObservation before = rig.observe();
  std::uint64_t marine_tag = 0;
  for (const api::Unit& unit : before.observation().raw_data().units()) {
    if (unit.unit_type() == kMarine) marine_tag = unit.tag();
  }
  REQUIRE(marine_tag != 0);
  CHECK(before.observation().raw_data().event().dead_units_size() == 0);

  rig.world().find(rig.marine_)->health = 0.0f;
  rig.step(1);
  const api::ResponseObservation died = rig.observe();
  REQUIRE(died.observation().raw_data().event().dead_units_size() == 1);
  CHECK(died.observation().raw_data().event().dead_units(0) == marine_tag);
  for (const api::Unit& unit : died.observation().raw_data().units()) CHECK(unit.tag() != marine_tag);
  CHECK(rig.observe().observation().raw_data().event().dead_units_size() == 0);  // reported once
}
