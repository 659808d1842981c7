// DefeatRoaches: 9 selected Marines against 4 Roaches in a line; +10 per Roach killed,
// -1 per Marine lost; each wiped-out wave brings 4 new Roaches and 5 extra Marines;
// ends at 120 s or when all Marines are dead. Shared rules and our choices:
// combat_waves.h.
#include "engine/maps/combat_waves.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

std::unique_ptr<MiniGame> make_defeat_roaches() {
  CombatWaveRules rules;
  rules.name = "DefeatRoaches";
  rules.start_marines = 9;
  rules.marines_per_wave = 5;
  rules.enemies = {{unit_type::kRoach, 4}};
  rules.formation = EnemyFormation::Line;
  rules.reward_per_enemy_death = 10;
  rules.reward_per_marine_lost = -1;
  return make_combat_wave_game(std::move(rules));
}

}  // namespace sc2::engine
