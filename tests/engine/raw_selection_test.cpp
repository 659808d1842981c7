// raw_affects_selection: raw unit commands also select the commanded own units, and a
// command with ability 0 only selects them (how PySC2's viewer selects in raw mode). Without
// the option raw commands leave the selection alone.
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

api::Action raw_command(int ability, std::uint64_t tag) {
  api::Action action;
  auto* cmd = action.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(ability);
  cmd->add_unit_tags(tag);
  return action;
}

api::Action raw_move(std::uint64_t tag, float x, float y) {
  api::Action action = raw_command(3794, tag);  // Move
  action.mutable_action_raw()->mutable_unit_command()->mutable_target_world_space_pos()->set_x(x);
  action.mutable_action_raw()->mutable_unit_command()->mutable_target_world_space_pos()->set_y(y);
  return action;
}

// Starts MoveToBeacon (seed 3) with or without raw_affects_selection; its Marine, unselected.
api::Unit start_with_marine(GameServer& server, bool raw_affects_selection) {
  Interface i;
  i.raw_affects_selection = raw_affects_selection;
  start_game(server, 3, i);
  const auto obs = observe(server);
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine != nullptr);
  CHECK_FALSE(marine->is_selected());
  return *marine;
}

}  // namespace

TEST_CASE("with raw_affects_selection a raw command selects its units and ability 0 only selects") {
  GameServer server;
  const api::Unit marine = start_with_marine(server, true);
  const std::uint64_t tag = marine.tag();
  const api::Point start = marine.pos();

  CHECK(act(server, raw_command(0, tag)).result(0) == api::Success);
  step(server, 16);
  const auto obs = observe(server);
  CHECK(find_unit(obs, kMarine)->is_selected());
  CHECK(find_unit(obs, kMarine)->orders_size() == 0);  // selected, not commanded
  CHECK(find_unit(obs, kMarine)->pos().x() == doctest::Approx(start.x()));
  REQUIRE(obs.observation().ui_data().has_single());

  // An unknown tag selects nothing and keeps the selection.
  CHECK(act(server, raw_command(0, 987654321)).result(0) != api::Success);
  CHECK(find_unit(observe(server), kMarine)->is_selected());
}

TEST_CASE("without raw_affects_selection raw commands leave the selection as it was") {
  GameServer server;
  const api::Unit marine = start_with_marine(server, false);
  CHECK(act(server, raw_move(marine.tag(), marine.pos().x() + 3, marine.pos().y())).result(0) == api::Success);
  step(server, 8);
  const auto obs = observe(server);
  CHECK_FALSE(find_unit(obs, kMarine)->is_selected());
  CHECK(find_unit(obs, kMarine)->orders_size() == 1);
}

TEST_CASE("with raw_affects_selection a raw Move both orders and selects the Marine") {
  GameServer server;
  const api::Unit marine = start_with_marine(server, true);
  CHECK(act(server, raw_move(marine.tag(), marine.pos().x() + 3, marine.pos().y())).result(0) == api::Success);
  step(server, 8);
  const auto obs = observe(server);
  CHECK(find_unit(obs, kMarine)->is_selected());
  CHECK(find_unit(obs, kMarine)->orders_size() == 1);
}
