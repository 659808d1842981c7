// Observer connections: a second connection joins a running game with observed_player_id 1,
// sees the player's game with its own interface options, cannot act or step, and leaves the
// player undisturbed.
#include <chrono>
#include <set>
#include <thread>

#include "transport/websocket_client.h"
#include "engine/server/engine_host.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
using namespace std::chrono_literals;

namespace {

constexpr ConnectionId kObserver = 77;

api::Request observer_join(int screen = 32, std::uint32_t observed = 1) {
  api::Request r = join_request({.screen_w = screen, .screen_h = screen, .minimap_w = 16, .minimap_h = 16});
  r.mutable_join_game()->clear_race();
  r.mutable_join_game()->set_observed_player_id(observed);
  return r;
}

api::Request observation_request() {
  api::Request r;
  r.mutable_observation();
  return r;
}

std::set<std::uint64_t> unit_tags(const api::ResponseObservation& obs) {
  std::set<std::uint64_t> tags;
  for (const auto& u : obs.observation().raw_data().units()) tags.insert(u.tag());
  return tags;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class Client {
 public:
  explicit Client(std::uint16_t port) { socket_.connect("127.0.0.1", port, 5s); }
  api::Response call(api::Request request) {
    request.set_id(++id_);
    socket_.send(request.SerializeAsString(), 5s);
    api::Response response;
    REQUIRE(response.ParseFromString(socket_.receive(5s)));
    CHECK(response.id() == id_);
    return response;
  }
  void close() { socket_.close(); }

 private:
  sc2::net::WebSocketClient socket_;
  std::uint32_t id_ = 0;
};

}  // namespace

TEST_CASE("a second websocket client observes the player's game and cannot act") {
  EngineHost host("127.0.0.1", 0);
  host.start();
  Client player(host.port());
  REQUIRE(player.call(create_request(4)).status() == api::init_game);
  REQUIRE(player.call(join_request()).status() == api::in_game);
  api::Request step16;
  step16.mutable_step()->set_count(16);
  REQUIRE(player.call(step16).error_size() == 0);

  Client observer(host.port());
  auto joined = observer.call(observer_join());
  REQUIRE_FALSE(joined.join_game().has_error());
  CHECK(joined.join_game().player_id() == 1);
  CHECK(host.server().observer_count() == 1);

  for (int round = 0; round < 3; ++round) {
    const auto seen_by_player = player.call(observation_request()).observation();
    const auto seen_by_observer = observer.call(observation_request());
    REQUIRE(seen_by_observer.error_size() == 0);
    const auto& obs = seen_by_observer.observation();
    CHECK(obs.observation().game_loop() == seen_by_player.observation().game_loop());
    CHECK(obs.observation().game_loop() == 16u + 8u * round);
    CHECK(unit_tags(obs) == unit_tags(seen_by_player));
    CHECK_FALSE(unit_tags(obs).empty());
    // Its own feature-layer resolution, not the player's 64x64.
    CHECK(obs.observation().feature_layer_data().renders().unit_type().size().x() == 32);
    CHECK(obs.observation().feature_layer_data().minimap_renders().height_map().size().x() == 16);
    CHECK(seen_by_player.observation().feature_layer_data().renders().unit_type().size().x() == 64);

    api::Request step8;
    step8.mutable_step()->set_count(8);
    REQUIRE(player.call(step8).error_size() == 0);
  }

  // The observer cannot act or step; the game loop does not move.
  api::Request action;
  *action.mutable_action()->add_actions() = select_army();
  auto refused = observer.call(action);
  REQUIRE(refused.error_size() == 1);
  CHECK(contains(refused.error(0), "observers cannot send actions"));
  CHECK_FALSE(refused.has_action());
  api::Request step;
  step.mutable_step()->set_count(100);
  auto step_refused = observer.call(step);
  REQUIRE(step_refused.error_size() == 1);
  CHECK(contains(step_refused.error(0), "step refused"));
  CHECK(player.call(observation_request()).observation().observation().game_loop() == 40);

  // game_info: the observer's options, player 1's game.
  api::Request info;
  info.mutable_game_info();
  auto observer_info = observer.call(info).game_info();
  CHECK(observer_info.options().feature_layer().resolution().x() == 32);
  CHECK(observer_info.map_name() == "MoveToBeacon");

  // The player's own echoes are not taken by the observer's observations.
  auto player_action = player.call(action);
  REQUIRE(player_action.error_size() == 0);
  observer.call(observation_request());
  CHECK(player.call(observation_request()).observation().actions_size() == 1);

  // Closing the observer forgets it; the player goes on.
  observer.close();
  for (int i = 0; i < 200 && host.server().observer_count() != 0; ++i) std::this_thread::sleep_for(10ms);
  CHECK(host.server().observer_count() == 0);
  api::Request step8;
  step8.mutable_step()->set_count(8);
  CHECK(player.call(step8).step().simulation_loop() == 48);
  player.close();
  host.stop();
}

TEST_CASE("observer camera moves stay the observer's own") {
  GameServer fresh;
  start_game(fresh, 2);
  api::Request join = observer_join();
  join.set_id(1);
  REQUIRE_FALSE(fresh.handle(join, kObserver).join_game().has_error());
  const auto player_camera = observe(fresh).observation().raw_data().player().camera();

  api::Request move;
  auto* cam = move.mutable_obs_action()->add_actions()->mutable_camera_move();
  cam->mutable_world_pos()->set_x(player_camera.x() + 5.0f);
  cam->mutable_world_pos()->set_y(player_camera.y() - 3.0f);
  move.set_id(2);
  auto moved = fresh.handle(move, kObserver);
  CHECK(moved.error_size() == 0);
  CHECK(moved.has_obs_action());

  api::Request obs = observation_request();
  obs.set_id(3);
  const auto observer_camera = fresh.handle(obs, kObserver).observation().observation().raw_data().player().camera();
  CHECK(observer_camera.x() == doctest::Approx(player_camera.x() + 5.0f));
  CHECK(observer_camera.y() == doctest::Approx(player_camera.y() - 3.0f));
  const auto after = observe(fresh).observation().raw_data().player().camera();
  CHECK(after.x() == player_camera.x());
  CHECK(after.y() == player_camera.y());

  // Following player 1 again.
  api::Request follow;
  follow.mutable_obs_action()->add_actions()->mutable_camera_follow_player()->set_player_id(1);
  follow.set_id(4);
  CHECK(fresh.handle(follow, kObserver).error_size() == 0);
  CHECK(fresh.handle(obs, kObserver).observation().observation().raw_data().player().camera().x() == player_camera.x());

  // The player cannot use obs_action.
  CHECK(call(fresh, move).error_size() == 1);
}

TEST_CASE("observer joins are refused clearly when there is nothing or no one to observe") {
  GameServer server;
  api::Request join = observer_join();
  join.set_id(1);
  auto early = server.handle(join, kObserver).join_game();
  CHECK(early.error() == api::ResponseJoinGame::OtherError);
  CHECK(contains(early.error_details(), "no game to observe"));

  start_game(server);
  auto wrong = server.handle(observer_join(32, 2), kObserver).join_game();
  CHECK(wrong.error() == api::ResponseJoinGame::InvalidObservedPlayerId);
  api::Request no_options = observer_join();
  no_options.mutable_join_game()->clear_options();
  CHECK(server.handle(no_options, kObserver).join_game().error() == api::ResponseJoinGame::MissingOptions);
  CHECK(server.observer_count() == 0);

  REQUIRE_FALSE(server.handle(join, kObserver).join_game().has_error());
  CHECK(server.observer_count() == 1);
  // Game control is the player's.
  api::Request restart;
  restart.mutable_restart_game();
  CHECK(server.handle(restart, kObserver).error_size() == 1);
  CHECK(server.handle(create_request(), kObserver).error_size() == 1);

  // The player's restart_game keeps observers watching the new episode.
  step(server, 16);
  REQUIRE(call(server, restart).error_size() == 0);
  auto after_restart = server.handle(observation_request(), kObserver);
  REQUIRE(after_restart.error_size() == 0);
  CHECK(after_restart.observation().observation().game_loop() == 0);

  // The player starts a new game: the observer is told its game is gone until it re-joins.
  api::Request leave;
  leave.mutable_leave_game();
  REQUIRE(call(server, leave).status() == api::launched);
  REQUIRE(call(server, create_request()).status() == api::init_game);
  REQUIRE(call(server, join_request()).status() == api::in_game);
  auto gone = server.handle(observation_request(), kObserver);
  REQUIRE(gone.error_size() == 1);
  CHECK(contains(gone.error(0), "gone"));
  REQUIRE_FALSE(server.handle(join, kObserver).join_game().has_error());
  CHECK(server.handle(observation_request(), kObserver).error_size() == 0);

  // An observer's quit ends only its connection.
  api::Request quit;
  quit.mutable_quit();
  CHECK(server.handle(quit, kObserver).has_quit());
  CHECK(server.should_close(kObserver));
  CHECK_FALSE(server.quit_requested());
  server.connection_closed(kObserver);
  CHECK(server.observer_count() == 0);
  CHECK(step(server, 8).step().simulation_loop() == 8);
}

TEST_CASE("with a sole player, other connections may observe but not play, start, end or quit the game") {
  ServerOptions options;
  options.sole_player = kDefaultConnection;  // sc2train --observe_port: the trainer plays in-process
  GameServer server(options);
  constexpr ConnectionId kStray = 5;
  // Not even the first game: the player's create_game is the only one taken.
  auto early = server.handle(create_request(), kStray);
  REQUIRE(early.error_size() == 1);
  CHECK(contains(early.error(0), "create_game refused"));
  CHECK(contains(early.error(0), "other connections may only observe it"));
  CHECK(server.status() == api::launched);

  start_game(server);
  api::Request restart, leave, quit, observation;
  restart.mutable_restart_game();
  leave.mutable_leave_game();
  quit.mutable_quit();
  observation.mutable_observation();
  for (const api::Request& request : {restart, leave, quit, observation, create_request(), join_request()}) {
    CHECK(server.handle(request, kStray).error_size() == 1);
  }
  api::Request step8;
  step8.mutable_step()->set_count(8);
  CHECK(server.handle(step8, kStray).error_size() == 1);
  api::Request ping;
  ping.mutable_ping();
  CHECK(server.handle(ping, kStray).error_size() == 0);
  CHECK(server.status() == api::in_game);
  CHECK_FALSE(server.quit_requested());
  // The player's game went on untouched, and the stray connection may still observe it.
  CHECK(step(server, 8).step().simulation_loop() == 8);
  REQUIRE_FALSE(server.handle(observer_join(), kStray).join_game().has_error());
  CHECK(server.handle(observation_request(), kStray).observation().observation().game_loop() == 8);
}
