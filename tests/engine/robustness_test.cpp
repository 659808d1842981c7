// Bad commands end as an ActionResult in the observation's action_errors and the game goes
// on: targets off the map, unpathable targets (accepted: the unit walks as near as it can,
// as in the game), builds on invalid spots, abilities the selection does not have.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>

#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/abilities.h"
#include "engine/sim/economy.h"

using namespace sc2::engine;
namespace api = SC2APIProtocol;

namespace {

InterfaceSetup raw_interface() {
  InterfaceSetup iface;
  iface.raw = true;
  iface.score = true;
  return iface;
}

Game economy_game() {
  GameConfig config;
  config.map = find_mini_game("CollectMineralsAndGas");
  REQUIRE(config.map != nullptr);
  return Game(config, 11);
}

std::vector<Unit*> own_of_type(World& world, std::uint32_t type) {
  std::vector<Unit*> out;
  for (Unit* u : world.units()) {
    if (u->owner == kAgentPlayer && u->type() == type) out.push_back(u);
  }
  return out;
}

Unit* first_of_type(World& world, std::uint32_t type) {
  for (Unit* u : world.units()) {
    if (u->type() == type) return u;
  }
  return nullptr;
}

api::Action raw_point(const Unit& unit, int ability, float x, float y) {
  api::Action a;
  auto* cmd = a.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(ability);
  cmd->add_unit_tags(to_tag(unit.id));
  cmd->mutable_target_world_space_pos()->set_x(x);
  cmd->mutable_target_world_space_pos()->set_y(y);
  return a;
}

api::Action raw_on_unit(const Unit& unit, int ability, std::uint64_t target_tag) {
  api::Action a;
  auto* cmd = a.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(ability);
  cmd->add_unit_tags(to_tag(unit.id));
  cmd->set_target_unit_tag(target_tag);
  return a;
}

api::Action raw_no_target(const Unit& unit, int ability) {
  api::Action a;
  auto* cmd = a.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(ability);
  cmd->add_unit_tags(to_tag(unit.id));
  return a;
}

// Applies one action; returns the (ability, result) pairs the next observation reports.
std::vector<std::pair<std::uint32_t, api::ActionResult>> errors_after(Game& game, const api::Action& action) {
  const InterfaceSetup iface = raw_interface();
  apply_action(game, iface, action);
  api::ResponseObservation obs;
  build_observation(game, iface, &obs);
  std::vector<std::pair<std::uint32_t, api::ActionResult>> out;
  for (const auto& e : obs.action_errors()) out.emplace_back(static_cast<std::uint32_t>(e.ability_id()), e.result());
  return out;
}

void check_single_error(Game& game, const api::Action& action, std::uint32_t ability, api::ActionResult expected) {
  const auto errors = errors_after(game, action);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].first == ability);
  CHECK(api::ActionResult_Name(errors[0].second) == api::ActionResult_Name(expected));
}

// The game goes on: loops advance and a valid order is still carried out.
void check_game_goes_on(Game& game) {
  World& world = game.world();
  const std::uint32_t loop = world.game_loop();
  Unit* scv = own_of_type(world, unit_type::kScv).back();
  const Vec2 start = scv->pos;
  // South: open ground whichever side of the Command Center the SCVs started on.
  CHECK(errors_after(game, raw_point(*scv, ability::kMoveMove, start.x, start.y - 3.0f)).empty());
  game.step(16);
  CHECK_FALSE(game.ended());
  CHECK(world.game_loop() == loop + 16);
  CHECK(distance(world.find(scv->id)->pos, start) > 1.0f);
}

}  // namespace

TEST_CASE("robustness: a move target off the map or not a number is an Error, the unit stays") {
  Game game = economy_game();
  World& world = game.world();
  Unit* scv = own_of_type(world, unit_type::kScv).front();
  const Vec2 start = scv->pos;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  check_single_error(game, raw_point(*scv, ability::kMoveMove, -5.0f, 30.0f), ability::kMoveMove, api::Error);
  check_single_error(game, raw_point(*scv, ability::kAttack, 30.0f, 64.0f), ability::kAttack, api::Error);
  check_single_error(game, raw_point(*scv, ability::kMove, nan, 30.0f), ability::kMove, api::Error);
  check_single_error(game, raw_point(*scv, ability::kPatrolPatrol, 30.0f, inf), ability::kPatrolPatrol, api::Error);
  CHECK(scv->idle());
  game.step(8);
  CHECK(world.find(scv->id)->pos == start);
  check_game_goes_on(game);
}

TEST_CASE("robustness: a target on the map outside the playable area is clamped into it (Success)") {
  Game game = economy_game();
  World& world = game.world();
  // The SCV at the south-west corner of the group: nobody stands west of it.
  Unit* scv = own_of_type(world, unit_type::kScv).front();
  for (Unit* u : own_of_type(world, unit_type::kScv)) {
    if (u->pos.x < scv->pos.x || (u->pos.x == scv->pos.x && u->pos.y < scv->pos.y)) scv = u;
  }
  CHECK(errors_after(game, raw_point(*scv, ability::kMoveMove, 5.0f, scv->pos.y)).empty());
  game.step(400);
  const Unit& moved = *world.find(scv->id);
  CHECK(moved.idle());
  CHECK(moved.pos.x == doctest::Approx(world.map().playable.x0 + moved.radius).epsilon(0.01));
}

TEST_CASE("robustness: a move into a structure is accepted, the unit stops at its edge and the game goes on") {
  Game game = economy_game();
  World& world = game.world();
  Unit* cc = first_of_type(world, unit_type::kCommandCenter);
  REQUIRE(cc != nullptr);
  Unit* scv = own_of_type(world, unit_type::kScv).front();
  CHECK(errors_after(game, raw_point(*scv, ability::kMoveMove, cc->pos.x, cc->pos.y)).empty());
  for (int i = 0; i < 200; ++i) {
    game.step(1);
    REQUIRE(world.pathing().pathable_at(world.find(scv->id)->pos));
  }
  const Unit& stopped = *world.find(scv->id);
  CHECK(stopped.idle());
  const float gap = distance(stopped.pos, cc->pos) - stopped.radius - cc->radius;
  CHECK(gap > -0.01f);
  CHECK(gap < 0.5f);
  check_game_goes_on(game);
}

TEST_CASE("robustness: builds on invalid spots answer the game's placement errors, the game goes on") {
  Game game = economy_game();
  World& world = game.world();
  world.player(kAgentPlayer).economy.minerals = 1000;
  Unit* scv = own_of_type(world, unit_type::kScv).front();
  const Unit* cc = first_of_type(world, unit_type::kCommandCenter);
  const Unit* field = first_of_type(world, unit_type::kMineralField);
  REQUIRE(cc != nullptr);
  REQUIRE(field != nullptr);
  const auto depot = ability::kBuildSupplyDepot;

  SUBCASE("on top of the Command Center") {
    check_single_error(game, raw_point(*scv, depot, cc->pos.x, cc->pos.y), depot, api::CantBuildLocationInvalid);
  }
  SUBCASE("on a mineral field") {
    check_single_error(game, raw_point(*scv, depot, field->pos.x, field->pos.y), depot, api::CantBuildLocationInvalid);
  }
  SUBCASE("on the map but outside the playable area") {
    check_single_error(game, raw_point(*scv, depot, 10.0f, 10.0f), depot, api::CantBuildLocationInvalid);
  }
  SUBCASE("off the map") {
    check_single_error(game, raw_point(*scv, depot, -20.0f, 500.0f), depot, api::CantBuildLocationInvalid);
  }
  SUBCASE("a Refinery on a mineral field instead of a geyser") {
    check_single_error(game, raw_on_unit(*scv, ability::kBuildRefinery, to_tag(field->id)), ability::kBuildRefinery,
                       api::CantBuildOnThat);
  }
  SUBCASE("Barracks without a finished Supply Depot") {
    check_single_error(game, raw_point(*scv, ability::kBuildBarracks, 26.5f, 26.5f), ability::kBuildBarracks,
                       api::BuildTechRequirementsNotMet);
  }
  CHECK(scv->idle());
  CHECK(world.player(kAgentPlayer).economy.minerals == 1000);  // nothing paid
  check_game_goes_on(game);
}

TEST_CASE("robustness: an ability the selection does not have is an Error, the game goes on") {
  Game game = economy_game();
  World& world = game.world();
  Unit* scv = own_of_type(world, unit_type::kScv).front();
  Unit* cc = own_of_type(world, unit_type::kCommandCenter).front();
  check_single_error(game, raw_no_target(*scv, ability::kTrainMarine), ability::kTrainMarine, api::Error);
  check_single_error(game, raw_point(*cc, ability::kMoveMove, 30.0f, 30.0f), ability::kMoveMove, api::Error);
  check_single_error(game, raw_no_target(*scv, 99999), 99999, api::Error);  // no such ability at all
  // The type has it, the state does not allow it: the command's own reason.
  check_single_error(game, raw_no_target(*cc, ability::kCancelLast), ability::kCancelLast, api::CantFindCancelOrder);
  check_single_error(game, raw_no_target(*scv, ability::kHarvestReturnScv), ability::kHarvestReturnScv, api::Error);
  CHECK(scv->idle());
  CHECK(cc->production.empty());
  check_game_goes_on(game);
}

TEST_CASE("robustness: a target unit that does not exist is CantTargetThatUnit, the game goes on") {
  Game game = economy_game();
  Unit* scv = own_of_type(game.world(), unit_type::kScv).front();
  check_single_error(game, raw_on_unit(*scv, ability::kHarvestGatherScv, 0xDEADBEEFull), ability::kHarvestGatherScv,
                     api::CantTargetThatUnit);
  check_game_goes_on(game);
}
