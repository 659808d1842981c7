#pragma once
// The PySC2 observation in C++: named feature layers and every structured key, decoded
// from one ResponseObservation (plus the game's ResponseGameInfo for the keys that need the
// map or the players), and what the app's views show of it, decoded in the same pass: the
// raw units, effects and map grids (raw_view.h), the selection panels (ui_view.h) and the
// game's static facts (game_view.h). No protobuf here: views read these plain values.
//
// PySC2 key               C++ member                 shape / type            source (pysc2-features.md)
// ----------------------  -------------------------  ----------------------  --------------------------------------
// feature_screen          feature_screen             27 Layers (H x W)       §1, screen() by name
// feature_minimap         feature_minimap            11 Layers (h x w)       §1, minimap() by name
// player                  player                     array<int64, 11>        §5.1, names: columns::player
// game_loop               game_loop                  uint32 (PySC2: (1,))    Observation.game_loop
// score_cumulative        score_cumulative           array<int64, 13>        §5.2; [0] is also `score`
// score_by_category       score_by_category          Table 11 x 5            §5.2, named rows and columns
// score_by_vital          score_by_vital             Table 3 x 3             §5.2, named rows and columns
// available_actions       available_actions          vector<int> ascending   pysc2-action-mapping.md §5
// single_select           single_select              Table n x 7, n <= 1     ui single/cargo/production unit
// multi_select            multi_select               Table n x 7             ui_data.multi.units
// build_queue             build_queue                Table n x 7             ui_data.production.build_queue
// cargo                   cargo                      Table n x 7             ui_data.cargo.passengers
// cargo_slots_available   cargo_slots_available      int64 (PySC2: (1,))     ui_data.cargo.slots_available or 0
// production_queue        production_queue           Table n x 2             ui_data.production.production_queue
// control_groups          control_groups             Table 10 x 2            row = group index; zeros when empty
// last_actions            last_actions               vector<FunctionCall>    ids: last_action_ids() (PySC2's key)
// action_result           action_result              vector<int>             ResponseObservation.action_errors
// alerts                  alerts                     vector<int>             Observation.alerts (Alert enum)
// feature_units           feature_units              Table n x 46 (int64)    §5.3, is_on_screen units, screen px
// feature_minimap_units   feature_minimap_units      Table n x 46 (int64)    §5.3 columns, every unit, minimap px
// feature_effects         feature_effects            Table n x 6             §5.4, positions inside the screen
// radar                   radar                      Table n x 3             raw_data.radar, raw-resolution px
// raw_units               raw_units                  Table n x 46 (int64)    §5.3, every raw unit, raw-resolution px, tags
// raw_effects             raw_effects                Table n x 6             §5.4, every effect position, raw-resolution px
// unit_counts             unit_counts                Table n x 2             own (Self) raw units per type, ascending type
// camera_position         camera_position            array<int64, 2>         raw_data.player.camera in raw-resolution px
// camera_size             camera_size                array<int64, 2>         raw resolution / max map dim x camera width
// rgb_screen              rgb_screen                 RgbImage (H x W x 3)    render_data.map (24 bpp); empty if not sent
// rgb_minimap             rgb_minimap                RgbImage (h x w x 3)    render_data.minimap; empty if not sent
// upgrades                upgrades                   vector<int>             raw_data.player.upgrade_ids
// map_name                map_name                   string                  ObservationSpec.map_name / game info
// home_race_requested     home_race_requested        int (Race enum)         game info player_info[own id]
// away_race_requested     away_race_requested        int (Race enum)         other non-observer player, else 0
//
// The unit keys (feature_units, feature_minimap_units, feature_effects, radar, upgrades,
// raw_units, raw_effects, unit_counts, camera_position, camera_size) are read from
// Observation.raw_data, so the game must be joined with InterfaceOptions.raw = true (Env
// does by default); without raw data they are empty / zero. They also need the game info
// (camera width, map size). PySC2 returns them only when its use_* options ask for them;
// here they are always filled when the data is there (no options to forget). Raw-resolution
// pixels use PySC2's default raw resolution, the map size (the playable area's size with
// raw_crop_to_playable_area). feature_minimap_units is not a PySC2 4.0 key: same 46 columns as
// feature_units for every raw unit (not only those on screen), positions and radius in
// minimap pixels, tag 0. Empty tables keep their columns (PySC2 returns shape (0,) for the
// unit tables and (0, k) for the UI tables; here every empty table has rows == 0).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client/pysc2/function_call.h"
#include "client/pysc2/game_view.h"
#include "client/pysc2/layer.h"
#include "client/pysc2/raw_view.h"
#include "client/pysc2/table.h"
#include "client/pysc2/ui_view.h"

namespace SC2APIProtocol {
class ResponseObservation;
}

namespace sc2::pysc2 {

struct Observation {
  std::vector<Layer> feature_screen;   // PySC2 order (27 layers)
  std::vector<Layer> feature_minimap;  // PySC2 order (11 layers)
  // player: player_id, minerals, vespene, food_used, food_cap, food_army, food_workers,
  // idle_worker_count, army_count, warp_gate_count, larva_count (PySC2's order).
  std::array<std::int64_t, 11> player{};
  std::uint32_t game_loop = 0;
  std::int64_t score = 0;                 // score.score (score_cumulative[0])
  std::vector<int> available_actions;     // function ids, ascending
  std::vector<FunctionCall> last_actions; // what the game says was done since last time
  std::vector<int> action_result;         // ActionResult values of action_errors
  // Everything the game sent, read-only and shared (copies of this Observation point at the
  // same message): for tests and tools (features.h observation_proto); views never read it.
  std::shared_ptr<const SC2APIProtocol::ResponseObservation> shared_proto;

  std::array<std::int64_t, 13> score_cumulative{};  // names: columns::score_cumulative
  Table score_by_category{columns::score_category, 11, columns::score_category_rows};
  Table score_by_vital{columns::score_vital, 3, columns::score_vital_rows};
  Table single_select{columns::unit_info};
  Table multi_select{columns::unit_info};
  Table build_queue{columns::unit_info};
  Table cargo{columns::unit_info};
  std::int64_t cargo_slots_available = 0;
  Table production_queue{columns::production_queue};
  Table control_groups{columns::control_group, 10};
  std::vector<int> alerts;
  Table feature_units{columns::feature_unit};
  Table feature_minimap_units{columns::feature_unit};
  Table feature_effects{columns::effect};
  Table radar{columns::radar};
  Table raw_units{columns::feature_unit};
  Table raw_effects{columns::effect};
  Table unit_counts{columns::unit_count};
  std::array<std::int64_t, 2> camera_position{};  // x, y
  std::array<std::int64_t, 2> camera_size{};      // x, y
  RgbImage rgb_screen;
  RgbImage rgb_minimap;
  std::vector<int> upgrades;
  std::string map_name;
  int home_race_requested = 0;  // SC2APIProtocol::Race (0 NoRace, 1 Terran, 2 Zerg, 3 Protoss, 4 Random)
  int away_race_requested = 0;

  // What the views show, decoded in the same pass as the keys above.
  RawView raw_view;  // raw_data: units, effects, radar, camera, visibility and creep
  UiView ui_view;    // ui_data: the selection panels and control groups
  // The game's static facts, shared by every observation of the game; null without game info.
  std::shared_ptr<const GameView> game_view;

  const Layer* screen(std::string_view name) const;   // nullptr when no such layer
  const Layer* minimap(std::string_view name) const;
  // PySC2's last_actions key: the function ids of last_actions, in order.
  std::vector<int> last_action_ids() const;
};

enum class StepType { first, mid, last };

struct TimeStep {
  StepType step_type = StepType::first;
  float reward = 0.0f;     // change of score.score since the previous step (0 on first)
  float discount = 1.0f;   // 0 on the first and the last step (as PySC2), else 1
  Observation observation;
  // On the last step of a game that reported player results: this player's outcome,
  // 1 victory, 0 tie (or undecided), -1 defeat (PySC2's outcome reward).
  std::optional<int> outcome;

  bool first() const { return step_type == StepType::first; }
  bool last() const { return step_type == StepType::last; }
};

}  // namespace sc2::pysc2
