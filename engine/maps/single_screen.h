#pragma once
// The layout the single-screen mini-games share (the maps name it in their assets; tests
// and benchmarks use it directly), and placement helpers for map triggers.
//
// The layout's data is assets/maps/SingleScreen.json (compiled in, see map_assets.h): a
// 64x64 map whose playable area (20,20)-(44,44) is 24x24, exactly one screen at PySC2's
// default camera width 24, so the camera never needs to move; flat ground, an
// unpathable border around it.
#include <cstdint>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/world.h"

namespace sc2::engine::single_screen {

inline constexpr int kEnemyPlayer = 2;  // the maps' Zerg opponent (a computer-less player)

MapLayout layout();
const CellRect& playable();
Vec2 centre();  // of the playable area, (32, 32)

// A uniformly random point of `area` (a map's playable area), `margin` away from its edges.
Vec2 random_spot(World& world, const CellRect& area, float margin);

// `count` points in a vertical line centred on y = `centre_y` at x = `x`, `spacing` apart;
// more than `per_column` points continue in further columns, each `spacing` further
// along `column_step` (+1 = east, -1 = west).
std::vector<Vec2> vertical_line(int count, float x, float centre_y, float spacing, int per_column, int column_step);

}  // namespace sc2::engine::single_screen
