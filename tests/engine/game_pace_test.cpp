// Pacing an observed game (README "Watching an agent you did not write"): sc2lite holds the
// player's steps to --speed / --pause_on_start, an observer with --observer_control sets the
// pace (RequestDebug game_pace, our extension), and nothing else about the game changes.
// Servers run on 127.0.0.1 with a free port; the player and observers are websocket clients.
#include <atomic>
#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "engine/server/engine_host.h"
#include "tests/engine/engine_test_util.h"
#include "transport/websocket_client.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
using namespace std::chrono_literals;

namespace {

constexpr const char* kRoachMap = "mini_games/DefeatRoaches.SC2Map";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class Client {
 public:
  explicit Client(std::uint16_t port) { socket_.connect("127.0.0.1", port, 5s); }
  api::Response call(api::Request request) {
    send(std::move(request));
    return receive();
  }
  void send(api::Request request) {
    request.set_id(++id_);
    socket_.send(request.SerializeAsString(), 5s);
  }
  api::Response receive(std::chrono::milliseconds timeout = 10s) {
    api::Response response;
    REQUIRE(response.ParseFromString(socket_.receive(timeout)));
    CHECK(response.id() == id_);
    return response;
  }
  void close() { socket_.close(); }

 private:
  sc2::net::WebSocketClient socket_;
  std::uint32_t id_ = 0;
};

api::Request step_request(std::uint32_t count = 8) {
  api::Request r;
  r.mutable_step()->set_count(count);
  return r;
}

api::Request observation_request() {
  api::Request r;
  r.mutable_observation();
  return r;
}

api::Request observer_join() {
  api::Request r = join_request({.screen_w = 32, .screen_h = 32, .minimap_w = 16, .minimap_h = 16});
  r.mutable_join_game()->clear_race();
  r.mutable_join_game()->set_observed_player_id(1);
  return r;
}

struct PaceAsk {
  std::optional<float> speed;
  std::optional<bool> paused;
  bool single_step = false;
  bool release = false;
};

PaceAsk paused_ask(bool paused) {
  PaceAsk ask;
  ask.paused = paused;
  return ask;
}

PaceAsk speed_ask(float speed, std::optional<bool> paused = std::nullopt) {
  PaceAsk ask;
  ask.speed = speed;
  ask.paused = paused;
  return ask;
}

PaceAsk single_step_ask() {
  PaceAsk ask;
  ask.single_step = true;
  return ask;
}

PaceAsk release_ask() {
  PaceAsk ask;
  ask.release = true;
  return ask;
}

api::Request pace_request(const PaceAsk& ask) {
  api::Request r;
  auto* pace = r.mutable_debug()->add_debug()->mutable_game_pace();
  if (ask.speed) pace->set_speed(*ask.speed);
  if (ask.paused) pace->set_paused(*ask.paused);
  if (ask.single_step) pace->set_single_step(true);
  if (ask.release) pace->set_release(true);
  return r;
}

api::DebugGamePaceState pace(Client& observer, const PaceAsk& ask = {}) {
  const auto response = observer.call(pace_request(ask));
  REQUIRE(response.error_size() == 0);
  REQUIRE(response.debug().has_game_pace());
  return response.debug().game_pace();
}

void start_player(Client& player, const std::string& map = kBeaconMap) {
  REQUIRE(player.call(create_request(5, map)).status() == api::init_game);
  REQUIRE(player.call(join_request()).status() == api::in_game);
}

void join_observer(Client& observer) { REQUIRE_FALSE(observer.call(observer_join()).join_game().has_error()); }

// The player's step, sent from another thread so that the test can see it held.
std::future<api::Response> step_async(Client& player, std::uint32_t count = 8) {
  return std::async(std::launch::async, [&player, count] { return player.call(step_request(count)); });
}

bool held(std::future<api::Response>& step, std::chrono::milliseconds wait = 200ms) {
  return step.wait_for(wait) == std::future_status::timeout;
}

template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds within = 3s) {
  const auto until = std::chrono::steady_clock::now() + within;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(10ms);
  }
  return true;
}

ServerOptions observers_pace(GamePace start = {}) {
  ServerOptions options;
  options.pace = start;
  options.observer_control = true;
  return options;
}

// Everything the player is told over 40 steps of DefeatRoaches (seeded), attacking across
// the map: action results, step replies and whole observations, as bytes.
std::vector<std::string> play_roaches(Client& player, std::atomic<bool>* started = nullptr) {
  start_player(player, kRoachMap);
  if (started != nullptr) *started = true;
  std::vector<std::string> told;
  for (int i = 0; i < 40; ++i) {
    api::Request act;
    *act.mutable_action()->add_actions() = i % 10 == 0 ? select_army() : move_screen(20 + i, 10 + (i * 7) % 40, 3674);
    told.push_back(player.call(act).action().SerializeAsString());
    const auto stepped = player.call(step_request());
    told.push_back(stepped.step().SerializeAsString() + api::Status_Name(stepped.status()));
    told.push_back(player.call(observation_request()).observation().SerializeAsString());
  }
  return told;
}

}  // namespace

TEST_CASE("--speed holds the player's steps to the pace") {
  ServerOptions options;
  options.pace.speed = 10;  // 8 loops in 35.7 ms
  EngineHost host("127.0.0.1", 0, options);
  host.start();
  Client player(host.port());
  start_player(player);
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 6; ++i) REQUIRE(player.call(step_request()).error_size() == 0);
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  CHECK(took.count() >= 6 * 8 / 224.0 - 0.002);
  CHECK(player.call(observation_request()).observation().observation().game_loop() == 48);
}

TEST_CASE("a paced game tells the player exactly what an unpaced one does") {
  std::vector<std::string> unpaced;
  {
    EngineHost host("127.0.0.1", 0);
    host.start();
    Client player(host.port());
    unpaced = play_roaches(player);
  }
  std::vector<std::string> paced;
  {
    EngineHost host("127.0.0.1", 0, observers_pace({30.0, false}));
    host.start();
    Client player(host.port());
    // An observer pauses, single-steps and changes the speed while the player plays on.
    std::atomic<bool> joined = false;
    std::thread observer_thread([&] {
      Client observer(host.port());
      while (!joined) std::this_thread::sleep_for(2ms);
      join_observer(observer);
      pace(observer, paused_ask(true));
      for (int i = 0; i < 3; ++i) {
        std::this_thread::sleep_for(40ms);
        pace(observer, single_step_ask());
      }
      pace(observer, speed_ask(60.0f, false));
      std::this_thread::sleep_for(60ms);
      pace(observer, speed_ask(0.0f));
      std::this_thread::sleep_for(20ms);
      pace(observer, release_ask());
    });
    paced = play_roaches(player, &joined);
    observer_thread.join();
  }
  REQUIRE(paced.size() == unpaced.size());
  for (std::size_t i = 0; i < paced.size(); ++i) {
    CAPTURE(i);
    CHECK(paced[i] == unpaced[i]);
  }
}

TEST_CASE("--pause_on_start holds the first step until an observer single-steps or resumes") {
  EngineHost host("127.0.0.1", 0, observers_pace({0.0, true}));
  host.start();
  Client player(host.port());
  start_player(player);
  auto first = step_async(player);
  CHECK(held(first));

  Client observer(host.port());
  join_observer(observer);
  const auto asked = pace(observer);  // a question changes nothing and takes no control
  CHECK(asked.observers_may_pace());
  CHECK(asked.paused());
  CHECK_FALSE(asked.you_control());
  CHECK_FALSE(asked.other_controls());
  CHECK(held(first, 50ms));

  const auto stepped = pace(observer, single_step_ask());
  CHECK(stepped.you_control());
  CHECK(stepped.paused());
  REQUIRE(first.wait_for(3s) == std::future_status::ready);
  CHECK(first.get().step().simulation_loop() == 8);
  auto second = step_async(player);
  CHECK(held(second));  // one step only
  CHECK(observer.call(observation_request()).observation().observation().game_loop() == 8);

  const auto resumed = pace(observer, paused_ask(false));
  CHECK_FALSE(resumed.paused());
  CHECK(resumed.speed() == 0);
  REQUIRE(second.wait_for(3s) == std::future_status::ready);
  CHECK(second.get().step().simulation_loop() == 16);
  for (int i = 0; i < 10; ++i) REQUIRE(player.call(step_request()).error_size() == 0);
  CHECK(pace(observer).loops_per_second() > 0);  // the game's own rate
}

TEST_CASE("without --observer_control an observer's pace is refused and only its own view may freeze") {
  EngineHost host("127.0.0.1", 0);
  host.start();
  Client player(host.port());
  start_player(player);
  Client observer(host.port());
  join_observer(observer);
  const auto refused = pace(observer, paused_ask(true));
  CHECK_FALSE(refused.observers_may_pace());
  CHECK_FALSE(refused.you_control());
  CHECK(contains(refused.refused(), "--observer_control"));
  CHECK_FALSE(refused.paused());
  CHECK(host.server().pace().paused == false);
  auto step = step_async(player);
  REQUIRE(step.wait_for(3s) == std::future_status::ready);  // not held
  CHECK(step.get().step().simulation_loop() == 8);
}

TEST_CASE("two observers do not fight over the pace: the first keeps it, the second is told") {
  EngineHost host("127.0.0.1", 0, observers_pace());
  host.start();
  Client player(host.port());
  start_player(player);
  Client first(host.port());
  Client second(host.port());
  join_observer(first);
  join_observer(second);

  CHECK(pace(first, paused_ask(true)).you_control());
  const auto told = pace(second, speed_ask(2.0f, false));
  CHECK_FALSE(told.you_control());
  CHECK(told.other_controls());
  CHECK(contains(told.refused(), "paces this game"));
  CHECK(told.paused());  // unchanged
  CHECK(host.server().pace().speed == 0);
  auto step = step_async(player);
  CHECK(held(step));

  // The first releases: the game runs on at the starting pace; the second may take over.
  const auto released = pace(first, release_ask());
  CHECK_FALSE(released.you_control());
  CHECK_FALSE(released.paused());
  REQUIRE(step.wait_for(3s) == std::future_status::ready);
  CHECK(pace(second, speed_ask(4.0f)).you_control());
  CHECK(pace(first, paused_ask(true)).other_controls());
  CHECK(host.server().pace().speed == 4.0);
  CHECK_FALSE(host.server().pace().paused);
}

TEST_CASE("an observer that disconnects while the game is paused resumes it") {
  EngineHost host("127.0.0.1", 0, observers_pace({3.0, false}));
  host.start();
  Client player(host.port());
  start_player(player);
  Client observer(host.port());
  join_observer(observer);
  pace(observer, speed_ask(0.5f, true));
  auto step = step_async(player);
  CHECK(held(step));
  observer.close();
  REQUIRE(step.wait_for(3s) == std::future_status::ready);
  CHECK(step.get().step().simulation_loop() == 8);
  CHECK(host.server().pace().speed == 3.0);  // the pace the server started with
  CHECK_FALSE(host.server().pace().paused);

  // Leaving the game gives the pace back too.
  Client again(host.port());
  join_observer(again);
  pace(again, paused_ask(true));
  CHECK(host.server().pace().paused);
  api::Request leave;
  leave.mutable_leave_game();
  REQUIRE(again.call(leave).error_size() == 0);
  CHECK_FALSE(host.server().pace().paused);
}

TEST_CASE("a player that disconnects while its step is held frees the game") {
  EngineHost host("127.0.0.1", 0, observers_pace());
  host.start();
  Client observer(host.port());
  {
    Client player(host.port());
    start_player(player);
    join_observer(observer);
    pace(observer, paused_ask(true));
    player.send(step_request());
    std::this_thread::sleep_for(100ms);
    CHECK(host.server().status() == api::in_game);
    player.close();  // gone while its step waits
  }
  CHECK(eventually([&] { return host.server().status() == api::launched; }));
  // The next client can play (the observer still holds the pace: it resumes).
  Client next(host.port());
  start_player(next);
  pace(observer, paused_ask(false));
  CHECK(next.call(step_request()).step().simulation_loop() == 8);
}

TEST_CASE("game_pace is for observers, other debug commands stay unsupported") {
  EngineHost host("127.0.0.1", 0, observers_pace());
  host.start();
  Client player(host.port());
  start_player(player);
  const auto players = player.call(pace_request(paused_ask(true)));
  REQUIRE(players.error_size() == 1);
  CHECK(contains(players.error(0), "game_pace is for observer connections"));
  CHECK_FALSE(host.server().pace().paused);

  Client observer(host.port());
  join_observer(observer);
  api::Request mixed = pace_request(paused_ask(true));
  mixed.mutable_debug()->add_debug()->mutable_end_game();
  const auto refused = observer.call(mixed);
  REQUIRE(refused.error_size() == 1);
  CHECK(contains(refused.error(0), "not supported"));
  CHECK_FALSE(host.server().pace().paused);

  const auto bad_speed = pace(observer, speed_ask(-1.0f));
  CHECK(contains(bad_speed.refused(), "speed"));
  CHECK(host.server().pace().speed == 0);
  CHECK(player.call(step_request()).step().simulation_loop() == 8);
}
