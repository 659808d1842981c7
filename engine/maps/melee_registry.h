#pragma once
// The two-player built-in maps (the map folders under assets/maps/Melee/), in the order
// RequestAvailableMaps lists them (after the mini-games); see mini_game_registry.h.
#include <span>
#include <string>
#include <string_view>

#include "engine/maps/mini_game_registry.h"

namespace sc2::engine {

std::span<const MiniGameEntry> melee_maps();
const MiniGameEntry* find_melee_map(std::string_view name);
bool is_melee_map(const MiniGameEntry* entry);

// "Melee/<Name>.SC2Map", where PySC2 looks for a melee map (maps/melee.py).
std::string melee_map_path(std::string_view name);

// Any built-in map (a mini-game or a melee map) by name; nullptr when unknown.
const MiniGameEntry* find_map(std::string_view name);
// Its path as RequestAvailableMaps lists it.
std::string map_path_of(const MiniGameEntry& entry);

}  // namespace sc2::engine
