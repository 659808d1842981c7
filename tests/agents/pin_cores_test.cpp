// sc2agent --pin_cores (RunOptions::pin_cores): the game (sc2lite, every thread of it) and the
// agent's thread run on one core while they play, the caller's cores come back afterwards, and
// the cases it is not for are refused before anything starts.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/runner.h"
#include "client/controller.h"
#include "transport/core_pinning.h"

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The "Cpus_allowed_list:" value of every thread of every sc2lite process this process started
// (with `main_threads_only`, one per process).
std::vector<std::string> child_sc2lite_thread_cores(bool main_threads_only = false) {
  std::vector<std::string> cores;
  const std::string parent = std::to_string(::getpid());
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string stat = read_file(entry.path() / "stat");
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    if (stat.substr(open + 1, close - open - 1) != "sc2lite") continue;
    std::istringstream rest(stat.substr(close + 2));
    std::string state, ppid;
    rest >> state >> ppid;
    if (ppid != parent) continue;
    for (const auto& task : fs::directory_iterator(entry.path() / "task")) {
      if (main_threads_only && task.path().filename() != entry.path().filename()) continue;
      std::istringstream status(read_file(task.path() / "status"));
      for (std::string line; std::getline(status, line);) {
        if (line.rfind("Cpus_allowed_list:", 0) == 0) cores.push_back(line.substr(line.find_first_not_of(" \t", 18)));
      }
    }
  }
  return cores;
}

// A channel that fails the test if anything is sent.
class RefusingChannel final : public sc2::RequestChannel {
 public:
  void send(std::string_view, std::chrono::milliseconds) override { FAIL("a request was sent"); }
  std::string receive(std::chrono::milliseconds) override { return {}; }
  void close() noexcept override {}
};

bool have_sc2lite() {
  if (fs::exists(fs::path(SC2_BIN_DIR) / "sc2lite")) return true;
  MESSAGE("skipped: sc2lite is not built");
  return false;
}

}  // namespace

TEST_CASE("pin_cores is refused with a learned agent, a real StarCraft II or an agent opponent") {
  sc2::agents::RunOptions options;
  options.pin_cores = true;
  options.agent = "learned";
  CHECK_THROWS_WITH_AS(sc2::agents::validate(options), doctest::Contains("--pin_cores is not for a learned agent"),
                       std::invalid_argument);
  options.agent = "scripted";
  options.sc2path = "/opt/StarCraftII";
  CHECK_THROWS_WITH_AS(sc2::agents::validate(options), doctest::Contains("pins sc2lite only"), std::invalid_argument);
  options.sc2path.reset();
  options.map = "Flat32";
  options.opponent = "agent:random";
  CHECK_THROWS_WITH_AS(sc2::agents::validate(options), doctest::Contains("--pin_cores is not available with --opponent"),
                       std::invalid_argument);
  // A game this program did not launch cannot be pinned: refused before any request is sent.
  options.map = "MoveToBeacon";
  options.opponent.clear();
  sc2::Controller never_used(std::make_unique<RefusingChannel>());
  CHECK_THROWS_WITH_AS(sc2::agents::run_on(never_used, options), doctest::Contains("a connected game runs where it was started"),
                       std::invalid_argument);
}

TEST_CASE("a pinned run plays with sc2lite's threads and its own on one core, and gives the caller's cores back") {
  if (!have_sc2lite()) return;
  const std::vector<int> before = sc2::net::allowed_cores();
  sc2::agents::RunOptions options;
  options.map = "MoveToBeacon";
  options.episodes = 1;
  options.seed = 3;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.pin_cores = true;
  std::vector<int> agent_cores;
  std::vector<std::string> game_cores;
  const auto summary = sc2::agents::run(options, [&](const sc2::agents::EpisodeResult&, int) {
    agent_cores = sc2::net::allowed_cores();  // still inside the run, the game still up
    game_cores = child_sc2lite_thread_cores();
  });
  CHECK(summary.episodes.size() == 1);
  REQUIRE(agent_cores.size() == 1);
  REQUIRE(game_cores.size() >= 2);  // sc2lite's main thread and its server's
  for (const std::string& cores : game_cores) CHECK(cores == std::to_string(agent_cores.front()));
  CHECK(sc2::net::allowed_cores() == before);
}

TEST_CASE("sc2lite --cpu refuses a core the machine does not offer, by name") {
  if (!have_sc2lite()) return;
  const fs::path out = fs::temp_directory_path() / ("sc2lite_cpu_test_" + std::to_string(::getpid()));
  const std::string command =
      "timeout 20 '" + (fs::path(SC2_BIN_DIR) / "sc2lite").string() + "' --port 0 --cpu 100000 >'" + out.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  const std::string text = read_file(out);
  fs::remove(out);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 2);
  CHECK(text.find("sc2lite: --cpu 100000: core 100000 is not one this program may use") != std::string::npos);
}

TEST_CASE("pinned parallel games are spread over the cores, one game per core") {
  if (!have_sc2lite()) return;
  if (sc2::net::allowed_cores().size() < 2) {
    MESSAGE("skipped: this program may use one core only");
    return;
  }
  sc2::agents::RunOptions options;
  options.map = "MoveToBeacon";
  options.episodes = 6;
  options.parallel = 2;
  options.seed = 5;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.pin_cores = true;
  std::mutex mutex;
  std::vector<std::string> both_alive;  // the two games' cores, seen while both were running
  sc2::agents::run(options, [&](const sc2::agents::EpisodeResult&, int) {
    const std::vector<std::string> cores = child_sc2lite_thread_cores(true);
    std::lock_guard lock(mutex);
    if (cores.size() == 2 && both_alive.empty()) both_alive = cores;
  });
  REQUIRE(both_alive.size() == 2);
  CHECK(both_alive[0] != both_alive[1]);
  CHECK(both_alive[0].find_first_of(",-") == std::string::npos);  // each on a single core
  CHECK(both_alive[1].find_first_of(",-") == std::string::npos);
}
