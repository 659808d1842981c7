#pragma once
// The shared rules of DefeatRoaches and DefeatZerglingsAndBanelings: Marines (selected) in
// a vertical line on a random side, an enemy wave on the other side; a reward per enemy
// death and a penalty per Marine lost; when the wave is wiped out a new wave comes with
// extra full-health Marines, survivors keep their health, and everyone is put back on
// opposite sides; the game ends at the map's time limit (its JSON) or when all Marines are dead.
//
// Our choices where the maps' triggers are not documented:
// * sides are x = 24 and x = 40 (16 apart, beyond every unit's sight; the map asset's
//   "sides", assets/maps/<name>.json); a random side (RNG coin) for the Marines at the
//   start and again at every wave; new Marines appear on the playable area's centre;
// * Marines stand 1.0 apart (radius 0.375), at most 20 per column, further columns step
//   away from the enemy;
// * every enemy is given an attack-move to the Marines' line centre when it appears (as
//   the maps' triggers send them), so they fight whatever they meet on the way;
// * new Marines are not added to the selection; the start Marines are selected;
// * every enemy death pays, including a Baneling's own explosion (it dies by it);
// * player 2 owns the enemies; all Marines dead = Defeat, time up = Victory for player 1.
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "engine/maps/mini_game.h"

namespace sc2::engine {

enum class EnemyFormation { Line, Group };

struct WaveUnits {
  std::uint32_t unit_type;
  int count;
};

struct CombatWaveRules {
  std::string_view name;
  int start_marines = 9;
  int marines_per_wave = 0;
  std::vector<WaveUnits> enemies;
  EnemyFormation formation = EnemyFormation::Line;
  int reward_per_enemy_death = 0;
  int reward_per_marine_lost = -1;
};

std::unique_ptr<MiniGame> make_combat_wave_game(CombatWaveRules rules);

}  // namespace sc2::engine
