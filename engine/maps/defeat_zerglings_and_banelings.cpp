// DefeatZerglingsAndBanelings: 9 selected Marines against a group of 6 Zerglings and
// 4 Banelings; +5 per Zergling or Baneling death (a Baneling's own explosion included),
// -1 per Marine lost; each wiped-out wave brings a new 6 + 4 and 4 extra Marines; ends at
// 120 s or when all Marines are dead. Shared rules and our choices: combat_waves.h.
// The group is 2 columns of 5 (1.0 apart): Zerglings first, then Banelings.
#include "engine/maps/combat_waves.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

std::unique_ptr<MiniGame> make_defeat_zerglings_and_banelings() {
  CombatWaveRules rules;
  rules.name = "DefeatZerglingsAndBanelings";
  rules.start_marines = 9;
  rules.marines_per_wave = 4;
  rules.enemies = {{unit_type::kZergling, 6}, {unit_type::kBaneling, 4}};
  rules.formation = EnemyFormation::Group;
  rules.reward_per_enemy_death = 5;
  rules.reward_per_marine_lost = -1;
  return make_combat_wave_game(std::move(rules));
}

}  // namespace sc2::engine
