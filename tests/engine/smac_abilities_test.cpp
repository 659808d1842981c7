// The SMAC units' abilities (issue 36 item 1): the Medivac's Heal (ability 386; spec
// sc2-map-files.md §4.5, §5.4: range 4, 9 life a second, energy 0.33 a life point, autocast range
// 6, own Biological non-structure units only), the Colossus's line splash and its being a target
// for anti-air weapons too (§5.2, §5.3), and its walking over cliffs (`Mover Colossus`, the
// 2c_vs_64zg map). Time is counted in game loops (16 a normal-speed second).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/maps/mini_game_registry.h"
#include "engine/scripted/scripted_layout.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/abilities.h"
#include "engine/sim/combat.h"
#include "engine/sim/unit_abilities.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/scripted_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

namespace api = SC2APIProtocol;

void injure(Unit& u, float health) { u.health = u.health_accounted = health; }

CommandOutcome heal(World& w, Unit& medivac, const Unit& target) {
  return issue_command(w, medivac, ability::kEffectHeal, CommandTarget{target.pos, target.id}, false);
}

// A Medivac of a passive type (as a map's Medivac_RL: DefaultAcquireLevel Passive).
const UnitTypeStats& passive_medivac() {
  static const UnitTypeStats type = [] {
    UnitTypeStats t = *find_unit_type(unit_type::kMedivac);
    t.passive = true;
    return t;
  }();
  return type;
}

}  // namespace

TEST_CASE("SMAC abilities: the Medivac offers Heal with the recorded ability data") {
  const UnitTypeStats& medivac = *find_unit_type(unit_type::kMedivac);
  REQUIRE(medivac.heal.has_value());
  CHECK(medivac.heal->range == 4.0f);
  CHECK(medivac.heal->rate == 9.0f);
  CHECK(medivac.heal->rate_per_loop == doctest::Approx(9.0f / 16.0f));
  CHECK(medivac.heal->energy_per_life == doctest::Approx(0.33f));
  CHECK(medivac.heal->autocast_range == 6.0f);
  const AbilityInfo* info = find_ability(ability::kEffectHeal);
  REQUIRE(info != nullptr);
  CHECK(info->link_name == "MedivacHeal");
  CHECK(info->button_name == "Heal");
  CHECK(info->friendly_name == "Effect Heal");
  CHECK(info->target == AbilityTarget::Unit);
  World w = flat_world();
  const Unit& unit = place_unit(w, unit_type::kMedivac, 1, {24, 24});
  const auto offered = available_abilities(w, unit, false);
  CHECK(std::find(offered.begin(), offered.end(), ability::kEffectHeal) != offered.end());
  CHECK_FALSE(find_unit_type(unit_type::kMarine)->heal.has_value());
}

TEST_CASE("SMAC abilities: Heal restores 9 life a second and costs 0.33 energy a life point") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {24, 24});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {26, 24});  // edge distance 0.875: in range
  injure(marine, 20.0f);
  REQUIRE(heal(w, medivac, marine) == CommandOutcome::Done);
  REQUIRE(medivac.orders.size() == 1);
  CHECK(medivac.orders.front().ability_id == ability::kEffectHeal);
  CHECK(medivac.orders.front().target_unit == marine.id);
  run_loops(w, 16);
  CHECK(marine.health == doctest::Approx(29.0f).epsilon(1e-5));  // one second: +9
  // 16 loops of +0.5625/16 regeneration, 9 life at 0.33 each.
  CHECK(medivac.energy == doctest::Approx(50.0f + 0.5625f - 9.0f * 0.33f).epsilon(1e-5));
  CHECK(medivac.pos == Vec2{24, 24});  // in range from the start: no need to move
  // 16 more life: 16 / 9 s = 28.4 loops; the order ends in the loop the Marine is full.
  const int loops = run_until(w, 64, [&] { return medivac.orders.empty(); });
  CHECK(loops == 29);
  CHECK(marine.health == 45.0f);
  CHECK(medivac.energy == doctest::Approx(50.0f + 45.0f * 0.5625f / 16.0f - 25.0f * 0.33f).epsilon(1e-5));
  // Healing is no damage: nothing taken, nothing dealt.
  CHECK(w.player(1).score.damage_taken.life == 0.0f);
  CHECK(w.player(1).score.damage_dealt.life == 0.0f);
  // A full Marine stays full; the Medivac (of a type that autocasts) has nothing to heal.
  run_loops(w, 16);
  CHECK(marine.health == 45.0f);
  CHECK(medivac.orders.empty());
}

TEST_CASE("SMAC abilities: the Medivac flies into range 4 before it heals") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {22, 24});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {34, 24});  // edge distance 10.875
  injure(marine, 10.0f);
  REQUIRE(heal(w, medivac, marine) == CommandOutcome::Done);
  int before_heal = 0;
  for (; before_heal < 16 * 10 && marine.health == 10.0f; ++before_heal) {
    CHECK(edge_distance(medivac, marine) > 4.0f - kRangeSlack);  // not healing out of range
    w.advance();
  }
  REQUIRE(marine.health > 10.0f);
  CHECK(edge_distance(medivac, marine) <= 4.0f + kRangeSlack);
  CHECK(edge_distance(medivac, marine) >= 3.5f);  // it stops at its range, not on the Marine
  // 6.875 to fly at up to 2.75 a second (with its acceleration): more than 40 loops.
  CHECK(before_heal > 40);
  CHECK(before_heal < 60);
  // The Marine walks away: the Medivac follows it and keeps healing.
  REQUIRE(issue_command(w, marine, ability::kMoveMove, CommandTarget{Vec2{24, 40}, {}}, false) == CommandOutcome::Done);
  run_loops(w, 16 * 4);
  CHECK(marine.health > 20.0f);
  CHECK(edge_distance(medivac, marine) <= 4.0f + 1.0f);  // it starts again from rest each time it stops
  CHECK(medivac.orders.size() == 1);
}

TEST_CASE("SMAC abilities: Heal refuses enemies, the Medivac itself, non-Biological units and structures") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {30, 30});
  Unit& other_medivac = place_unit(w, unit_type::kMedivac, 1, {32, 30});
  Unit& stalker = place_unit(w, unit_type::kStalker, 1, {30, 32});
  Unit& spine = place_unit(w, unit_type::kSpineCrawler, 1, {34, 34});
  Unit& enemy = place_unit(w, unit_type::kMarine, 2, {28, 30});
  Unit& marauder = place_unit(w, unit_type::kMarauder, 1, {30, 28});
  Unit& zealot = place_unit(w, unit_type::kZealot, 1, {28, 28});
  for (Unit* u : {&other_medivac, &stalker, &spine, &enemy, &marauder, &zealot}) injure(*u, 10.0f);
  CHECK(heal(w, medivac, enemy) == CommandOutcome::CantTargetEnemyUnits);
  CHECK(heal(w, medivac, medivac) == CommandOutcome::CantTargetCaster);
  CHECK(heal(w, medivac, other_medivac) == CommandOutcome::MustTargetBiologicalUnits);
  CHECK(heal(w, medivac, stalker) == CommandOutcome::MustTargetBiologicalUnits);
  CHECK(heal(w, medivac, spine) == CommandOutcome::CantTargetStructures);  // Biological, but a structure
  CHECK(medivac.orders.empty());
  // No target unit: a heal on the ground is refused.
  CHECK(issue_command(w, medivac, ability::kEffectHeal, CommandTarget{Vec2{30, 36}, {}}, false) ==
        CommandOutcome::CantTargetThatUnit);
  CHECK(medivac.orders.empty());
  // Not enough energy for a loop of healing (9/16 life at 0.33).
  medivac.energy = 0.18f;
  CHECK(heal(w, medivac, marauder) == CommandOutcome::NotEnoughEnergy);
  medivac.energy = 0.19f;
  CHECK(heal(w, medivac, marauder) == CommandOutcome::Done);
  CHECK(heal(w, medivac, zealot) == CommandOutcome::Done);  // Protoss but Biological
  // A Marine cannot heal.
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {26, 26});
  CHECK(issue_command(w, marine, ability::kEffectHeal, CommandTarget{zealot.pos, zealot.id}, false) ==
        CommandOutcome::Error);
}

TEST_CASE("SMAC abilities: Heal ends when the energy runs out or the target dies") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {24, 24});
  medivac.stats = &passive_medivac();  // no autocast afterwards
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {26, 24});
  injure(marine, 10.0f);
  medivac.energy = 1.0f;
  REQUIRE(heal(w, medivac, marine) == CommandOutcome::Done);
  // 6 full loops (0.5625 life, 0.1856 energy each) and a 7th that spends the rest: all of the
  // energy, the 1 and 7 loops of regeneration (0.5625 / 16 each), at 0.33 a life point.
  const int loops = run_until(w, 32, [&] { return medivac.orders.empty(); });
  CHECK(loops == 7);
  CHECK(marine.health == doctest::Approx(10.0f + (1.0f + 7.0f * 0.5625f / 16.0f) / 0.33f).epsilon(1e-4));
  CHECK(medivac.energy == 0.0f);
  const float healed = marine.health;
  run_loops(w, 32);
  CHECK(marine.health == healed);  // passive: no autocast
  // A new order with enough energy again, then the target dies: the order ends with it.
  medivac.energy = 50.0f;
  REQUIRE(heal(w, medivac, marine) == CommandOutcome::Done);
  w.advance();
  CHECK(marine.health > healed);
  marine.health = 0.0f;
  w.advance();
  CHECK(medivac.orders.empty());
}

TEST_CASE("SMAC abilities: an idle enemy Medivac autocasts Heal on the nearest injured Biological ally within 6") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 2, {30, 30});
  Unit& near = place_unit(w, unit_type::kMarine, 2, {33, 30});    // edge 1.875
  Unit& nearer = place_unit(w, unit_type::kMarine, 2, {28, 30});  // edge 0.875
  Unit& far = place_unit(w, unit_type::kMarine, 2, {30, 38});     // edge 6.875: beyond 6
  Unit& stalker = place_unit(w, unit_type::kStalker, 2, {30, 32});
  Unit& enemy = place_unit(w, unit_type::kMarine, 1, {42, 42});  // out of everyone's sight
  injure(near, 30.0f);
  injure(far, 30.0f);
  injure(stalker, 30.0f);
  injure(enemy, 30.0f);
  w.advance();
  // Nothing to do yet: `nearer` is full; `near` is the only injured Biological unit within 6.
  REQUIRE(medivac.orders.size() == 1);
  CHECK(medivac.orders.front().ability_id == ability::kEffectHeal);
  CHECK(medivac.orders.front().target_unit == near.id);
  injure(nearer, 40.0f);
  run_until(w, 64, [&] { return near.health == 45.0f; });
  CHECK(near.health == 45.0f);
  // Then the next: the nearer one (40 -> 45 in 9 loops).
  run_loops(w, 12);
  CHECK(nearer.health == 45.0f);
  run_loops(w, 16 * 4);
  CHECK(far.health == 30.0f);      // beyond the autocast range
  CHECK(stalker.health == 30.0f);  // Mechanical
  CHECK(enemy.health == 30.0f);
  CHECK(medivac.orders.empty());
  CHECK(medivac.pos == Vec2{30, 30});  // all within range 4: it never moved
  // A passive Medivac (the map's Medivac_RL) heals only when ordered.
  World p = flat_world();
  Unit& rl = place_unit(p, unit_type::kMedivac, 1, {30, 30});
  rl.stats = &passive_medivac();
  Unit& hurt = place_unit(p, unit_type::kMarine, 1, {32, 30});
  injure(hurt, 20.0f);
  run_loops(p, 32);
  CHECK(hurt.health == 20.0f);
  CHECK(rl.orders.empty());
  REQUIRE(heal(p, rl, hurt) == CommandOutcome::Done);
  run_loops(p, 16);
  CHECK(hurt.health == doctest::Approx(29.0f).epsilon(1e-5));
}

TEST_CASE("SMAC abilities: a raw Heal command is accepted and the healing Medivac reports ability 386") {
  GameConfig config;
  config.map = find_mini_game("CollectMineralsAndGas");
  REQUIRE(config.map != nullptr);
  auto game = std::make_unique<Game>(config, 5);
  World& w = game->world();
  for (Unit* u : w.units()) w.remove(u->id);
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {30, 30});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {32, 30});
  Unit& stalker = place_unit(w, unit_type::kStalker, 1, {30, 33});
  injure(marine, 20.0f);
  injure(stalker, 20.0f);
  api::RequestJoinGame join;
  join.mutable_options()->set_raw(true);
  std::string error;
  const auto iface = parse_interface(join, error);
  REQUIRE_MESSAGE(iface.has_value(), error);
  auto raw_heal = [&](const Unit& target) {
    api::Action action;
    auto* cmd = action.mutable_action_raw()->mutable_unit_command();
    cmd->set_ability_id(static_cast<int>(ability::kEffectHeal));
    cmd->add_unit_tags(to_tag(medivac.id));
    cmd->set_target_unit_tag(to_tag(target.id));
    cmd->set_queue_command(false);
    return apply_action(*game, *iface, action);
  };
  CHECK(raw_heal(stalker) == api::MustTargetBiologicalUnits);
  CHECK(raw_heal(marine) == api::Success);
  w.advance();
  CHECK(marine.health > 20.0f);
  api::ResponseObservation response;
  build_observation(*game, *iface, &response);
  bool seen = false;
  for (const api::Unit& u : response.observation().raw_data().units()) {
    if (u.tag() != to_tag(medivac.id)) continue;
    seen = true;
    REQUIRE(u.orders_size() == 1);
    CHECK(u.orders(0).ability_id() == ability::kEffectHeal);
    CHECK(u.orders(0).target_unit_tag() == to_tag(marine.id));  // a unit target, as the game reports it
    CHECK_FALSE(u.orders(0).has_target_world_space_pos());
    CHECK(u.energy() < 50.0f);
  }
  CHECK(seen);
  // RequestData lists the ability.
  api::RequestData request;
  request.set_ability_id(true);
  api::ResponseData data;
  build_data(request, &data);
  bool listed = false;
  for (const auto& a : data.abilities()) {
    if (a.ability_id() != ability::kEffectHeal) continue;
    listed = true;
    CHECK(a.link_name() == "MedivacHeal");
    CHECK(a.target() == api::AbilityData::Unit);
    CHECK(a.allow_autocast());        // the recorded data's values
    CHECK(a.cast_range() == 4.0f);
  }
  CHECK(listed);
}

namespace {

// A Marine whose weapon hits air only (no unit of the engine has one): the targeting rule's test.
const UnitTypeStats& anti_air_marine() {
  static const UnitTypeStats type = [] {
    UnitTypeStats t = *find_unit_type(unit_type::kMarine);
    t.weapon->targets = WeaponTargets::Air;
    return t;
  }();
  return type;
}

}  // namespace

TEST_CASE("SMAC abilities: the Colossus's lances hit the target and the enemy ground units on the line across it") {
  const UnitTypeStats& colossus_type = *find_unit_type(unit_type::kColossus);
  REQUIRE(colossus_type.weapon.has_value());
  REQUIRE(colossus_type.weapon->line_splash.has_value());
  CHECK(colossus_type.weapon->attacks == 2);  // two sweeps of ThermalLancesMU 20
  CHECK(colossus_type.weapon->line_splash->half_length == 1.25f);
  CHECK(colossus_type.weapon->line_splash->search_radius == 0.15f);
  World w = flat_world();
  // Fired east at (30, 30): the line is x = 30, y 28.75..31.25; a Marine (radius 0.375) is on it
  // when its centre is within 0.525 of that segment.
  Unit& colossus = place_unit(w, unit_type::kColossus, 1, {24, 30});
  Unit& target = place_unit(w, unit_type::kMarine, 2, {30, 30});
  Unit& on_line = place_unit(w, unit_type::kMarine, 2, {30, 31});          // 1 along the line
  Unit& line_edge = place_unit(w, unit_type::kMarine, 2, {30.5f, 29});     // 0.5 off the line: on it
  Unit& past_end = place_unit(w, unit_type::kMarine, 2, {30, 31.9f});      // 0.65 beyond the end: off
  Unit& behind = place_unit(w, unit_type::kMarine, 2, {31, 30});           // 1 behind the target: off
  Unit& before = place_unit(w, unit_type::kMarine, 2, {29.3f, 30.8f});     // 0.7 in front: off
  Unit& stalker = place_unit(w, unit_type::kStalker, 2, {30, 28.3f});      // radius 0.625: on it
  Unit& medivac = place_unit(w, unit_type::kMedivac, 2, {30, 29.5f});      // flying: never hit
  Unit& own = place_unit(w, unit_type::kZealot, 1, {29.9f, 30.6f});        // own: never hit
  CHECK(on_splash_line(colossus, target, *colossus_type.weapon->line_splash, on_line));
  CHECK_FALSE(on_splash_line(colossus, target, *colossus_type.weapon->line_splash, past_end));
  fire_weapon(colossus, target, *colossus_type.weapon, w.rng(), w.units());
  CHECK(target.health == 5.0f);  // 2 x 20
  CHECK(on_line.health == 5.0f);
  CHECK(line_edge.health == 5.0f);
  CHECK(past_end.health == 45.0f);
  CHECK(behind.health == 45.0f);
  CHECK(before.health == 45.0f);
  CHECK(stalker.shield == 40.0f);  // 2 x 20 on its shields
  CHECK(stalker.health == 80.0f);
  CHECK(medivac.health == 150.0f);
  CHECK(own.shield == 50.0f);
  CHECK(on_line.last_attacker_owner == 1);
  CHECK(colossus.weapon_cooldown > 30.0f);  // 2.2 s = 35.2 loops, jittered
  // Fired north, the line turns with it: now y = 30 across x 28.75..31.25 at (30, 30).
  World n = flat_world();
  Unit& c2 = place_unit(n, unit_type::kColossus, 1, {30, 24});
  Unit& t2 = place_unit(n, unit_type::kMarine, 2, {30, 30});
  Unit& side = place_unit(n, unit_type::kMarine, 2, {31.2f, 30});
  Unit& beyond = place_unit(n, unit_type::kMarine, 2, {30, 31});
  fire_weapon(c2, t2, *colossus_type.weapon, n.rng(), n.units());
  CHECK(t2.health == 5.0f);
  CHECK(side.health == 5.0f);
  CHECK(beyond.health == 45.0f);
}

TEST_CASE("SMAC abilities: an attacking Colossus splashes the line in the game loop") {
  World w = flat_world();
  Unit& colossus = place_unit(w, unit_type::kColossus, 1, {24, 30});
  Unit& target = place_unit(w, unit_type::kZergling, 2, {30, 30});
  Unit& on_line = place_unit(w, unit_type::kZergling, 2, {30, 31});
  Unit& off_line = place_unit(w, unit_type::kZergling, 2, {31.5f, 30});
  const UnitId target_id = target.id, on_line_id = on_line.id;
  REQUIRE(issue_command(w, colossus, ability::kAttackAttack, CommandTarget{target.pos, target.id}, false) ==
          CommandOutcome::Done);
  w.advance();  // in range (edge 4.625 of 6): it fires at once; 2 x 20 kills a Zergling (35)
  CHECK(w.find(target_id) == nullptr);
  CHECK(w.find(on_line_id) == nullptr);
  CHECK(off_line.health > 34.0f);
  CHECK(w.kills(1) == 2);
}

TEST_CASE("SMAC abilities: the Colossus is a target for weapons that hit ground and for those that hit air") {
  World w = flat_world();
  Unit& colossus = place_unit(w, unit_type::kColossus, 1, {24, 30});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {24, 34});
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {24, 26});
  Unit& anti_air = place_unit(w, unit_type::kMarine, 2, {30, 30});
  anti_air.stats = &anti_air_marine();
  const Unit& zealot = place_unit(w, unit_type::kZealot, 2, {30, 34});
  const Unit& hydralisk = place_unit(w, unit_type::kHydralisk, 2, {30, 26});
  const Unit& spine = place_unit(w, unit_type::kSpineCrawler, 2, {34, 38});
  const Unit& baneling = place_unit(w, unit_type::kBaneling, 2, {34, 24});
  CHECK(find_unit_type(unit_type::kColossus)->also_air);
  CHECK_FALSE(find_unit_type(unit_type::kColossus)->flying);
  CHECK(can_attack(anti_air, colossus));  // air only: the Colossus is in the air plane too
  CHECK(can_attack(anti_air, medivac));
  CHECK_FALSE(can_attack(anti_air, marine));  // a plain ground unit is not
  CHECK(can_attack(zealot, colossus));        // ground only: it is a ground unit
  CHECK(can_attack(spine, colossus));
  CHECK(can_attack(hydralisk, colossus));
  CHECK(can_attack(baneling, colossus));      // the burst hits ground
  CHECK_FALSE(can_attack(zealot, medivac));
  // In the loop: the air-only Marine acquires and shoots the Colossus (edge 4.625 of range 5).
  const float before = colossus.shield;
  run_loops(w, 2);
  CHECK(anti_air.engaged_target == colossus.id);
  CHECK(colossus.shield < before);  // nothing else reaches it in these two loops
  // The Colossus's own lances hit ground only: not the Medivac-like air units.
  CHECK_FALSE(can_attack(colossus, medivac));
}

namespace {

// A 32x32 map: low ground (height byte 191) up to row 11, a 2-cell cliff face (rows 12-13,
// unpathable), a plateau (207) from row 14; a 1-cell wall of the low ground's level at x 20,
// y 2..9; a 3-cell-wide face at x 0..3 (rows 11-13) stays a wall too.
MapLayout cliff_layout() {
  MapLayout m = make_flat_layout(32, 32, CellRect{0, 0, 32, 32}, 191, 0);
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const std::size_t i = m.cell(x, y);
      if (y >= 14) m.terrain_height[i] = 207;
      if (y == 12 || y == 13) {
        m.terrain_height[i] = y == 12 ? 198 : 206;
        m.pathable[i] = 0;
      }
      if (x == 20 && y >= 2 && y <= 9) m.pathable[i] = 0;
      if (x <= 3 && y == 11) m.pathable[i] = 0;
    }
  }
  return m;
}

}  // namespace

TEST_CASE("SMAC abilities: a cliff walker crosses cliff faces, not walls") {
  const MapLayout m = cliff_layout();
  const std::vector<std::uint8_t> walk = cliff_walkable(m);
  CHECK(walk[m.cell(16, 12)] == 1);
  CHECK(walk[m.cell(16, 13)] == 1);
  CHECK(walk[m.cell(20, 5)] == 0);  // a wall between two cells of one level
  CHECK(walk[m.cell(1, 12)] == 0);  // three cells wide: no cliff face
  CHECK(walk[m.cell(1, 11)] == 0);
  CHECK(walk[m.cell(10, 20)] == 1);  // pathable stays pathable
  World w(m, 3);
  CHECK(w.pathing_for(*find_unit_type(unit_type::kColossus)).pathable(16, 12));
  CHECK_FALSE(w.pathing_for(*find_unit_type(unit_type::kMarine)).pathable(16, 12));
  Unit& colossus = place_unit(w, unit_type::kColossus, 1, {16, 17});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {24, 17});
  REQUIRE(issue_command(w, colossus, ability::kMoveMove, CommandTarget{Vec2{16, 8}, {}}, false) == CommandOutcome::Done);
  REQUIRE(issue_command(w, marine, ability::kMoveMove, CommandTarget{Vec2{24, 8}, {}}, false) == CommandOutcome::Done);
  // 9 down the cliff at 2.25 a second: 64 loops, straight.
  const int loops = run_until(w, 200, [&] { return colossus.orders.empty(); });
  CHECK(loops == doctest::Approx(64).epsilon(0.05));
  CHECK(colossus.pos.x == doctest::Approx(16.0f));
  CHECK(colossus.pos.y == doctest::Approx(8.0f));
  // The Marine finds no way down (no ramp here): it stays on the plateau.
  run_loops(w, 100);
  CHECK(marine.pos.y >= 14.0f);
  // Walls stay walls for the Colossus: sent across the wall at x 20 it walks around it.
  REQUIRE(issue_command(w, colossus, ability::kMoveMove, CommandTarget{Vec2{22, 5}, {}}, false) == CommandOutcome::Done);
  bool entered_wall = false;
  for (int i = 0; i < 300 && !colossus.orders.empty(); ++i) {
    w.advance();
    const int x = floor_to_int(colossus.pos.x), y = floor_to_int(colossus.pos.y);
    entered_wall = entered_wall || (x == 20 && y >= 2 && y <= 9);
  }
  CHECK_FALSE(entered_wall);
  CHECK(colossus.orders.empty());
  CHECK(distance(colossus.pos, Vec2{22, 5}) < 0.1f);
}

TEST_CASE("SMAC abilities: on 2c_vs_64zg the Colossus steps off the plateau where Zerglings need the ramps") {
  const auto path = scripted::test::map_file(scripted::test::kSmacMaps, "2c_vs_64zg");
  if (!path) return;
  const mapfile::MapData map = mapfile::read_map(*path);
  const MapLayout layout = scripted::build_layout(map, scripted::MapSettings{});
  const std::vector<std::uint8_t> walk = cliff_walkable(layout);
  // The faces between the low ground (y <= 11) and the plateau (y >= 14) open; the pits stay shut.
  for (int x = 8; x <= 23; ++x) {
    CAPTURE(x);
    CHECK(walk[layout.cell(x, 12)] == 1);
    CHECK(walk[layout.cell(x, 13)] == 1);
    CHECK(walk[layout.cell(x, 22)] == 0);
    CHECK(walk[layout.cell(x, 3)] == 0);
  }
  World w(layout, 7);
  Unit& colossus = place_unit(w, unit_type::kColossus, 1, {16, 16});
  Unit& zergling = place_unit(w, unit_type::kZergling, 1, {16, 9});
  REQUIRE(issue_command(w, colossus, ability::kMoveMove, CommandTarget{Vec2{16, 9.5f}, {}}, false) ==
          CommandOutcome::Done);
  REQUIRE(issue_command(w, zergling, ability::kMoveMove, CommandTarget{Vec2{16, 17}, {}}, false) ==
          CommandOutcome::Done);
  float zergling_x_min = 16.0f, zergling_x_max = 16.0f;
  int colossus_loops = -1, zergling_loops = -1;
  for (int i = 1; i <= 16 * 30 && (colossus_loops < 0 || zergling_loops < 0); ++i) {
    w.advance();
    zergling_x_min = std::min(zergling_x_min, zergling.pos.x);
    zergling_x_max = std::max(zergling_x_max, zergling.pos.x);
    if (colossus_loops < 0 && colossus.orders.empty()) colossus_loops = i;
    if (zergling_loops < 0 && zergling.orders.empty()) zergling_loops = i;
  }
  // The Colossus: 6.5 straight down at 2.25 a second, 47 loops (and around the Zergling).
  CHECK(colossus_loops > 0);
  CHECK(colossus_loops < 60);
  CHECK(colossus.pos.y < 11.0f);
  // The Zergling goes round by a ramp (x 4..6 or 25..27): far longer than the straight 8.
  CHECK(zergling_loops > 100);
  CHECK((zergling_x_min < 7.0f || zergling_x_max > 24.0f));
  CHECK(zergling.pos.y > 14.0f);
}
