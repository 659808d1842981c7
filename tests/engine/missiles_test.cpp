// Missile weapons (engine/sim/missiles.h): the damage of the Roach's, Stalker's, Hydralisk's,
// Marauder's and Spine Crawler's weapons flies to the target at the mover's speed, homes on it,
// is lost when the target dies on the way (overkill), and still lands when the shooter dies.
#include <cmath>

#include "engine/sim/abilities.h"
#include "engine/sim/combat.h"
#include "engine/sim/missiles.h"
#include "engine/sim/orders.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kOwn = 1;
constexpr int kEnemy = 2;
constexpr float kRoachMissilePerLoop = 18.75f / 16.0f;  // AcidSalivaWeapon's MaxSpeed, per game loop

void attack(World& w, UnitId attacker, UnitId target) {
  REQUIRE(issue_command(w, *w.find(attacker), ability::kAttackAttack, {w.find(target)->pos, target}, false) ==
          CommandOutcome::Done);
}

// Runs loops until `shooter` fires (its cooldown starts); at most a second.
void run_until_fired(World& w, UnitId shooter) {
  for (int i = 0; i < 16 && w.find(shooter)->weapon_cooldown <= 0.0f; ++i) w.advance();
  REQUIRE(w.find(shooter)->weapon_cooldown > 0.0f);
}

}  // namespace

TEST_CASE("missiles: the weapons the game's data gives a missile have one, the hitscan and melee ones not") {
  for (std::uint32_t type : {unit_type::kRoach, unit_type::kStalker, unit_type::kHydralisk, unit_type::kMarauder,
                             unit_type::kSpineCrawler}) {
    CAPTURE(type);
    CHECK(find_unit_type(type)->weapon->has_missile());
  }
  for (std::uint32_t type : {unit_type::kMarine, unit_type::kZergling, unit_type::kZealot, unit_type::kColossus}) {
    CAPTURE(type);
    CHECK_FALSE(find_unit_type(type)->weapon->has_missile());
  }
  CHECK(find_unit_type(unit_type::kRoach)->weapon->missile_speed == 18.75f);
}

TEST_CASE("missiles: a Roach's shot lands when its missile reaches the Marine, at the mover's speed") {
  World w = flat_world();
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {26.0f, 32.0f});
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {30.5f, 32.0f});  // 3.625 edge to edge: in range 4
  attack(w, roach, marine);
  run_until_fired(w, roach);
  CHECK(w.find(marine)->health == 45.0f);  // fired, nothing landed yet
  REQUIRE(w.missiles().size() == 1);

  // From the Roach's centre to the Marine's edge: 4.125, at 1.171875 per loop.
  const int expected_flight = static_cast<int>(std::ceil((4.5f - 0.375f) / kRoachMissilePerLoop)) - 1;
  int loops = 0;
  while (w.find(marine)->health == 45.0f && loops < 32) {
    w.advance();
    ++loops;
  }
  CHECK(loops == expected_flight);
  CHECK(w.find(marine)->health == 45.0f - 16.0f);
  CHECK(w.missiles().empty());
}

TEST_CASE("missiles: a Marine's shot (hitscan) lands in the loop it fires") {
  World w = flat_world();
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {26.0f, 32.0f});
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {30.0f, 32.0f});
  attack(w, marine, roach);
  run_until_fired(w, marine);
  CHECK(w.find(roach)->health < 145.0f);
  for (const Missile& m : w.missiles()) CHECK(m.attacker != marine);  // (the Roach may have answered)
}

TEST_CASE("missiles: a missile whose target died on the way is lost, as the game's overkill") {
  World w = flat_world();
  // Two Roaches fire at one Marine in the same loop; the first missile kills it.
  const UnitId first = w.spawn(unit_type::kRoach, kEnemy, {26.0f, 31.0f});
  const UnitId second = w.spawn(unit_type::kRoach, kEnemy, {26.0f, 33.0f});
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {30.0f, 32.0f});
  const UnitId bystander = w.spawn(unit_type::kMarine, kOwn, {30.5f, 33.0f});  // beside it, not targeted
  w.find(marine)->health = 10.0f;
  attack(w, first, marine);
  attack(w, second, marine);
  run_until_fired(w, first);
  REQUIRE(w.find(second)->weapon_cooldown > 0.0f);  // both fired in that loop
  CHECK(w.missiles().size() == 2);
  for (int i = 0; i < 16 && w.find(marine) != nullptr; ++i) w.advance();
  REQUIRE(w.find(marine) == nullptr);
  for (int i = 0; i < 8; ++i) w.advance();
  CHECK(w.missiles().empty());  // the second missile landed on nothing
  CHECK(w.find(bystander)->health == 45.0f);
}

TEST_CASE("missiles: a missile homes on a target that walks away, and lands after its shooter died") {
  World w = flat_world();
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {26.0f, 32.0f});
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {30.5f, 32.0f});
  attack(w, roach, marine);
  run_until_fired(w, roach);
  REQUIRE(w.missiles().size() == 1);
  // The Marine runs off at once; the Roach dies with its missile in the air.
  REQUIRE(issue_command(w, *w.find(marine), ability::kMoveMove, {Vec2{40.0f, 36.0f}, {}}, false) == CommandOutcome::Done);
  w.find(roach)->health = 0.0f;
  for (int i = 0; i < 16 && w.find(marine)->health == 45.0f; ++i) w.advance();
  CHECK(w.find(roach) == nullptr);
  CHECK(w.find(marine)->health == 45.0f - 16.0f);
  CHECK(w.find(marine)->last_attacker_owner == kEnemy);  // credited to the dead Roach's owner
  CHECK(w.find(marine)->pos.x > 30.5f);                  // it had moved
  CHECK(w.missiles().empty());
}

TEST_CASE("missiles: the Spine Crawler's tentacle speeds up from 12 towards 200 units per second") {
  const Weapon& tentacle = *find_unit_type(unit_type::kSpineCrawler)->weapon;
  Unit crawler, target;
  crawler.stats = find_unit_type(unit_type::kSpineCrawler);
  target.stats = find_unit_type(unit_type::kMarine);
  Missile m = launch_missile(crawler, target, tentacle);
  CHECK(m.speed == doctest::Approx(12.0f / 16.0f));
  CHECK(m.acceleration == doctest::Approx(140.0f / 256.0f));
  CHECK(m.max_speed == doctest::Approx(200.0f / 16.0f));
  CHECK(m.per_attack == 25.0f);  // no Armored bonus on a Marine
}
