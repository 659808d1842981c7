// Observers see every action the player made: each observer reads the player's echoed
// actions from its own cursor, however rarely it observes, in order and once each, while
// the player's own ResponseObservation.actions behave as before.
#include <vector>

#include "engine/server/echo_history.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr ConnectionId kObserver = 77;
constexpr ConnectionId kSecondObserver = 78;

api::Request observation_request() {
  api::Request r;
  r.mutable_observation();
  return r;
}

void join_observer(GameServer& server, ConnectionId connection) {
  api::Request join = join_request({.screen_w = 32, .screen_h = 32, .minimap_w = 16, .minimap_h = 16});
  join.mutable_join_game()->clear_race();
  join.mutable_join_game()->set_observed_player_id(1);
  REQUIRE_FALSE(server.handle(join, connection).join_game().has_error());
}

// The screen x of each echoed move (the test's way to tell its actions apart).
std::vector<int> moves_seen(const api::ResponseObservation& obs) {
  std::vector<int> xs;
  for (const auto& a : obs.actions()) {
    if (a.action_feature_layer().has_unit_command()) {
      xs.push_back(a.action_feature_layer().unit_command().target_screen_coord().x());
    }
  }
  return xs;
}

api::ResponseObservation observer_look(GameServer& server, ConnectionId connection) {
  const api::Response r = server.handle(observation_request(), connection);
  REQUIRE(r.error_size() == 0);
  return r.observation();
}

// The player selects its army, then sends moves x = 1..count, a few per step, observing
// itself now and then. `between` runs after every step (an observer's poll).
template <typename Between>
std::vector<int> play_moves(GameServer& server, int count, std::vector<int>& player_saw, Between between) {
  act(server, select_army());
  std::vector<int> sent;
  for (int x = 1; x <= count; ++x) {
    REQUIRE(act(server, move_screen(x, 20)).result(0) == api::Success);
    sent.push_back(x);
    if (x % 3 == 0) {
      step(server, 4);
      between();
    }
    if (x % 5 == 0) {
      const auto mine = moves_seen(observe(server));
      player_saw.insert(player_saw.end(), mine.begin(), mine.end());
    }
  }
  return sent;
}

}  // namespace

TEST_CASE("an observer that looks only at the end sees every action of the player, in order, once") {
  GameServer server;
  start_game(server);
  join_observer(server, kObserver);
  std::vector<int> player_saw;
  const std::vector<int> sent = play_moves(server, 20, player_saw, [] {});
  const auto mine = moves_seen(observe(server));
  player_saw.insert(player_saw.end(), mine.begin(), mine.end());

  const auto seen = observer_look(server, kObserver);
  CHECK(moves_seen(seen) == sent);
  // The select_army before them is there too, first.
  REQUIRE(seen.actions_size() == 21);
  CHECK(seen.actions(0).action_ui().has_select_army());
  // Game loops as echoed: never going back, the last ones at the loop they were sent.
  for (int i = 1; i < seen.actions_size(); ++i) CHECK(seen.actions(i).game_loop() >= seen.actions(i - 1).game_loop());
  CHECK(seen.actions(seen.actions_size() - 1).game_loop() == seen.observation().game_loop());
  // Nothing twice: the next look has nothing new.
  CHECK(observer_look(server, kObserver).actions_size() == 0);
  // The player still gets its own echoes, each once, whatever the observer did.
  CHECK(player_saw == sent);
}

TEST_CASE("observers polling at different rates each see every action once, in order") {
  GameServer server;
  start_game(server);
  join_observer(server, kObserver);
  join_observer(server, kSecondObserver);
  std::vector<int> often, player_saw;
  const std::vector<int> sent = play_moves(server, 17, player_saw, [&] {
    const auto got = moves_seen(observer_look(server, kObserver));
    often.insert(often.end(), got.begin(), got.end());
  });
  const auto last = moves_seen(observer_look(server, kObserver));
  often.insert(often.end(), last.begin(), last.end());
  CHECK(often == sent);
  CHECK(moves_seen(observer_look(server, kSecondObserver)) == sent);
  // Actions after an observer's look come with its next one only.
  REQUIRE(act(server, move_screen(30, 20)).result(0) == api::Success);
  CHECK(moves_seen(observer_look(server, kObserver)) == std::vector<int>{30});
  CHECK(moves_seen(observer_look(server, kObserver)).empty());
  CHECK(moves_seen(observer_look(server, kSecondObserver)) == std::vector<int>{30});
}

TEST_CASE("an observer sees only actions made after it joined, and none of the last episode after a restart") {
  GameServer server;
  start_game(server);
  act(server, select_army());
  REQUIRE(act(server, move_screen(5, 20)).result(0) == api::Success);
  join_observer(server, kObserver);
  REQUIRE(act(server, move_screen(6, 20)).result(0) == api::Success);
  CHECK(moves_seen(observer_look(server, kObserver)) == std::vector<int>{6});

  REQUIRE(act(server, move_screen(7, 20)).result(0) == api::Success);
  api::Request restart;
  restart.mutable_restart_game();
  REQUIRE(server.handle(restart).error_size() == 0);
  act(server, select_army());
  REQUIRE(act(server, move_screen(8, 20)).result(0) == api::Success);
  CHECK(moves_seen(observer_look(server, kObserver)) == std::vector<int>{8});
}

namespace {

// A raw move of the player's Marine to world x (the test tells its commands apart by x).
api::Action raw_move(std::uint64_t marine, float x) {
  api::Action a;
  auto* command = a.mutable_action_raw()->mutable_unit_command();
  command->set_ability_id(16);  // Move
  command->add_unit_tags(marine);
  command->mutable_target_world_space_pos()->set_x(x);
  command->mutable_target_world_space_pos()->set_y(20.0f);
  return a;
}

std::vector<float> raw_moves_seen(const api::ResponseObservation& obs) {
  std::vector<float> xs;
  for (const auto& a : obs.actions()) {
    if (a.action_raw().has_unit_command()) xs.push_back(a.action_raw().unit_command().target_world_space_pos().x());
  }
  return xs;
}

void join_observer_without_raw(GameServer& server, ConnectionId connection) {
  api::Request join = join_request({.screen_w = 32, .screen_h = 32, .minimap_w = 16, .minimap_h = 16, .raw = false});
  join.mutable_join_game()->clear_race();
  join.mutable_join_game()->set_observed_player_id(1);
  REQUIRE_FALSE(server.handle(join, connection).join_game().has_error());
}

}  // namespace

TEST_CASE("observers with the raw interface see the player's raw commands, in order with its other actions") {
  GameServer server;
  start_game(server);
  join_observer(server, kObserver);
  join_observer_without_raw(server, kSecondObserver);
  const api::Unit* marine = find_unit(observe(server), kMarine);
  REQUIRE(marine != nullptr);
  const std::uint64_t tag = marine->tag();

  act(server, select_army());
  REQUIRE(act(server, raw_move(tag, 11.0f)).result(0) == api::Success);
  REQUIRE(act(server, move_screen(4, 20)).result(0) == api::Success);
  REQUIRE(act(server, raw_move(tag, 12.0f)).result(0) == api::Success);
  // A refused raw command (a unit that is not there) is not echoed; its error is.
  CHECK(act(server, raw_move(tag + 999, 13.0f)).result(0) != api::Success);
  step(server, 2);

  const auto seen = observer_look(server, kObserver);
  CHECK(raw_moves_seen(seen) == std::vector<float>{11.0f, 12.0f});
  REQUIRE(seen.actions_size() == 4);  // select_army, raw 11, move 4, raw 12: the order sent
  CHECK(seen.actions(0).action_ui().has_select_army());
  CHECK(seen.actions(1).action_raw().unit_command().unit_tags(0) == tag);
  CHECK(seen.actions(1).action_raw().unit_command().ability_id() == 16);
  CHECK(moves_seen(seen) == std::vector<int>{4});
  CHECK(seen.actions(2).game_loop() <= seen.actions(3).game_loop());
  CHECK(seen.action_errors_size() == 1);

  // An observer without the raw interface gets the feature-layer and UI actions only.
  const auto plain = observer_look(server, kSecondObserver);
  CHECK(raw_moves_seen(plain).empty());
  CHECK(plain.actions_size() == 2);
  CHECK(moves_seen(plain) == std::vector<int>{4});

  // The player itself never gets its raw commands back (PySC2 raises on them).
  const auto mine = observe(server);
  CHECK(raw_moves_seen(mine).empty());
  CHECK(moves_seen(mine) == std::vector<int>{4});
}

TEST_CASE("EchoHistory: cursors read each action once, one that fell behind gets what is kept") {
  EchoHistory history(3);
  const auto action_at = [](std::uint32_t loop) {
    api::Action a;
    a.set_game_loop(loop);
    return a;
  };
  const auto loops = [](const google::protobuf::RepeatedPtrField<api::Action>& actions) {
    std::vector<std::uint32_t> out;
    for (const auto& a : actions) out.push_back(a.game_loop());
    return out;
  };
  std::uint64_t early = history.end(), late = history.end();
  google::protobuf::RepeatedPtrField<api::Action> got;
  for (std::uint32_t loop = 1; loop <= 2; ++loop) history.add(action_at(loop));
  late = history.copy_since(late, &got);
  CHECK(loops(got) == std::vector<std::uint32_t>{1, 2});
  for (std::uint32_t loop = 3; loop <= 5; ++loop) history.add(action_at(loop));
  CHECK(history.size() == 3);
  got.Clear();
  early = history.copy_since(early, &got);  // 1 and 2 are gone: it gets the last 3
  CHECK(loops(got) == std::vector<std::uint32_t>{3, 4, 5});
  got.Clear();
  late = history.copy_since(late, &got);
  CHECK(loops(got) == std::vector<std::uint32_t>{3, 4, 5});
  got.Clear();
  CHECK(history.copy_since(early, &got) == history.end());
  CHECK(got.empty());
  history.clear();
  history.add(action_at(9));
  got.Clear();
  history.copy_since(late, &got);
  CHECK(loops(got) == std::vector<std::uint32_t>{9});
}

TEST_CASE("observers see the player's action errors once each, and the player still gets its own") {
  GameServer server;
  start_game(server);
  join_observer(server, kObserver);
  act(server, select_army());
  constexpr std::int32_t kBuildSupplyDepot = 319;  // a Marine cannot build
  const api::ResponseAction refused = act(server, move_screen(10, 10, kBuildSupplyDepot));
  REQUIRE(refused.result_size() == 1);
  CHECK(refused.result(0) != api::Success);
  step(server, 2);

  const auto seen = observer_look(server, kObserver);
  REQUIRE(seen.action_errors_size() == 1);
  CHECK(seen.action_errors(0).ability_id() == kBuildSupplyDepot);
  CHECK(seen.action_errors(0).result() == refused.result(0));
  CHECK(observer_look(server, kObserver).action_errors_size() == 0);  // once

  const auto mine = observe(server);
  REQUIRE(mine.action_errors_size() == 1);  // the observer took nothing from the player
  CHECK(mine.action_errors(0).ability_id() == kBuildSupplyDepot);
  CHECK(observe(server).action_errors_size() == 0);
}

TEST_CASE("ErrorHistory: an observer that fell behind gets the errors still kept") {
  ErrorHistory history(2);
  const std::uint64_t start = history.end();
  for (int ability = 1; ability <= 3; ++ability) {
    api::ActionError e;
    e.set_ability_id(static_cast<std::uint32_t>(ability));
    history.add(e);
  }
  google::protobuf::RepeatedPtrField<api::ActionError> out;
  CHECK(history.copy_since(start, &out) == history.end());
  REQUIRE(out.size() == 2);
  CHECK(out[0].ability_id() == 2);
  CHECK(out[1].ability_id() == 3);
}
