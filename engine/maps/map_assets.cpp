#include "engine/maps/map_assets.h"

#include <cstdio>
#include <initializer_list>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "engine/map_assets_embedded.h"  // generated from assets/maps/*.json (engine/CMakeLists.txt)

namespace sc2::engine {

namespace {

using nlohmann::json;

constexpr std::string_view kSingleScreen = "SingleScreen";
constexpr std::string_view kEconomyBase = "EconomyBase";

std::string quoted(std::string_view where, std::string_view key) {
  std::string out = "\"";
  out.append(where).append(key) += '"';
  return out;
}

std::string format_point(Vec2 p) {
  char text[64];
  std::snprintf(text, sizeof text, "(%g, %g)", static_cast<double>(p.x), static_cast<double>(p.y));
  return text;
}

std::string format_rect(const CellRect& r) {
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
    only_keys(object, where, {"width", "height", "playable", "ground_height", "border_height"});
    LayoutSpec spec;
    spec.width = integer(object, where, "width", 1, 256);  // SC2 maps are at most 256 cells a side
    spec.height = integer(object, where, "height", 1, 256);
    const std::string rect_where = std::string(where) + "playable.";
    const json& rect = this->object(object, where, "playable");
    only_keys(rect, rect_where, {"x0", "y0", "x1", "y1"});
    constexpr int kAny = 1 << 20;  // range checked below, against the map
    spec.playable = {integer(rect, rect_where, "x0", -kAny, kAny), integer(rect, rect_where, "y0", -kAny, kAny),
                     integer(rect, rect_where, "x1", -kAny, kAny), integer(rect, rect_where, "y1", -kAny, kAny)};
    const CellRect& r = spec.playable;
    if (r.x0 >= r.x1 || r.y0 >= r.y1) fail("playable rect " + format_rect(r) + " is empty (x0 < x1 and y0 < y1 needed)");
    if (r.x0 < 0 || r.y0 < 0 || r.x1 > spec.width || r.y1 > spec.height) {
      fail("playable rect " + format_rect(r) + " lies outside the " + std::to_string(spec.width) + "x" +
           std::to_string(spec.height) + " map");
    }
    spec.ground_height = static_cast<std::uint8_t>(integer(object, where, "ground_height", 0, 255));
    spec.border_height = static_cast<std::uint8_t>(integer(object, where, "border_height", 0, 255));
    return spec;
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

EconomyBaseSpec economy_base_from(const Reader& in, const json& doc) {
  in.expect_kind(doc, "economy_base");  // first: a file of another kind has other keys
  in.only_keys(doc, "", {"kind", "command_center", "east_mineral_line", "west_mineral_line", "geysers", "workers"});
  EconomyBaseSpec base;
  const json& cc = in.member(doc, "", "command_center");
  if (!cc.is_array() || cc.size() != 2 || !cc[0].is_number() || !cc[1].is_number()) {
    in.fail("\"command_center\" must be an [x, y] pair of numbers, got " + cc.dump());
  }
  base.command_center = {static_cast<float>(cc[0].get<double>()), static_cast<float>(cc[1].get<double>())};
  base.east_mineral_line = in.points(doc, "", "east_mineral_line");
  base.west_mineral_line = in.points(doc, "", "west_mineral_line");
  base.geysers = in.points(doc, "", "geysers");
  base.workers = in.points(doc, "", "workers");
  return base;
}

}  // namespace

Vec2 LayoutSpec::centre() const {
  return {static_cast<float>(playable.x0 + playable.x1) * 0.5f, static_cast<float>(playable.y0 + playable.y1) * 0.5f};
}

const EconomyBaseSpec& MapAsset::require_economy_base() const {
  if (!economy_base) throw MapAssetError(map_asset_path(name) + ": missing key \"economy_base\" (this map places a base)");
  return *economy_base;
}

const CombatSides& MapAsset::require_sides() const {
  if (!sides) throw MapAssetError(map_asset_path(name) + ": missing key \"sides\" (this map lines up two armies)");
  return *sides;
}

const std::vector<Vec2>& MapAsset::require_marine_spots() const {
  if (marine_spots.empty()) throw MapAssetError(map_asset_path(name) + ": missing key \"marine_spots\"");
  return marine_spots;
}

LayoutSpec parse_layout_asset(std::string_view file, std::string_view text) {
  const Reader in(file);
  json doc = in.parse(text);
  in.expect_kind(doc, "layout");
  doc.erase("kind");
  return in.layout(doc, "");
}

EconomyBaseSpec parse_economy_base_asset(std::string_view file, std::string_view text) {
  const Reader in(file);
  return economy_base_from(in, in.parse(text));
}

MapAsset parse_map_asset(std::string_view file, std::string_view text, const AssetLookup& lookup) {
  const Reader in(file);
  const json doc = in.parse(text);
  in.expect_kind(doc, "mini_game");  // first: a file of another kind has other keys
  in.only_keys(doc, "", {"kind", "map", "rules", "order", "time_limit_loops", "description", "layout", "economy_base",
                         "sides", "marine_spots"});
  MapAsset asset;
  asset.name = in.string(doc, "", "map");
  asset.rules = in.string(doc, "", "rules");
  asset.order = in.integer(doc, "", "order", 1, 9999);
  asset.time_limit_loops =
      static_cast<std::uint32_t>(in.integer(doc, "", "time_limit_loops", 1, static_cast<int>(kMaxTimeLimitLoops)));
  asset.description = in.string(doc, "", "description");
  if (asset.description.empty() || asset.description.find('\n') != std::string::npos) {
    in.fail("\"description\" must be one non-empty line");
  }

  const json& layout = in.member(doc, "", "layout");
  if (layout.is_string()) {
    const auto [stem, shared] = in.shared_file(doc, "layout", lookup);
    asset.shared_layout = stem;
    asset.layout = parse_layout_asset(map_asset_path(stem), shared);
  } else if (layout.is_object()) {
    asset.layout = in.layout(layout, "layout.");
  } else {
    in.fail(std::string("\"layout\" must be a shared layout's name or a layout object, got ") + layout.type_name());
  }
  const CellRect& playable = asset.layout.playable;

  if (doc.contains("economy_base")) {
    const auto [stem, shared] = in.shared_file(doc, "economy_base", lookup);
    const EconomyBaseSpec base = parse_economy_base_asset(map_asset_path(stem), shared);
    const std::string of = " of \"" + stem + "\"";
    in.inside({base.command_center}, playable, "economy base command_center" + of);
    in.inside(base.east_mineral_line, playable, "economy base east_mineral_line" + of);
    in.inside(base.west_mineral_line, playable, "economy base west_mineral_line" + of);
    in.inside(base.geysers, playable, "economy base geysers" + of);
    in.inside(base.workers, playable, "economy base workers" + of);
    asset.economy_base = base;
  }
  if (doc.contains("sides")) {
    const json& sides = in.object(doc, "", "sides");
    in.only_keys(sides, "sides.", {"west_x", "east_x"});
    const CombatSides s{in.number(sides, "sides.", "west_x"), in.number(sides, "sides.", "east_x")};
    if (!(s.west_x < s.east_x)) in.fail("\"sides.west_x\" must be less than \"sides.east_x\"");
    const float mid_y = asset.layout.centre().y;
    in.inside(std::vector<Vec2>{Vec2{s.west_x, mid_y}, Vec2{s.east_x, mid_y}}, playable, "sides");
    asset.sides = s;
  }
  if (doc.contains("marine_spots")) {
    asset.marine_spots = in.points(doc, "", "marine_spots");
    in.inside(asset.marine_spots, playable, "marine_spots");
  }
  return asset;
}

std::optional<std::string_view> embedded_map_asset_text(std::string_view stem) {
  for (const embedded::EmbeddedText& file : embedded::kMapAssetFiles) {
    if (file.stem == stem) return file.text;
  }
  return std::nullopt;
}

std::vector<std::string_view> embedded_map_asset_stems() {
  std::vector<std::string_view> stems;
  for (const embedded::EmbeddedText& file : embedded::kMapAssetFiles) stems.push_back(file.stem);
  return stems;
}

std::string map_asset_path(std::string_view stem) { return "assets/maps/" + std::string(stem) + ".json"; }

const MapAsset& map_asset(std::string_view map_name) {
  // Games are made on several threads (one server each): parse each map once, under a lock.
  static std::mutex mutex;
  static std::map<std::string, MapAsset, std::less<>> cache;
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(map_name); it != cache.end()) return it->second;
  const std::string path = map_asset_path(map_name);
  const auto text = embedded_map_asset_text(map_name);
  if (!text) throw MapAssetError(path + ": no such mini-game asset is compiled in");
  MapAsset asset = parse_map_asset(path, *text, &embedded_map_asset_text);
  if (asset.name != map_name) {
    throw MapAssetError(path + ": \"map\" says \"" + asset.name + "\", but the file is " + std::string(map_name) + "'s");
  }
  return cache.emplace(std::string(map_name), std::move(asset)).first->second;
}

const LayoutSpec& single_screen_asset() {
  static const LayoutSpec spec = parse_layout_asset(map_asset_path(kSingleScreen), embedded::SingleScreen_json);
  return spec;
}

const EconomyBaseSpec& economy_base_asset() {
  static const EconomyBaseSpec base = parse_economy_base_asset(map_asset_path(kEconomyBase), embedded::EconomyBase_json);
  return base;
}

}  // namespace sc2::engine
