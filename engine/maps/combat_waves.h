#pragma once
// The shared rules of DefeatRoaches and DefeatZerglingsAndBanelings, as their real map
// scripts have them (/tmp/maps/<Map>/MapScript.galaxy; shared/spec/sc2-map-files.md §3.1;
// DZB's script differs from DR's only in the enemy list, the reward and the extra Marines):
// * sides: a coin (RandomInt(1, 2)) at the start and at every wave says whether the Marines
//   take "Spawn Region Left" (region 4) and the enemies "Spawn Region Right" (region 5) or
//   the other way round; each side's anchor is its own uniform random point of its region
//   (the asset's "spawn_regions", assets/maps/<name>.json);
// * the k-th Marine (k = 1..count) stands at the anchor + (0, marine_y_offset(k)): one column,
//   0, +1, -1, +2, -2, ... (no cap; a spot beyond the playable area is clamped into it, and
//   the simulation's separation spreads Marines clamped onto one spot);
// * enemies (player 2) are created at the enemy anchor + (0, their y offset), each moved to
//   the nearest spot where it overlaps nobody, as the game's placement search does for
//   created units (DZB creates all ten on the anchor: a packed clump around it; the
//   simulation's separation alone left them overlapping and spread them ~3 away). No order
//   is ever given to an enemy: they stand idle and fight through their own target
//   acquisition (engine/sim/unit_behaviour.cpp: within sight range, chasing);
// * all Marines are selected at the start and after every wave;
// * reward: per death of a player-2 unit (a Baneling's own burst included: it dies by it)
//   and per Marine lost; the dead are removed at once (the simulation removes every dead unit);
// * a wave, when no enemy is left alive: every surviving Marine is re-created as a new unit
//   (new tag, same life; cooldown and orders reset), every other unit is removed, the extra
//   full-life Marines are added after the survivors, then sides, anchors, column, enemies and
//   selection as at the start;
// * all Marines dead = Defeat (early_end); time up = Victory for player 1.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/maps/mini_game.h"

namespace sc2::engine {

// One enemy the script creates: its type and y offset from the enemy anchor.
struct EnemySpawn {
  std::uint32_t unit_type;
  float y_offset;
};

struct CombatWaveRules {
  std::string_view name;
  int start_marines = 9;
  int marines_per_wave = 0;
  std::vector<EnemySpawn> enemies;  // in creation order
  int reward_per_enemy_death = 0;
  int reward_per_marine_lost = -1;
};

// Real scripts: PointWithOffset(anchor, 0, (k / 2) * (1 + ModI(k, 2) * -2)), k = 1..count.
float marine_y_offset(int k);

std::unique_ptr<MiniGame> make_combat_wave_game(CombatWaveRules rules);

}  // namespace sc2::engine
