#pragma once
// Builders of the structured observation keys (pysc2-features.md §5) and of the views
// (raw_view.h, ui_view.h), one per source message. to_observation() calls these; they are
// public for tests. The pixel mapping the unit keys use is in pixel_mapping.h.
#include <array>
#include <cstdint>

#include "client/pysc2/observation.h"
#include "client/pysc2/pixel_mapping.h"
#include "client/pysc2/table.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

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

// The decoded views of raw_data (units, effects, radar, camera, map_state grids; sent = true)
// and of ui_data.
RawView raw_view(const SC2APIProtocol::ObservationRaw& raw);
UiView ui_view(const SC2APIProtocol::ObservationUI& ui);

}  // namespace sc2::pysc2
