// Faults of the other side, seen from the client: the sc2lite process killed while a step
// is in flight, the process stalled (stopped), the client going away mid-game (the server
// frees the game for the next one), and two clients racing to create and join one game.
#include <doctest/doctest.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "client/controller.h"
#include "client/launcher.h"
#include "engine/server/engine_host.h"

using namespace std::chrono_literals;
namespace api = SC2APIProtocol;

namespace {

std::filesystem::path sc2lite_binary() { return std::filesystem::path(SC2_BIN_DIR) / "sc2lite"; }

bool have_sc2lite() {
  if (std::filesystem::exists(sc2lite_binary())) return true;
  MESSAGE("skipped: " << sc2lite_binary().string() << " is not built");
  return false;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

template <class Call>
std::string error_of(Call&& call) {
  try {
    call();
  } catch (const sc2::ControllerError& error) {
    return error.what();
  }
  return "";
}

template <class Predicate>
bool wait_for(Predicate predicate, std::chrono::seconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (predicate()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return predicate();
}

api::RequestCreateGame move_to_beacon() {
  api::RequestCreateGame request;
  request.mutable_local_map()->set_map_path("mini_games/MoveToBeacon.SC2Map");
  request.add_player_setup()->set_type(api::Participant);
  request.set_random_seed(3);
  return request;
}

api::RequestJoinGame join_raw() {
  api::RequestJoinGame request;
  request.set_race(api::Terran);
  request.mutable_options()->set_raw(true);
  return request;
}

void start_game(sc2::Controller& controller) {
  controller.create_game(move_to_beacon());
  controller.join_game(join_raw());
  controller.step(8);
}

std::unique_ptr<sc2::GameProcess> launch_sc2lite(std::chrono::milliseconds call_timeout) {
  ::unsetenv("SC2PATH");
  sc2::LaunchOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.controller.call_timeout = call_timeout;
  return sc2::GameProcess::launch(options);
}

// SIGSTOP, then waits until every thread of `pid` is stopped: kill() returns before they
// are (on a busy machine a thread could still answer a request in between).
bool stop_process(int pid) {
  if (::kill(pid, SIGSTOP) != 0) return false;
  return wait_for(
      [pid] {
        const std::filesystem::path tasks = "/proc/" + std::to_string(pid) + "/task";
        std::error_code ec;
        for (const auto& task : std::filesystem::directory_iterator(tasks, ec)) {
          std::ifstream stat(task.path() / "stat");
          std::string line;
          std::getline(stat, line);
          const auto close = line.rfind(')');
          if (close == std::string::npos || close + 2 >= line.size() || line[close + 2] != 'T') return false;
        }
        return !ec;
      },
      10s);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("sc2lite killed while a step is in flight: the step fails at once, naming the step, no hang") {
  if (!have_sc2lite()) return;
  auto game = launch_sc2lite(30s);  // the failure must come from the lost connection, not a timeout
  start_game(game->controller());
  const int pid = game->pid();
  // Stopped first, so the step is still unanswered when the kill comes.
  REQUIRE(stop_process(pid));
  std::thread killer([pid] {
    std::this_thread::sleep_for(200ms);
    ::kill(pid, SIGKILL);
  });
  const auto start = std::chrono::steady_clock::now();
  const std::string error = error_of([&] { game->controller().step(8); });
  const double seconds = seconds_since(start);
  killer.join();
  INFO(error);
  CHECK(contains(error, "step"));
  CHECK_FALSE(contains(error, "timed out"));
  CHECK(seconds < 5.0);  // about 0.2 s; generous for a loaded machine, far below the 30 s timeout
  // Every later call fails the same clear way, and the process is gone.
  CHECK(contains(error_of([&] { game->controller().observe(); }), "observation"));
  CHECK(wait_for([&] { return !game->running(); }, 10s));
}

TEST_CASE("sc2lite stalled (stopped): the call times out with a message naming the request") {
  if (!have_sc2lite()) return;
  auto game = launch_sc2lite(2s);
  start_game(game->controller());
  REQUIRE(stop_process(game->pid()));
  const std::string error = error_of([&] { game->controller().step(8); });
  ::kill(game->pid(), SIGCONT);
  INFO(error);
  CHECK(contains(error, "step (request id"));
  CHECK(contains(error, "timed out"));
  CHECK(contains(error, "2000 ms"));
}

TEST_CASE("a client that goes away mid-game frees the game: the next client creates and plays a new one") {
  sc2::engine::EngineHost host;
  host.start();
  {
    sc2::Controller first("127.0.0.1", host.port());
    start_game(first);
    REQUIRE(host.server().status() == api::in_game);
  }  // gone without leave_game or quit
  REQUIRE(wait_for([&] { return host.server().status() == api::launched; }, 10s));
  sc2::Controller next("127.0.0.1", host.port());
  CHECK_NOTHROW(start_game(next));
  CHECK(next.step(8).simulation_loop() == 16u);
}

TEST_CASE("two clients racing to create and join: exactly one plays, the other gets clear errors") {
  sc2::engine::EngineHost host;
  host.start();
  for (int round = 0; round < 5; ++round) {
    CAPTURE(round);
    REQUIRE(wait_for([&] { return host.server().status() == api::launched; }, 10s));
    std::vector<std::unique_ptr<sc2::Controller>> clients;
    for (int i = 0; i < 2; ++i) clients.push_back(std::make_unique<sc2::Controller>("127.0.0.1", host.port()));
    std::atomic<int> ready{0};
    std::vector<std::string> create_errors(2), join_errors(2);
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i) {
      threads.emplace_back([&, i] {
        ++ready;
        while (ready < 2) std::this_thread::yield();
        create_errors[i] = error_of([&] { clients[i]->create_game(move_to_beacon()); });
        join_errors[i] = error_of([&] { clients[i]->join_game(join_raw()); });
      });
    }
    for (auto& thread : threads) thread.join();
    const int winners = (join_errors[0].empty() ? 1 : 0) + (join_errors[1].empty() ? 1 : 0);
    INFO(create_errors[0], " | ", create_errors[1], " | ", join_errors[0], " | ", join_errors[1]);
    REQUIRE(winners == 1);
    const int winner = join_errors[0].empty() ? 0 : 1;
    const int loser = 1 - winner;
    CHECK(contains(join_errors[loser], "join_game"));
    CHECK(contains(join_errors[loser], "in_game"));  // why: the game is already joined
    if (!create_errors[loser].empty()) CHECK(contains(create_errors[loser], "create_game"));
    CHECK(clients[winner]->step(8).simulation_loop() == 8u);
    clients.clear();  // the winner leaves: the game is freed for the next round
  }
}
