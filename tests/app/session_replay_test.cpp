// Session in its read-only modes without the UI: replay (play, seek forward and back, the end,
// the observed player, a refused file) and observe (joins the game a client plays, follows its
// loops, refuses the person's calls).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <vector>

#include "app/program/connect_address.h"
#include "app/session/session.h"
#include "client/launcher.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "tests/app/app_test_support.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::Session;
using sc2::app::SessionMode;
using sc2::app::SessionOptions;
using sc2::app::SessionState;

namespace {

const std::filesystem::path kBin = SC2_BIN_DIR;

std::uint32_t loop_of(const Session& session) {
  const auto snapshot = session.snapshot();
  return snapshot.timestep ? snapshot.timestep->observation.game_loop : 0xFFFFFFFFu;
}

// 30 steps of MoveToBeacon (select_army, then no_op) saved as a replay into `file`.
std::uint32_t write_replay(const std::filesystem::path& file) {
  sc2::LaunchOptions launch;
  launch.sc2lite_dir = kBin;
  auto game = sc2::GameProcess::launch(launch);
  sc2::pysc2::EnvOptions options;
  options.map = "MoveToBeacon";
  options.seed = 2;
  sc2::pysc2::Env env(game->controller(), options);
  env.reset();
  env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
  for (int i = 0; i < 29; ++i) env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
  std::ofstream(file, std::ios::binary) << game->controller().save_replay().data();
  return env.game_loop();
}

}  // namespace

TEST_CASE("replay mode: plays, seeks forward and back, stops at the end, refuses calls") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  const auto file = dir.path() / "r.SC2Replay";
  const std::uint32_t length = write_replay(file);
  SessionOptions options;
  options.sc2lite_dir = kBin;
  options.replay_file = file;
  options.speed = 0;
  Session session(options);
  CHECK(session.snapshot().mode == SessionMode::replay);
  CHECK(session.snapshot().paces_game);  // the replay goes at the speed chosen here
  CHECK(session.snapshot().read_only.find("read only") != std::string::npos);
  session.set_paused(true);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state != SessionState::starting; }));
  INFO(session.snapshot().error);
  REQUIRE(session.snapshot().state == SessionState::running);
  CHECK(session.snapshot().replay_loops == length);
  CHECK(session.snapshot().replay_players == std::vector<int>{1});
  CHECK(loop_of(session) == 0);

  session.request_seek(100);
  CHECK(wait_for([&] { return loop_of(session) == 100; }));
  session.request_seek(16);  // back
  CHECK(wait_for([&] { return loop_of(session) == 16; }));
  session.request_step();
  CHECK(wait_for([&] { return loop_of(session) == 24; }));
  // Seeks keep one episode whose rewards sum to the score.
  CHECK(session.snapshot().episode == 1);
  CHECK(session.episodes().size() == 1);
  CHECK(session.snapshot().episode_reward == doctest::Approx(session.snapshot().timestep->observation.score));

  session.submit(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
  const auto log = session.action_log();
  REQUIRE(!log.empty());
  CHECK(log.back().failed);
  CHECK(log.back().result.find("read only") != std::string::npos);

  // Playing runs to the end and pauses there.
  session.set_paused(false);
  REQUIRE(wait_for([&] { return loop_of(session) == length && session.snapshot().paused; }));
  CHECK(session.snapshot().timestep->last());
  session.set_observed_player(2);  // not in the replay: a notice, nothing else
  CHECK(wait_for([&] {
    for (const auto& text : session.take_notices())
      if (text.find("player 2 is not in this replay") != std::string::npos) return true;
    return false;
  }));
  CHECK(session.snapshot().state == SessionState::running);
  session.stop();
}

TEST_CASE("replay mode of a two-player melee game: both players offered, player 2's side on request") {
  if (!have_sc2lite() || !std::filesystem::exists(kBin / "sc2agent")) return;
  sc2::test::TempDir dir;
  // Two agents on two sc2lite processes; the hosting process saves the game's replay.
  const std::string command = "'" + (kBin / "sc2agent").string() + "' --map Flat32 --agent scripted --opponent " +
                              "agent:random --seed 4 --save_replay '" + dir.path().string() + "' >/dev/null 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  const auto file = dir.path() / "Flat32_seed4_episode1.SC2Replay";
  REQUIRE(std::filesystem::exists(file));
  SessionOptions options;
  options.sc2lite_dir = kBin;
  options.replay_file = file;
  options.speed = 0;
  Session session(options);
  session.set_paused(true);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state != SessionState::starting; }));
  INFO(session.snapshot().error);
  REQUIRE(session.snapshot().state == SessionState::running);
  CHECK(session.snapshot().replay_players == std::vector<int>{1, 2});
  CHECK(session.snapshot().observed_player == 1);
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr; }));
  CHECK(session.snapshot().timestep->observation.player[0] == 1);  // player_id

  session.set_observed_player(2);
  REQUIRE(wait_for([&] {
    const auto snapshot = session.snapshot();
    return snapshot.observed_player == 2 && snapshot.timestep != nullptr && snapshot.timestep->observation.player[0] == 2;
  }));
  CHECK(session.snapshot().state == SessionState::running);
  session.stop();
}

TEST_CASE("replay mode through an installed game (--sc2path): the same API calls as with sc2lite") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  const auto file = dir.path() / "r.SC2Replay";
  const std::uint32_t length = write_replay(file);
  // The SC2PATH layout a real StarCraft II has (Versions/BaseNNNNN/SC2_x64), launched as
  // the game is: nothing in replay mode may depend on talking to sc2lite by name.
  const auto layout = dir.path() / "StarCraftII";
  const std::string install = "'" + (kBin / "sc2lite").string() + "' --install-layout '" + layout.string() + "' > /dev/null";
  REQUIRE(std::system(install.c_str()) == 0);

  SessionOptions options;
  options.sc2path = layout;
  options.sc2lite_dir = dir.path() / "no-sc2lite-here";
  options.replay_file = file;
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; }));
  INFO(session.snapshot().error);
  REQUIRE(session.snapshot().state == SessionState::running);
  CHECK(session.snapshot().replay_loops == length);
  CHECK(session.snapshot().replay_players == std::vector<int>{1});
  session.set_paused(false);
  CHECK(wait_for([&] { return loop_of(session) == length; }));
  session.stop();
}

TEST_CASE("replay mode: a damaged replay fails the session with the engine's reason") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  const auto file = dir.path() / "r.SC2Replay";
  write_replay(file);
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() - 9] ^= 0x5A;  // the last data byte before the checksum: only the checksum can tell
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
  SessionOptions options;
  options.sc2lite_dir = kBin;
  options.replay_file = file;
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::failed; }));
  const std::string error = session.snapshot().error;
  INFO(error);
  CHECK(error.find("the game refused the replay") != std::string::npos);
  CHECK(error.find("checksum") != std::string::npos);
}

TEST_CASE("observe mode: follows the game a client plays at its own resolution, a restart is a new episode") {
  if (!have_sc2lite()) return;
  sc2::LaunchOptions launch;
  launch.sc2lite_dir = kBin;
  auto game = sc2::GameProcess::launch(launch);
  sc2::pysc2::EnvOptions env_options;
  env_options.map = "MoveToBeacon";
  env_options.seed = 8;
  sc2::pysc2::Env env(game->controller(), env_options);
  env.reset();

  SessionOptions options;
  options.connect_host = "127.0.0.1";
  options.connect_port = game->port();
  options.env.feature_screen_size = 48;  // the observer's own resolution
  Session session(options);
  CHECK(session.snapshot().mode == SessionMode::observe);
  CHECK_FALSE(session.snapshot().paces_game);  // the player's client paces it: the speed control is the view's
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; }));
  INFO(session.snapshot().error);
  REQUIRE(session.snapshot().state == SessionState::running);
  CHECK(session.snapshot().timestep->observation.screen("player_relative")->width == 48);

  for (int i = 0; i < 20; ++i) env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
  CHECK(wait_for([&] { return loop_of(session) == env.game_loop(); }));
  const int episode = session.snapshot().episode;
  env.reset();  // the player restarts: a new episode in the view
  env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
  CHECK(wait_for([&] { return session.snapshot().episode == episode + 1 && loop_of(session) == env.game_loop(); }));

  session.stop();
  CHECK(session.snapshot().state == SessionState::stopped);
}

TEST_CASE("observe mode as player 2 of a melee game: the Computer's side, its own player id") {
  if (!have_sc2lite()) return;
  sc2::LaunchOptions launch;
  launch.sc2lite_dir = kBin;
  auto game = sc2::GameProcess::launch(launch);
  sc2::pysc2::EnvOptions env_options;
  env_options.map = "Flat64";
  env_options.seed = 3;
  env_options.computer = sc2::pysc2::EnvOptions::Computer{};
  sc2::pysc2::Env env(game->controller(), env_options);
  env.reset();

  SessionOptions options;
  options.connect_host = "127.0.0.1";
  options.connect_port = game->port();
  options.connect_player = 2;
  Session session(options);
  CHECK(session.snapshot().read_only.find("(player 2)") != std::string::npos);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; }));
  INFO(session.snapshot().error);
  REQUIRE(session.snapshot().state == SessionState::running);
  for (int i = 0; i < 5; ++i) env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});
  CHECK(wait_for([&] { return loop_of(session) == env.game_loop(); }));
  const auto seen = session.snapshot().timestep;
  REQUIRE(seen != nullptr);
  CHECK(seen->observation.player[0] == 2);  // player_id: the Computer's side
  CHECK(env.last()->observation.player[0] == 1);
  session.stop();
}

TEST_CASE("observe mode: the player's calls the game refused show in the log as errors") {
  if (!have_sc2lite()) return;
  sc2::LaunchOptions launch;
  launch.sc2lite_dir = kBin;
  auto game = sc2::GameProcess::launch(launch);
  sc2::pysc2::EnvOptions env_options;
  env_options.map = "MoveToBeacon";
  env_options.seed = 8;
  sc2::pysc2::Env env(game->controller(), env_options);
  env.reset();

  SessionOptions options;
  options.connect_host = "127.0.0.1";
  options.connect_port = game->port();
  Session session(options);
  session.start();
  REQUIRE(wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; }));
  REQUIRE(session.snapshot().state == SessionState::running);

  env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
  // A call PySC2 would not send (a Marine cannot build), straight through the API.
  SC2APIProtocol::RequestAction refused;
  auto* command = refused.add_actions()->mutable_action_feature_layer()->mutable_unit_command();
  command->set_ability_id(319);  // Build_SupplyDepot
  command->mutable_target_screen_coord()->set_x(10);
  command->mutable_target_screen_coord()->set_y(10);
  REQUIRE(game->controller().act(refused).result(0) != SC2APIProtocol::Success);
  env.step(sc2::pysc2::FunctionCall{sc2::pysc2::fn::no_op, {}});

  const auto error_logged = [&] {
    for (const auto& record : session.action_log()) {
      if (record.failed && record.result.find("error: ") == 0) return true;
    }
    return false;
  };
  CHECK(wait_for(error_logged));
  bool select_seen = false;
  for (const auto& record : session.action_log()) select_seen |= record.call.function == sc2::pysc2::fn::select_army;
  CHECK(select_seen);
  session.stop();
}

TEST_CASE("HOST:PORT parsing") {
  std::string error;
  auto parsed = sc2::app::parse_host_port("127.0.0.1:5000", error);
  REQUIRE(parsed);
  CHECK(parsed->host == "127.0.0.1");
  CHECK(parsed->port == 5000);
  parsed = sc2::app::parse_host_port("[::1]:7", error);
  REQUIRE(parsed);
  CHECK(parsed->host == "::1");
  for (const char* bad : {"localhost", ":5000", "host:", "host:0", "host:70000", "host:12ab"}) {
    CAPTURE(bad);
    error.clear();
    CHECK_FALSE(sc2::app::parse_host_port(bad, error));
    CHECK_FALSE(error.empty());
  }
}
