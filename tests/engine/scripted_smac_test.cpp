// The 23 SMAC map files (spec §3.2): they load and their scripts put both armies where they
// say, the map's `_RL` copies with their own stats (shields too). Killing every unit makes
// the map's "all units died" trigger spawn both armies again, as SMAC's reset relies on (§4.6).
#include <limits>
#include <map>

#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

namespace {

struct Armies {
  std::string_view map;
  std::string_view agent_type;
  std::size_t agents;
  std::string_view enemy_type;
  std::size_t enemies;
};

// spec §3.2: the Team maps spawn the agents at "Team 1" (9,16), the enemies at "Team 2" (23,16),
// and order the enemies to attack-move to (9,16).
constexpr Armies kMarineMaps[] = {
    {"3m", "Marine_RL", 3, "Marine", 3},          {"8m", "Marine_RL", 8, "Marine", 8},
    {"25m", "Marine_RL", 25, "Marine", 25},       {"5m_vs_6m", "Marine_RL", 5, "Marine", 6},
    {"8m_vs_9m", "Marine_RL", 8, "Marine", 9},    {"10m_vs_11m", "Marine_RL", 10, "Marine", 11},
    {"27m_vs_30m", "Marine_RL", 27, "Marine", 30},
};

// The other SMAC maps (spec §3.2): agents and enemies each makes, again after a reset.
const std::map<std::string, std::pair<std::size_t, std::size_t>> kOtherMaps = {
    {"1c3s5z", {9, 9}},       {"2c_vs_64zg", {2, 64}},      {"2m_vs_1z", {2, 1}},   {"2s3z", {5, 5}},
    {"2s_vs_1sc", {2, 1}},    {"3s5z", {8, 8}},             {"3s5z_vs_3s6z", {8, 9}}, {"3s_vs_3z", {3, 3}},
    {"3s_vs_4z", {3, 4}},     {"3s_vs_5z", {3, 5}},         {"6h_vs_8z", {6, 8}},   {"MMM", {10, 10}},
    {"MMM2", {10, 12}},       {"bane_vs_bane", {24, 24}},   {"corridor", {6, 24}},  {"so_many_baneling", {7, 32}},
};

void check_armies(Episode& e, const Armies& a) {
  const std::vector<Unit*> agents = e.units_of(1);
  const std::vector<Unit*> enemies = e.units_of(2);
  REQUIRE(agents.size() == a.agents);
  REQUIRE(enemies.size() == a.enemies);
  for (const Unit* u : agents) {
    CHECK(u->stats->name == a.agent_type);
    CHECK(u->type() == largest_builtin_unit_type_id() + 1);  // the map's first new type (its Marine override keeps 48)
    CHECK(distance(u->pos, {9, 16}) < 4.0f);
  }
  for (const Unit* u : enemies) {
    CHECK(u->stats->name == a.enemy_type);
    CHECK(distance(u->pos, {23, 16}) < 4.5f);
    REQUIRE_FALSE(u->orders.empty());
    CHECK(u->orders.front().kind == OrderKind::AttackMove);
    CHECK(u->orders.front().target.x == doctest::Approx(9.0f));
    CHECK(u->orders.front().target.y == doctest::Approx(16.0f));
  }
}

}  // namespace

TEST_CASE("scripted SMAC Marine maps: both armies where the script puts them, again after every unit is killed") {
  for (const Armies& a : kMarineMaps) {
    CAPTURE(a.map);
    const auto path = map_file(kSmacMaps, std::string(a.map));
    if (!path) return;
    const auto map = load_file(*path);
    const MapLayout& layout = map->data().layout;
    CHECK(layout.width == 32);
    CHECK(layout.playable.width() == 32);  // no RegionPlayableMapSet: the camera bounds, the whole map
    CHECK_FALSE(map->data().fog);          // VisEnable(c_visTypeFog, false)
    CHECK(layout.pathable[layout.cell(16, 16)] == 1);
    CHECK(layout.pathable[layout.cell(16, 2)] == 0);  // the pits below the strip
    Episode e(*map, 1);
    check_armies(e, a);
    for (int episode = 0; episode < 2; ++episode) {
      e.kill_all(1);
      e.kill_all(2);
      e.step();  // the deaths, then the respawn trigger
      check_armies(e, a);
    }
    CHECK_FALSE(e.result);  // no end condition: the client decides
    CHECK(e.game->time_limit_loops() == std::numeric_limits<std::uint32_t>::max());
  }
}

TEST_CASE("scripted SMAC bane_vs_bane: map-defined Zergling_RL and Baneling_RL play as their base units") {
  const auto path = map_file(kSmacMaps, "bane_vs_bane");
  if (!path) return;
  Episode e(*load_file(*path), 2);
  CHECK(e.units_of(1, "Zergling_RL").size() == 20);
  CHECK(e.units_of(1, "Baneling_RL").size() == 4);
  CHECK(e.units_of(2, "Zergling").size() == 20);
  CHECK(e.units_of(2, "Baneling").size() == 4);
  // Ids after every built-in one, in the data file's order (Baneling_RL, Zergling_RL).
  const std::uint32_t first = largest_builtin_unit_type_id() + 1;
  CHECK(e.units_of(1, "Baneling_RL").front()->type() == first);
  CHECK(e.units_of(1, "Zergling_RL").front()->type() == first + 1);
  CHECK(e.units_of(1, "Zergling_RL").front()->stats->health_max == 35.0f);  // the map's LifeMax
  CHECK(e.units_of(1, "Zergling_RL").front()->stats->food_required == 0.0f);
  e.kill_all(1);
  e.kill_all(2);
  e.step();
  CHECK(e.units_of(1).size() == 24);
  CHECK(e.units_of(2).size() == 24);
}

TEST_CASE("scripted SMAC maps beyond the Marine ones load and spawn both armies, again after every unit is killed") {
  for (const auto& [name, armies] : kOtherMaps) {
    CAPTURE(name);
    const auto path = map_file(kSmacMaps, name);
    if (!path) return;
    Episode e(*load_file(*path), 1);
    for (int episode = 0; episode < 2; ++episode) {
      CHECK(e.units_of(1).size() == armies.first);
      CHECK(e.units_of(2).size() == armies.second);
      for (const Unit* u : e.units_of(1)) CHECK(u->stats->passive);  // every agent is an _RL copy
      e.kill_all(1);
      e.kill_all(2);
      e.step();
    }
  }
}

TEST_CASE("scripted SMAC shielded _RL units carry the map's shields and regenerate them like their base unit") {
  const auto path = map_file(kSmacMaps, "1c3s5z");
  if (!path) return;
  Episode e(*load_file(*path), 1);
  const struct {
    const char* agent;
    const char* enemy;
    float life, shields;
  } kinds[] = {{"Colosus_RL", "Colossus", 200, 150}, {"Stalker_RL", "Stalker", 80, 80}, {"Zealot_RL", "Zealot", 100, 50}};
  for (const auto& kind : kinds) {
    CAPTURE(kind.agent);
    const std::vector<Unit*> agents = e.units_of(1, kind.agent);
    REQUIRE_FALSE(agents.empty());
    for (const Unit* u : agents) {
      CHECK(u->health == kind.life);
      CHECK(u->shield == kind.shields);  // the map's ShieldsMax, full at creation
      CHECK(u->shield_max == kind.shields);
      CHECK(u->stats->shield_regen_delay_loops == 160);  // ShieldRegenDelay 10 s
      CHECK(u->stats->shield_regen_per_loop == doctest::Approx(2.0f / 16));
    }
    REQUIRE_FALSE(e.units_of(2, kind.enemy).empty());
    CHECK(e.units_of(2, kind.enemy).front()->shield == kind.shields);
  }
  // A hit Stalker_RL: shields first, back to full after the delay at 2 a second.
  Unit* stalker = e.units_of(1, "Stalker_RL").front();
  stalker->shield = 40.0f;
  stalker->shield_regen_wait = stalker->stats->shield_regen_delay_loops;
  const std::uint64_t tag = to_tag(stalker->id);
  e.kill_all(2);  // nobody shoots it meanwhile (the respawn needs both sides empty)
  e.step(159);
  stalker = e.world.find_by_tag(tag);
  REQUIRE(stalker != nullptr);
  CHECK(stalker->shield == 40.0f);
  e.step(16 * 20);
  CHECK(stalker->shield == 80.0f);
}

TEST_CASE("scripted SMAC 3m: the agents' Marine_RL are passive (idle, they do not fire), the enemy's Marines attack") {
  const auto path = map_file(kSmacMaps, "3m");
  if (!path) return;
  Episode e(*load_file(*path), 3);
  for (const Unit* u : e.units_of(1)) CHECK(u->stats->passive);  // DefaultAcquireLevel Passive
  for (const Unit* u : e.units_of(2)) CHECK_FALSE(u->stats->passive);
  e.step(16 * 20);  // the enemy walks 14 cells at 2.25 a second and shoots
  float enemy_life = 0.0f;
  for (const Unit* u : e.units_of(2)) enemy_life += u->health;
  CHECK(enemy_life == 3 * 45.0f);       // nobody fired at them
  CHECK(e.units_of(1).size() < 3);      // the idle agents were shot
  // Ordered to attack, an agent fights.
  e.kill_all(1);
  e.kill_all(2);
  e.step();
  Unit* agent = e.units_of(1).front();
  Unit* enemy = e.units_of(2).front();
  REQUIRE(issue_command(e.world, *agent, ability::kAttackAttack, CommandTarget{enemy->pos, enemy->id}, false) ==
          CommandOutcome::Done);
  const std::uint64_t enemy_tag = to_tag(enemy->id);
  e.step(16 * 6);
  const Unit* target = e.world.find_by_tag(enemy_tag);
  CHECK((target == nullptr || target->health < 45.0f));
}
