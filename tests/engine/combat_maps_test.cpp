// DefeatRoaches and DefeatZerglingsAndBanelings: the real map scripts' facts (spawn regions 4
// and 5, the Marine column, the enemy offsets, idle enemies, waves with re-created Marines,
// selection, rewards), then through the API: start state, reward per death event, waves, the
// end when all Marines die or time runs out, restart, determinism.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/game.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint32_t kRoach = 110, kZergling = 105, kBaneling = 9;

struct CombatMap {
  const char* name;
  std::map<std::uint32_t, int> enemies;  // per wave
  int reward_per_enemy;
  int marines_per_wave;
  std::vector<std::pair<std::uint32_t, float>> enemy_spawns;  // type and y offset, in creation order
};

// Real scripts: DR S:90-97 (4 Roaches at y +0.5, +1.5, -0.5, -1.5), DZB S:94-107 (6 Zerglings
// then 4 Banelings on the anchor itself); rewards DR S:159 / DZB S:173; extra Marines S:191 / S:205.
const CombatMap kRoaches{"DefeatRoaches", {{kRoach, 4}}, 10, 5,
                         {{kRoach, 0.5f}, {kRoach, 1.5f}, {kRoach, -0.5f}, {kRoach, -1.5f}}};
const CombatMap kBanelings{"DefeatZerglingsAndBanelings",
                           {{kZergling, 6}, {kBaneling, 4}},
                           5,
                           4,
                           {{kZergling, 0.0f}, {kZergling, 0.0f}, {kZergling, 0.0f}, {kZergling, 0.0f},
                            {kZergling, 0.0f}, {kZergling, 0.0f}, {kBaneling, 0.0f}, {kBaneling, 0.0f},
                            {kBaneling, 0.0f}, {kBaneling, 0.0f}}};

// The real maps' Regions file: 4 "Spawn Region Left", 5 "Spawn Region Right"; 1 "Playable Space".
struct Area {
  float x0, y0, x1, y1;
  bool holds(Vec2 p, float margin = 0.0f) const {
    return p.x >= x0 - margin && p.x <= x1 + margin && p.y >= y0 - margin && p.y <= y1 + margin;
  }
};
constexpr Area kSpawnLeft{23.9748f, 25.0637f, 27.9787f, 31.0483f};
constexpr Area kSpawnRight{38.0207f, 25.0427f, 42.0351f, 31.0773f};
constexpr Area kPlayable{22.0f, 20.0f, 44.0f, 36.0f};
// The k-th Marine's y offset (k = 1..): (k / 2) * (1 + ModI(k, 2) * -2), real DR S:83-89.
constexpr float kColumn[] = {0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6};

Interface raw_only() {
  Interface i;
  i.feature = false;
  return i;
}

Game make_game(const CombatMap& map, std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game(map.name);
  REQUIRE(config.map != nullptr);
  return Game(config, seed);
}

std::vector<Unit*> owned(World& world, int owner) {
  std::vector<Unit*> out;
  for (Unit* u : world.units()) {
    if (u->owner == owner) out.push_back(u);
  }
  return out;
}

// Kills every enemy (the next loop's deaths), as if the Marines had.
void kill_enemies(Game& game) {
  for (Unit* u : owned(game.world(), 2)) u->health = 0.0f;
  game.step(1);
}

Vec2 centroid(const std::vector<Unit*>& units) {
  Vec2 sum;
  for (const Unit* u : units) sum = sum + u->pos;
  return sum * (1.0f / static_cast<float>(units.size()));
}

// Ten units of radius 0.375 packed around a point: a first ring of six at 0.75, the rest at
// about 1.3 to 1.5.
constexpr float kClumpRadius = 1.6f;

float min_gap(const std::vector<Unit*>& units) {  // smallest distance minus both radii, over pairs
  float gap = 1e9f;
  for (std::size_t i = 0; i < units.size(); ++i) {
    for (std::size_t j = i + 1; j < units.size(); ++j) {
      gap = std::min(gap, distance(units[i]->pos, units[j]->pos) - units[i]->radius - units[j]->radius);
    }
  }
  return gap;
}

std::vector<api::Unit> enemies_of(const api::ResponseObservation& obs) {
  std::vector<api::Unit> out;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.alliance() == api::Enemy) out.push_back(u);
  }
  return out;
}

// Focus fire: every Marine attacks the weakest enemy (Banelings first).
void focus_fire(GameServer& server, const api::ResponseObservation& obs) {
  const auto marines = units_of(obs, kMarine);
  const auto banelings = units_of(obs, kBaneling);
  const auto enemies = enemies_of(obs);
  if (marines.empty() || enemies.empty()) return;
  const api::Unit* target = weakest(banelings.empty() ? enemies : banelings);
  REQUIRE(act(server, raw_attack_unit(tags_of(marines), target->tag())).result(0) == api::Success);
}

float sum(const std::multiset<float>& values) {
  float total = 0.0f;
  for (float v : values) total += v;
  return total;
}

float mean_x(const std::vector<api::Unit>& units) {
  float sum = 0.0f;
  for (const auto& u : units) sum += u.pos().x();
  return units.empty() ? 0.0f : sum / static_cast<float>(units.size());
}

void check_start_state(const api::ResponseObservation& obs, const CombatMap& map) {
  const auto marines = units_of(obs, kMarine);
  REQUIRE(marines.size() == 9);
  for (const auto& m : marines) {
    CHECK(m.owner() == 1);
    CHECK(m.alliance() == api::Self);
    CHECK(m.is_selected());
    CHECK(m.health() == 45.0f);
    CHECK(m.pos().x() == doctest::Approx(marines[0].pos().x()));  // a vertical line
  }
  std::map<std::uint32_t, int> counts;
  for (const auto& e : enemies_of(obs)) {
    ++counts[e.unit_type()];
    CHECK(e.owner() == 2);
    CHECK(std::abs(e.pos().x() - marines[0].pos().x()) >= 10.0f);  // the other spawn region
  }
  CHECK(counts == map.enemies);
  CHECK(obs.observation().score().score() == 0);
  CHECK(obs.observation().game_loop() == 0);
  // The selected Marines offer their commands as before.
  std::set<int> abilities;
  for (const auto& a : obs.observation().abilities()) abilities.insert(a.ability_id());
  CHECK(abilities == std::set<int>{1, 4, 16, 17, 18, 23});
}

// Plays focus fire one loop per step, checking every reward against the death events,
// until the first wave arrives. Returns false if the Marines lost first.
bool play_to_first_wave(GameServer& server, const CombatMap& map) {
  auto obs = observe(server);
  std::map<std::uint64_t, api::Unit> known;
  int enemy_deaths = 0;
  for (int loop = 0; loop < 1900; ++loop) {
    known.clear();
    for (const auto& u : obs.observation().raw_data().units()) known[u.tag()] = u;
    const int score_before = obs.observation().score().score();
    const auto marines_before = units_of(obs, kMarine);
    focus_fire(server, obs);
    step(server, 1);
    obs = observe(server);
    if (obs.player_result_size() > 0) return false;

    int expected = 0;
    std::set<std::uint64_t> dead;
    for (std::uint64_t tag : obs.observation().raw_data().event().dead_units()) {
      REQUIRE(known.count(tag) == 1);
      dead.insert(tag);
      const api::Unit& unit = known[tag];
      if (unit.alliance() == api::Enemy) {
        expected += map.reward_per_enemy;
        ++enemy_deaths;
      } else if (unit.unit_type() == kMarine) {
        expected -= 1;
      }
    }
    REQUIRE(obs.observation().score().score() - score_before == expected);

    const auto enemies = enemies_of(obs);
    bool all_new = !enemies.empty();
    for (const auto& e : enemies) all_new = all_new && known.count(e.tag()) == 0;
    if (!all_new) continue;

    // The wave: a fresh enemy group, the survivors re-created (new tags, same life) plus new
    // full-life Marines, all selected, on opposite spawn regions.
    int expected_enemies = 0;
    for (const auto& [type, count] : map.enemies) expected_enemies += count;
    CHECK(enemy_deaths == expected_enemies);
    std::map<std::uint32_t, int> counts;
    for (const auto& e : enemies) {
      ++counts[e.unit_type()];
      CHECK(e.health() == e.health_max());
    }
    CHECK(counts == map.enemies);
    std::multiset<float> expected_life;
    for (const auto& m : marines_before) {
      if (dead.count(m.tag()) == 0) expected_life.insert(m.health());
    }
    for (int i = 0; i < map.marines_per_wave; ++i) expected_life.insert(45.0f);
    const auto marines = units_of(obs, kMarine);
    std::multiset<float> life;
    for (const auto& m : marines) {
      life.insert(m.health());
      CHECK(known.count(m.tag()) == 0);  // every Marine is a new unit
      CHECK(m.is_selected());
      CHECK(m.orders_size() == 0);
    }
    // The survivors keep their life; a Roach's missile launched before the last Roach died may
    // still land in the wave's own loop (engine/sim/missiles.h), one hit lower for its Marine.
    CHECK(life.size() == expected_life.size());
    CHECK(life.count(45.0f) >= static_cast<std::size_t>(map.marines_per_wave));
    const float missed = sum(expected_life) - sum(life);
    const float per_hit = map.enemies.count(kRoach) ? 16.0f : 0.0f;
    CHECK(missed >= 0.0f);
    CHECK(missed <= 4 * per_hit);
    if (per_hit > 0.0f) CHECK(std::fmod(missed, per_hit) == 0.0f);
    CHECK(std::abs(mean_x(marines) - mean_x(enemies)) >= 10.0f);
    return true;
  }
  return false;
}

}  // namespace

TEST_CASE("combat maps start as the real scripts: a Marine column and the enemies on random points of regions 4 and 5") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    std::set<bool> marines_left;
    std::set<int> anchor_columns;  // Marine anchors' x, in tenths
    bool independent_y = false;
    for (std::uint64_t seed = 1; seed <= 24; ++seed) {
      CAPTURE(seed);
      Game game = make_game(*map, seed);
      World& world = game.world();
      const auto marines = owned(world, 1);  // in creation order: the k-th Marine is marines[k - 1]
      const auto enemies = owned(world, 2);
      REQUIRE(marines.size() == 9);
      const Vec2 anchor = marines[0]->pos;
      const bool left = kSpawnLeft.holds(anchor);
      CHECK((left || kSpawnRight.holds(anchor)));
      std::vector<UnitId> ids;
      for (std::size_t k = 0; k < marines.size(); ++k) {
        CHECK(marines[k]->type() == kMarine);
        CHECK(marines[k]->pos.x == anchor.x);
        CHECK(marines[k]->pos.y == doctest::Approx(anchor.y + kColumn[k]));
        CHECK(marines[k]->health == 45.0f);
        ids.push_back(marines[k]->id);
      }
      CHECK(world.player(1).selection == ids);

      REQUIRE(enemies.size() == map->enemy_spawns.size());
      // The first enemy created stands on its spot; DZB's others are placed around the anchor.
      const Vec2 enemy_anchor = enemies[0]->pos - Vec2{0.0f, map->enemy_spawns[0].second};
      CHECK((left ? kSpawnRight : kSpawnLeft).holds(enemy_anchor));
      for (std::size_t i = 0; i < enemies.size(); ++i) {
        CHECK(enemies[i]->type() == map->enemy_spawns[i].first);
        if (map == &kRoaches) {
          CHECK(enemies[i]->pos.x == enemy_anchor.x);
          CHECK(enemies[i]->pos.y == doctest::Approx(enemy_anchor.y + map->enemy_spawns[i].second));
        } else {
          CHECK(distance(enemies[i]->pos, enemy_anchor) < kClumpRadius);
        }
        CHECK(enemies[i]->orders.empty());  // no order, ever
        CHECK(enemies[i]->health == enemies[i]->health_max);
      }
      CHECK(min_gap(enemies) > -0.002f);  // nobody overlaps
      marines_left.insert(left);
      anchor_columns.insert(static_cast<int>(std::lround(anchor.x * 10.0f)));
      independent_y = independent_y || std::abs(anchor.y - enemy_anchor.y) > 0.5f;
    }
    CHECK(marines_left.size() == 2);       // both sides occur
    CHECK(anchor_columns.size() >= 10);    // a random point, not a fixed line
    CHECK(independent_y);                  // each side's anchor is its own random point
  }
}

TEST_CASE("combat maps: enemies stand idle until a Marine comes within their scan range, then attack and chase it") {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    Game game = make_game(kRoaches, seed);
    World& world = game.world();
    std::vector<Vec2> start;
    for (Unit* r : owned(world, 2)) start.push_back(r->pos);
    game.step(160);  // 10 game seconds: nobody moves, nobody fights
    const auto roaches = owned(world, 2);
    REQUIRE(roaches.size() == 4);
    for (std::size_t i = 0; i < roaches.size(); ++i) {
      CHECK(roaches[i]->pos == start[i]);
      CHECK(roaches[i]->orders.empty());
    }
    for (Unit* m : owned(world, 1)) CHECK(m->health == 45.0f);

    Unit& marine = *owned(world, 1)[0];
    Unit* roach = roaches[0];
    for (Unit* r : roaches) {
      if (distance(r->pos, marine.pos) < distance(roach->pos, marine.pos)) roach = r;
    }
    const Vec2 roach_start = roach->pos;
    const Vec2 towards = (marine.pos - roach_start) * (1.0f / distance(marine.pos, roach_start));
    const UnitId marine_id = marine.id, roach_id = roach->id;
    const auto walk_to = [&](float from_roach) {
      const Vec2 spot = roach_start + towards * from_roach;
      REQUIRE(issue_command(world, *world.find(marine_id), ability::kMoveMove, {spot, {}}, false) ==
              CommandOutcome::Done);
      return spot;
    };

    // 7.5 from the Roach (edges 6.6 apart): in its sight (9), beyond its scan range (5, the
    // weapon's MinScanRange). It does not react, however long the Marine stands there.
    walk_to(7.5f);
    game.step(240);
    CHECK(world.find(roach_id)->pos == roach_start);
    CHECK(world.find(roach_id)->orders.empty());
    CHECK(world.find(marine_id)->health == 45.0f);

    // 5.4 (edges 4.5 apart): within its scan range, beyond its weapon's (4). The Roach, still
    // without orders, comes closer and fires.
    const Vec2 spot = walk_to(5.4f);
    float closest = distance(roach_start, spot);
    for (int i = 0; i < 25 && world.find(roach_id) != nullptr; ++i) {
      const Unit& chaser = *world.find(roach_id);
      CHECK(chaser.orders.empty());
      closest = std::min(closest, distance(chaser.pos, spot));
      game.step(8);
    }
    CHECK(closest < distance(roach_start, spot) - 0.3f);
    const Unit* hit = world.find(marine_id);
    CHECK((hit == nullptr || hit->health < 45.0f));  // the Roach fired at it
  }
}

TEST_CASE("DefeatZerglingsAndBanelings: the ten enemies created on one point form a packed clump that stays") {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    Game game = make_game(kBanelings, seed);
    World& world = game.world();
    auto enemies = owned(world, 2);
    REQUIRE(enemies.size() == 10);
    const Vec2 anchor = enemies[0]->pos;
    std::vector<Vec2> placed;
    for (const Unit* e : enemies) {
      CHECK(distance(e->pos, anchor) < kClumpRadius);
      placed.push_back(e->pos);
    }
    CHECK(min_gap(enemies) > -0.002f);
    game.step(32);  // nothing pushes them: they stand where they were placed
    enemies = owned(world, 2);
    for (std::size_t i = 0; i < enemies.size(); ++i) CHECK(enemies[i]->pos == placed[i]);
  }
}

TEST_CASE("combat maps: a wave re-creates the survivors in the column's first spots, adds new Marines, selects all") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      CAPTURE(map->name);
      CAPTURE(seed);
      Game game = make_game(*map, seed);
      World& world = game.world();
      // The k-th Marine gets life 45 - k and an order and a cooldown; Marines 4 and 7 die.
      const auto marines = owned(world, 1);
      std::vector<UnitId> old_ids;
      std::vector<float> survivor_life;
      for (std::size_t i = 0; i < marines.size(); ++i) {
        Unit& m = *marines[i];
        old_ids.push_back(m.id);
        m.health = m.health_accounted = 44.0f - static_cast<float>(i);
        if (i == 3 || i == 6) m.health = 0.0f;
        if (m.health > 0.0f) survivor_life.push_back(m.health);
        m.weapon_cooldown = 10.0f;
        REQUIRE(issue_command(world, m, ability::kMoveMove, {Vec2{33.0f, 28.0f}, {}}, false) == CommandOutcome::Done);
      }
      const UnitId stray = world.spawn(unit_type::kBeacon, kNeutralOwner, {33.0f, 22.0f});  // "every other unit"
      kill_enemies(game);
      CHECK_FALSE(game.ended());
      CHECK(game.mini_game().score() == static_cast<int>(map->enemy_spawns.size()) * map->reward_per_enemy - 2);
      CHECK(world.find(stray) == nullptr);
      for (UnitId id : old_ids) CHECK(world.find(id) == nullptr);  // survivors are new units

      // Column order: survivors (their old order, their life), then the new full-life ones.
      const auto now = owned(world, 1);
      const std::size_t count = survivor_life.size() + static_cast<std::size_t>(map->marines_per_wave);
      REQUIRE(now.size() == count);
      std::vector<float> life_by_spot(count, -1.0f);
      const Unit* first = nullptr;
      for (const Unit* m : now) {
        if (m->health == survivor_life[0]) first = m;
      }
      REQUIRE(first != nullptr);
      const Vec2 anchor = first->pos;
      const bool left = kSpawnLeft.holds(anchor);
      CHECK((left || kSpawnRight.holds(anchor)));
      std::set<std::uint64_t> selected;
      for (UnitId id : world.player(1).selection) selected.insert(to_tag(id));
      for (const Unit* m : now) {
        CHECK(m->pos.x == anchor.x);
        CHECK(m->orders.empty());
        CHECK(m->weapon_cooldown == 0.0f);
        CHECK(selected.count(to_tag(m->id)) == 1);
        for (std::size_t k = 0; k < count; ++k) {
          const float y = std::clamp(anchor.y + kColumn[k], kPlayable.y0 + m->radius, kPlayable.y1 - m->radius);
          if (std::abs(m->pos.y - y) < 1e-4f && life_by_spot[k] < 0.0f) {
            life_by_spot[k] = m->health;
            break;
          }
        }
      }
      CHECK(selected.size() == count);
      for (std::size_t k = 0; k < count; ++k) {
        CAPTURE(k);
        CHECK(life_by_spot[k] == (k < survivor_life.size() ? survivor_life[k] : 45.0f));
      }
      // The new enemies, on the other region, full life, no orders.
      const auto enemies = owned(world, 2);
      REQUIRE(enemies.size() == map->enemy_spawns.size());
      // DR's offsets cancel out: their centroid is the anchor; DZB's clump is around it.
      const float margin = map == &kRoaches ? 1e-4f : 1.0f;
      CHECK((left ? kSpawnRight : kSpawnLeft).holds(centroid(enemies), margin));
      for (const Unit* e : enemies) {
        CHECK(e->health == e->health_max);
        CHECK(e->orders.empty());
      }
    }
  }
}

TEST_CASE("combat maps: a long column is clamped into the playable area and spread by separation") {
  Game game = make_game(kRoaches, 4);
  World& world = game.world();
  for (int wave = 0; wave < 3; ++wave) kill_enemies(game);  // 9 + 3 x 5 Marines: a column of 24
  auto marines = owned(world, 1);
  REQUIRE(marines.size() == 24);
  for (const Unit* m : marines) CHECK(kPlayable.holds(m->pos));
  game.step(16);
  marines = owned(world, 1);
  CHECK(min_gap(marines) > -0.02f);
  for (const Unit* m : marines) {
    CHECK(m->pos.y >= kPlayable.y0 + m->radius);
    CHECK(m->pos.y <= kPlayable.y1 - m->radius);
  }
}

TEST_CASE("combat maps: start state, selected Marines, enemies on the other side") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    GameServer server;
    start_map(server, map->name, 4);
    check_start_state(observe(server), *map);
  }
}

TEST_CASE("the Marines' side is random per seed") {
  std::set<int> sides;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    GameServer server;
    start_map(server, "DefeatRoaches", seed, raw_only());
    sides.insert(units_of(observe(server), kMarine)[0].pos().x() < 33.0f ? 0 : 1);
  }
  CHECK(sides.size() == 2);
}

TEST_CASE("DefeatRoaches: +10 per Roach, -1 per Marine, then a wave of 4 Roaches and 5 Marines") {
  // Nine Marines focus-firing against four Roaches that answer each other's calls for help is a
  // close fight (the paper's DeepMind human player scored 41): it wins the first round for some seeds.
  bool waved = false;
  for (std::uint32_t seed = 1; seed <= 10 && !waved; ++seed) {
    GameServer server;
    start_map(server, kRoaches.name, seed, raw_only());
    waved = play_to_first_wave(server, kRoaches);
  }
  CHECK(waved);
}

TEST_CASE("DefeatZerglingsAndBanelings: +5 per Zergling or Baneling, -1 per Marine, then a wave with 4 Marines") {
  // Focus fire on the Banelings wins the first round for some seeds; find one.
  bool waved = false;
  for (std::uint32_t seed = 1; seed <= 10 && !waved; ++seed) {
    GameServer server;
    start_map(server, kBanelings.name, seed, raw_only());
    waved = play_to_first_wave(server, kBanelings);
  }
  CHECK(waved);
}

TEST_CASE("combat maps: -1 per Marine lost while others live, -1 in all for the last ones dying together") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    Game game = make_game(*map, 5);
    auto marines = owned(game.world(), 1);
    REQUIRE(marines.size() == 9);
    for (std::size_t i = 0; i < 5; ++i) marines[i]->health = 0.0f;
    game.step(1);
    CHECK(game.mini_game().score() == -5);
    CHECK_FALSE(game.ended());
    // The file's defeat trigger: the first death that leaves no Marine costs 1 and stops the scoring.
    for (std::size_t i = 5; i < 9; ++i) marines[i]->health = 0.0f;
    CHECK(loops_until_end(game) == kDefeatWaitLoops);
    CHECK(game.mini_game().score() == -6);
  }
}

TEST_CASE("combat maps end in Defeat when all Marines are dead, and restart brings the start back") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    GameServer server;
    start_map(server, map->name, 5, raw_only());
    step(server, 8);
    api::Request kill;
    auto* tags = kill.mutable_debug()->add_debug()->mutable_kill_unit();
    for (const auto& m : units_of(observe(server), kMarine)) tags->add_tag(m.tag());
    REQUIRE(tags->tag_size() == 9);
    REQUIRE(call(server, kill).error_size() == 0);
    CHECK(step(server, 8).status() == api::in_game);  // the defeat waits kDefeatWaitLoops
    CHECK(step(server, kDefeatWaitLoops).status() == api::ended);
    const auto obs = observe(server);
    CHECK(obs.observation().game_loop() <= 8 + kDefeatWaitLoops);
    CHECK(obs.observation().score().score() == -1);  // nine dying together: the defeat trigger's one -1
    CHECK(units_of(obs, kMarine).empty());
    REQUIRE(obs.player_result_size() == 1);
    CHECK(obs.player_result(0).result() == api::Defeat);
    // Restart brings the start state back.
    REQUIRE(call(server, restart_request()).status() == api::in_game);
    auto again = observe(server);
    CHECK(again.observation().game_loop() == 0);
    CHECK(again.observation().score().score() == 0);
    CHECK(units_of(again, kMarine).size() == 9);
  }
}

TEST_CASE("combat maps end at 120 s (1920 loops) with Victory when the Marines live") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    Game game = make_game(*map, 11);
    // Nobody is ordered anywhere: the idle armies, 10 or more apart, never meet.
    game.step(1919);
    CHECK_FALSE(game.ended());
    game.step(5);
    CHECK(game.ended());
    CHECK(game.world().game_loop() == 1920);
    CHECK(game.result() == GameResult::Victory);
    CHECK(game.mini_game().score() == 0);
  }
}

TEST_CASE("Attack on a Roach's screen pixel makes the selected Marines attack that Roach") {
  GameServer server;
  start_map(server, kRoaches.name, 6);
  auto obs = observe(server);
  const auto roach = units_of(obs, kRoach).at(0);
  const auto& camera = obs.observation().raw_data().player().camera();
  const Pixel p = world_to_screen(camera, 24.0f, 64, 64, roach.pos().x(), roach.pos().y());
  REQUIRE(act(server, move_screen(p.x, p.y, 3674)).result(0) == api::Success);
  obs = observe(server);
  for (const auto& m : units_of(obs, kMarine)) {
    REQUIRE(m.orders_size() == 1);
    CHECK(m.orders(0).ability_id() == 23);
    CHECK(m.orders(0).target_unit_tag() == roach.tag());
  }
  // Smart (right click) on the ground is a move.
  REQUIRE(act(server, move_screen(32, 2, 1)).result(0) == api::Success);
  CHECK(units_of(observe(server), kMarine)[0].orders(0).ability_id() == 16);
}

TEST_CASE("feature layers and raw data show the Roaches: type, hit points, enemy relation") {
  GameServer server;
  start_map(server, kRoaches.name, 2);
  const auto obs = observe(server);
  const auto& screen = obs.observation().feature_layer_data().renders();
  const auto types = decode(screen.unit_type());
  const auto hp = decode(screen.unit_hit_points());
  const auto relative = decode(screen.player_relative());
  int roach_pixels = 0;
  for (std::size_t i = 0; i < types.size(); ++i) {
    if (types[i] != static_cast<std::int32_t>(kRoach)) continue;
    ++roach_pixels;
    CHECK(hp[i] == 145);
    CHECK(relative[i] == 4);
  }
  CHECK(roach_pixels > 0);
  for (const auto& r : units_of(obs, kRoach)) {
    CHECK(r.health_max() == 145.0f);
    CHECK(r.alliance() == api::Enemy);
    CHECK(r.orders_size() == 0);
  }
}

TEST_CASE("data covers every unit and ability the combat maps can show") {
  GameServer server;
  start_map(server, kBanelings.name, 1);
  api::Request r;
  r.mutable_data()->set_ability_id(true);
  r.mutable_data()->set_unit_type_id(true);
  const auto data = call(server, r).data();
  std::map<std::uint32_t, std::string> names;
  std::map<std::uint32_t, const api::UnitTypeData*> units;
  for (const auto& u : data.units()) {
    names[u.unit_id()] = u.name();
    units[u.unit_id()] = &u;
  }
  CHECK(names[kZergling] == "Zergling");
  CHECK(names[kBaneling] == "Baneling");
  CHECK(names[kRoach] == "Roach");
  CHECK(names[1680] == "NaturalMinerals");
  CHECK(names[kMarine] == "Marine");
  REQUIRE(units[kRoach]->weapons_size() == 1);
  CHECK(units[kRoach]->weapons(0).damage() == 16.0f);
  CHECK(units[kRoach]->weapons(0).range() == 4.0f);
  CHECK(units[kRoach]->armor() == 1.0f);
  bool explode = false;
  for (const auto& a : data.abilities()) explode = explode || a.ability_id() == 42;
  CHECK(explode);
}

TEST_CASE("combat maps are deterministic: same seed and actions give identical observations") {
  for (const CombatMap* map : {&kRoaches, &kBanelings}) {
    CAPTURE(map->name);
    GameServer a, b, c;
    start_map(a, map->name, 21);
    start_map(b, map->name, 21);
    start_map(c, map->name, 22);
    bool differs_from_other_seed = false;
    for (int i = 0; i < 60; ++i) {
      const auto oa = observe(a), ob = observe(b), oc = observe(c);
      REQUIRE(oa.SerializeAsString() == ob.SerializeAsString());
      differs_from_other_seed = differs_from_other_seed || oa.SerializeAsString() != oc.SerializeAsString();
      if (oa.player_result_size() > 0) break;
      if (i % 3 == 0) {
        focus_fire(a, oa);
        focus_fire(b, ob);
      }
      step(a, 8);
      step(b, 8);
      if (oc.player_result_size() == 0) step(c, 8);
    }
    CHECK(differs_from_other_seed);
  }
}
