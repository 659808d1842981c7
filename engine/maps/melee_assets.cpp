#include "engine/maps/melee_assets.h"

#include <map>
#include <mutex>

#include "engine/maps/asset_reader.h"

namespace sc2::engine {

namespace {

using asset_reader::format_rect;
using asset_reader::json;
using asset_reader::Reader;

constexpr int kPlayers = 2;  // every melee map here is a two-player map

CellRect rect_of(const Reader& in, const json& parent, std::string_view where, std::string_view key) {
  const std::string at = std::string(where) + std::string(key) + ".";
  const json& rect = in.object(parent, where, key);
  in.only_keys(rect, at, {"x0", "y0", "x1", "y1"});
  constexpr int kAny = 1 << 20;  // checked against the map by the caller
  CellRect r{in.integer(rect, at, "x0", -kAny, kAny), in.integer(rect, at, "y0", -kAny, kAny),
             in.integer(rect, at, "x1", -kAny, kAny), in.integer(rect, at, "y1", -kAny, kAny)};
  if (r.x0 >= r.x1 || r.y0 >= r.y1) in.fail("\"" + at.substr(0, at.size() - 1) + "\" " + format_rect(r) + " is empty");
  return r;
}

bool inside(const CellRect& inner, const CellRect& outer) {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

// A cell on the edge of `area` that is not on the edge of the playable area.
bool cliff_cell(const CellRect& area, const CellRect& playable, int x, int y) {
  const bool edge_x = (x == area.x0 && x != playable.x0) || (x == area.x1 - 1 && x != playable.x1 - 1);
  const bool edge_y = (y == area.y0 && y != playable.y0) || (y == area.y1 - 1 && y != playable.y1 - 1);
  return edge_x || edge_y;
}

MeleeBaseSpec melee_base_from(const Reader& in, const json& doc) {
  in.expect_kind(doc, "melee_base");
  in.only_keys(doc, "", {"kind", "mineral_fields", "geysers", "workers"});
  return {in.points(doc, "", "mineral_fields"), in.points(doc, "", "geysers"), in.points(doc, "", "workers")};
}

}  // namespace

MapLayout MeleeMapAsset::build_layout() const {
  MapLayout map = layout.build();
  for (const HighGround& high : high_ground) {
    const std::uint8_t ramp_height = static_cast<std::uint8_t>((high.height + layout.ground_height) / 2);
    for (int y = high.area.y0; y < high.area.y1; ++y) {
      for (int x = high.area.x0; x < high.area.x1; ++x) {
        const std::size_t c = map.cell(x, y);
        map.terrain_height[c] = high.height;
        if (!cliff_cell(high.area, layout.playable, x, y)) continue;
        bool ramp = false;
        for (const CellRect& r : high.ramps) ramp = ramp || r.contains(x, y);
        map.pathable[c] = ramp ? 1 : 0;
        map.buildable[c] = 0;
        if (ramp) map.terrain_height[c] = ramp_height;
      }
    }
  }
  return map;
}

MeleeBaseSpec parse_melee_base_asset(std::string_view file, std::string_view text) {
  const Reader in(file);
  return melee_base_from(in, in.parse(text));
}

MeleeMapAsset parse_melee_map_asset(std::string_view file, std::string_view text, const AssetLookup& lookup) {
  const Reader in(file);
  const json doc = in.parse(text);
  in.expect_kind(doc, "melee_map");  // first: a file of another kind has other keys
  in.only_keys(doc, "", {"kind", "map", "order", "time_limit_loops", "description", "layout", "base",
                         "start_locations", "high_ground"});
  MeleeMapAsset asset;
  asset.name = in.string(doc, "", "map");
  asset.order = in.integer(doc, "", "order", 1, 9999);
  asset.time_limit_loops =
      static_cast<std::uint32_t>(in.integer(doc, "", "time_limit_loops", 1, static_cast<int>(kMaxTimeLimitLoops)));
  asset.description = in.string(doc, "", "description");
  if (asset.description.empty() || asset.description.find('\n') != std::string::npos) {
    in.fail("\"description\" must be one non-empty line");
  }
  asset.layout = in.layout(in.object(doc, "", "layout"), "layout.");
  const CellRect& playable = asset.layout.playable;

  const auto [stem, shared] = in.shared_file(doc, "base", lookup);
  asset.base = parse_melee_base_asset(map_asset_path(stem), shared);

  const json& starts = in.typed(doc, "", "start_locations", json::value_t::array, "a list");
  if (starts.size() != kPlayers) {
    in.fail("\"start_locations\" must list " + std::to_string(kPlayers) + " starts (one per player), got " +
            std::to_string(starts.size()));
  }
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::string where = "start_locations[" + std::to_string(i) + "].";
    const json& start = starts[i];
    if (!start.is_object()) in.fail("\"" + where.substr(0, where.size() - 1) + "\" must be an object");
    in.only_keys(start, where, {"command_center", "mineral_side"});
    StartLocation s;
    s.command_center = in.point(start, where, "command_center");
    const std::string side = in.string(start, where, "mineral_side");
    if (side != "west" && side != "east") {
      in.fail("\"" + where + "mineral_side\" must be \"west\" or \"east\", got \"" + side + "\"");
    }
    s.minerals_east = side == "east";
    // The whole base must stand on the map.
    std::vector<Vec2> spots{s.command_center};
    for (const auto* list : {&asset.base.mineral_fields, &asset.base.geysers, &asset.base.workers}) {
      for (Vec2 offset : *list) spots.push_back(s.place(offset));
    }
    in.inside(spots, playable, "the base at " + where.substr(0, where.size() - 1) + ": a");
    asset.start_locations.push_back(s);
  }

  if (doc.contains("high_ground")) {
    const json& list = in.typed(doc, "", "high_ground", json::value_t::array, "a list");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = "high_ground[" + std::to_string(i) + "].";
      const json& item = list[i];
      if (!item.is_object()) in.fail("\"" + where.substr(0, where.size() - 1) + "\" must be an object");
      in.only_keys(item, where, {"area", "height", "ramps"});
      HighGround high;
      high.area = rect_of(in, item, where, "area");
      if (!inside(high.area, playable)) {
        in.fail("\"" + where + "area\" " + format_rect(high.area) + " lies outside the playable area " +
                format_rect(playable));
      }
      high.height = static_cast<std::uint8_t>(in.integer(item, where, "height", 0, 255));
      if (item.contains("ramps")) {
        const json& ramps = in.typed(item, where, "ramps", json::value_t::array, "a list");
        for (std::size_t r = 0; r < ramps.size(); ++r) {
          const std::string at = where + "ramps[" + std::to_string(r) + "]";
          const json wrapper = json{{"ramp", ramps[r]}};
          const CellRect ramp = rect_of(in, wrapper, at + ".", "ramp");
          bool on_cliff = false;
          for (int y = ramp.y0; y < ramp.y1; ++y) {
            for (int x = ramp.x0; x < ramp.x1; ++x) {
              on_cliff = on_cliff || (high.area.contains(x, y) && cliff_cell(high.area, playable, x, y));
            }
          }
          if (!on_cliff) in.fail("\"" + at + "\" " + format_rect(ramp) + " does not cross the area's cliff edge");
          high.ramps.push_back(ramp);
        }
      }
      asset.high_ground.push_back(std::move(high));
    }
  }
  return asset;
}

const MeleeMapAsset& melee_map_asset(std::string_view map_name) {
  // Games are made on several threads (one server each): parse each map once, under a lock.
  static std::mutex mutex;
  static std::map<std::string, MeleeMapAsset, std::less<>> cache;
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(map_name); it != cache.end()) return it->second;
  const std::string path = map_asset_path(map_name);
  const auto text = embedded_map_asset_text(map_name);
  if (!text) throw MapAssetError(path + ": no such melee map asset is compiled in");
  MeleeMapAsset asset = parse_melee_map_asset(path, *text, &embedded_map_asset_text);
  if (asset.name != map_name) {
    throw MapAssetError(path + ": \"map\" says \"" + asset.name + "\", but the file is " + std::string(map_name) + "'s");
  }
  return cache.emplace(std::string(map_name), std::move(asset)).first->second;
}

}  // namespace sc2::engine
