// `--agent learned --checkpoint FILE` in the real sc2agent and sc2studio binaries: sc2agent plays
// a fresh checkpoint's map at its resolution and pace (the flags left out), as sc2train --resume
// trains it, and both programs refuse a missing flag, a missing or damaged file and a checkpoint
// for another game with one clear line and exit code 1, before any game or window starts.
// Skipped when a binary is not built.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "learning/checkpoint.h"
#include "learning/networks.h"
#include "tests/learning/torch_doctest.h"

using namespace sc2;

namespace {

struct Outcome {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool built(const char* name) {
  if (std::filesystem::exists(std::filesystem::path(SC2_BIN_DIR) / name)) return true;
  MESSAGE("skipped: " << name << " is not built");
  return false;
}

struct Scratch {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("sc2_learned_cli_" + std::to_string(::getpid()));
  Scratch() { std::filesystem::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }

  // A FullyConv checkpoint for MoveToBeacon at 16x16 (trained at `step_mul`; 0: not recorded).
  std::filesystem::path checkpoint(int step_mul = 0) {
    learning::NetworkSpec spec;
    spec.screen_size = spec.minimap_size = 16;
    spec.hidden_units = 32;
    auto network = learning::make_network(spec);
    learning::CheckpointInfo info;
    info.map = "MoveToBeacon";
    info.step_mul = step_mul;
    const auto file = dir / "checkpoint.pt";
    learning::save_checkpoint(file, *network, info);
    return file;
  }

  // Runs a program of the build in this folder (no real game: SC2PATH unset; sc2studio in
  // SDL's offscreen driver with its config and data here).
  Outcome run(const char* program, const std::string& arguments) {
    const std::string command = "cd '" + dir.string() + "' && env -u SC2PATH SDL_VIDEODRIVER=offscreen XDG_CONFIG_HOME='" +
                                dir.string() + "/config' XDG_DATA_HOME='" + dir.string() + "/data' timeout 90 '" +
                                (std::filesystem::path(SC2_BIN_DIR) / program).string() + "' " + arguments + " >'" +
                                (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir / "out"), read_text(dir / "err")};
  }
};

bool one_line(const std::string& text) { return !text.empty() && text.find('\n') == text.size() - 1; }

}  // namespace

TEST_CASE("sc2agent --agent learned plays a checkpoint on its map at its resolution, sampled or greedy") {
  if (!built("sc2agent") || !built("sc2lite")) return;
  Scratch scratch;
  const auto checkpoint = scratch.checkpoint();
  for (const char* mode : {"", " --greedy"}) {
    CAPTURE(mode);
    const auto outcome =
        scratch.run("sc2agent", "--agent learned --checkpoint '" + checkpoint.string() + "'" + mode + " --json --seed 2");
    INFO("stderr: " << outcome.err);
    REQUIRE(outcome.exit_code == 0);
    const auto json = nlohmann::json::parse(outcome.out);
    CHECK(json.at("agent") == "learned");
    CHECK(json.at("map") == "MoveToBeacon");
    REQUIRE(json.at("episodes").size() == 1);
    CHECK(json.at("episodes").at(0).at("steps").get<int>() > 100);
  }
}

TEST_CASE("sc2agent plays a checkpoint at the step_mul it was trained with unless --step_mul says otherwise") {
  if (!built("sc2agent") || !built("sc2lite")) return;
  Scratch scratch;
  const auto checkpoint = scratch.checkpoint(32);
  const auto steps_with = [&](const std::string& extra) {
    const auto outcome =
        scratch.run("sc2agent", "--agent learned --checkpoint '" + checkpoint.string() + "' --json --seed 2" + extra);
    INFO("stderr: " << outcome.err);
    REQUIRE(outcome.exit_code == 0);
    return nlohmann::json::parse(outcome.out).at("episodes").at(0).at("steps").get<int>();
  };
  CHECK(steps_with("") == 1920 / 32);               // MoveToBeacon's 1,920 loops at the checkpoint's 32
  CHECK(steps_with(" --step_mul 8") == 1920 / 8);   // the flag wins
}

TEST_CASE("sc2train --resume trains at the step_mul the checkpoint was trained with unless --step_mul says otherwise") {
  if (!built("sc2train")) return;
  Scratch scratch;
  const auto first_line_with = [&](const std::string& extra) {
    scratch.checkpoint(32);  // afresh: a resumed run saves its own over it
    const auto outcome = scratch.run("sc2train", "--resume '" + scratch.dir.string() + "' --envs 1 --steps 8" + extra);
    INFO("stderr: " << outcome.err);
    REQUIRE(outcome.exit_code == 0);
    return outcome.out.substr(0, outcome.out.find('\n'));
  };
  const auto recorded = first_line_with("");
  CAPTURE(recorded);
  CHECK(recorded.find("MoveToBeacon") != std::string::npos);
  CHECK(recorded.find("step_mul 32,") != std::string::npos);  // the checkpoint's, not the map's 8
  const auto given = first_line_with(" --step_mul 16");
  CAPTURE(given);
  CHECK(given.find("step_mul 16,") != std::string::npos);  // the flag wins
}

TEST_CASE("sc2agent refuses a learned agent without a usable checkpoint, in one line, before any game") {
  if (!built("sc2agent")) return;
  Scratch scratch;
  const auto checkpoint = scratch.checkpoint();
  std::filesystem::copy_file(checkpoint, scratch.dir / "damaged.pt");
  std::filesystem::resize_file(scratch.dir / "damaged.pt", std::filesystem::file_size(checkpoint) / 2);
  const std::string good = "--checkpoint '" + checkpoint.string() + "'";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--agent learned", "--checkpoint FILE"},
      {"--agent learned --checkpoint /nonexistent/run/checkpoint.pt", "no checkpoint at /nonexistent/run/checkpoint.pt"},
      {"--agent learned --checkpoint '" + (scratch.dir / "damaged.pt").string() + "'", "damaged.pt is not a readable checkpoint"},
      {"--agent learned " + good + " --map DefeatRoaches",
       "checkpoint is for MoveToBeacon at 16x16, this game is DefeatRoaches at 16x16"},
      {"--agent learned " + good + " --feature_screen_size 32 --feature_minimap_size 32",
       "checkpoint is for MoveToBeacon at 16x16, this game is MoveToBeacon at 32x32"},
      {"--agent scripted " + good, "--checkpoint is for an agent that plays a trained network"}};
  for (const auto& [arguments, words] : cases) {
    CAPTURE(arguments);
    const auto outcome = scratch.run("sc2agent", arguments);
    CHECK(outcome.exit_code == 1);
    CHECK(one_line(outcome.err));
    CHECK(outcome.err.rfind("sc2agent: ", 0) == 0);
    CHECK(outcome.err.find(words) != std::string::npos);
    CHECK(outcome.err.find("launch") == std::string::npos);  // no game was started
  }
}

TEST_CASE("sc2studio offers --agent learned and refuses an unusable checkpoint before opening a window") {
  if (!built("sc2studio")) return;
  Scratch scratch;
  const auto checkpoint = scratch.checkpoint();
  auto outcome = scratch.run("sc2studio", "--help");
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.out.find("learned") != std::string::npos);
  CHECK(outcome.out.find("--checkpoint") != std::string::npos);

  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--agent learned", "cannot watch the agent 'learned': the learned agent plays a trained network"},
      {"--agent learned --checkpoint /nonexistent/checkpoint.pt", "no checkpoint at /nonexistent/checkpoint.pt"},
      {"--agent learned --checkpoint '" + checkpoint.string() + "' --map CollectMineralShards",
       "checkpoint is for MoveToBeacon at 16x16, this game is CollectMineralShards at 16x16"}};
  for (const auto& [arguments, words] : cases) {
    CAPTURE(arguments);
    outcome = scratch.run("sc2studio", arguments);
    CHECK(outcome.exit_code == 1);
    CHECK(outcome.err.find(words) != std::string::npos);
  }
}

TEST_CASE("sc2studio watches the learned agent play its checkpoint's map") {
  if (!built("sc2studio") || !built("sc2lite")) return;
  Scratch scratch;
  const auto checkpoint = scratch.checkpoint();
  const auto log_file = scratch.dir / "actions.json";
  const auto outcome = scratch.run("sc2studio", "--agent learned --checkpoint '" + checkpoint.string() +
                                                    "' --greedy --seed 3 --speed 16 --frames 60 --action_log '" +
                                                    log_file.string() + "'");
  INFO("stderr: " << outcome.err);
  REQUIRE(outcome.exit_code == 0);
  const auto log = nlohmann::json::parse(read_text(log_file));
  const auto& actions = log.at("actions");
  CHECK(actions.size() >= 5);
  for (const auto& action : actions) CHECK(action.at("source") == "agent");
  // Its policy reached the app's snapshot (the Agent panel's Policy section and heat-maps):
  // the last step's distributions, the call it sent, a value estimate per step.
  const auto& policy = log.at("agent").at("policy");
  REQUIRE(policy.is_object());
  CHECK(log.at("agent").at("without_policy") == false);
  CHECK(policy.at("function_probability_sum").get<double>() == doctest::Approx(1.0).epsilon(1e-3));
  CHECK(policy.at("chosen_function") == actions.back().at("function"));
  CHECK(policy.at("values").get<int>() >= 5);
  const auto types = policy.at("argument_types").get<std::vector<int>>();
  CHECK(std::find(types.begin(), types.end(), 0) != types.end());  // screen
  CHECK(std::find(types.begin(), types.end(), 1) != types.end());  // minimap
}
