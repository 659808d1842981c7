// GUI watch mode end to end: sc2studio --agent scripted under SDL's offscreen driver against
// sc2lite. The agent scores, its calls are logged as "agent", its target marker is drawn, the
// recording re-reads with the same calls; F6 takes over and hands back.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "agents/dataset/dataset_reader.h"
#include "client/pysc2/actions.h"
#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::count_color;
using sc2::test::have_programs;
using sc2::test::studio;

using sc2::test::read_json;

}  // namespace

TEST_CASE("sc2studio --agent scripted plays MoveToBeacon: it scores, the marker is drawn, the recording re-reads") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto log_file = dir.path() / "actions.json";
  const auto shot = dir.path() / "watch.png";
  const auto folder = dir.path() / "demo";
  const auto result = sc2::test::run_command(studio(
      dir, "--agent scripted --seed 3 --speed 16 --frames 120 --record '" + folder.string() + "' --action_log '" +
               log_file.string() + "' --screenshot '" + shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  const auto& actions = log.at("actions");
  REQUIRE(actions.size() >= 10);
  for (const auto& action : actions) {
    INFO(action.dump());
    CHECK(action.at("source") == "agent");
  }
  CHECK(log.at("last_observation").at("score").get<int>() >= 1);  // the score rose
  CHECK(log.at("episodes").at(0).at("agent_steps").get<int>() > 0);

  // The agent's marker (its colour exactly) on the world view and the layers.
  CHECK(count_color(shot, 255, 70, 230) > 40);

  // Every agent step was recorded, with the call the log says was sent.
  CHECK(log.at("recording").at("error") == "");
  const auto dataset = sc2::agents::dataset::Dataset::open(folder);
  CHECK(dataset.index().info.agent == "scripted");
  const auto& calls = dataset.function_calls();
  REQUIRE(calls.size() == actions.size());
  for (std::size_t i = 0; i < calls.size(); ++i) {
    INFO(actions[i].dump());
    if (actions[i].at("failed").get<bool>()) {  // a refused call: no_op went out
      CHECK(calls[i].function == sc2::pysc2::fn::no_op);
      continue;
    }
    CHECK(calls[i].function == actions[i].at("function").get<int>());
    CHECK(calls[i].arguments == actions[i].at("arguments").get<std::vector<std::vector<int>>>());
  }
}

TEST_CASE("F6 takes over from the agent (the person's F2 goes out as human) and hands back") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto script = dir.path() / "takeover.txt";
  std::ofstream(script) << "wait_game\n"
                           "wait_loops 40\n"
                           "key F6          # take over\n"
                           "wait_frames 3\n"
                           "key F2          # select_army, by the person\n"
                           "wait_loops 24\n"
                           "key F6          # hand back\n"
                           "wait_loops 40\n"
                           "quit\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(
      studio(dir, "--agent scripted --speed 4 --script '" + script.string() + "' --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  const auto& actions = log.at("actions");
  std::size_t human = actions.size();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    if (actions[i].at("source") == "human") {
      CHECK(human == actions.size());  // exactly one
      human = i;
    }
  }
  REQUIRE(human < actions.size());
  CHECK(actions[human].at("function") == sc2::pysc2::fn::select_army);
  CHECK(actions[human].at("result") == "ok");
  CHECK(human > 0);
  CHECK(actions[0].at("source") == "agent");
  CHECK(actions.back().at("source") == "agent");  // handed back: the agent plays again
  CHECK(actions.size() - human > 3);
}

TEST_CASE("--record into a folder that is not usable shows the error and the game still runs") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "used");
  std::ofstream(dir.path() / "used" / "notes.txt") << "mine\n";
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(studio(dir, "--agent scripted --speed 8 --frames 30 --record '" +
                                                             (dir.path() / "used").string() + "' --action_log '" +
                                                             log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  const std::string error = log.at("recording").at("error");
  CHECK(error.find((dir.path() / "used").string()) != std::string::npos);
  CHECK_FALSE(log.at("actions").empty());  // the agent played on
  CHECK(std::filesystem::exists(dir.path() / "used" / "notes.txt"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "used" / "index.json"));
}

TEST_CASE("sc2studio refuses an unknown --agent with the list of agents") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_command(studio(dir, "--agent alphastar --frames 1"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("alphastar") != std::string::npos);
  CHECK(result.output.find("scripted") != std::string::npos);
}

TEST_CASE("--save_replay keeps a replay of every episode played, the one cut short at quit included") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto folder = dir.path() / "replays" / "new";  // created on the first save
  const auto log_file = dir.path() / "actions.json";
  const auto result = sc2::test::run_command(studio(dir, "--agent scripted --seed 5 --speed 0 --frames 90 --save_replay '" +
                                                         folder.string() + "' --action_log '" + log_file.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = read_json(log_file);
  std::size_t played = 0;
  for (const auto& episode : log.at("episodes")) played += episode.at("agent_steps").get<int>() > 0 ? 1 : 0;
  REQUIRE(played >= 1);
  std::size_t replays = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    INFO(entry.path().string());
    CHECK(entry.path().extension() == ".SC2Replay");
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(bytes.rfind("SC2LREPL", 0) == 0);  // sc2lite's replay magic
    CHECK(bytes.find("MoveToBeacon") != std::string::npos);
    ++replays;
  }
  CHECK(replays == played);
}

TEST_CASE("--save_replay cannot be combined with --replay or --connect") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto result = sc2::test::run_command(studio(dir, "--connect 127.0.0.1:1 --save_replay out"));
  CHECK(result.exit_code != 0);
  CHECK(result.output.find("excludes") != std::string::npos);
}
