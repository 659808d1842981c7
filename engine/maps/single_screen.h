#pragma once
// The layout every single-screen mini-game shares, and placement helpers for map triggers.
//
// Layout choice (the real .SC2Map files are not readable here): a 64x64 map whose playable
// area (20,20)-(44,44) is 24x24, exactly one screen at PySC2's default camera width 24, so
// the camera never needs to move. Flat ground (terrain byte 128), an unpathable border
// (byte 96) around it.
#include <cstdint>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/world.h"

namespace sc2::engine::single_screen {

inline constexpr int kMapSize = 64;
inline constexpr CellRect kPlayable{20, 20, 44, 44};
inline constexpr Vec2 kCentre{32.0f, 32.0f};
inline constexpr int kEnemyPlayer = 2;  // the maps' Zerg opponent (a computer-less player)

MapLayout layout();

// A uniformly random point of the playable area, `margin` away from its edges.
Vec2 random_spot(World& world, float margin);

// `count` points in a vertical line centred on y = kCentre.y at x = `x`, `spacing` apart;
// more than `per_column` points continue in further columns, each `spacing` further
// along `column_step` (+1 = east, -1 = west).
std::vector<Vec2> vertical_line(int count, float x, float spacing, int per_column, int column_step);

}  // namespace sc2::engine::single_screen
