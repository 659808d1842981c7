#pragma once
// Helpers for the engine tests: build requests, drive a GameServer in-process, decode
// ImageData independently of the engine's encoder (straight from the spec).
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/server/game_server.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine::test {

namespace api = SC2APIProtocol;

inline constexpr const char* kBeaconMap = "mini_games/MoveToBeacon.SC2Map";
inline constexpr std::uint32_t kMarine = 48;
inline constexpr std::uint32_t kBeacon = 317;

struct Interface {
  int screen_w = 64, screen_h = 64, minimap_w = 64, minimap_h = 64;
  float width = 24.0f;
  bool raw = true;
  bool feature = true;
  bool crop = false;
  bool raw_crop = false;
  bool raw_affects_selection = false;
};

inline api::Request create_request(std::optional<std::uint32_t> seed = 7, const std::string& map = kBeaconMap) {
  api::Request r;
  auto* c = r.mutable_create_game();
  c->mutable_local_map()->set_map_path(map);
  c->mutable_local_map()->set_map_data("placeholder map bytes");
  c->add_player_setup()->set_type(api::Participant);
  if (seed) c->set_random_seed(*seed);
  return r;
}

inline api::Request join_request(const Interface& i = {}) {
  api::Request r;
  auto* j = r.mutable_join_game();
  j->set_race(api::Terran);
  auto* o = j->mutable_options();
  o->set_raw(i.raw);
  o->set_score(true);
  o->set_raw_crop_to_playable_area(i.raw_crop);
  if (i.raw_affects_selection) o->set_raw_affects_selection(true);
  if (i.feature) {
    auto* fl = o->mutable_feature_layer();
    fl->set_width(i.width);
    fl->mutable_resolution()->set_x(i.screen_w);
    fl->mutable_resolution()->set_y(i.screen_h);
    fl->mutable_minimap_resolution()->set_x(i.minimap_w);
    fl->mutable_minimap_resolution()->set_y(i.minimap_h);
    fl->set_crop_to_playable_area(i.crop);
  }
  return r;
}

inline api::Response call(GameServer& server, api::Request request, std::uint32_t id = 1) {
  request.set_id(id);
  api::Response response = server.handle(request);
  CHECK(response.has_status());
  CHECK(response.id() == id);
  return response;
}

inline void start_game(GameServer& server, std::optional<std::uint32_t> seed = 7, const Interface& i = {}) {
  auto created = call(server, create_request(seed));
  REQUIRE(created.error_size() == 0);
  REQUIRE_FALSE(created.create_game().has_error());
  auto joined = call(server, join_request(i));
  REQUIRE(joined.error_size() == 0);
  REQUIRE_FALSE(joined.join_game().has_error());
  REQUIRE(joined.status() == api::in_game);
}

inline api::ResponseObservation observe(GameServer& server) {
  api::Request r;
  r.mutable_observation();
  auto response = call(server, r);
  REQUIRE(response.error_size() == 0);
  REQUIRE(response.has_observation());
  return response.observation();
}

inline api::Response step(GameServer& server, std::uint32_t count) {
  api::Request r;
  r.mutable_step()->set_count(count);
  return call(server, r);
}

inline api::ResponseAction act(GameServer& server, const api::Action& action) {
  api::Request r;
  *r.mutable_action()->add_actions() = action;
  auto response = call(server, r);
  REQUIRE(response.error_size() == 0);
  REQUIRE(response.action().result_size() == 1);
  return response.action();
}

inline const api::Unit* find_unit(const api::ResponseObservation& obs, std::uint32_t type) {
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.unit_type() == type) return &u;
  }
  return nullptr;
}

// Decodes an ImageData into int32 values, row-major, following the spec (not the engine).
inline std::vector<std::int32_t> decode(const api::ImageData& image) {
  const std::size_t n = static_cast<std::size_t>(image.size().x()) * image.size().y();
  std::vector<std::int32_t> values(n, 0);
  const auto& d = image.data();
  for (std::size_t i = 0; i < n; ++i) {
    switch (image.bits_per_pixel()) {
      case 1: values[i] = (static_cast<unsigned char>(d[i / 8]) >> (7 - i % 8)) & 1; break;
      case 8: values[i] = static_cast<unsigned char>(d[i]); break;
      case 32: {
        std::uint32_t v = 0;
        for (int b = 0; b < 4; ++b) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(d[4 * i + b])) << (8 * b);
        values[i] = static_cast<std::int32_t>(v);
        break;
      }
      default: FAIL("unexpected bits per pixel " << image.bits_per_pixel());
    }
  }
  return values;
}

inline std::int32_t pixel(const api::ImageData& image, int x, int y) {
  return decode(image)[static_cast<std::size_t>(y) * image.size().x() + x];
}

struct Pixel {
  int x, y;
};

// PySC2's world -> screen mapping (pysc2-action-mapping.md §4).
inline Pixel world_to_screen(const api::Point& camera, float width, int W, int H, float x, float y) {
  return {static_cast<int>(std::floor((x - camera.x()) * W / width + W / 2.0f)),
          static_cast<int>(std::floor((camera.y() - y) * H / width + H / 2.0f))};
}

inline api::Action move_screen(int x, int y, std::int32_t ability = 3794, bool queue = false) {
  api::Action a;
  auto* cmd = a.mutable_action_feature_layer()->mutable_unit_command();
  cmd->set_ability_id(ability);
  cmd->mutable_target_screen_coord()->set_x(x);
  cmd->mutable_target_screen_coord()->set_y(y);
  cmd->set_queue_command(queue);
  return a;
}

inline api::Action select_army() {
  api::Action a;
  a.mutable_action_ui()->mutable_select_army()->set_selection_add(false);
  return a;
}

inline api::Action select_point(int x, int y, api::ActionSpatialUnitSelectionPoint::Type type =
                                                   api::ActionSpatialUnitSelectionPoint::Select) {
  api::Action a;
  auto* sp = a.mutable_action_feature_layer()->mutable_unit_selection_point();
  sp->mutable_selection_screen_coord()->set_x(x);
  sp->mutable_selection_screen_coord()->set_y(y);
  sp->set_type(type);
  return a;
}

inline api::Action select_rect(int x0, int y0, int x1, int y1, bool add = false) {
  api::Action a;
  auto* sr = a.mutable_action_feature_layer()->mutable_unit_selection_rect();
  auto* rect = sr->add_selection_screen_coord();
  rect->mutable_p0()->set_x(x0);
  rect->mutable_p0()->set_y(y0);
  rect->mutable_p1()->set_x(x1);
  rect->mutable_p1()->set_y(y1);
  sr->set_selection_add(add);
  return a;
}

}  // namespace sc2::engine::test
