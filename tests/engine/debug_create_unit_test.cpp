// RequestDebug create_unit (issue 36 item 2: SMACv2 places both teams with it each episode, on
// its 32x32_flat map): quantity units of a built-in type or of the map's new types (Marine_RL
// with the map's values) for the owner at pos, at the nearest free spot; the map's script sees
// them (its periodic trigger orders player 2's idle units to attack the closest player-1 unit);
// kill_unit, create_unit and draw mix in one request; bad input is refused as a whole with an
// error naming the command and the reason; a replay re-applies the created units.
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "tests/engine/engine_test_util.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
namespace scripted_test = sc2::engine::scripted::test;

namespace {

const std::string kSmacV2Maps = "clients/smacv2/smacv2/env/starcraft2/maps/SMAC_Maps";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A game of SMACv2's 32x32_flat as SMACv2 makes it: the map path under the maps folder, a
// VeryHard Computer as player 2.
void start_flat(GameServer& server) {
  api::Request r = create_request(7, "SMAC_Maps/32x32_flat.SC2Map");
  r.mutable_create_game()->mutable_local_map()->clear_map_data();
  auto* bot = r.mutable_create_game()->add_player_setup();
  bot->set_type(api::Computer);
  bot->set_race(api::Terran);
  bot->set_difficulty(api::VeryHard);
  const auto created = call(server, r);
  REQUIRE_MESSAGE(!created.create_game().has_error(), created.create_game().error_details());
  REQUIRE(call(server, join_request()).status() == api::in_game);
}

ServerOptions flat_options() {
  ServerOptions options;
  options.maps_dir = sc2::test::shared_dir() / kSmacV2Maps / "..";
  return options;
}

api::DebugCommand create(std::uint32_t type, std::int32_t owner, float x, float y, std::uint32_t quantity = 1) {
  api::DebugCommand command;
  auto* c = command.mutable_create_unit();
  c->set_unit_type(type);
  c->set_owner(owner);
  c->mutable_pos()->set_x(x);
  c->mutable_pos()->set_y(y);
  c->set_quantity(quantity);
  return command;
}

api::Request debug_request(const std::vector<api::DebugCommand>& commands) {
  api::Request r;
  for (const auto& c : commands) *r.mutable_debug()->add_debug() = c;
  return r;
}

std::vector<const api::Unit*> units_of(const api::ResponseObservation& obs, std::int32_t owner) {
  std::vector<const api::Unit*> found;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.owner() == owner) found.push_back(&u);
  }
  return found;
}

api::Request kill_all(const api::ResponseObservation& obs) {
  api::Request r;
  auto* kill = r.mutable_debug()->add_debug()->mutable_kill_unit();
  for (const auto& u : obs.observation().raw_data().units()) kill->add_tag(u.tag());
  return r;
}

// The map's new types by name -> id, as SMACv2 finds them: the last 9 entries of RequestData.
std::map<std::string, std::uint32_t> map_type_ids(GameServer& server) {
  api::Request r;
  r.mutable_data()->set_unit_type_id(true);
  const auto data = call(server, r).data();
  std::map<std::string, std::uint32_t> ids;
  for (int i = data.units_size() - 9; i < data.units_size(); ++i) ids[data.units(i).name()] = data.units(i).unit_id();
  return ids;
}

}  // namespace

TEST_CASE("debug create_unit on SMACv2's 32x32_flat: the teams with their types' values, the script orders the enemy, kill and again") {
  const auto path = scripted_test::map_file(kSmacV2Maps, "32x32_flat");
  if (!path) return;
  const auto factory = scripted_test::load_file(*path);
  const auto& types = *factory->data().types;
  GameServer server(flat_options());
  start_flat(server);
  const auto ids = map_type_ids(server);
  REQUIRE(ids.size() == 9);
  REQUIRE(ids.count("Marine_RL") == 1);
  REQUIRE(ids.count("Stalker_RL") == 1);
  REQUIRE(ids.count("Medivac_RL") == 1);
  const std::uint32_t marine_rl = ids.at("Marine_RL");
  const std::uint32_t stalker_rl = ids.at("Stalker_RL");
  const std::uint32_t medivac_rl = ids.at("Medivac_RL");
  CHECK(observe(server).observation().raw_data().units_size() == 0);  // the map places nothing

  for (int episode = 0; episode < 2; ++episode) {
    CAPTURE(episode);
    api::DebugCommand draw;
    draw.mutable_draw()->add_text()->set_text("ignored");
    const auto made = call(server, debug_request({create(marine_rl, 1, 8.0f, 16.0f, 2), create(stalker_rl, 1, 8.0f, 19.0f),
                                                  create(medivac_rl, 1, 6.0f, 16.0f), draw,
                                                  create(unit_type::kMarine, 2, 24.0f, 16.0f),
                                                  create(unit_type::kZergling, 2, 24.0f, 19.0f, 3)}));
    REQUIRE(made.error_size() == 0);
    REQUIRE(made.has_debug());
    step(server, 1);
    const auto obs = observe(server);
    const auto allies = units_of(obs, 1);
    const auto enemies = units_of(obs, 2);
    REQUIRE(allies.size() == 4);
    REQUIRE(enemies.size() == 4);
    std::map<std::uint32_t, int> counts;
    for (const api::Unit* u : allies) {
      ++counts[u->unit_type()];
      const UnitTypeStats* type = types.find_id(u->unit_type());
      REQUIRE(type != nullptr);
      CAPTURE(type->name);
      CHECK(u->health() == doctest::Approx(type->health_max));
      CHECK(u->health_max() == doctest::Approx(type->health_max));
      CHECK(u->shield() == doctest::Approx(type->shield_max));
      CHECK(u->shield_max() == doctest::Approx(type->shield_max));
      CHECK(u->energy() >= type->energy_start);  // one loop's regeneration since
      CHECK(u->energy() <= type->energy_start + 0.1f);
      CHECK(u->energy_max() == doctest::Approx(type->energy_max));
    }
    CHECK(counts[marine_rl] == 2);
    CHECK(counts[stalker_rl] == 1);
    CHECK(counts[medivac_rl] == 1);
    CHECK(types.find_id(stalker_rl)->shield_max > 0.0f);  // the check above saw a shield
    CHECK(types.find_id(medivac_rl)->energy_max > 0.0f);
    // The two Marine_RL asked for one point stand apart (the nearest free spots), near it.
    std::vector<const api::Unit*> marines;
    for (const api::Unit* u : allies) {
      if (u->unit_type() == marine_rl) marines.push_back(u);
    }
    REQUIRE(marines.size() == 2);
    const float apart = std::hypot(marines[0]->pos().x() - marines[1]->pos().x(), marines[0]->pos().y() - marines[1]->pos().y());
    CHECK(apart >= 0.7f);
    for (const api::Unit* m : marines) CHECK(std::hypot(m->pos().x() - 8.0f, m->pos().y() - 16.0f) < 1.5f);

    // The map's trigger (every 0.5 game s) orders each idle player-2 unit to attack the closest
    // player-1 unit: it sees the units the debug request made. (Enemy orders are not reported,
    // as in the game: they walk west towards the allies, 16 away, out of their sight.)
    step(server, 40);
    const auto later = observe(server);
    REQUIRE(units_of(later, 2).size() == 4);
    for (const api::Unit* u : units_of(later, 2)) CHECK(u->pos().x() < 22.0f);

    // SMACv2's reset: kill everything, step until the list is empty, make the teams again.
    REQUIRE(call(server, kill_all(later)).error_size() == 0);
    int steps = 0;
    for (; steps < 10 && observe(server).observation().raw_data().units_size() > 0; ++steps) step(server, 2);
    CHECK(steps <= 2);
    CHECK(observe(server).observation().raw_data().units_size() == 0);
  }
}

TEST_CASE("debug create_unit refuses bad input as a whole, with the command and the reason") {
  const auto path = scripted_test::map_file(kSmacV2Maps, "32x32_flat");
  if (!path) return;
  GameServer server(flat_options());
  start_flat(server);
  const std::uint32_t marine = unit_type::kMarine;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  api::DebugCommand no_pos = create(marine, 1, 8.0f, 16.0f);
  no_pos.mutable_create_unit()->clear_pos();
  api::DebugCommand end_game;
  end_game.mutable_end_game()->set_end_result(api::DebugEndGame::DeclareVictory);
  const struct {
    std::vector<api::DebugCommand> commands;
    std::string expected;
  } cases[] = {
      {{create(99999, 1, 8.0f, 16.0f)}, "unit_type 99999 is not a unit type sc2lite has"},
      {{create(0, 1, 8.0f, 16.0f)}, "unit_type 0 is not a unit type"},
      {{create(marine, 0, 8.0f, 16.0f)}, "owner 0 is not a player 1..16"},
      {{create(marine, 17, 8.0f, 16.0f)}, "owner 17 is not a player 1..16"},
      {{no_pos}, "no pos given"},
      {{create(marine, 1, nan, 16.0f)}, "is not on the map"},
      {{create(marine, 1, 8.0f, std::numeric_limits<float>::infinity())}, "is not on the map"},
      {{create(marine, 1, -1.0f, 16.0f)}, "is not on the map (0..32, 0..32)"},
      {{create(marine, 1, 8.0f, 1000.0f)}, "is not on the map"},
      {{create(marine, 1, 8.0f, 16.0f, 0)}, "quantity 0 is not 1..500"},
      {{create(marine, 1, 8.0f, 16.0f, 501)}, "quantity 501 is not 1..500"},
      {{end_game}, "end_game is not supported"},
      // A good command before a bad one: neither is applied.
      {{create(marine, 1, 8.0f, 16.0f), create(marine, 2, 8.0f, 16.0f, 1000000)}, "debug command 1: create_unit: quantity"},
      // 21 x 500: past the map's limit of live units (ScriptedLimits max_units 10000).
      {std::vector<api::DebugCommand>(21, create(marine, 1, 16.0f, 16.0f, 500)), "more than 10000 units"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.expected);
    const auto response = call(server, debug_request(c.commands));
    REQUIRE(response.error_size() == 1);
    CHECK(contains(response.error(0), c.expected));
    CHECK(contains(response.error(0), "nothing in this request was applied"));
    CHECK(response.status() == api::in_game);  // the server goes on
    step(server, 1);
    CHECK(observe(server).observation().raw_data().units_size() == 0);
  }
  // The limit per command holds: 500 at once is fine (they spread or stand where asked).
  REQUIRE(call(server, debug_request({create(marine, 1, 16.0f, 16.0f, 500)})).error_size() == 0);
  step(server, 1);
  CHECK(units_of(observe(server), 1).size() == 500);
}

TEST_CASE("debug create_unit on a built-in map, for a neutral owner too, and a replay re-creates the units") {
  GameServer server;
  api::Request r = create_request(11);  // MoveToBeacon
  r.mutable_create_game()->set_disable_fog(true);
  REQUIRE_FALSE(call(server, r).create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);
  const auto made = call(server, debug_request({create(unit_type::kZergling, 2, 30.0f, 30.0f, 2),
                                                create(unit_type::kMarine, 16, 34.0f, 30.0f)}));
  REQUIRE(made.error_size() == 0);
  step(server, 16);
  const auto obs = observe(server);
  CHECK(units_of(obs, 2).size() == 2);
  std::size_t neutral_marines = 0;
  for (const api::Unit* u : units_of(obs, 16)) neutral_marines += u->unit_type() == unit_type::kMarine;
  CHECK(neutral_marines == 1);
  api::Request save;
  save.mutable_save_replay();
  const std::string replay = call(server, save).save_replay().data();
  REQUIRE_FALSE(replay.empty());

  // Played back (start_replay re-simulates it and checks every state hash): the same units.
  GameServer viewer;
  api::Request start;
  start.mutable_start_replay()->set_replay_data(replay);
  *start.mutable_start_replay()->mutable_options() = join_request().join_game().options();
  const auto started = call(viewer, start);
  REQUIRE_MESSAGE(!started.start_replay().has_error(), started.start_replay().error_details());
  REQUIRE(started.status() == api::in_replay);
  for (int i = 0; i < 100 && viewer.status() == api::in_replay; ++i) step(viewer, 1);
  const auto replayed = observe(viewer);
  CHECK(replayed.observation().game_loop() == obs.observation().game_loop());
  CHECK(units_of(replayed, 2).size() == 2);
}
