// sc2agent --save_replay: each finished episode's replay lands in the folder, and the game
// accepts it back for playback; an unusable folder fails before any game is played.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <unistd.h>

#include "agents/runner.h"
#include "client/controller.h"
#include "engine/server/engine_host.h"

namespace fs = std::filesystem;
using namespace sc2;

namespace {

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("sc2agent-replays-" + std::to_string(::getpid()));
  TempFolder() { fs::remove_all(path); }
  ~TempFolder() { fs::remove_all(path); }
};

std::string read_file(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("--save_replay writes one replay per episode that the game plays back") {
  engine::EngineHost host{"127.0.0.1", 0};
  host.start();
  TempFolder folder;
  agents::RunOptions options;
  options.agent = "noop";
  options.episodes = 2;
  options.seed = 5;
  options.replay_dir = folder.path / "nested";  // created when missing
  {
    Controller controller("127.0.0.1", host.port());
    const auto summary = agents::run_on(controller, options);
    CHECK(summary.episodes.size() == 2);
  }
  for (int episode : {1, 2}) {
    const fs::path file = folder.path / "nested" / ("MoveToBeacon_seed5_episode" + std::to_string(episode) + ".SC2Replay");
    CAPTURE(file.string());
    REQUIRE(fs::exists(file));
    const std::string bytes = read_file(file);
    CHECK(bytes.rfind("SC2LREPL", 0) == 0);  // our replay format's magic

    Controller viewer("127.0.0.1", host.port());
    SC2APIProtocol::Request request;
    request.mutable_start_replay()->set_replay_data(bytes);
    request.mutable_start_replay()->mutable_options()->set_raw(true);
    request.mutable_start_replay()->set_observed_player_id(1);
    viewer.call(request);
    CHECK(viewer.status() == SC2APIProtocol::in_replay);
  }
}

TEST_CASE("--save_replay into a path that is a file fails before any game starts") {
  TempFolder folder;
  fs::create_directories(folder.path);
  std::ofstream(folder.path / "taken") << "a file, not a folder";
  agents::RunOptions options;
  options.agent = "noop";
  options.replay_dir = folder.path / "taken";
  options.sc2lite_dir = "/nonexistent";  // would fail differently if a game were launched
  try {
    agents::run(options);
    FAIL("a file was accepted as the replay folder");
  } catch (const std::exception& error) {
    CHECK(std::string(error.what()).find("replay folder") != std::string::npos);
  }
}
