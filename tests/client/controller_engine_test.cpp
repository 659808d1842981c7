// The Controller against our real engine, served over the loopback websocket on a free port:
// the whole request set, wrong-status and malformed requests (clear errors, server stays up),
// and a server that dies mid-session (clear error within a second, no hang).
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "client/controller.h"
#include "transport/websocket_client.h"
#include "engine/server/engine_host.h"

namespace {

using namespace std::chrono_literals;
namespace api = SC2APIProtocol;

api::RequestCreateGame move_to_beacon(std::uint32_t seed = 5) {
  api::RequestCreateGame request;
  request.mutable_local_map()->set_map_path("mini_games/MoveToBeacon.SC2Map");
  request.add_player_setup()->set_type(api::Participant);
  request.set_random_seed(seed);
  return request;
}

api::RequestJoinGame join_with_layers(int screen = 64, int minimap = 64) {
  api::RequestJoinGame request;
  request.set_race(api::Terran);
  auto* options = request.mutable_options();
  options->set_raw(true);
  options->set_score(true);
  auto* layers = options->mutable_feature_layer();
  layers->set_width(24);
  layers->mutable_resolution()->set_x(screen);
  layers->mutable_resolution()->set_y(screen);
  layers->mutable_minimap_resolution()->set_x(minimap);
  layers->mutable_minimap_resolution()->set_y(minimap);
  return request;
}

struct RunningEngine {
  sc2::engine::EngineHost host;
  RunningEngine() { host.start(); }
};

}  // namespace

TEST_CASE("a Controller plays a MoveToBeacon game against the engine over the websocket") {
  RunningEngine engine;
  sc2::Controller controller("127.0.0.1", engine.host.port());

  const auto ping = controller.ping();
  CHECK(ping.game_version() == "4.10.0.75689");
  CHECK(ping.base_build() == 75689u);
  CHECK(ping.data_version() == "B89B5D6FA7CBF6452E721311BFBC6CB2");
  CHECK(controller.status() == api::launched);

  controller.create_game(move_to_beacon());
  CHECK(controller.status() == api::init_game);
  const auto joined = controller.join_game(join_with_layers());
  CHECK(joined.player_id() == 1u);
  CHECK(controller.status() == api::in_game);

  const auto info = controller.game_info();
  CHECK(info.options().feature_layer().resolution().x() == 64);
  CHECK(info.start_raw().map_size().x() > 0);

  api::RequestData data_request;
  data_request.set_unit_type_id(true);
  data_request.set_ability_id(true);
  const auto data = controller.data(data_request);
  bool marine_listed = false;
  for (const auto& unit : data.units()) marine_listed |= unit.unit_id() == 48 && unit.name() == "Marine";
  CHECK(marine_listed);

  const auto first = controller.observe();
  CHECK(first.observation().game_loop() == 0u);
  CHECK(first.observation().feature_layer_data().renders().player_relative().size().x() == 64);

  api::RequestAction no_action;
  no_action.add_actions();  // an empty Action is PySC2's no_op
  const auto acted = controller.act(no_action);
  CHECK(acted.result_size() == 1);

  const auto stepped = controller.step(8);
  CHECK(stepped.simulation_loop() == 8u);
  CHECK(controller.observe().observation().game_loop() == 8u);

  CHECK_FALSE(controller.save_replay().data().empty());

  controller.restart_game();
  CHECK(controller.status() == api::in_game);
  CHECK(controller.observe().observation().game_loop() == 0u);

  controller.leave_game();
  CHECK(controller.status() == api::launched);
  controller.quit();
}

TEST_CASE("a request invalid in the current status is a clear error and the engine stays up") {
  RunningEngine engine;
  sc2::Controller controller("127.0.0.1", engine.host.port());
  try {
    controller.step(8);  // no game yet
    FAIL("step before create_game was accepted");
  } catch (const sc2::ControllerError& error) {
    const std::string what = error.what();
    CHECK(what.find("step") != std::string::npos);
    CHECK(what.find("launched") != std::string::npos);
  }
  CHECK_THROWS_AS(controller.join_game(join_with_layers()), sc2::ControllerError);
  CHECK(controller.status() == api::launched);
  // Still serving: the same connection goes on to play.
  CHECK_NOTHROW(controller.ping());
  controller.create_game(move_to_beacon());
  controller.join_game(join_with_layers());
  CHECK(controller.status() == api::in_game);
}

TEST_CASE("malformed bytes get an error Response with a status, and the engine stays up") {
  RunningEngine engine;
  sc2::net::WebSocketClient socket;
  socket.connect("127.0.0.1", engine.host.port(), 5s);
  socket.send(std::string("\xff\xfe\x80\x00 definitely not a Request", 30), 5s);
  api::Response response;
  REQUIRE(response.ParseFromString(socket.receive(5s)));
  CHECK(response.error_size() >= 1);
  CHECK(response.has_status());

  api::Request ping;
  ping.set_id(41);
  ping.mutable_ping();
  socket.send(ping.SerializeAsString(), 5s);
  REQUIRE(response.ParseFromString(socket.receive(5s)));
  CHECK(response.id() == 41u);
  CHECK(response.error_size() == 0);
  CHECK(response.has_ping());
}

TEST_CASE("an unknown map is refused with the create_game error named") {
  RunningEngine engine;
  sc2::Controller controller("127.0.0.1", engine.host.port());
  api::RequestCreateGame request = move_to_beacon();
  request.mutable_local_map()->set_map_path("mini_games/NoSuchMap.SC2Map");
  try {
    controller.create_game(request);
    FAIL("an unknown map was accepted");
  } catch (const sc2::ControllerError& error) {
    CHECK(std::string(error.what()).find("InvalidMapPath") != std::string::npos);
  }
  CHECK_NOTHROW(controller.create_game(move_to_beacon()));
}

TEST_CASE("a server that dies mid-session gives a clear error within a second, not a hang") {
  auto engine = std::make_unique<RunningEngine>();
  sc2::ControllerOptions options;
  options.call_timeout = 30s;  // the failure must come from the closed socket, not the timeout
  sc2::Controller controller("127.0.0.1", engine->host.port(), options);
  controller.ping();
  engine.reset();  // the server goes away
  const auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_AS(controller.ping(), sc2::ControllerError);
  CHECK(std::chrono::steady_clock::now() - start < 5s);  // generous bound; the spec asks < 1 s
}
