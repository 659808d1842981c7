#include "engine/maps/map_assets.h"

#include <map>
#include <mutex>

#include "engine/map_assets_embedded.h"  // generated from assets/maps/*.json (engine/CMakeLists.txt)
#include "engine/maps/asset_reader.h"

namespace sc2::engine {

namespace {

using nlohmann::json;
using asset_reader::Reader;

constexpr std::string_view kSingleScreen = "SingleScreen";
constexpr std::string_view kEconomyBase = "EconomyBase";

EconomyBaseSpec economy_base_from(const Reader& in, const json& doc) {
  in.expect_kind(doc, "economy_base");  // first: a file of another kind has other keys
  in.only_keys(doc, "",
               {"kind", "command_center", "east_mineral_line", "west_mineral_line", "geysers", "worker_offsets"});
  EconomyBaseSpec base;
  const json& cc = in.member(doc, "", "command_center");
  if (!cc.is_array() || cc.size() != 2 || !cc[0].is_number() || !cc[1].is_number()) {
    in.fail("\"command_center\" must be an [x, y] pair of numbers, got " + cc.dump());
  }
  base.command_center = {static_cast<float>(cc[0].get<double>()), static_cast<float>(cc[1].get<double>())};
  base.east_mineral_line = in.points(doc, "", "east_mineral_line");
  base.west_mineral_line = in.points(doc, "", "west_mineral_line");
  base.geysers = in.points(doc, "", "geysers");
  base.worker_offsets = in.points(doc, "", "worker_offsets");
  return base;
}

// A non-empty {x0, y0, x1, y1} rectangle in world units, inside the playable area.
RegionRect region_rect(const Reader& in, const json& parent, const std::string& where, std::string_view key,
                       const CellRect& playable) {
  const std::string rect_where = where + std::string(key) + ".";
  const json& rect = in.object(parent, where, key);
  in.only_keys(rect, rect_where, {"x0", "y0", "x1", "y1"});
  const RegionRect r{in.number(rect, rect_where, "x0"), in.number(rect, rect_where, "y0"),
                     in.number(rect, rect_where, "x1"), in.number(rect, rect_where, "y1")};
  const std::string name = where + std::string(key);
  if (!(r.x0 < r.x1 && r.y0 < r.y1)) in.fail("\"" + name + "\" is empty (x0 < x1 and y0 < y1 needed)");
  in.inside({Vec2{r.x0, r.y0}, Vec2{r.x1, r.y1}}, playable, name);
  return r;
}

}  // namespace

MapLayout LayoutSpec::build() const {
  MapLayout map = make_flat_layout(width, height, playable, ground_height, border_height);
  map.camera_bounds = camera_bounds;
  map.camera_start = camera_start;
  map.camera_locked = camera_locked;
  return map;
}

Vec2 LayoutSpec::centre() const {
  return {static_cast<float>(playable.x0 + playable.x1) * 0.5f, static_cast<float>(playable.y0 + playable.y1) * 0.5f};
}

std::vector<Vec2> EconomyBaseSpec::worker_spots(int side) const {
  std::vector<Vec2> spots;
  for (Vec2 offset : worker_offsets) {
    spots.push_back({command_center.x + offset.x * static_cast<float>(side), command_center.y + offset.y});
  }
  return spots;
}

const EconomyBaseSpec& MapAsset::require_economy_base() const {
  if (!economy_base) throw MapAssetError(map_asset_path(name) + ": missing key \"economy_base\" (this map places a base)");
  return *economy_base;
}

const CombatSpawnRegions& MapAsset::require_spawn_regions() const {
  if (!spawn_regions) {
    throw MapAssetError(map_asset_path(name) + ": missing key \"spawn_regions\" (this map spawns two armies)");
  }
  return *spawn_regions;
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
                         "spawn_regions", "marine_spots"});
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
    in.inside(base.worker_spots(1), playable, "economy base east-side workers" + of);
    in.inside(base.worker_spots(-1), playable, "economy base west-side workers" + of);
    asset.economy_base = base;
  }
  if (doc.contains("spawn_regions")) {
    const json& regions = in.object(doc, "", "spawn_regions");
    in.only_keys(regions, "spawn_regions.", {"left", "right"});
    asset.spawn_regions = CombatSpawnRegions{region_rect(in, regions, "spawn_regions.", "left", playable),
                                             region_rect(in, regions, "spawn_regions.", "right", playable)};
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
