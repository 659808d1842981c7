// Controller::available_maps against the in-process engine (the list it answers, in every
// status a client may ask in) and against broken answers (clear ControllerError).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "client/controller.h"
#include "engine/maps/melee_registry.h"
#include "tests/client/engine_channel.h"

namespace {

using sc2::test::EngineChannel;

std::string error_of(sc2::Controller& controller) {
  try {
    controller.available_maps();
  } catch (const sc2::ControllerError& error) {
    return error.what();
  }
  return "(no ControllerError)";
}

}  // namespace

TEST_CASE("available_maps lists every mini-game the engine serves as mini_games/<Name>.SC2Map, then the melee maps as Melee/<Name>.SC2Map") {
  sc2::Controller controller(std::make_unique<EngineChannel>());
  const sc2::AvailableMaps maps = controller.available_maps();
  std::vector<std::string> expected;
  for (const auto& entry : sc2::engine::mini_games()) expected.push_back("mini_games/" + std::string(entry.name) + ".SC2Map");
  for (const auto& entry : sc2::engine::melee_maps()) expected.push_back("Melee/" + std::string(entry.name) + ".SC2Map");
  CHECK(maps.local_map_paths == expected);
  REQUIRE(maps.local_map_paths.size() == 7 + 3);
  CHECK(maps.local_map_paths.front() == "mini_games/MoveToBeacon.SC2Map");  // PySC2's first, the app's default
  CHECK(maps.battlenet_map_names.empty());
  CHECK(controller.status() == SC2APIProtocol::launched);

  // Also while a game runs (the list is the same).
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(maps.local_map_paths[3]);
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  controller.create_game(create);
  CHECK(controller.available_maps().local_map_paths == expected);
}

TEST_CASE("available_maps refuses a broken answer with a clear error") {
  auto owned = std::make_unique<EngineChannel>();
  EngineChannel& channel = *owned;
  sc2::Controller controller(std::move(owned));

  // Another member than the one asked for.
  channel.tamper = [](SC2APIProtocol::Response& response) { response.mutable_ping(); };
  CHECK(error_of(controller).find("available_maps (request id 1) failed: the response carries ping instead of "
                                  "available_maps") == 0);
  // An error string.
  channel.tamper = [](SC2APIProtocol::Response& response) { response.add_error("maps folder unreadable"); };
  CHECK(error_of(controller).find("maps folder unreadable") != std::string::npos);
  // An empty path could be neither shown nor sent back in create_game.
  channel.tamper = [](SC2APIProtocol::Response& response) {
    response.mutable_available_maps()->set_local_map_paths(2, "");
  };
  CHECK(error_of(controller) == "available_maps failed: the game lists an empty local map path (item 2)");
  channel.tamper = [](SC2APIProtocol::Response& response) {
    response.mutable_available_maps()->add_battlenet_map_names("");
  };
  CHECK(error_of(controller) == "available_maps failed: the game lists an empty Battle.net map name (item 0)");
  // The connection is still in step: a good answer comes through.
  channel.tamper = nullptr;
  CHECK(controller.available_maps().local_map_paths.size() == 7 + 3);
}
