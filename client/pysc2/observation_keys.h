#pragma once
// Builders of the structured observation keys (pysc2-features.md §5), one per source
// message, and the world -> feature-layer pixel mapping the unit keys use
// (pysc2-action-mapping.md §4). to_observation() calls these; they are public for tests
// and for views that rebuild one key.
#include <array>
#include <cstdint>

#include "client/pysc2/observation.h"
#include "client/pysc2/table.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

// A float observation value as PySC2 stores it in an integer array: truncated toward zero
// (NaN gives 0, values beyond the int64 range saturate).
std::int64_t truncate_to_int(double value);

// World (origin bottom-left, y up) -> pixel (origin top-left, y down):
//   px = floor((x - origin_x) * scale_x + offset_x), py = floor((origin_y - y) * scale_y + offset_y).
class PixelMapping {
 public:
  PixelMapping() = default;  // invalid: maps nothing (valid() is false)
  // The screen layers: a camera centred on (camera_x, camera_y) showing camera_width world
  // units across; px = floor((x - cx)·W/cw + W/2), py = floor((cy - y)·H/cw + H/2).
  static PixelMapping screen(double camera_x, double camera_y, double camera_width, int width, int height);
  // The minimap layers: the whole map (the playable area when the game info's feature layer
  // setup crops to it), y flipped, scaled by resolution / max(map width, map height).
  // Invalid when the game info has no map size.
  static PixelMapping minimap(const SC2APIProtocol::ResponseGameInfo& game_info, int width, int height);
  // Raw-resolution pixels with PySC2's default raw resolution (= the map size, or the
  // playable area's size when the raw view is cropped).
  static PixelMapping raw(const SC2APIProtocol::ResponseGameInfo& game_info);
  // A world rectangle (left edge, top edge, size) onto width x height pixels, y flipped,
  // scaled by resolution / max(area width, area height).
  static PixelMapping area(double left, double top, double area_width, double area_height, int width, int height);

  bool valid() const { return width_ > 0 && height_ > 0 && scale_x_ > 0.0; }
  int width() const { return width_; }
  int height() const { return height_; }
  std::array<std::int64_t, 2> pixel(double x, double y) const;
  // A world distance (a radius) in pixels with the x scale, truncated.
  std::int64_t distance(double world) const;
  // A world length along each axis in pixels (x scale, y scale), truncated: camera_size.
  std::array<std::int64_t, 2> extent(double world) const;
  bool inside(const std::array<std::int64_t, 2>& pixel) const;

 private:
  double origin_x_ = 0, origin_y_ = 0, scale_x_ = 0, scale_y_ = 0, offset_x_ = 0, offset_y_ = 0;
  int width_ = 0, height_ = 0;
};

// score_cumulative, score_by_category, score_by_vital (§5.2); zeros without score_details.
std::array<std::int64_t, 13> score_cumulative(const SC2APIProtocol::Score& score);
Table score_by_category(const SC2APIProtocol::Score& score);
Table score_by_vital(const SC2APIProtocol::Score& score);

// single_select, multi_select, build_queue, cargo, cargo_slots_available, production_queue
// and control_groups from the UI data (§5), written into `observation`.
void fill_ui_keys(const SC2APIProtocol::ObservationUI& ui, Observation& observation);

struct UnitTableOptions {
  bool only_on_screen = false;      // feature_units keeps is_on_screen units only
  bool keep_tags = false;           // raw_units keep real tags; feature tables write 0
  bool add_cargo_to_units = false;  // one extra row per passenger (§5.3)
};

// The 46-column unit table (§5.3) with positions and radius mapped by `mapping`. `units`
// is the whole raw unit list (add-on types are looked up in it). Empty when the mapping
// is invalid.
Table unit_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::Unit>& units, const PixelMapping& mapping,
                 const UnitTableOptions& options);

// feature_effects (§5.4): one row per effect position inside the mapping's pixels;
// raw_effects keeps every position (only_inside = false).
Table effect_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::Effect>& effects,
                   const PixelMapping& mapping, bool only_inside = true);

// unit_counts: [unit_type, count] of the units with alliance Self, ascending unit_type.
Table unit_count_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::Unit>& units);

// radar: [x, y, radius] with x, y in the mapping's pixels and radius in world units.
Table radar_table(const google::protobuf::RepeatedPtrField<SC2APIProtocol::RadarRing>& rings,
                  const PixelMapping& mapping);

}  // namespace sc2::pysc2
