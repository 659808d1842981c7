// Datasets from replays and their validation: a scripted episode is recorded twice at once
// (sc2agent's dataset and the game's replay); exporting the replay gives a dataset with the
// same rows and calls, which validates; damage to any file fails validation naming the file.
// The sc2agent flags (--replay_to_dataset, --validate_dataset) end to end.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "agents/dataset/dataset_format.h"
#include "agents/dataset/dataset_reader.h"
#include "agents/dataset/dataset_validation.h"
#include "agents/dataset/replay_export.h"
#include "agents/runner.h"
#include "client/controller.h"
#include "engine/server/engine_host.h"

namespace fs = std::filesystem;
using namespace sc2;
using namespace sc2::agents::dataset;

namespace {

struct TempFolder {
  fs::path path;
  explicit TempFolder(const std::string& name)
      : path(fs::temp_directory_path() / ("sc2-replay-dataset-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
};

// One scripted MoveToBeacon episode: its dataset (recorded by the runner) and its replay.
struct Recording {
  fs::path dataset;
  fs::path replay;
};

Recording record_episode(const TempFolder& folder, engine::EngineHost& host) {
  agents::RunOptions options;
  options.agent = "scripted";
  options.episodes = 1;
  options.seed = 9;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 24;
  options.record_dir = folder.path / "recorded";
  options.replay_dir = folder.path / "replays";
  Controller controller("127.0.0.1", host.port());
  agents::run_on(controller, options);
  return {folder.path / "recorded", folder.path / "replays" / "MoveToBeacon_seed9_episode1.SC2Replay"};
}

ReplayExportOptions export_options(const Recording& recording, const fs::path& out) {
  ReplayExportOptions options;
  options.replay = recording.replay;
  options.folder = out;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 24;
  return options;
}

std::string read_all(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

Outcome run_sc2agent(const fs::path& dir, const std::string& arguments) {
  const std::string command = "env -u SC2PATH timeout 60 '" + (fs::path(SC2_BIN_DIR) / "sc2agent").string() + "' " +
                              arguments + " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_all(dir / "out"), read_all(dir / "err")};
}

}  // namespace

TEST_CASE("a replay exported to a dataset has the recorded steps and calls, and validates") {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  TempFolder folder("export");
  const Recording recording = record_episode(folder, host);
  REQUIRE(fs::exists(recording.replay));

  Controller viewer("127.0.0.1", host.port());
  const auto summary = export_replay(viewer, export_options(recording, folder.path / "exported"));
  const Dataset recorded = Dataset::open(recording.dataset);
  const Dataset exported = Dataset::open(folder.path / "exported");
  CHECK(summary.map == "MoveToBeacon");
  CHECK(exported.index().info.map == "MoveToBeacon");
  CHECK(exported.index().info.agent == "replay:MoveToBeacon_seed9_episode1.SC2Replay");
  CHECK(summary.dropped_calls == 0);
  CHECK(summary.calls > 5);  // the scripted agent moves the marine many times

  // Row for row: the same observation loops, calls, rewards and layers as the live recording.
  REQUIRE(exported.index().steps == recorded.index().steps);
  CHECK(exported.game_loops() == recorded.game_loops());
  CHECK(exported.rewards() == recorded.rewards());
  const auto& calls = exported.function_calls();
  const auto& live = recorded.function_calls();
  for (std::size_t i = 0; i < calls.size(); ++i) {
    INFO("step " << i);
    CHECK(calls[i].function == live[i].function);
    CHECK(calls[i].arguments == live[i].arguments);
  }
  for (std::int64_t step : {std::int64_t{0}, exported.index().steps / 2, exported.index().steps - 1}) {
    CHECK(exported.feature_screen(step) == recorded.feature_screen(step));
    CHECK(exported.available_actions(step) == recorded.available_actions(step));
  }
  CHECK(exported.index().episodes.at(0).score == doctest::Approx(recorded.index().episodes.at(0).score));

  const auto report = validate_dataset(folder.path / "exported");
  INFO(to_text(report, folder.path / "exported"));
  CHECK(report.ok);
  CHECK(report.errors.empty());
  CHECK(to_text(report, folder.path / "exported").find("OK") != std::string::npos);
}

TEST_CASE("exporting a damaged replay or into a used folder fails with the reason") {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  TempFolder folder("bad-export");
  const Recording recording = record_episode(folder, host);
  const std::string bytes = read_all(recording.replay);
  const fs::path truncated = folder.path / "truncated.SC2Replay";
  std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() - 20);
  Controller viewer("127.0.0.1", host.port());
  auto options = export_options(recording, folder.path / "out");
  options.replay = truncated;
  CHECK_THROWS_WITH(export_replay(viewer, options), doctest::Contains("the game refused the replay"));
  options.replay = folder.path / "missing.SC2Replay";
  CHECK_THROWS_WITH(export_replay(viewer, options), doctest::Contains("missing.SC2Replay"));
  options.replay = recording.replay;
  options.folder = recording.dataset;  // not empty
  CHECK_THROWS(export_replay(viewer, options));
}

TEST_CASE("validation names the damaged file: truncated array, wrong dtype, bad row content") {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  TempFolder folder("validate");
  const Recording recording = record_episode(folder, host);
  REQUIRE(validate_dataset(recording.dataset).ok);

  const auto copy = [&](const std::string& name) {
    const fs::path target = folder.path / name;
    fs::copy(recording.dataset, target);
    return target;
  };
  SUBCASE("truncated array") {
    const fs::path broken = copy("truncated");
    const fs::path file = broken / kFunctionFile;
    fs::resize_file(file, fs::file_size(file) - 8);
    const auto report = validate_dataset(broken);
    CHECK_FALSE(report.ok);
    REQUIRE(!report.errors.empty());
    CHECK(report.errors.front().find("function_ids.npy") != std::string::npos);
    CHECK(to_text(report, broken).find("INVALID") != std::string::npos);
  }
  SUBCASE("rewards stored as another dtype") {
    const fs::path broken = copy("dtype");
    const fs::path file = broken / kRewardFile;
    std::string data = read_all(file);
    const auto at = data.find("<f4");
    REQUIRE(at != std::string::npos);
    data.replace(at, 3, "<i4");
    std::ofstream(file, std::ios::binary | std::ios::trunc) << data;
    const auto report = validate_dataset(broken);
    CHECK_FALSE(report.ok);
    REQUIRE(!report.errors.empty());
    CHECK(report.errors.front().find("rewards.npy") != std::string::npos);
  }
  SUBCASE("a game loop that goes back within an episode") {
    const fs::path broken = copy("loops");
    const fs::path file = broken / kGameLoopFile;
    std::string data = read_all(file);
    // The last row's int32 (the file ends with the data): a huge negative loop.
    data.replace(data.size() - 4, 4, std::string("\x00\x00\x00\x80", 4));
    std::ofstream(file, std::ios::binary | std::ios::trunc) << data;
    const auto report = validate_dataset(broken);
    CHECK_FALSE(report.ok);
    REQUIRE(!report.errors.empty());
    CHECK(report.errors.front().find("game_loop.npy") != std::string::npos);
  }
  SUBCASE("no index") {
    const fs::path broken = copy("unfinished");
    fs::remove(broken / kIndexFile);
    const auto report = validate_dataset(broken);
    CHECK_FALSE(report.ok);
    CHECK(report.errors.front().find("index.json") != std::string::npos);
  }
}

TEST_CASE("sc2agent --replay_to_dataset and --validate_dataset") {
  for (const char* name : {"sc2agent", "sc2lite"}) {
    if (!fs::exists(fs::path(SC2_BIN_DIR) / name)) {
      MESSAGE("skipped: " << name << " is not built");
      return;
    }
  }
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  TempFolder folder("cli");
  const Recording recording = record_episode(folder, host);
  const fs::path out = folder.path / "from-replay";
  auto outcome = run_sc2agent(folder.path, "--replay_to_dataset '" + recording.replay.string() + "' '" + out.string() +
                                               "' --feature_screen_size 32 --feature_minimap_size 24 --json");
  INFO("stderr: " << outcome.err);
  REQUIRE(outcome.exit_code == 0);
  const auto json = nlohmann::json::parse(outcome.out);
  CHECK(json.at("valid") == true);
  CHECK(json.at("steps").get<std::int64_t>() == Dataset::open(recording.dataset).index().steps);

  outcome = run_sc2agent(folder.path, "--validate_dataset '" + out.string() + "'");
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.out.find("OK") != std::string::npos);
  CHECK(outcome.out.find("feature_screen.npy int32") != std::string::npos);

  fs::resize_file(out / kScreenFile, fs::file_size(out / kScreenFile) - 100);
  outcome = run_sc2agent(folder.path, "--validate_dataset '" + out.string() + "'");
  CHECK(outcome.exit_code == 1);
  CHECK(outcome.out.find("INVALID") != std::string::npos);
  CHECK(outcome.err.find("feature_screen.npy") != std::string::npos);

  outcome = run_sc2agent(folder.path, "--replay_to_dataset '" + (folder.path / "nope.SC2Replay").string() + "' '" +
                                          (folder.path / "x").string() + "'");
  CHECK(outcome.exit_code == 1);
  CHECK(outcome.err.find("nope.SC2Replay") != std::string::npos);
}

TEST_CASE("a replay of a map chosen by its path is named by the map's name, inside the replay folder") {
  TempFolder folder("by-path");
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  agents::RunOptions options;
  options.map = "mini_games/MoveToBeacon.SC2Map";  // as a game lists it: a path, not a name
  options.agent = "noop";
  options.episodes = 1;
  options.seed = 9;
  options.feature_screen_size = 16;
  options.feature_minimap_size = 16;
  options.replay_dir = folder.path / "replays";
  Controller controller("127.0.0.1", host.port());
  agents::run_on(controller, options);
  CHECK(fs::is_regular_file(folder.path / "replays" / "MoveToBeacon_seed9_episode1.SC2Replay"));
  CHECK_FALSE(fs::exists(folder.path / "replays" / "mini_games"));
  host.stop();
}
