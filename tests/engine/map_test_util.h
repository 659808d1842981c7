#pragma once
// Helpers for the per-map tests: start a named mini-game, read units by type, raw commands.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/server/game.h"
#include "tests/engine/engine_test_util.h"

namespace sc2::engine::test {

inline std::string map_path(const std::string& name) { return "mini_games/" + name + ".SC2Map"; }

// The map files' defeat trigger waits 2 s (Wait(2.0, c_timeReal), counted as game time) after the
// deaths that leave no Marine, then pauses every unit, which ends the episode (spec §2.6): the
// episode's last loop is the 32nd counting the one the deaths happen in.
inline constexpr std::uint32_t kDefeatWaitLoops = 32;

// Steps the game one loop at a time until it ends; the loops stepped (`limit` + 1 if it did not).
inline std::uint32_t loops_until_end(Game& game, std::uint32_t limit = 100) {
  std::uint32_t loops = 0;
  while (!game.ended() && loops <= limit) {
    game.step(1);
    ++loops;
  }
  return loops;
}

inline void start_map(GameServer& server, const std::string& name, std::uint32_t seed, const Interface& i = {}) {
  auto created = call(server, create_request(seed, map_path(name)));
  REQUIRE(created.error_size() == 0);
  REQUIRE_FALSE(created.create_game().has_error());
  auto joined = call(server, join_request(i));
  REQUIRE(joined.error_size() == 0);
  REQUIRE_FALSE(joined.join_game().has_error());
}

inline std::vector<api::Unit> units_of(const api::ResponseObservation& obs, std::uint32_t type) {
  std::vector<api::Unit> out;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.unit_type() == type) out.push_back(u);
  }
  return out;
}

inline std::vector<std::uint64_t> tags_of(const std::vector<api::Unit>& units) {
  std::vector<std::uint64_t> tags;
  for (const auto& u : units) tags.push_back(u.tag());
  return tags;
}

inline api::Action raw_command(const std::vector<std::uint64_t>& tags, int ability) {
  api::Action a;
  auto* cmd = a.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(ability);
  for (auto t : tags) cmd->add_unit_tags(t);
  return a;
}

inline api::Action raw_attack_unit(const std::vector<std::uint64_t>& tags, std::uint64_t target) {
  api::Action a = raw_command(tags, 23);
  a.mutable_action_raw()->mutable_unit_command()->set_target_unit_tag(target);
  return a;
}

inline api::Action raw_move(const std::vector<std::uint64_t>& tags, float x, float y, int ability = 16) {
  api::Action a = raw_command(tags, ability);
  auto* p = a.mutable_action_raw()->mutable_unit_command()->mutable_target_world_space_pos();
  p->set_x(x);
  p->set_y(y);
  return a;
}

inline api::Request restart_request() {
  api::Request r;
  r.mutable_restart_game();
  return r;
}

// The live unit with the least health (lowest tag on ties).
inline const api::Unit* weakest(const std::vector<api::Unit>& units) {
  const api::Unit* best = nullptr;
  for (const auto& u : units) {
    if (best == nullptr || u.health() < best->health() || (u.health() == best->health() && u.tag() < best->tag())) {
      best = &u;
    }
  }
  return best;
}

}  // namespace sc2::engine::test
