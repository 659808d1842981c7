#include "app/views/unit_type_names.h"

#include <algorithm>
#include <iterator>

namespace sc2::app {

namespace {
#include "app/views/unit_type_names.inc"

std::shared_ptr<const std::map<std::uint32_t, std::string>>& game_names() {
  static std::shared_ptr<const std::map<std::uint32_t, std::string>> names;
  return names;
}
}  // namespace

void use_game_unit_type_names(std::shared_ptr<const std::map<std::uint32_t, std::string>> names) {
  game_names() = std::move(names);
}

const UnitTypeName* find_unit_type(int id) {
  const auto* end = std::end(kUnitTypeNames);
  const auto* found = std::lower_bound(std::begin(kUnitTypeNames), end, id,
                                       [](const UnitTypeName& entry, int wanted) { return entry.id < wanted; });
  return found != end && found->id == id ? found : nullptr;
}

std::string unit_type_label(int id) {
  if (const UnitTypeName* type = find_unit_type(id)) return std::string(type->name);
  if (const auto& names = game_names(); names && id >= 0) {
    if (const auto it = names->find(static_cast<std::uint32_t>(id)); it != names->end()) return it->second;
  }
  return "unit type " + std::to_string(id);
}

std::string layer_value_meaning(std::string_view layer, int value, bool scalar, int scale) {
  if (layer == "unit_type") return value == 0 ? "none" : unit_type_label(value);
  if (layer == "player_relative") {
    static constexpr const char* kNames[] = {"background", "self", "ally", "neutral", "enemy"};
    return value >= 0 && value < 5 ? kNames[value] : "out of range";
  }
  if (layer == "visibility_map") {
    static constexpr const char* kNames[] = {"hidden", "seen (fogged)", "visible", "full hidden"};
    return value >= 0 && value < 4 ? kNames[value] : "out of range";
  }
  if (layer == "player_id") return value == 0 ? "none" : (value == 16 ? "neutral (16)" : "player " + std::to_string(value));
  if (layer == "effects") return value == 0 ? "none" : "effect " + std::to_string(value);
  if (layer == "camera") return value ? "inside the camera" : "outside";
  if (layer == "height_map") return "height " + std::to_string(value) + " of 255";
  if (layer.ends_with("_ratio") || layer == "build_progress" || layer == "buff_duration") {
    return std::to_string(value) + " of 255 = " + std::to_string(value * 100 / 255) + "%";
  }
  if (!scalar && scale == 2) return value ? "yes" : "no";
  if (scalar) return std::to_string(value) + " (scale " + std::to_string(scale) + ")";
  return "category " + std::to_string(value) + " of " + std::to_string(scale);
}

}  // namespace sc2::app
