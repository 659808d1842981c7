#pragma once
// Helpers for tests of two-Participant games on one in-process GameServer: each player is a
// connection id; joins and steps that wait for the other player run on a second thread.
#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "tests/engine/engine_test_util.h"

namespace sc2::engine::test {

inline constexpr ConnectionId kHost = 10, kFirst = 1, kSecond = 2;
inline constexpr std::uint32_t kScv = 45;
inline constexpr std::uint32_t kCommandCenter = 18;

inline api::Request two_player_create(const std::string& map = "Melee/Flat64.SC2Map", std::uint32_t seed = 7) {
  api::Request r = create_request(seed, map);
  r.mutable_create_game()->add_player_setup()->set_type(api::Participant);
  return r;
}

inline api::Response send(GameServer& server, ConnectionId connection, api::Request request) {
  request.set_id(static_cast<std::uint32_t>(connection * 100));
  return server.handle(request, connection);
}

inline api::Request leave_request() {
  api::Request r;
  r.mutable_leave_game();
  return r;
}

inline api::Request step_request(std::uint32_t count) {
  api::Request r;
  r.mutable_step()->set_count(count);
  return r;
}

inline api::ResponseObservation observe_as(GameServer& server, ConnectionId connection) {
  api::Request r;
  r.mutable_observation();
  auto response = send(server, connection, r);
  REQUIRE(response.error_size() == 0);
  return response.observation();
}

inline bool still_waiting(std::future<api::Response>& answer) {
  return answer.wait_for(std::chrono::milliseconds(150)) == std::future_status::timeout;
}

// Creates a two-Participant game and joins both players (kFirst as player 1).
inline void start_two_player_game(GameServer& server, const api::Request& create = two_player_create(),
                                  const api::Request& join = join_request()) {
  REQUIRE_FALSE(send(server, kFirst, create).create_game().has_error());
  // The other player joins first; the creator still plays player 1.
  auto second_join = std::async(std::launch::async, [&] { return send(server, kSecond, join); });
  REQUIRE(still_waiting(second_join));
  auto first = std::async(std::launch::async, [&] { return send(server, kFirst, join); });
  auto second = second_join.get();
  REQUIRE_FALSE(second.join_game().has_error());
  REQUIRE(first.get().join_game().player_id() == 1);
  REQUIRE(second.join_game().player_id() == 2);
}

// Both players step `count` loops (lock-step); returns player 1's answer.
inline api::Response step_both(GameServer& server, std::uint32_t count) {
  auto first = std::async(std::launch::async, [&] { return send(server, kFirst, step_request(count)); });
  const auto second = send(server, kSecond, step_request(count));
  CHECK(second.error_size() == 0);
  return first.get();
}

inline std::vector<const api::Unit*> own_units(const api::ResponseObservation& obs, std::uint32_t type) {
  std::vector<const api::Unit*> out;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.alliance() == api::Self && u.unit_type() == type) out.push_back(&u);
  }
  return out;
}

inline api::Request raw_move(std::uint64_t tag, float x, float y) {
  api::Request r;
  auto* command = r.mutable_action()->add_actions()->mutable_action_raw()->mutable_unit_command();
  command->set_ability_id(16);  // Move
  command->add_unit_tags(tag);
  command->mutable_target_world_space_pos()->set_x(x);
  command->mutable_target_world_space_pos()->set_y(y);
  return r;
}

}  // namespace sc2::engine::test
