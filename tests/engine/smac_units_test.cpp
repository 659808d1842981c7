// The SMAC units (issue 36): Stalker, Zealot, Colossus, Hydralisk, Medivac and Spine Crawler
// carry the Wings of Liberty values of the shared spec (sc2-map-files.md §5.2 units, §5.3
// weapons, §5.4 shields / regeneration / energy) in the unit table and in RequestData; shields
// take damage before life and regenerate 2/s after 10 s without a hit; Zerg life regenerates
// 0.2734/s up to its maximum; weapon bonuses apply. Time is counted in game loops (16 a second).
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/combat.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

namespace api = SC2APIProtocol;

// Attribute numbers (SC2APIProtocol::Attribute).
constexpr std::uint32_t kLight = 1, kArmored = 2, kBiological = 3, kMechanical = 4, kMassive = 7, kStructure = 8;

struct ExpectedWeapon {
  WeaponTargets targets;
  float damage;
  std::uint32_t attacks;
  std::uint32_t bonus_attribute;
  float bonus;
  float period_s;
  float range;
};

struct Expected {
  std::uint32_t id;
  const char* name;
  int race;  // 1 Terran, 2 Zerg, 3 Protoss
  float hp, shields, armor;
  std::set<std::uint32_t> attributes;
  float speed, radius, sight;
  bool flying;
  int footprint;  // square side in cells, 0 = none
  bool has_weapon;
  ExpectedWeapon weapon;
  float energy_start, energy_max, energy_regen;
  float life_regen;
};

// The spec's values, sc2-map-files.md §5.2 (units), §5.3 (weapons, Liberty column), §5.4.
const std::vector<Expected> kSpec = {
    {74, "Stalker", 3, 80, 80, 1, {kArmored, kMechanical}, 2.9531f, 0.625f, 10, false, 0, true,
     {WeaponTargets::Any, 10, 1, kArmored, 4, 1.44f, 6}, 0, 0, 0, 0},
    {73, "Zealot", 3, 100, 50, 1, {kLight, kBiological}, 2.25f, 0.5f, 9, false, 0, true,
     {WeaponTargets::Ground, 8, 2, 0, 0, 1.2f, 0.1f}, 0, 0, 0, 0},
    {4, "Colossus", 3, 200, 150, 1, {kArmored, kMechanical, kMassive}, 2.25f, 1.0f, 10, false, 0, true,
     {WeaponTargets::Ground, 20, 2, 0, 0, 2.2f, 6}, 0, 0, 0, 0},  // two sweeps (§5.3 DisplayAttackCount 2)
    {107, "Hydralisk", 2, 80, 0, 0, {kLight, kBiological}, 2.25f, 0.625f, 9, false, 0, true,
     {WeaponTargets::Any, 12, 1, 0, 0, 0.83f, 5}, 0, 0, 0, 0.2734f},
    {54, "Medivac", 1, 150, 0, 1, {kArmored, kMechanical}, 2.75f, 0.75f, 11, true, 0, false,
     {}, 50, 200, 0.5625f, 0},
    {98, "SpineCrawler", 2, 300, 0, 2, {kArmored, kBiological, kStructure}, 0, 0.875f, 11, false, 2, true,
     {WeaponTargets::Ground, 25, 1, kArmored, 5, 1.6f, 7}, 0, 0, 0, 0.2734f},
};

doctest::Approx spec(float v) { return doctest::Approx(v).epsilon(1e-4); }

void shoot(World& w, Unit& attacker, Unit& target) {
  REQUIRE(attacker.stats->weapon.has_value());
  fire_weapon(attacker, target, *attacker.stats->weapon, w.rng());
}

}  // namespace

TEST_CASE("SMAC units: the unit table carries the spec's Liberty values") {
  for (const Expected& e : kSpec) {
    CAPTURE(e.name);
    const UnitTypeStats* s = find_unit_type(e.id);
    REQUIRE(s != nullptr);
    CHECK(s->name == e.name);
    CHECK(s->race == e.race);
    CHECK(s->health_max == spec(e.hp));
    CHECK(s->shield_max == spec(e.shields));
    CHECK(s->armor == spec(e.armor));
    CHECK(std::set<std::uint32_t>(s->attributes.begin(), s->attributes.end()) == e.attributes);
    CHECK(s->movement_speed == spec(e.speed));
    CHECK(s->radius == spec(e.radius));
    CHECK(s->sight_range == spec(e.sight));
    CHECK(s->flying == e.flying);
    CHECK(s->footprint_w == e.footprint);
    CHECK(s->footprint_h == e.footprint);
    CHECK(s->life_regen_rate == spec(e.life_regen));
    CHECK(s->energy_start == spec(e.energy_start));
    CHECK(s->energy_max == spec(e.energy_max));
    CHECK(s->energy_regen_rate == spec(e.energy_regen));
    if (e.shields > 0.0f) {  // §5.4: ShieldRegenDelay 10, ShieldRegenRate 2
      CHECK(s->shield_regen_delay_s == spec(10.0f));
      CHECK(s->shield_regen_rate == spec(2.0f));
      CHECK(s->shield_regen_delay_loops == 160u);
    }
    CHECK_FALSE(s->explosion.has_value());
    REQUIRE(s->weapon.has_value() == e.has_weapon);
    if (!e.has_weapon) continue;
    const Weapon& w = *s->weapon;
    CHECK(w.targets == e.weapon.targets);
    CHECK(w.damage == spec(e.weapon.damage));
    CHECK(w.attacks == e.weapon.attacks);
    CHECK(w.bonus_attribute == e.weapon.bonus_attribute);
    CHECK(w.bonus_damage == spec(e.weapon.bonus));
    CHECK(w.cooldown_normal_s == spec(e.weapon.period_s));
    CHECK(w.cooldown_loops == spec(e.weapon.period_s * 16.0f));
    CHECK(w.range == spec(e.weapon.range));
  }
  // The Spine Crawler is a structure that never moves; the Medivac attacks nothing.
  CHECK(find_unit_type(unit_type::kSpineCrawler)->role == UnitRole::Structure);
  CHECK(find_unit_type(unit_type::kSpineCrawler)->immobile());
  CHECK_FALSE(find_unit_type(unit_type::kMedivac)->can_attack());
  // §5.4: the Zerg units already in the table regenerate life too; the others do not.
  for (std::uint32_t id : {unit_type::kZergling, unit_type::kBaneling, unit_type::kRoach}) {
    CAPTURE(id);
    CHECK(find_unit_type(id)->life_regen_rate == spec(0.2734f));
  }
  for (std::uint32_t id : {unit_type::kMarine, unit_type::kMarauder, unit_type::kStalker, unit_type::kZealot}) {
    CAPTURE(id);
    CHECK(find_unit_type(id)->life_regen_rate == 0.0f);
  }
}

TEST_CASE("SMAC units: RequestData reports the spec's values") {
  api::RequestData request;
  request.set_unit_type_id(true);
  api::ResponseData data;
  build_data(request, &data);
  for (const Expected& e : kSpec) {
    CAPTURE(e.name);
    const api::UnitTypeData* d = nullptr;
    for (const auto& u : data.units()) {
      if (u.unit_id() == e.id) d = &u;
    }
    REQUIRE(d != nullptr);
    CHECK(d->name() == e.name);
    CHECK(static_cast<int>(d->race()) == e.race);
    CHECK(d->armor() == spec(e.armor));
    CHECK(d->movement_speed() == spec(e.speed));
    CHECK(d->sight_range() == spec(e.sight));
    std::set<std::uint32_t> attributes;
    for (int a : d->attributes()) attributes.insert(static_cast<std::uint32_t>(a));
    CHECK(attributes == e.attributes);
    REQUIRE(d->weapons_size() == (e.has_weapon ? 1 : 0));
    if (!e.has_weapon) continue;
    const api::Weapon& w = d->weapons(0);
    CHECK(static_cast<int>(w.type()) == static_cast<int>(e.weapon.targets));
    CHECK(w.damage() == spec(e.weapon.damage));
    CHECK(w.attacks() == e.weapon.attacks);
    CHECK(w.range() == spec(e.weapon.range));
    CHECK(w.speed() == spec(e.weapon.period_s));
    REQUIRE(w.damage_bonus_size() == (e.weapon.bonus_attribute != 0 ? 1 : 0));
    if (e.weapon.bonus_attribute != 0) {
      CHECK(static_cast<std::uint32_t>(w.damage_bonus(0).attribute()) == e.weapon.bonus_attribute);
      CHECK(w.damage_bonus(0).bonus() == spec(e.weapon.bonus));
    }
  }
}

TEST_CASE("SMAC units: shields take damage before life, without armor, the rest to life less armor") {
  World w = flat_world();
  Unit& zealot = place_unit(w, unit_type::kZealot, 1, {24, 24});
  Unit& stalker = place_unit(w, unit_type::kStalker, 2, {40, 40});
  Unit& marine = place_unit(w, unit_type::kMarine, 2, {40, 24});
  CHECK(zealot.shield == 50.0f);
  CHECK(zealot.shield_max == 50.0f);
  CHECK(zealot.health == 100.0f);
  // 10 a shot (the Zealot is Light, not Armored); the shields' armor is 0, so all 10 come off them.
  for (int shot = 1; shot <= 5; ++shot) {
    shoot(w, stalker, zealot);
    CHECK(zealot.shield == 50.0f - 10.0f * shot);
    CHECK(zealot.health == 100.0f);
  }
  // Shields gone: life takes 10 less its armor 1.
  shoot(w, stalker, zealot);
  CHECK(zealot.shield == 0.0f);
  CHECK(zealot.health == 91.0f);
  // A shot that breaks the last 3 shield points: the other 3 reach life, less the armor 1.
  zealot.shield = 3.0f;
  shoot(w, marine, zealot);
  CHECK(zealot.shield == 0.0f);
  CHECK(zealot.health == 89.0f);
  // The Zealot's two blades of 8 on an unarmoured Marine: 16.
  shoot(w, zealot, marine);
  CHECK(marine.health == 29.0f);
  CHECK(zealot.last_attacker_owner == 2);
}

TEST_CASE("SMAC units: a Stalker's bonus vs Armored applies, to life and to shields") {
  World w = flat_world();
  Unit& stalker = place_unit(w, unit_type::kStalker, 1, {24, 24});
  Unit& roach = place_unit(w, unit_type::kRoach, 2, {40, 40});
  Unit& marauder = place_unit(w, unit_type::kMarauder, 2, {40, 36});
  Unit& marine = place_unit(w, unit_type::kMarine, 2, {40, 32});
  Unit& other = place_unit(w, unit_type::kStalker, 2, {40, 28});
  shoot(w, stalker, roach);     // Armored, armor 1: 10 + 4 - 1
  CHECK(roach.health == 145.0f - 13.0f);
  shoot(w, stalker, marauder);  // Armored, armor 1
  CHECK(marauder.health == 125.0f - 13.0f);
  shoot(w, stalker, marine);    // Light: no bonus, armor 0
  CHECK(marine.health == 45.0f - 10.0f);
  shoot(w, stalker, other);     // Armored: the bonus applies to shields too, no armor on them
  CHECK(other.shield == 80.0f - 14.0f);
  CHECK(other.health == 80.0f);
  // The Spine Crawler's +5 vs Armored, against a Roach: 25 + 5 - 1.
  Unit& spine = place_unit(w, unit_type::kSpineCrawler, 1, {30, 40});
  shoot(w, spine, roach);
  CHECK(roach.health == 145.0f - 13.0f - 29.0f);
}

TEST_CASE("SMAC units: shields regenerate at 2 a second only after 10 seconds without damage") {
  World w = flat_world();
  Unit& zealot = place_unit(w, unit_type::kZealot, 1, {24, 24});
  Unit& marine = place_unit(w, unit_type::kMarine, 2, {42, 42});  // out of each other's scan range
  zealot.holding_position = true;  // hit, it would chase the Marine (no fog here): it stays and takes the shots
  run_loops(w, 32);
  CHECK(zealot.shield == 50.0f);  // full from the start
  shoot(w, marine, zealot);
  CHECK(zealot.shield == 44.0f);
  run_loops(w, 159);
  CHECK(zealot.shield == 44.0f);    // 159 loops after the hit: still waiting
  run_loops(w, 1);
  CHECK(zealot.shield == 44.125f);  // the 160th loop (10 s): 2 / 16
  run_loops(w, 15);
  CHECK(zealot.shield == 46.0f);    // one second of regeneration: +2
  // A hit during regeneration starts the 10 s over.
  shoot(w, marine, zealot);
  CHECK(zealot.shield == 40.0f);
  run_loops(w, 100);
  CHECK(zealot.shield == 40.0f);
  shoot(w, marine, zealot);  // hit again before the delay ran out
  CHECK(zealot.shield == 34.0f);
  run_loops(w, 159);
  CHECK(zealot.shield == 34.0f);
  run_loops(w, 128);  // from the 160th loop on, 8 seconds of +2: 50, the maximum
  CHECK(zealot.shield == 50.0f);
  run_loops(w, 16 * 5);
  CHECK(zealot.shield == 50.0f);  // never above
  CHECK(zealot.health == 100.0f);
  // Protoss life does not regenerate.
  zealot.health = zealot.health_accounted = 60.0f;
  run_loops(w, 16 * 20);
  CHECK(zealot.health == 60.0f);
}

TEST_CASE("SMAC units: Zerg life regenerates 0.2734 a second up to its maximum, never for the dead") {
  World w = flat_world();
  Unit& hydralisk = place_unit(w, unit_type::kHydralisk, 1, {24, 24});
  Unit& zergling = place_unit(w, unit_type::kZergling, 1, {26, 24});
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {28, 24});
  hydralisk.health = hydralisk.health_accounted = 50.0f;
  zergling.health = zergling.health_accounted = 10.0f;
  marine.health = marine.health_accounted = 30.0f;
  run_loops(w, 16);
  CHECK(hydralisk.health == doctest::Approx(50.2734f).epsilon(1e-5));
  CHECK(zergling.health == doctest::Approx(10.2734f).epsilon(1e-5));
  CHECK(marine.health == 30.0f);  // Terran life does not regenerate
  run_loops(w, 16 * 9);
  CHECK(hydralisk.health == doctest::Approx(52.734f).epsilon(1e-4));
  // (80 - 50) / 0.2734 = 109.7 s to full; after 120 s it is exactly full, not above.
  run_loops(w, 16 * 110);
  CHECK(hydralisk.health == 80.0f);
  CHECK(zergling.health == 35.0f);
  // Regeneration is no damage: the score counts none taken.
  CHECK(w.player(1).score.damage_taken.life == 0.0f);
  // A Zerg unit at 0 life dies in the loop; it does not regenerate back.
  const UnitId id = hydralisk.id;
  hydralisk.health = 0.0f;
  w.advance();
  CHECK(w.find(id) == nullptr);
  REQUIRE(w.deaths_last_loop().size() == 1);
  CHECK(w.deaths_last_loop().front().id == id);
}

TEST_CASE("SMAC units: the Medivac flies, has energy and is hit only by weapons that reach air") {
  World w = flat_world();
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {24, 24});
  CHECK(medivac.energy == 50.0f);
  CHECK(medivac.energy_max == 200.0f);
  run_loops(w, 16);
  CHECK(medivac.energy == doctest::Approx(50.5625f).epsilon(1e-5));  // +0.5625 a second
  run_loops(w, 16 * 300);
  CHECK(medivac.energy == 200.0f);
  const Unit& zealot = place_unit(w, unit_type::kZealot, 2, {40, 40});
  const Unit& stalker = place_unit(w, unit_type::kStalker, 2, {40, 36});
  const Unit& hydralisk = place_unit(w, unit_type::kHydralisk, 2, {40, 32});
  const Unit& spine = place_unit(w, unit_type::kSpineCrawler, 2, {36, 28});
  const Unit& marine = place_unit(w, unit_type::kMarine, 2, {40, 28});
  CHECK_FALSE(can_attack(zealot, medivac));  // ground only
  CHECK_FALSE(can_attack(spine, medivac));
  CHECK(can_attack(stalker, medivac));
  CHECK(can_attack(hydralisk, medivac));
  CHECK(can_attack(marine, medivac));
  CHECK(can_attack(zealot, marine));
}

TEST_CASE("SMAC units: the Spine Crawler stays rooted and fires on an enemy in its range") {
  World w = flat_world();
  Unit& spine = place_unit(w, unit_type::kSpineCrawler, 2, {30, 30});
  const Vec2 rooted = spine.pos;
  // Edge distance 6: inside the spine's range 7, outside the Marine's 5 (it walks in to fire).
  Unit& marine = place_unit(w, unit_type::kMarine, 1, {30 + 0.875f + 0.375f + 6.0f, 30});
  const UnitId marine_id = marine.id;
  run_loops(w, 16 * 4);
  CHECK(spine.pos == rooted);
  CHECK(w.find(marine_id) == nullptr);  // two hits of 25 in 1.6 s
  CHECK(spine.health < 300.0f);         // the Marine got some shots in
}

TEST_CASE("SMAC units: raw units report shields, energy and flight") {
  GameConfig config;
  config.map = find_mini_game("CollectMineralsAndGas");
  REQUIRE(config.map != nullptr);
  auto game = std::make_unique<Game>(config, 5);
  World& w = game->world();
  for (Unit* u : w.units()) w.remove(u->id);
  Unit& stalker = place_unit(w, unit_type::kStalker, 1, {30, 30});
  Unit& medivac = place_unit(w, unit_type::kMedivac, 1, {33, 30});
  stalker.shield = 30.5f;
  api::RequestJoinGame join;
  join.mutable_options()->set_raw(true);
  std::string error;
  const auto iface = parse_interface(join, error);
  REQUIRE_MESSAGE(iface.has_value(), error);
  api::ResponseObservation response;
  build_observation(*game, *iface, &response);
  int seen = 0;
  for (const api::Unit& u : response.observation().raw_data().units()) {
    if (u.tag() == to_tag(stalker.id)) {
      CHECK(u.shield() == 30.5f);
      CHECK(u.shield_max() == 80.0f);
      CHECK(u.health_max() == 80.0f);
      CHECK(u.energy_max() == 0.0f);
      CHECK_FALSE(u.is_flying());
      ++seen;
    } else if (u.tag() == to_tag(medivac.id)) {
      CHECK(u.shield_max() == 0.0f);
      CHECK(u.energy() == 50.0f);
      CHECK(u.energy_max() == 200.0f);
      CHECK(u.is_flying());
      ++seen;
    }
  }
  CHECK(seen == 2);
}
