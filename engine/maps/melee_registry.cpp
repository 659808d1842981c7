#include "engine/maps/melee_registry.h"

#include "engine/mini_game_list.h"  // generated from assets/maps/*.json (engine/CMakeLists.txt)

namespace sc2::engine {

std::span<const MiniGameEntry> melee_maps() { return kMeleeMapList; }

const MiniGameEntry* find_melee_map(std::string_view name) {
  for (const auto& entry : kMeleeMapList) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

bool is_melee_map(const MiniGameEntry* entry) {
  const std::span<const MiniGameEntry> list = kMeleeMapList;
  return entry != nullptr && entry >= list.data() && entry < list.data() + list.size();
}

std::string melee_map_path(std::string_view name) { return "Melee/" + std::string(name) + ".SC2Map"; }

const MiniGameEntry* find_map(std::string_view name) {
  if (const MiniGameEntry* entry = find_mini_game(name)) return entry;
  return find_melee_map(name);
}

std::string map_path_of(const MiniGameEntry& entry) {
  return is_melee_map(&entry) ? melee_map_path(entry.name) : mini_game_map_path(entry.name);
}

}  // namespace sc2::engine
