#pragma once
// Reading the map data files (assets/maps/*.json): one file's JSON with every problem
// reported as "<file>: <problem>" (a MapAssetError). Shared by the mini-game assets
// (map_assets.cpp) and the melee maps (melee_assets.cpp), header-only so both stay short.
#include <cstdio>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/maps/map_assets.h"

namespace sc2::engine::asset_reader {

using nlohmann::json;

inline std::string quoted(std::string_view where, std::string_view key) {
  std::string out = "\"";
  out.append(where).append(key) += '"';
  return out;
}

inline std::string format_point(Vec2 p) {
  char text[64];
  std::snprintf(text, sizeof text, "(%g, %g)", static_cast<double>(p.x), static_cast<double>(p.y));
  return text;
}

inline std::string format_rect(const CellRect& r) {
  char text[96];
  std::snprintf(text, sizeof text, "(%d,%d)-(%d,%d)", r.x0, r.y0, r.x1, r.y1);
  return text;
}

// Reads values out of one file's JSON; every problem becomes "<file>: <problem>".
class Reader {
 public:
  explicit Reader(std::string_view file) : file_(file) {}

  [[noreturn]] void fail(const std::string& problem) const { throw MapAssetError(file_ + ": " + problem); }

  json parse(std::string_view text) const {
    json doc;
    try {
      doc = json::parse(text, nullptr, true, /*ignore_comments=*/true);
    } catch (const json::parse_error& e) {
      fail(std::string("not valid JSON: ") + e.what());
    }
    if (!doc.is_object()) fail("the top level must be a JSON object, got " + std::string(doc.type_name()));
    return doc;
  }

  // Keys outside `allowed` are typos or data nobody reads: refuse them.
  void only_keys(const json& object, std::string_view where, std::initializer_list<std::string_view> allowed) const {
    for (const auto& item : object.items()) {
      bool known = false;
      for (std::string_view key : allowed) known = known || item.key() == key;
      if (!known) fail("unknown key " + quoted(where, item.key()));
    }
  }

  const json& member(const json& object, std::string_view where, std::string_view key) const {
    const auto it = object.find(std::string(key));
    if (it == object.end()) fail("missing key " + quoted(where, key));
    return *it;
  }

  const json& typed(const json& object, std::string_view where, std::string_view key, json::value_t type,
                    std::string_view type_name) const {
    const json& value = member(object, where, key);
    const bool ok = type == json::value_t::number_integer ? value.is_number_integer()
                    : type == json::value_t::number_float ? value.is_number()
                                                          : value.type() == type;
    if (!ok) fail(quoted(where, key) + " must be " + std::string(type_name) + ", got " + value.type_name());
    return value;
  }

  int integer(const json& object, std::string_view where, std::string_view key, int min, int max) const {
    const double v = typed(object, where, key, json::value_t::number_integer, "an integer").get<double>();
    if (v < min || v > max) {
      fail(quoted(where, key) + " must be " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
           object.at(std::string(key)).dump());
    }
    return static_cast<int>(v);
  }

  float number(const json& object, std::string_view where, std::string_view key) const {
    const double v = typed(object, where, key, json::value_t::number_float, "a number").get<double>();
    return static_cast<float>(v);
  }

  std::string string(const json& object, std::string_view where, std::string_view key) const {
    return typed(object, where, key, json::value_t::string, "a string").get<std::string>();
  }

  const json& object(const json& parent, std::string_view where, std::string_view key) const {
    return typed(parent, where, key, json::value_t::object, "an object");
  }

  // One [x, y] point.
  Vec2 point(const json& object, std::string_view where, std::string_view key) const {
    const json& p = member(object, where, key);
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
      fail(quoted(where, key) + " must be an [x, y] pair of numbers, got " + p.dump());
    }
    return {static_cast<float>(p[0].get<double>()), static_cast<float>(p[1].get<double>())};
  }

  // A list of [x, y] points.
  std::vector<Vec2> points(const json& object, std::string_view where, std::string_view key) const {
    const json& list = typed(object, where, key, json::value_t::array, "a list of [x, y] points");
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& p = list[i];
      if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
        fail(quoted(where, key) + " item " + std::to_string(i) + " must be an [x, y] pair of numbers, got " + p.dump());
      }
      out.push_back({static_cast<float>(p[0].get<double>()), static_cast<float>(p[1].get<double>())});
    }
    if (out.empty()) fail(quoted(where, key) + " must not be empty");
    return out;
  }

  // Spawn spots must be on the playable area (the simulation clamps units into it).
  void inside(const std::vector<Vec2>& spots, const CellRect& playable, const std::string& what) const {
    for (Vec2 p : spots) {
      if (!(p.x >= playable.x0 && p.x <= playable.x1 && p.y >= playable.y0 && p.y <= playable.y1)) {
        fail(what + " point " + format_point(p) + " lies outside the playable area " + format_rect(playable));
      }
    }
  }

  LayoutSpec layout(const json& object, std::string_view where) const {
    only_keys(object, where, {"width", "height", "playable", "camera", "ground_height", "border_height"});
    LayoutSpec spec;
    spec.width = integer(object, where, "width", 1, 256);  // SC2 maps are at most 256 cells a side
    spec.height = integer(object, where, "height", 1, 256);
    spec.playable = rect_in_map(object, where, "playable", spec);
    if (object.contains("camera")) {
      const std::string camera_where = std::string(where) + "camera.";
      const json& camera = this->object(object, where, "camera");
      only_keys(camera, camera_where, {"bounds", "start", "locked"});
      spec.camera_bounds = rect_in_map(camera, camera_where, "bounds", spec);
      spec.camera_start = point(camera, camera_where, "start");
      const Vec2 s = *spec.camera_start;
      const CellRect& b = spec.camera_bounds;
      if (!(s.x >= b.x0 && s.x <= b.x1 && s.y >= b.y0 && s.y <= b.y1)) {
        fail("camera start " + format_point(s) + " lies outside the camera bounds " + format_rect(b));
      }
      spec.camera_locked = typed(camera, camera_where, "locked", json::value_t::boolean, "true or false").get<bool>();
    }
    spec.ground_height = static_cast<std::uint8_t>(integer(object, where, "ground_height", 0, 255));
    spec.border_height = static_cast<std::uint8_t>(integer(object, where, "border_height", 0, 255));
    return spec;
  }

  // A non-empty {x0, y0, x1, y1} cell rectangle inside the layout's map.
  CellRect rect_in_map(const json& object, std::string_view where, std::string_view key, const LayoutSpec& spec) const {
    const std::string rect_where = std::string(where) + std::string(key) + ".";
    const json& rect = this->object(object, where, key);
    only_keys(rect, rect_where, {"x0", "y0", "x1", "y1"});
    constexpr int kAny = 1 << 20;  // range checked below, against the map
    const CellRect r{integer(rect, rect_where, "x0", -kAny, kAny), integer(rect, rect_where, "y0", -kAny, kAny),
                     integer(rect, rect_where, "x1", -kAny, kAny), integer(rect, rect_where, "y1", -kAny, kAny)};
    const std::string name = key == "playable" ? "playable rect " : std::string(where) + std::string(key) + " rect ";
    if (r.x0 >= r.x1 || r.y0 >= r.y1) fail(name + format_rect(r) + " is empty (x0 < x1 and y0 < y1 needed)");
    if (r.x0 < 0 || r.y0 < 0 || r.x1 > spec.width || r.y1 > spec.height) {
      fail(name + format_rect(r) + " lies outside the " + std::to_string(spec.width) + "x" +
           std::to_string(spec.height) + " map");
    }
    return r;
  }

  // Every file says what it is: "mini_game", "layout" or "economy_base".
  void expect_kind(const json& doc, std::string_view kind) const {
    const std::string got = string(doc, "", "kind");
    if (got != kind) {
      fail("\"kind\" must be \"" + std::string(kind) + "\" (the file is read as one), got \"" + got + "\"");
    }
  }

  // The text of the shared file `key` names.
  std::pair<std::string, std::string_view> shared_file(const json& object, std::string_view key,
                                                       const AssetLookup& lookup) const {
    const std::string stem = string(object, "", key);
    const auto text = lookup ? lookup(stem) : std::nullopt;
    if (!text) fail(quoted("", key) + " names \"" + stem + "\", but there is no " + map_asset_path(stem));
    return {stem, *text};
  }

 private:
  std::string file_;
};

}  // namespace sc2::engine::asset_reader
