#pragma once
// PySC2's feature action space: the 573 functions and 13 argument types (generated from
// the shared spec into function_table.inc), FunctionCall <-> Action proto translation,
// validation and the available_actions rule (pysc2-action-mapping.md).
#include <string_view>
#include <vector>

#include "client/pysc2/function_call.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

enum class FunctionType {
  no_op, move_camera, select_point, select_rect, select_unit, control_group,
  select_idle_worker, select_army, select_warp_gates, select_larva, unload,
  build_queue, cmd_quick, cmd_screen, cmd_minimap, autocast
};

enum class ArgumentKind { point, enumeration, scalar };

// The raw interface's function types (pysc2-raw-actions.tsv): what a raw function sends.
enum class RawFunctionType { raw_no_op, raw_move_camera, raw_cmd, raw_cmd_pt, raw_cmd_unit, raw_autocast };

struct RawFunctionSpec {
  int id = 0;
  std::string_view name;  // "Move_pt", "Attack_unit", "Stop_quick", ...
  RawFunctionType type = RawFunctionType::raw_no_op;
  int ability_id = 0;
  int general_id = 0;
};

// When a function appears in available_actions (the spec's availability column).
enum class Availability {
  always, multi_panel, idle_worker, army, warp_gates, larva, cargo_panel, production_panel,
  ability,           // its ability (or a specific one of it) is listed in Observation.abilities
  ability_specific,  // a specific ability: only offered with hide_specific_actions off
};

struct ArgumentType {
  int id = 0;
  std::string_view name;
  ArgumentKind kind = ArgumentKind::scalar;
  std::vector<std::string_view> values;  // enum value names ("now", "queued"); empty otherwise
  bool is_point = false;
  int size = 0;  // number of enum values / scalar range; 0 for points (see ActionSpace)
};

struct FunctionSpec {
  int id = 0;
  std::string_view name;
  FunctionType type = FunctionType::no_op;
  int ability_id = 0;   // sent in unit_command / toggle_autocast; 0 for UI functions
  int general_id = 0;   // the general ability of a specific one; 0 otherwise
  std::vector<int> args;  // argument type ids, in call order
  Availability availability = Availability::always;
};

// Argument type ids (pysc2-action-args.tsv).
namespace arg {
inline constexpr int screen = 0, minimap = 1, screen2 = 2, queued = 3, control_group_act = 4,
                     control_group_id = 5, select_point_act = 6, select_add = 7,
                     select_unit_act = 8, select_unit_id = 9, select_worker = 10,
                     build_queue_id = 11, unload_id = 12;
}

// Ids of the UI functions (0..11), which never move.
namespace fn {
inline constexpr int no_op = 0, move_camera = 1, select_point = 2, select_rect = 3,
                     select_control_group = 4, select_unit = 5, select_idle_worker = 6,
                     select_army = 7, select_warp_gates = 8, select_larva = 9, unload = 10,
                     build_queue = 11;
}

inline constexpr int kFunctionCount = 573;
inline constexpr int kArgumentTypeCount = 13;

const std::vector<FunctionSpec>& all_functions();   // index == id
const FunctionSpec* find_function(int id);          // nullptr when unknown
const FunctionSpec* find_function(std::string_view name);
// Functions carrying this ability id (ascending; empty for unknown ids and for 0).
const std::vector<int>& functions_for_ability(int ability_id);
// The lowest raw-interface function id (pysc2-raw-actions.tsv) carrying this ability id,
// 0 when none does: what feature_units report as order_id_* for a unit's orders.
int raw_function_for_ability(int ability_id);
inline constexpr int kRawFunctionCount = 564;
const RawFunctionSpec* find_raw_function(int id);  // nullptr when unknown
// The raw function of a command with `ability_id` (a general or a specific id) and this
// target type: the lowest id carrying that ability id and type; nullptr when none does.
const RawFunctionSpec* raw_function_for(int ability_id, RawFunctionType type);
const std::vector<ArgumentType>& all_argument_types();  // index == id
const ArgumentType& argument_type(int id);          // throws std::out_of_range when unknown
std::string_view to_string(FunctionType type);

// Sizes of the point arguments (the feature layer resolutions).
struct ActionSpace {
  int screen_width = 64, screen_height = 64, minimap_width = 64, minimap_height = 64;
};

// Throws std::invalid_argument naming the function and the argument when the call is not
// acceptable: unknown id, not in `available` (checked only when non-null), wrong number of
// arguments, a point without exactly 2 values or outside the screen/minimap, an enum or
// scalar without exactly 1 value or outside 0..size-1.
void validate(const FunctionCall& call, const ActionSpace& space,
              const std::vector<int>* available = nullptr);

// The Action proto for a call (feature-layer action space, §2 of the mapping). Checks the
// call's shape (id, arity, value counts, enum ranges) and throws std::invalid_argument;
// point ranges are left to validate(), which knows the resolution.
SC2APIProtocol::Action to_proto(const FunctionCall& call);

// The reverse (for last_actions): unknown abilities and actions with no recognised field
// give no_op; a known ability without a function of the echoed kind throws std::runtime_error.
FunctionCall from_proto(const SC2APIProtocol::Action& action, bool hide_specific);

// Function ids offered for this observation, ascending (§5 of the mapping). Throws
// std::runtime_error when a listed ability has no function of its requires_point kind.
std::vector<int> available_actions(const SC2APIProtocol::Observation& observation,
                                   bool hide_specific);

}  // namespace sc2::pysc2
