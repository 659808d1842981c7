// The real sc2agent binary: --json output shape, and one-line errors with exit code 1.
// Skipped (with a message) when the binary has not been built.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::filesystem::path sc2agent_path() { return std::filesystem::path(SC2_BIN_DIR) / "sc2agent"; }

bool have_binaries() {
  for (const char* name : {"sc2agent", "sc2lite"}) {
    if (!std::filesystem::exists(std::filesystem::path(SC2_BIN_DIR) / name)) {
      MESSAGE("skipped: " << (std::filesystem::path(SC2_BIN_DIR) / name).string() << " is not built");
      return false;
    }
  }
  return true;
}

// Runs sc2agent with `arguments` (no real game: SC2PATH unset), capturing both streams.
Outcome run_sc2agent(const std::string& arguments) {
  const auto dir = std::filesystem::temp_directory_path() / ("sc2agent_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string command = "env -u SC2PATH timeout 60 '" + sc2agent_path().string() + "' " + arguments + " >'" +
                              (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  Outcome outcome;
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  outcome.out = read_file(dir / "out");
  outcome.err = read_file(dir / "err");
  std::filesystem::remove_all(dir);
  return outcome;
}

bool one_line(const std::string& text) {
  return !text.empty() && text.find('\n') == text.size() - 1;
}

}  // namespace

TEST_CASE("sc2agent --json prints one JSON object with the episodes and the summary") {
  if (!have_binaries()) return;
  const auto outcome = run_sc2agent("--episodes 1 --agent noop --json --seed 5");
  INFO("stderr: " << outcome.err);
  REQUIRE(outcome.exit_code == 0);
  const auto json = nlohmann::json::parse(outcome.out);  // throws (fails) on anything else
  CHECK(json.at("map") == "MoveToBeacon");
  CHECK(json.at("agent") == "noop");
  CHECK(json.at("seed") == 5);
  REQUIRE(json.at("episodes").size() == 1);
  const auto& episode = json.at("episodes").at(0);
  for (const char* key : {"score", "steps", "game_loops", "seconds"}) CHECK(episode.contains(key));
  CHECK(episode.at("steps").get<int>() > 0);
  CHECK(episode.at("score").get<double>() == 0);  // the Marine never moves
  const auto& summary = json.at("summary");
  for (const char* key : {"episodes", "mean_score", "max_score", "steps_per_second", "game_loops_per_second"})
    CHECK(summary.contains(key));
  CHECK(summary.at("episodes") == 1);
}

TEST_CASE("sc2agent --parallel 2 plays every episode once, each with its own progress line") {
  if (!have_binaries()) return;
  auto outcome = run_sc2agent("--episodes 4 --parallel 2 --seed 3 --json");
  INFO("stderr: " << outcome.err);
  REQUIRE(outcome.exit_code == 0);
  const auto json = nlohmann::json::parse(outcome.out);
  REQUIRE(json.at("episodes").size() == 4);
  double total = 0;
  for (int i = 0; i < 4; ++i) {
    const auto& episode = json.at("episodes").at(static_cast<std::size_t>(i));
    CHECK(episode.at("episode") == i + 1);
    CHECK(episode.at("score").get<double>() > 0);  // the scripted Marine reaches beacons
    total += episode.at("score").get<double>();
  }
  CHECK(json.at("summary").at("episodes") == 4);
  CHECK(json.at("summary").at("mean_score").get<double>() == doctest::Approx(total / 4));

  outcome = run_sc2agent("--episodes 3 --parallel 2 --seed 3 --agent noop");
  REQUIRE(outcome.exit_code == 0);
  // Three whole progress lines (never interleaved) and the summary.
  std::istringstream lines(outcome.out);
  std::string line;
  std::set<std::string> numbers;
  int summaries = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("episode ", 0) == 0) {
      CHECK(line.find("/3: score 0,") != std::string::npos);
      numbers.insert(line.substr(8, line.find('/') - 8));
    } else {
      CHECK(line.find("3 episodes") != std::string::npos);
      ++summaries;
    }
  }
  CHECK(numbers == std::set<std::string>{"1", "2", "3"});
  CHECK(summaries == 1);
}

TEST_CASE("sc2agent --record writes a dataset folder the reader accepts") {
  if (!have_binaries()) return;
  const auto dir = std::filesystem::temp_directory_path() / ("sc2agent_record_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto outcome = run_sc2agent("--episodes 1 --seed 2 --feature_screen_size 16 --feature_minimap_size 8 --record '" +
                                    dir.string() + "' --json");
  INFO("stderr: " << outcome.err);
  REQUIRE(outcome.exit_code == 0);
  const auto json = nlohmann::json::parse(outcome.out);
  CHECK(json.at("record") == dir.string());
  const auto index = nlohmann::json::parse(read_file(dir / "index.json"));
  CHECK(index.at("steps") == json.at("summary").at("total_steps"));
  CHECK(index.at("episodes").at(0).at("score") == json.at("episodes").at(0).at("score"));
  CHECK(index.at("feature_screen_size") == nlohmann::json::array({16, 16}));
  // Recording into a folder that is not empty is refused on one line.
  const auto again = run_sc2agent("--episodes 1 --record '" + dir.string() + "'");
  CHECK(again.exit_code == 1);
  CHECK(one_line(again.err));
  CHECK(again.err.find("not empty") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("sc2agent: a bad flag, an unknown agent or a map without a scripted agent -> one line, exit 1") {
  if (!have_binaries()) return;
  for (const char* arguments :
       {"--no-such-flag", "--episodes 0", "--episodes many", "--agent alphastar", "--map NoSuchMiniGame --agent scripted",
        "--parallel 0", "--parallel 2 --record /tmp/sc2agent_never_written"}) {
    CAPTURE(arguments);
    const auto outcome = run_sc2agent(arguments);
    CHECK(outcome.exit_code == 1);
    CHECK(one_line(outcome.err));
    CHECK(outcome.err.rfind("sc2agent: ", 0) == 0);
    CHECK(outcome.out.empty());
  }
}

TEST_CASE("sc2agent --wait_spin_us: 0 plays with sleeping waits, a bad limit -> one line naming the flag, exit 1") {
  if (!have_binaries()) return;
  const auto played = run_sc2agent("--episodes 1 --agent noop --seed 4 --wait_spin_us 0 --json");
  CHECK(played.exit_code == 0);
  CHECK(nlohmann::json::parse(played.out)["episodes"].size() == 1);
  for (const char* limit : {"-1", "1000001", "soon"}) {
    CAPTURE(limit);
    const auto outcome = run_sc2agent(std::string("--episodes 1 --wait_spin_us ") + limit);
    CHECK(outcome.exit_code == 1);
    CHECK(one_line(outcome.err));
    CHECK(outcome.err.find("--wait_spin_us") != std::string::npos);
    CHECK(outcome.out.empty());
  }
}

TEST_CASE("sc2agent: a game that cannot start -> one line, exit 1") {
  if (!have_binaries()) return;
  const auto outcome = run_sc2agent("--episodes 1 --sc2path /nonexistent/StarCraftII");
  CHECK(outcome.exit_code == 1);
  CHECK(one_line(outcome.err));
  CHECK(outcome.err.find("/nonexistent/StarCraftII") != std::string::npos);
}

TEST_CASE("sc2agent: a map the game does not know -> the game's reason on one line, exit 1") {
  if (!have_binaries()) return;
  const auto outcome = run_sc2agent("--episodes 1 --agent noop --map NoSuchMap");
  CHECK(outcome.exit_code == 1);
  CHECK(outcome.out.empty());
  // The game's own console output may come first on stderr; our message is the last line.
  const auto last_line = outcome.err.substr(outcome.err.rfind('\n', outcome.err.size() - 2) + 1);
  CHECK(last_line.rfind("sc2agent: ", 0) == 0);
  CHECK(last_line.find("NoSuchMap") != std::string::npos);
}
