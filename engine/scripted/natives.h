#pragma once
// The world natives (engine/galaxy/world_natives.h lists them) over our World, in files by area
// as spec §2.4 groups them:
//   natives_units.cpp        create, remove, position, owner, type, life and other properties,
//                            custom values, alive, counts, in region, visible
//   natives_orders.cpp       UnitIssueOrder, UnitGroupIssueOrder, UnitOrder, libNtve_gf_AICast
//   natives_unit_groups.cpp  UnitGroup queries (type, player, region, filter), group edits and reads
//   natives_regions.cpp      regions and placed points
//   natives_players.cpp      player properties (minerals, gas, collected, curriculum score), types
//   natives_game.cpp         pause, restart, objectives, the computer AI (demo mode)
//   natives_vision.cpp       camera (the start camera) and visibility
//   natives_melee.cpp        a melee map's set-up (MeleeInit*), the melee end rule, GameOver
// Natives that only speak to a person keep galaxy's headless behaviour (register_headless_natives).
// A native fails (the thread stops with file:line: Name: reason, and the episode ends, see
// scripted_map.h) on what would be a script's bug: a null unit where one is read, an unknown
// region or point id, a unit type or property sc2lite does not have, a limit of ScriptedLimits.
#include "engine/galaxy/native_call.h"
#include "engine/scripted/script_world.h"

namespace sc2::engine::scripted {

// Every world native, plus the headless ones (after which any missing one is our bug).
void register_world_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);

void register_unit_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_order_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_unit_group_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_region_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_player_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_game_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_vision_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);
void register_melee_natives(galaxy::NativeRegistry& registry, ScriptWorld& world);

// The melee end rule, once MeleeInitOptions turned it on (natives_melee.cpp): among players
// 1..`players` still playing, those without a structure lose (GameOver defeat), the one left
// wins; when all of them lose at once, they tie. The game calls it after map init and after a
// loop in which a structure died (scripted_map.cpp).
void apply_melee_end_rule(ScriptWorld& world, int players);

}  // namespace sc2::engine::scripted
