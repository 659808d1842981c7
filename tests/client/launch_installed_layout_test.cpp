// The Launcher starting "a real StarCraft II": the SC2PATH layout that
// `sc2lite --install-layout` writes, found and launched exactly as an installed game is
// (Versions/BaseNNNNN/SC2_x64 with -listen/-port/-dataDir/-tempDir), then played on.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "client/controller.h"
#include "client/game_pace.h"
#include "client/launcher.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_requests.h"

namespace fs = std::filesystem;

namespace {

fs::path sc2lite_binary() { return fs::path(SC2_BIN_DIR) / "sc2lite"; }

// 'text' for the shell, built by appending ("'" + std::string trips GCC 12's false -Wrestrict).
std::string single_quoted(const std::string& text) {
  std::string quoted = "'";
  quoted += text;
  quoted += '\'';
  return quoted;
}

struct TempLayout {
  fs::path root = fs::temp_directory_path() / ("sc2studio-layout-" + std::to_string(::getpid()));
  TempLayout() { fs::remove_all(root); }
  ~TempLayout() { fs::remove_all(root); }
};

}  // namespace

TEST_CASE("an installed layout under --sc2path is found, launched as the game and played") {
  if (!fs::exists(sc2lite_binary())) {
    MESSAGE("skipped: " << sc2lite_binary().string() << " is not built");
    return;
  }
  TempLayout layout;
  const std::string command = single_quoted(sc2lite_binary().string()) + " --install-layout " +
                              single_quoted(layout.root.string()) + " > /dev/null";
  REQUIRE(std::system(command.c_str()) == 0);

  sc2::LaunchOptions options;
  options.sc2path = layout.root;
  options.sc2lite_dir = "/nonexistent";  // must not be needed: the layout is the game
  const auto chosen = sc2::choose_executable(options);
  CHECK_FALSE(chosen.is_sc2lite);
  CHECK(chosen.path == layout.root / "Versions" / "Base75689" / "SC2_x64");

  auto game = sc2::GameProcess::launch(options);
  REQUIRE(game->running());
  auto& controller = game->controller();
  CHECK(controller.ping().base_build() == 75689u);

  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path("mini_games/MoveToBeacon.SC2Map");
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  join.mutable_options()->set_raw(true);
  controller.join_game(join);
  CHECK(controller.step(16).simulation_loop() == 16u);
}

TEST_CASE("a layout installed with pacing flags launches a paced sc2lite (how PySC2 and sc2agent get one)") {
  if (!fs::exists(sc2lite_binary())) {
    MESSAGE("skipped: " << sc2lite_binary().string() << " is not built");
    return;
  }
  TempLayout layout;
  const std::string command = single_quoted(sc2lite_binary().string()) + " --install-layout " +
                              single_quoted(layout.root.string()) + " --speed 3 --observer_control > /dev/null";
  REQUIRE(std::system(command.c_str()) == 0);
  sc2::LaunchOptions options;
  options.sc2path = layout.root;
  auto game = sc2::GameProcess::launch(options);
  sc2::pysc2::EnvOptions env_options;
  env_options.map = "MoveToBeacon";
  sc2::pysc2::Env env(game->controller(), env_options);
  env.reset();
  sc2::Controller observer("127.0.0.1", game->port());
  sc2::pysc2::join_as_observer(observer, env_options, 1);
  const auto pace = sc2::ask_game_pace(observer);
  REQUIRE(pace);
  CHECK(pace->speed == 3.0);
  CHECK(pace->observers_may_pace);
  CHECK_FALSE(pace->paused);
}
