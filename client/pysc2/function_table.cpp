// The function and argument-type tables, built once from the generated rows.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "client/pysc2/actions.h"

namespace sc2::pysc2 {
namespace {

struct ArgumentRow {
  int id;
  const char* name;
  ArgumentKind kind;
  int size;
  int value_count;
  const char* values[5];
};

struct FunctionRow {
  int id;
  const char* name;
  FunctionType type;
  int ability_id;
  int general_id;
  int arg_count;
  int args[3];
  Availability availability;
};

struct RawOrderRow {
  int ability_id;
  int raw_function_id;
};

struct RawFunctionRow {
  int id;
  const char* name;
  RawFunctionType type;
  int ability_id;
  int general_id;
};

#include "client/pysc2/function_table.inc"

std::vector<FunctionSpec> build_functions() {
  std::vector<FunctionSpec> functions;
  functions.reserve(std::size(kFunctionRows));
  for (const FunctionRow& row : kFunctionRows) {
    functions.push_back(FunctionSpec{row.id, row.name, row.type, row.ability_id, row.general_id,
                                     std::vector<int>(row.args, row.args + row.arg_count),
                                     row.availability});
  }
  return functions;
}

std::vector<ArgumentType> build_argument_types() {
  std::vector<ArgumentType> types;
  for (const ArgumentRow& row : kArgumentRows) {
    types.push_back(ArgumentType{row.id, row.name, row.kind,
                                 std::vector<std::string_view>(row.values, row.values + row.value_count),
                                 row.kind == ArgumentKind::point, row.size});
  }
  return types;
}

}  // namespace

const std::vector<FunctionSpec>& all_functions() {
  static const std::vector<FunctionSpec> functions = build_functions();
  return functions;
}

const FunctionSpec* find_function(int id) {
  const auto& functions = all_functions();
  if (id < 0 || id >= static_cast<int>(functions.size())) return nullptr;
  return &functions[static_cast<std::size_t>(id)];
}

const FunctionSpec* find_function(std::string_view name) {
  static const std::unordered_map<std::string_view, int> by_name = [] {
    std::unordered_map<std::string_view, int> map;
    for (const FunctionSpec& function : all_functions()) map.emplace(function.name, function.id);
    return map;
  }();
  auto it = by_name.find(name);
  return it == by_name.end() ? nullptr : find_function(it->second);
}

const std::vector<int>& functions_for_ability(int ability_id) {
  static const std::unordered_map<int, std::vector<int>> by_ability = [] {
    std::unordered_map<int, std::vector<int>> map;
    for (const FunctionSpec& function : all_functions()) {
      if (function.ability_id != 0) map[function.ability_id].push_back(function.id);
    }
    return map;
  }();
  static const std::vector<int> none;
  auto it = by_ability.find(ability_id);
  return it == by_ability.end() ? none : it->second;
}

int raw_function_for_ability(int ability_id) {
  const auto* end = std::end(kRawOrderRows);
  const auto* it = std::lower_bound(std::begin(kRawOrderRows), end, ability_id,
                                    [](const RawOrderRow& row, int id) { return row.ability_id < id; });
  return it != end && it->ability_id == ability_id ? it->raw_function_id : 0;
}

const RawFunctionSpec* find_raw_function(int id) {
  static const std::vector<RawFunctionSpec> functions = [] {
    std::vector<RawFunctionSpec> out;
    for (const RawFunctionRow& row : kRawFunctionRows) {
      out.push_back(RawFunctionSpec{row.id, row.name, row.type, row.ability_id, row.general_id});
    }
    return out;
  }();
  return id >= 0 && id < static_cast<int>(functions.size()) ? &functions[static_cast<std::size_t>(id)] : nullptr;
}

const RawFunctionSpec* raw_function_for(int ability_id, RawFunctionType type) {
  if (ability_id <= 0) return nullptr;
  for (const RawFunctionRow& row : kRawFunctionRows) {
    if (row.ability_id == ability_id && row.type == type) return find_raw_function(row.id);
  }
  return nullptr;
}

const std::vector<ArgumentType>& all_argument_types() {
  static const std::vector<ArgumentType> types = build_argument_types();
  return types;
}

const ArgumentType& argument_type(int id) {
  const auto& types = all_argument_types();
  if (id < 0 || id >= static_cast<int>(types.size())) {
    throw std::out_of_range("unknown PySC2 argument type id " + std::to_string(id));
  }
  return types[static_cast<std::size_t>(id)];
}

std::string_view to_string(FunctionType type) {
  switch (type) {
    case FunctionType::no_op: return "no_op";
    case FunctionType::move_camera: return "move_camera";
    case FunctionType::select_point: return "select_point";
    case FunctionType::select_rect: return "select_rect";
    case FunctionType::select_unit: return "select_unit";
    case FunctionType::control_group: return "control_group";
    case FunctionType::select_idle_worker: return "select_idle_worker";
    case FunctionType::select_army: return "select_army";
    case FunctionType::select_warp_gates: return "select_warp_gates";
    case FunctionType::select_larva: return "select_larva";
    case FunctionType::unload: return "unload";
    case FunctionType::build_queue: return "build_queue";
    case FunctionType::cmd_quick: return "cmd_quick";
    case FunctionType::cmd_screen: return "cmd_screen";
    case FunctionType::cmd_minimap: return "cmd_minimap";
    case FunctionType::autocast: return "autocast";
  }
  return "unknown";
}

}  // namespace sc2::pysc2
