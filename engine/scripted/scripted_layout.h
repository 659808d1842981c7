#pragma once
// The map-space layout (engine/sim/map_layout.h) of a map file:
// * size: MapInfo's width and height;
// * camera bounds: MapInfo's (the mini-games' (10,8)-(54,44), SMAC's whole 32x32 map);
// * playable area: the region map init sets (RegionPlayableMapSet; the mini-games' region 1),
//   to the nearest whole cells, else the camera bounds (spec §1.2, §6 q1: which one the real
//   game reports is unverified);
// * camera start and lock: map init's CameraPan / CameraLockInput for player 1, else the
//   playable area's centre, unlocked;
// * terrain height: the mean of a cell's four t3SyncHeightMap vertices, as the API's byte
//   (map_layout.h: z = -16 + 32 * v / 255), 0 outside the playable area (as the real game_info);
// * pathable: t3CellFlags bit 0 clear, inside the playable area (the game makes cells outside
//   it unpathable, spec §6 q3);
// * buildable (placement grid): pathable cells on level ground (t3SyncCliffLevel a whole cliff
//   level: no ramps). t3CellFlags bit 1, whose meaning is unknown, is not used (approximate).
// The grids' encodings are the real game_info's, from engine/mapfile/game_info_grids.h.
#include "engine/mapfile/map_data.h"
#include "engine/scripted/script_world.h"
#include "engine/sim/map_layout.h"

namespace sc2::engine::scripted {

MapLayout build_layout(const mapfile::MapData& map, const MapSettings& settings);

// Fog of war stays on unless map init turned it off (VisEnable) or revealed the whole playable
// area to player 1 (VisRevealArea), as the mini-games but FindAndDefeatZerglings do.
bool fog_after_map_init(const MapSettings& settings, const MapLayout& layout);

// The cells of `bounds` to the nearest whole cell, inside the map; empty when nothing is left.
CellRect cells_of(const mapfile::RegionBounds& bounds, int width, int height);

}  // namespace sc2::engine::scripted
