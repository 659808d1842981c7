// DefeatRoaches: 9 selected Marines against 4 Roaches; +10 per Roach death, -1 per Marine
// lost; each wiped-out wave brings 4 new Roaches and 5 extra Marines; ends at 120 s or when
// all Marines are dead. Shared rules: combat_waves.h.
#include "engine/maps/combat_waves.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

std::unique_ptr<MiniGame> make_defeat_roaches() {
  CombatWaveRules rules;
  rules.name = "DefeatRoaches";
  rules.start_marines = 9;    // real script S:83
  rules.marines_per_wave = 5; // S:191
  // S:90-97 (and S:204-211 each wave): four Roaches 1.0 apart around the enemy anchor.
  rules.enemies = {{unit_type::kRoach, 0.5f}, {unit_type::kRoach, 1.5f}, {unit_type::kRoach, -0.5f},
                   {unit_type::kRoach, -1.5f}};
  rules.reward_per_enemy_death = 10;  // S:159
  rules.reward_per_marine_lost = -1;  // S:247
  return make_combat_wave_game(std::move(rules));
}

}  // namespace sc2::engine
