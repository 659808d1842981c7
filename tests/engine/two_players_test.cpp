// Two Participants on one sc2lite: joins that wait for each other, lock-step steps, each
// player seeing and commanding its own side, and a player leaving or vanishing mid-game.
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <thread>

#include "tests/engine/two_player_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
using namespace std::chrono_literals;

TEST_CASE("two Participants: each join returns once both have joined, ids 1 and 2, each sees its own side") {
  GameServer server;
  // Created by a third connection: the first to join plays player 2, the next player 1.
  auto created = send(server, kHost, two_player_create());
  REQUIRE_FALSE(created.create_game().has_error());
  auto first = std::async(std::launch::async, [&] { return send(server, kFirst, join_request()); });
  CHECK(still_waiting(first));
  CHECK(server.status() == api::init_game);
  auto second = send(server, kSecond, join_request());
  REQUIRE_FALSE(second.join_game().has_error());
  const auto first_answer = first.get();
  REQUIRE_FALSE(first_answer.join_game().has_error());
  CHECK(first_answer.join_game().player_id() == 2);
  CHECK(second.join_game().player_id() == 1);
  CHECK(first_answer.status() == api::in_game);

  api::Request info;
  info.mutable_game_info();
  const auto info1 = send(server, kSecond, info).game_info();
  const auto info2 = send(server, kFirst, info).game_info();
  REQUIRE(info1.player_info_size() == 2);
  CHECK(info1.player_info(0).type() == api::Participant);
  CHECK(info1.player_info(1).type() == api::Participant);
  REQUIRE(info1.start_raw().start_locations_size() == 1);
  REQUIRE(info2.start_raw().start_locations_size() == 1);
  CHECK(info1.start_raw().start_locations(0).x() != info2.start_raw().start_locations(0).x());  // the enemy's

  const auto obs1 = observe_as(server, kSecond);  // player 1
  const auto obs2 = observe_as(server, kFirst);   // player 2
  CHECK(obs1.observation().player_common().player_id() == 1);
  CHECK(obs2.observation().player_common().player_id() == 2);
  CHECK(own_units(obs1, kScv).size() == 12);
  CHECK(own_units(obs2, kScv).size() == 12);
  // Player 1's own SCVs stand near player 2's target: the enemy start each was told.
  const auto& enemy_of_2 = info2.start_raw().start_locations(0);
  CHECK(std::abs(own_units(obs1, kScv).front()->pos().x() - enemy_of_2.x()) < 12.0f);
  CHECK(own_units(obs1, kScv).front()->tag() != own_units(obs2, kScv).front()->tag());
}

TEST_CASE("lock-step: a step returns once both players have asked, and the game runs to the nearer loop") {
  GameServer server;
  start_two_player_game(server);
  auto first_step = std::async(std::launch::async, [&] { return send(server, kFirst, step_request(8)); });
  CHECK(still_waiting(first_step));
  CHECK(observe_as(server, kSecond).observation().game_loop() == 0);  // nothing ran for one player alone

  auto second_step = std::async(std::launch::async, [&] { return send(server, kSecond, step_request(16)); });
  const auto first_answer = first_step.get();
  CHECK(first_answer.error_size() == 0);
  CHECK(first_answer.step().simulation_loop() == 8);
  CHECK(still_waiting(second_step));  // player 2 asked for 16
  const auto again = send(server, kFirst, step_request(8));
  CHECK(again.step().simulation_loop() == 16);
  CHECK(second_step.get().step().simulation_loop() == 16);
  CHECK(observe_as(server, kFirst).observation().game_loop() == 16);
}

TEST_CASE("each player commands only its own units") {
  GameServer server;
  start_two_player_game(server);
  const auto obs1 = observe_as(server, kFirst);
  const auto obs2 = observe_as(server, kSecond);
  const api::Unit theirs = *own_units(obs1, kScv).front();
  const api::Unit mine = *own_units(obs2, kScv).front();

  send(server, kSecond, raw_move(theirs.tag(), theirs.pos().x(), theirs.pos().y() + 8));  // not player 2's
  send(server, kSecond, raw_move(mine.tag(), mine.pos().x(), mine.pos().y() + 8));
  auto first_step = std::async(std::launch::async, [&] { return send(server, kFirst, step_request(44)); });
  send(server, kSecond, step_request(44));
  first_step.get();

  const auto later = observe_as(server, kSecond);
  for (const auto& u : later.observation().raw_data().units()) {
    if (u.tag() == mine.tag()) CHECK(u.pos().y() > mine.pos().y() + 2);
  }
  const auto seen_by_1 = observe_as(server, kFirst);
  for (const auto& u : seen_by_1.observation().raw_data().units()) {
    if (u.tag() == theirs.tag()) CHECK(u.orders_size() == 0);  // player 2's order did not reach it
  }
}

TEST_CASE("a player that leaves loses: the other's waiting step returns, the game has ended with its victory") {
  GameServer server;
  start_two_player_game(server);
  auto waiting = std::async(std::launch::async, [&] { return send(server, kSecond, step_request(8)); });
  CHECK(still_waiting(waiting));
  const auto left = send(server, kFirst, leave_request());
  CHECK(left.error_size() == 0);
  CHECK(left.status() == api::launched);
  const auto stepped = waiting.get();
  CHECK(stepped.status() == api::ended);

  const auto seen = observe_as(server, kSecond);
  REQUIRE(seen.player_result_size() == 2);
  for (const auto& r : seen.player_result()) {
    CHECK(r.result() == (r.player_id() == 2 ? api::Victory : api::Defeat));
  }
  CHECK(send(server, kSecond, step_request(8)).error_size() == 1);  // the game is over
  send(server, kSecond, leave_request());
  CHECK(server.status() == api::launched);  // nobody left: freed for the next game
}

TEST_CASE("a player whose connection closes mid-game loses, both gone frees the game") {
  GameServer server;
  start_two_player_game(server);
  auto waiting = std::async(std::launch::async, [&] { return send(server, kFirst, step_request(8)); });
  CHECK(still_waiting(waiting));
  server.connection_closed(kSecond);
  CHECK(waiting.get().status() == api::ended);
  const auto seen = observe_as(server, kFirst);
  REQUIRE(seen.player_result_size() == 2);
  CHECK(seen.player_result(0).result() == api::Victory);  // player 1's entry comes first
  server.connection_closed(kFirst);
  CHECK(server.status() == api::launched);
}

TEST_CASE("a step whose connection goes away while it waits gives up and the other player wins") {
  std::atomic<bool> second_open{true};
  ServerOptions options;
  options.connection_open = [&](std::uint64_t connection) { return connection != kSecond || second_open.load(); };
  GameServer server(options);
  start_two_player_game(server);
  auto waiting = std::async(std::launch::async, [&] { return send(server, kSecond, step_request(8)); });
  CHECK(still_waiting(waiting));
  second_open = false;
  const auto abandoned = waiting.get();
  REQUIRE(abandoned.error_size() == 1);
  CHECK(abandoned.error(0).find("went away") != std::string::npos);
  CHECK(server.status() == api::ended);
  CHECK(observe_as(server, kFirst).player_result(0).result() == api::Victory);
}

TEST_CASE("the first join gives up when the second player never comes, the seat is free again") {
  ServerOptions options;
  options.join_wait = 300ms;
  GameServer server(options);
  REQUIRE_FALSE(send(server, kHost, two_player_create()).create_game().has_error());
  const auto alone = send(server, kFirst, join_request());
  REQUIRE(alone.join_game().has_error());
  CHECK(alone.join_game().error_details() == "the other player did not join within 0.3 s; the seat is free again");
  CHECK(alone.status() == api::init_game);
  start_two_player_game(server);  // create again, both join: works
}

TEST_CASE("two-player refusals: a third join, restart_game, a bad race") {
  GameServer server;
  REQUIRE_FALSE(send(server, kHost, two_player_create()).create_game().has_error());
  api::Request zerg = join_request();
  zerg.mutable_join_game()->set_race(api::Zerg);
  const auto refused = send(server, kFirst, zerg);
  REQUIRE(refused.join_game().has_error());
  CHECK(refused.join_game().error_details().find("Terran only") != std::string::npos);
  CHECK(server.status() == api::init_game);

  auto first = std::async(std::launch::async, [&] { return send(server, kFirst, join_request()); });
  REQUIRE(still_waiting(first));
  REQUIRE_FALSE(send(server, kSecond, join_request()).join_game().has_error());
  REQUIRE_FALSE(first.get().join_game().has_error());

  const auto third = send(server, 3, join_request());
  CHECK((third.error_size() == 1 || third.join_game().has_error()));
  CHECK(third.status() == api::in_game);
  api::Request restart;
  restart.mutable_restart_game();
  const auto restarted = send(server, kFirst, restart);
  REQUIRE(restarted.error_size() == 1);
  CHECK(restarted.error(0).find("created again") != std::string::npos);
  CHECK(server.status() == api::in_game);
}
