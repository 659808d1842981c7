// Simulation mechanics against the shared spec's unit table: movement speed, separation,
// orders, weapon fire and cooldown, damage and the armour floor, Baneling splash.
#include <cmath>
#include <numbers>
#include <set>

#include "engine/sim/abilities.h"
#include "engine/sim/combat.h"
#include "engine/sim/orders.h"
#include "engine/sim/state_hash.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kOwn = 1;
constexpr int kEnemy = 2;
constexpr float kSeparationTolerance = 0.01f;

void order(World& w, UnitId id, std::uint32_t ability, Vec2 point, bool queue = false) {
  REQUIRE(issue_command(w, *w.find(id), ability, {point, {}}, queue) == CommandOutcome::Done);
}

void attack(World& w, UnitId attacker, UnitId target) {
  REQUIRE(issue_command(w, *w.find(attacker), ability::kAttackAttack, {w.find(target)->pos, target}, false) ==
          CommandOutcome::Done);
}

// Leading number of a table cell such as "18 (older Liquipedia revision: 20)" or "+17 vs Light".
float leading_number(const std::string& cell) { return std::stof(cell); }

float number_after(const std::string& cell, const std::string& label) {
  const auto at = cell.find(label);
  REQUIRE(at != std::string::npos);
  return std::stof(cell.substr(at + label.size()));
}

// An enemy Marine in the arena's corner and a Zergling of ours walking away from it across the
// arena (a plain move: it does not fight back), faster than the Marine can follow. Runs until
// the Marine, having gone further than `chased_beyond`, is back at its spot (at most 40 s).
struct Chase {
  Vec2 origin;
  const Unit& marine;
  float furthest = 0.0f;
  bool chased = false;
};
Chase chase_fleeing_zergling(World& w, float chased_beyond) {
  const Vec2 origin{20.5f, 20.5f};
  const UnitId marine = w.spawn(unit_type::kMarine, kEnemy, origin);
  const UnitId zergling = w.spawn(unit_type::kZergling, kOwn, {23.5f, 23.5f});
  order(w, zergling, ability::kMoveMove, {43.5f, 43.5f});
  Chase chase{origin, *w.find(marine)};
  for (int i = 0; i < 16 * 40 && !(chase.chased && distance(chase.marine.pos, origin) < 0.6f); ++i) {
    run_loops(w, 1);
    const float away = distance(chase.marine.pos, origin);
    chase.furthest = std::max(chase.furthest, away);
    if (away > chased_beyond) chase.chased = true;
  }
  return chase;
}

}  // namespace

TEST_CASE("units cover the distance their table speed implies in N loops") {
  if (!sc2::test::have_shared("spec/sc2-game-data.tsv")) return;
  for (std::uint32_t type : {unit_type::kMarine, unit_type::kZergling, unit_type::kRoach, unit_type::kBaneling}) {
    CAPTURE(type);
    World w = flat_world();
    const UnitId id = w.spawn(type, kOwn, {21.0f, 32.0f});
    order(w, id, ability::kMoveMove, {43.0f, 32.0f});
    constexpr int kLoops = 48;
    run_loops(w, kLoops);
    const float per_normal_second = game_data(type).number("speed_normal");  // 16 loops
    CHECK(w.find(id)->pos.x == doctest::Approx(21.0f + per_normal_second * kLoops / 16.0f).epsilon(1e-4));
    CHECK(w.find(id)->pos.y == doctest::Approx(32.0f));
  }
}

TEST_CASE("units ordered to one point end apart by at least the sum of their radii, all stopped") {
  World w = flat_world();
  std::vector<UnitId> ids;
  for (int i = 0; i < 9; ++i) ids.push_back(w.spawn(unit_type::kMarine, kOwn, {24.0f, 28.0f + i}));
  ids.push_back(w.spawn(unit_type::kRoach, kOwn, {25.0f, 32.0f}));
  for (UnitId id : ids) order(w, id, ability::kMoveMove, {38.0f, 32.0f});
  run_loops(w, 400);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const Unit* a = w.find(ids[i]);
    CHECK(a->orders.empty());
    for (std::size_t j = i + 1; j < ids.size(); ++j) {
      const Unit* b = w.find(ids[j]);
      CAPTURE(i);
      CAPTURE(j);
      CHECK(distance(a->pos, b->pos) >= a->radius + b->radius - kSeparationTolerance);
    }
  }
  // The group gathered around the goal rather than stopping early.
  CHECK(distance(w.find(ids[0])->pos, {38.0f, 32.0f}) < 3.0f);
}

TEST_CASE("two units on the very same point are pushed apart at once") {
  World w = flat_world();
  const UnitId a = w.spawn(unit_type::kMarine, kOwn, {30.0f, 30.0f});
  const UnitId b = w.spawn(unit_type::kMarine, kOwn, {30.0f, 30.0f});
  w.advance();
  CHECK(distance(w.find(a)->pos, w.find(b)->pos) >= 0.75f - kSeparationTolerance);
}

TEST_CASE("a unit holding position is not pushed by a unit walking into it") {
  World w = flat_world();
  const UnitId holder = w.spawn(unit_type::kMarine, kOwn, {32.0f, 32.0f});
  REQUIRE(issue_command(w, *w.find(holder), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  const UnitId walker = w.spawn(unit_type::kMarine, kOwn, {28.0f, 32.0f});
  order(w, walker, ability::kMoveMove, {36.0f, 32.0f});
  run_loops(w, 60);
  CHECK(w.find(holder)->pos == Vec2{32.0f, 32.0f});
  CHECK(distance(w.find(holder)->pos, w.find(walker)->pos) >= 0.75f - kSeparationTolerance);
}

TEST_CASE("orders: queued commands append, unqueued replace, smart and attack pick unit or point") {
  World w = flat_world();
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {24.0f, 32.0f});
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {40.0f, 32.0f});
  const UnitId friend_marine = w.spawn(unit_type::kMarine, kOwn, {24.0f, 34.0f});
  order(w, marine, ability::kMoveMove, {30.0f, 30.0f});
  order(w, marine, ability::kAttackAttack, {30.0f, 36.0f}, true);
  order(w, marine, ability::kPatrolPatrol, {26.0f, 36.0f}, true);
  const auto& orders = w.find(marine)->orders;
  REQUIRE(orders.size() == 3);
  CHECK(orders[0].kind == OrderKind::Move);
  CHECK(orders[1].kind == OrderKind::AttackMove);
  CHECK(orders[2].kind == OrderKind::Patrol);
  CHECK(orders[2].patrol_origin == Vec2{30.0f, 36.0f});  // patrols from the previous order's end

  REQUIRE(issue_command(w, *w.find(marine), ability::kSmart, {w.find(roach)->pos, roach}, false) ==
          CommandOutcome::Done);
  REQUIRE(w.find(marine)->orders.size() == 1);
  CHECK(w.find(marine)->orders[0].kind == OrderKind::AttackUnit);
  CHECK(w.find(marine)->orders[0].ability_id == ability::kAttackAttack);
  CHECK(w.find(marine)->orders[0].target_unit == roach);

  REQUIRE(issue_command(w, *w.find(marine), ability::kSmart, {w.find(friend_marine)->pos, friend_marine}, false) ==
          CommandOutcome::Done);
  CHECK(w.find(marine)->orders[0].kind == OrderKind::Move);
  CHECK(w.find(marine)->orders[0].ability_id == ability::kMoveMove);

  CHECK(issue_command(w, *w.find(marine), ability::kMoveMove, {}, false) == CommandOutcome::NeedsTarget);
  for (std::size_t i = w.find(marine)->orders.size(); i < kMaxQueuedOrders; ++i) {
    order(w, marine, ability::kMoveMove, {30.0f, 30.0f}, true);
  }
  CHECK(issue_command(w, *w.find(marine), ability::kMoveMove, {Vec2{30.0f, 30.0f}, {}}, true) ==
        CommandOutcome::QueueIsFull);
  REQUIRE(issue_command(w, *w.find(marine), ability::kStopStop, {}, false) == CommandOutcome::Done);
  CHECK(w.find(marine)->orders.empty());
}

TEST_CASE("a Marine kills a Zergling in the number of shots the table implies, with jittered cooldowns") {
  if (!sc2::test::have_shared("spec/sc2-game-data.tsv")) return;
  const auto marine_row = game_data(unit_type::kMarine);
  const auto zergling_row = game_data(unit_type::kZergling);
  const float per_shot = std::max(0.5f, marine_row.number("weapon_damage") - zergling_row.number("armor"));
  const int expected_shots = static_cast<int>(std::ceil(zergling_row.number("hp") / per_shot));
  const float cooldown_loops = marine_row.number("weapon_cooldown_normal_s") * 16.0f;

  World w = flat_world(5);
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {28.0f, 32.0f});
  const UnitId zergling = w.spawn(unit_type::kZergling, kEnemy, {32.0f, 32.0f});  // within range 5
  REQUIRE(issue_command(w, *w.find(zergling), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  attack(w, marine, zergling);

  // The Zergling regenerates life each loop before it is hit (spec sc2-map-files.md §5.4, issue 36).
  const float health_max = w.find(zergling)->health_max;
  const float regen_per_loop = w.find(zergling)->stats->life_regen_per_loop;
  float regenerated = 0.0f;
  int shots = 0;
  std::vector<std::uint32_t> shot_loops;
  bool died = false;
  for (int loop = 0; loop < 400 && !died; ++loop) {
    const float before = w.find(zergling)->health;
    const float regen = std::min(health_max - before, regen_per_loop);
    regenerated += regen;
    w.advance();
    const Unit* z = w.find(zergling);
    if (z == nullptr || z->health < before) {
      ++shots;
      shot_loops.push_back(w.game_loop());
      if (z != nullptr) CHECK(before + regen - z->health == doctest::Approx(per_shot));
    }
    if (z == nullptr) {
      died = true;
      REQUIRE(w.deaths_last_loop().size() == 1);
      CHECK(w.deaths_last_loop()[0].id == zergling);
      CHECK(w.deaths_last_loop()[0].killer_owner == kOwn);
    }
  }
  REQUIRE(died);
  CHECK(regenerated > 0.0f);
  CHECK(shots == static_cast<int>(std::ceil((zergling_row.number("hp") + regenerated) / per_shot)));
  CHECK(shots == expected_shots + 1);  // 36 damage in 6 shots no longer covers 35 + what it regrew
  CHECK(w.kills(kOwn) == 1);
  CHECK(w.losses(kEnemy) == 1);
  CHECK(w.find(marine)->orders.empty());  // the attack order ends with its target
  for (std::size_t i = 1; i < shot_loops.size(); ++i) {
    const auto gap = static_cast<float>(shot_loops[i] - shot_loops[i - 1]);
    CHECK(gap >= std::ceil(cooldown_loops - 1.0f));
    CHECK(gap <= std::ceil(cooldown_loops + 2.0f));
  }
}

TEST_CASE("idle units acquire enemies within their scan range, not their sight, and a plain move ignores them") {
  World w = flat_world(2);
  const UnitId idle = w.spawn(unit_type::kMarine, kOwn, {24.0f, 32.0f});
  // 8 away (edges 7.25 apart): in the Marine's sight (9), beyond its scan range (5.5).
  const UnitId far = w.spawn(unit_type::kZergling, kEnemy, {32.0f, 32.0f});
  REQUIRE(issue_command(w, *w.find(far), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  run_loops(w, 60);
  CHECK(w.find(far)->health == w.find(far)->health_max);
  CHECK_FALSE(w.find(idle)->engaged_target.valid());
  CHECK(w.find(idle)->pos == Vec2{24.0f, 32.0f});

  // 6 away on the other side (edges 5.25 apart): beyond its weapon's range (5), within its
  // scan range (5.5): it steps closer and fires.
  const UnitId near = w.spawn(unit_type::kZergling, kEnemy, {18.0f, 32.0f});
  REQUIRE(issue_command(w, *w.find(near), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  const UnitId mover = w.spawn(unit_type::kMarine, kOwn, {20.0f, 36.0f});
  order(w, mover, ability::kMoveMove, {20.0f, 22.0f});  // walks past within range
  const float full = w.find(near)->health;
  run_loops(w, 60);
  REQUIRE(w.find(near) != nullptr);
  CHECK(w.find(near)->health < full);
  CHECK(w.find(idle)->engaged_target == near);
  CHECK(w.find(idle)->pos.x < 24.0f);
  CHECK(w.find(far)->health == w.find(far)->health_max);
  CHECK_FALSE(w.find(mover)->engaged_target.valid());
}

TEST_CASE("an idle unit that is hit fights back at its attacker, even from beyond its scan range") {
  World w = flat_world(2);
  // A Marauder (range 6) shoots a Zergling from 6.6 (edges 5.8 apart): beyond the Zergling's
  // scan range (5). A second Zergling 6 behind it (edges 5.25 apart: beyond the call for help's
  // 4) is not hit, not called and stays where it is.
  const UnitId marauder = w.spawn(unit_type::kMarauder, kOwn, {20.0f, 32.0f});
  const float marauder_radius = w.find(marauder)->radius;
  const float zergling_radius = find_unit_type(unit_type::kZergling)->radius;
  const float x = 20.0f + marauder_radius + zergling_radius + 5.8f;
  const UnitId target = w.spawn(unit_type::kZergling, kEnemy, {x, 32.0f});
  const UnitId behind = w.spawn(unit_type::kZergling, kEnemy, {x + 6.0f, 32.0f});
  attack(w, marauder, target);
  bool fought_back = false;
  for (int i = 0; i < 80 && w.find(target) != nullptr; ++i) {
    run_loops(w, 1);
    const Unit* zergling = w.find(target);
    if (zergling != nullptr && zergling->engaged_target == marauder) fought_back = true;
  }
  CHECK(fought_back);
  CHECK(w.find(marauder)->health < w.find(marauder)->health_max);  // the Zergling reached it
  REQUIRE(w.find(behind) != nullptr);
  CHECK(w.find(behind)->pos == Vec2{x + 6.0f, 32.0f});
  CHECK(w.find(behind)->orders.empty());
}

TEST_CASE("a hit unit calls for help: its idle allies within 4 (edge to edge) take on the attacker, others do not") {
  World w = flat_world(2);
  // A Marauder shoots a Roach from 6.6; the attacker is beyond every other Roach's scan range.
  const UnitId marauder = w.spawn(unit_type::kMarauder, kOwn, {20.0f, 32.0f});
  const float roach_radius = find_unit_type(unit_type::kRoach)->radius;
  const float x = 20.0f + w.find(marauder)->radius + roach_radius + 5.8f;
  const UnitId victim = w.spawn(unit_type::kRoach, kEnemy, {x, 32.0f});
  const float gap = 2.0f * roach_radius;
  const UnitId helper = w.spawn(unit_type::kRoach, kEnemy, {x + gap + 3.5f, 32.0f});        // edges 3.5 apart
  const UnitId too_far = w.spawn(unit_type::kRoach, kEnemy, {x, 32.0f + gap + 4.2f});       // edges 4.2 apart
  const UnitId holding = w.spawn(unit_type::kRoach, kEnemy, {x, 32.0f - gap - 2.0f});       // edges 2 apart
  REQUIRE(issue_command(w, *w.find(holding), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  attack(w, marauder, victim);
  // The grenade flies (missiles.h); in the loop it lands the calls are answered, after every
  // unit acted.
  for (int i = 0; i < 16 && w.find(victim)->health == w.find(victim)->health_max; ++i) run_loops(w, 1);
  REQUIRE(w.find(victim)->health < w.find(victim)->health_max);
  CHECK(w.find(helper)->engaged_target == marauder);
  CHECK_FALSE(w.find(too_far)->engaged_target.valid());
  CHECK_FALSE(w.find(holding)->engaged_target.valid());
  const Vec2 helper_start = w.find(helper)->pos;
  run_loops(w, 16);
  CHECK(distance(w.find(helper)->pos, w.find(marauder)->pos) < distance(helper_start, w.find(marauder)->pos));
  CHECK(w.find(too_far)->pos == Vec2{x, 32.0f + gap + 4.2f});
}

TEST_CASE("a unit calls for help at most once every 2 game seconds (32 loops)") {
  World w = flat_world(2);
  // The victim holds position (it calls, but does not chase); the attacker stands 14 away,
  // beyond every Roach's scan range, and its shots are fired by hand.
  Unit& attacker = place_unit(w, unit_type::kMarine, kOwn, {22.0f, 32.0f});
  Unit& victim = place_unit(w, unit_type::kRoach, kEnemy, {36.0f, 32.0f});
  victim.holding_position = true;
  const Unit& first = place_unit(w, unit_type::kRoach, kEnemy, {36.0f, 34.0f});
  const auto hit = [&] { fire_weapon(attacker, victim, *attacker.stats->weapon, w.rng()); };
  hit();
  run_loops(w, 1);
  CHECK(first.engaged_target == attacker.id);
  const Unit& second = place_unit(w, unit_type::kRoach, kEnemy, {36.0f, 30.0f});
  run_loops(w, 20);
  hit();
  run_loops(w, 1);  // 21 loops after the first call: no new call
  CHECK_FALSE(second.engaged_target.valid());
  run_loops(w, 10);
  hit();
  run_loops(w, 1);  // 32 loops after it: called
  CHECK(second.engaged_target == attacker.id);
}

TEST_CASE("with fog, an idle unit gives up a chase once its owner no longer sees the target, and walks back") {
  World w = flat_world(2);
  w.set_fog(true);
  // As the leash test below, but the Marine's side sees only through the Marine (sight 9): the
  // faster Zergling slips out of view long before the leash's 21.
  const Chase chase = chase_fleeing_zergling(w, 3.0f);
  CHECK(chase.chased);
  CHECK(chase.furthest < 18.0f);
  CHECK(distance(chase.marine.pos, chase.origin) < 0.6f);
  CHECK_FALSE(chase.marine.engaged_target.valid());
}

TEST_CASE("an idle unit chases on its own within a leash of 21 from where it began, then walks back there") {
  World w = flat_world(2);
  // An enemy Marine acquires a Zergling that walks away from it across the arena (a plain move:
  // the Zergling does not fight back) and faster than the Marine can follow.
  const Chase chase = chase_fleeing_zergling(w, 10.0f);
  CHECK(chase.chased);
  CHECK(chase.furthest <= 21.0f + 0.2f);  // the leash, plus one loop's walk
  CHECK(chase.furthest >= 20.0f);
  CHECK(distance(chase.marine.pos, chase.origin) < 0.6f);  // back at its spot
  CHECK(chase.marine.orders.empty());
  CHECK_FALSE(chase.marine.engaged_target.valid());
}

TEST_CASE("an idle unit that chased and killed its attacker walks back to where it began") {
  World w = flat_world(2);
  const Vec2 origin{36.0f, 32.0f};
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, origin);
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {30.0f, 32.0f});
  attack(w, marine, roach);
  run_loops(w, 4);
  REQUIRE(w.find(roach)->health < w.find(roach)->health_max);
  order(w, marine, ability::kMoveMove, {21.0f, 32.0f});  // runs 9 away, the Roach after it
  for (int i = 0; i < 16 * 30 && w.find(marine) != nullptr; ++i) run_loops(w, 1);
  REQUIRE(w.find(marine) == nullptr);
  const float chased_to = distance(w.find(roach)->pos, origin);
  CHECK(chased_to > 5.0f);
  run_loops(w, 16 * 8);
  CHECK(distance(w.find(roach)->pos, origin) < 0.6f);
  CHECK(w.find(roach)->orders.empty());
  CHECK_FALSE(w.find(roach)->leashed);
}

TEST_CASE("a unit walking back to a spot another unit now holds stops beside it") {
  World w = flat_world(2);
  const Vec2 origin{36.0f, 32.0f};
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, origin);
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {30.0f, 32.0f});
  attack(w, marine, roach);
  run_loops(w, 4);
  order(w, marine, ability::kMoveMove, {21.0f, 32.0f});
  for (int i = 0; i < 16 * 30 && w.find(marine) != nullptr; ++i) run_loops(w, 1);
  REQUIRE(w.find(marine) == nullptr);
  REQUIRE(w.find(roach)->leashed);
  Unit& squatter = place_unit(w, unit_type::kRoach, kEnemy, origin);
  squatter.holding_position = true;  // separation would not push it off the spot
  run_loops(w, 16 * 8);
  const Unit& back = *w.find(roach);
  CHECK_FALSE(back.leashed);  // the walk ended
  CHECK(distance(back.pos, origin) < back.radius + squatter.radius + 0.6f);
  const Vec2 resting = back.pos;
  run_loops(w, 32);
  CHECK(distance(w.find(roach)->pos, resting) < 0.05f);
}

TEST_CASE("target acquisition: in range first, then units that can attack back, then the nearest") {
  UnitTypeStats harmless = *find_unit_type(unit_type::kMarine);
  harmless.weapon.reset();
  const UnitTypeStats* marine_stats = find_unit_type(unit_type::kMarine);
  const auto make = [](const UnitTypeStats* stats, int owner, Vec2 pos, std::uint32_t index) {
    Unit u;
    u.id = {index, 1};
    u.stats = stats;
    u.owner = owner;
    u.pos = pos;
    u.radius = stats->radius;
    u.health = u.health_max = stats->health_max;
    return u;
  };
  Unit shooter = make(marine_stats, kOwn, {30.0f, 30.0f}, 0);
  Unit far_threat = make(marine_stats, kEnemy, {37.0f, 30.0f}, 1);     // in sight, out of range
  Unit near_harmless = make(&harmless, kEnemy, {33.0f, 30.0f}, 2);     // in range
  Unit mid_threat = make(marine_stats, kEnemy, {30.0f, 34.5f}, 3);     // in range, farther
  Unit nearer_threat = make(marine_stats, kEnemy, {30.0f, 26.0f}, 4);  // in range, nearer
  std::vector<Unit*> units = {&shooter, &far_threat, &near_harmless};
  CHECK(acquire_target(shooter, units, 9.0f) == &near_harmless);
  CHECK(acquire_target(shooter, units, 1.0f) == nullptr);
  units.push_back(&mid_threat);
  CHECK(acquire_target(shooter, units, 9.0f) == &mid_threat);
  units.push_back(&nearer_threat);
  CHECK(acquire_target(shooter, units, 9.0f) == &nearer_threat);
}

TEST_CASE("damage per hit = max(0.5, damage + bonus - armour), from the table") {
  if (!sc2::test::have_shared("spec/sc2-game-data.tsv")) return;
  UnitTypeStats plated = *find_unit_type(unit_type::kRoach);
  plated.armor = 20.0f;
  const Weapon& marine_weapon = *find_unit_type(unit_type::kMarine)->weapon;
  CHECK(weapon_damage(marine_weapon, plated) == 0.5f);
  CHECK(damage_per_attack(6.0f, attribute::kLight, 10.0f, plated) == 0.5f);  // no Light: no bonus
  const float roach_armor = game_data(unit_type::kRoach).number("armor");
  CHECK(weapon_damage(marine_weapon, *find_unit_type(unit_type::kRoach)) ==
        std::max(0.5f, game_data(unit_type::kMarine).number("weapon_damage") - roach_armor));

  // In the simulation too: a Marine shot at a heavily armoured target takes off 0.5.
  World w = flat_world();
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {28.0f, 32.0f});
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {31.0f, 32.0f});
  Unit* r = w.find(roach);
  r->stats = &plated;
  REQUIRE(issue_command(w, *r, ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  r->pos = {33.5f, 32.0f};  // edge 4.625 away: outside its own range 4, inside the Marine's 5
  attack(w, marine, roach);
  w.advance();
  CHECK(w.find(roach)->health == doctest::Approx(plated.health_max - 0.5f));
}

TEST_CASE("a Baneling's splash hits every enemy in radius, none outside, no friend, it dies") {
  if (!sc2::test::have_shared("spec/sc2-game-data.tsv")) return;
  const auto row = game_data(unit_type::kBaneling);
  const float splash = number_after(row.text("weapon_range"), "splash radius ");
  const float blast = leading_number(row.text("weapon_damage")) + leading_number(row.text("weapon_bonus"));
  CHECK(splash == doctest::Approx(2.2f));

  World w = flat_world();
  const Vec2 centre{32.0f, 32.0f};
  const UnitId baneling = w.spawn(unit_type::kBaneling, kEnemy, centre);
  const UnitId friend_ling = w.spawn(unit_type::kZergling, kEnemy, {31.3f, 31.3f});
  struct Placed {
    UnitId id;
    bool inside;
  };
  std::vector<Placed> marines;
  const float r = find_unit_type(unit_type::kMarine)->radius;
  const auto place = [&](float d, float angle_deg) {
    const float a = angle_deg * std::numbers::pi_v<float> / 180.0f;
    const Vec2 spot{centre.x + d * std::cos(a), centre.y + d * std::sin(a)};
    const UnitId id = w.spawn(unit_type::kMarine, kOwn, spot);
    // A move to where it stands: busy for this one loop, so it does not shoot the Zergling.
    order(w, id, ability::kMoveMove, spot);
    marines.push_back({id, d - r <= splash});
  };
  place(0.75f, 0.0f);           // touching: sets it off
  place(1.5f, 90.0f);
  place(splash + r - 0.05f, 180.0f);  // edge just inside
  place(splash + r + 0.05f, 270.0f);  // edge just outside
  place(3.5f, 45.0f);
  w.advance();

  CHECK(w.find(baneling) == nullptr);
  CHECK(w.find(friend_ling)->health == w.find(friend_ling)->health_max);
  int hit = 0;
  for (const Placed& m : marines) {
    const Unit* u = w.find(m.id);
    REQUIRE(u != nullptr);
    CAPTURE(distance(u->pos, centre));
    if (m.inside) {
      ++hit;
      CHECK(u->health == doctest::Approx(45.0f - std::max(0.5f, blast)));
    } else {
      CHECK(u->health == u->health_max);
    }
  }
  CHECK(hit == 3);
  bool baneling_died = false;
  for (const UnitDeath& d : w.deaths_last_loop()) baneling_died = baneling_died || d.id == baneling;
  CHECK(baneling_died);
}

TEST_CASE("a Baneling killed before reaching its target still bursts") {
  World w = flat_world();
  const UnitId baneling = w.spawn(unit_type::kBaneling, kEnemy, {32.0f, 32.0f});
  REQUIRE(issue_command(w, *w.find(baneling), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  w.find(baneling)->health = 1.0f;
  const UnitId near = w.spawn(unit_type::kMarine, kOwn, {34.0f, 32.0f});
  REQUIRE(issue_command(w, *w.find(near), ability::kMoveMove, {Vec2{34.0f, 32.0f}, {}}, false) == CommandOutcome::Done);
  const UnitId shooter = w.spawn(unit_type::kMarine, kOwn, {32.0f, 36.5f});
  run_loops(w, 3);
  CHECK(w.find(baneling) == nullptr);
  CHECK(w.find(near)->health < w.find(near)->health_max);
  CHECK(w.find(shooter)->health == w.find(shooter)->health_max);  // 4.5 away: outside the splash
}

TEST_CASE("state_hash is equal for equal worlds and changes with any unit state") {
  World a = flat_world(9), b = flat_world(9);
  for (World* w : {&a, &b}) {
    w->spawn(unit_type::kMarine, kOwn, {25.0f, 30.0f});
    w->spawn(unit_type::kRoach, kEnemy, {38.0f, 30.0f});
  }
  CHECK(state_hash(a) == state_hash(b));
  run_loops(a, 5);
  run_loops(b, 5);
  CHECK(state_hash(a) == state_hash(b));
  a.units()[0]->health -= 1.0f;
  CHECK(state_hash(a) != state_hash(b));
}

TEST_CASE("attack-move and patrol fight what they meet, then carry on, queued orders follow") {
  World w = flat_world(4);
  const UnitId walker = w.spawn(unit_type::kMarine, kOwn, {22.0f, 30.0f});
  const UnitId patroller = w.spawn(unit_type::kMarine, kOwn, {22.0f, 36.0f});
  const UnitId ling_a = w.spawn(unit_type::kZergling, kEnemy, {30.0f, 27.0f});
  const UnitId ling_b = w.spawn(unit_type::kZergling, kEnemy, {30.0f, 40.0f});
  for (UnitId id : {ling_a, ling_b}) {
    REQUIRE(issue_command(w, *w.find(id), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  }
  order(w, walker, ability::kAttackAttack, {38.0f, 30.0f});
  order(w, walker, ability::kMoveMove, {38.0f, 24.0f}, true);
  order(w, patroller, ability::kPatrolPatrol, {38.0f, 36.0f});
  run_loops(w, 600);
  CHECK(w.find(ling_a) == nullptr);
  CHECK(w.find(ling_b) == nullptr);
  // The attack-move finished at its point, then the queued move ran.
  CHECK(w.find(walker)->orders.empty());
  CHECK(distance(w.find(walker)->pos, {38.0f, 24.0f}) < 0.01f);
  // The patrol is still going.
  REQUIRE(w.find(patroller)->orders.size() == 1);
  CHECK(w.find(patroller)->orders[0].kind == OrderKind::Patrol);
}

TEST_CASE("weapon cooldown: every jitter of -1..+2 loops occurs, nothing else") {
  if (!sc2::test::have_shared("spec/sc2-game-data.tsv")) return;
  const float cooldown_loops = game_data(unit_type::kMarine).number("weapon_cooldown_normal_s") * 16.0f;
  std::set<int> expected;
  for (int jitter = -1; jitter <= 2; ++jitter) expected.insert(static_cast<int>(std::ceil(cooldown_loops + jitter)));

  World w = flat_world(77);
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {28.0f, 32.0f});
  const UnitId roach = w.spawn(unit_type::kRoach, kEnemy, {33.5f, 32.0f});  // out of its own range
  REQUIRE(issue_command(w, *w.find(roach), ability::kHoldPositionHold, {}, false) == CommandOutcome::Done);
  w.find(roach)->health = 1e6f;
  attack(w, marine, roach);
  std::set<int> gaps;
  std::uint32_t last_shot = 0;
  for (int loop = 0; loop < 2000; ++loop) {
    const float before = w.find(roach)->health;
    w.advance();
    if (w.find(roach)->health < before) {
      if (last_shot != 0) gaps.insert(static_cast<int>(w.game_loop() - last_shot));
      last_shot = w.game_loop();
    }
  }
  CHECK(gaps == expected);
}

TEST_CASE("enemies_present: idle armies skip target search only while no hostile unit exists") {
  World w = flat_world();
  const UnitId marine = w.spawn(unit_type::kMarine, kOwn, {21.0f, 32.0f});
  w.spawn(unit_type::kMineralField, kNeutralOwner, {30.0f, 32.0f});  // neutral: not an enemy
  run_loops(w, 1);
  CHECK_FALSE(w.enemies_present(kOwn));
  // An enemy appears within sight: from the next loop on it is seen and attacked.
  const UnitId zergling = w.spawn(unit_type::kZergling, kEnemy, {25.0f, 32.0f});
  run_loops(w, 1);
  CHECK(w.enemies_present(kOwn));
  CHECK(w.enemies_present(kEnemy));
  CHECK(w.find(marine)->engaged_target == zergling);
}
