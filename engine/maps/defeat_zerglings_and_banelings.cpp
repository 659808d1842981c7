// DefeatZerglingsAndBanelings: 9 selected Marines against 6 Zerglings and 4 Banelings; +5 per
// Zergling or Baneling death (a Baneling's own burst included), -1 per Marine lost; each
// wiped-out wave brings a new 6 + 4 and 4 extra Marines; ends at 120 s or when all Marines
// are dead. Shared rules: combat_waves.h.
#include "engine/maps/combat_waves.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

std::unique_ptr<MiniGame> make_defeat_zerglings_and_banelings() {
  CombatWaveRules rules;
  rules.name = "DefeatZerglingsAndBanelings";
  rules.start_marines = 9;    // real script S:87
  rules.marines_per_wave = 4; // S:205
  // S:94-107 (and S:218-231 each wave): 6 Zerglings, then 4 Banelings, all created on the
  // enemy anchor itself; separation spreads them into a clump (combat_waves.h).
  rules.enemies.assign(6, {unit_type::kZergling, 0.0f});
  rules.enemies.insert(rules.enemies.end(), 4, {unit_type::kBaneling, 0.0f});
  rules.reward_per_enemy_death = 5;   // S:173
  rules.reward_per_marine_lost = -1;  // S:267
  return make_combat_wave_game(std::move(rules));
}

}  // namespace sc2::engine
