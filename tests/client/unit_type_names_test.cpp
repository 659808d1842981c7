// fetch_unit_type_names against the in-process engine: the game's names by id (the app shows
// a map's own unit types by them).
#include <doctest/doctest.h>

#include <memory>

#include "client/unit_type_names.h"
#include "tests/client/engine_channel.h"

TEST_CASE("fetch_unit_type_names gives the game's unit type names by id, and none for unnamed ids") {
  sc2::Controller controller(std::make_unique<sc2::test::EngineChannel>());
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path("mini_games/MoveToBeacon.SC2Map");
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  join.mutable_options()->set_raw(true);
  controller.join_game(join);
  const auto names = sc2::fetch_unit_type_names(controller);
  REQUIRE(names.count(48) == 1);
  CHECK(names.at(48) == "Marine");
  CHECK(names.at(105) == "Zergling");
  for (const auto& [id, name] : names) CHECK_FALSE(name.empty());
  CHECK(names.count(0) == 0);  // the real game's id 0 has no name
  // Before a game the engine refuses RequestData: a ControllerError (the app then shows ids).
  sc2::Controller idle(std::make_unique<sc2::test::EngineChannel>());
  CHECK_THROWS_AS(sc2::fetch_unit_type_names(idle), sc2::ControllerError);
}
