// The sc2lite program: game-style single-dash flags, --install-layout, exit after quit.
// Skipped (with a message) when the binary has not been built yet.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_data.h"
#include "engine/mapfile/map_writer.h"
#include "transport/websocket_client.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine::test;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

fs::path sc2lite_binary() { return fs::path(SC2_BIN_DIR) / "sc2lite"; }

std::string quoted(const fs::path& p) {
  std::string out(1, '\'');
  out.append(p.string()).push_back('\'');
  return out;
}

bool have_binary() {
  if (fs::exists(sc2lite_binary())) return true;
  MESSAGE("skipped: " << sc2lite_binary().string() << " is not built (build target sc2lite)");
  return false;
}

}  // namespace

TEST_CASE("sc2lite --install-layout writes the SC2PATH layout PySC2 checks for, melee maps included") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-layout-" + std::to_string(::getpid()));
  fs::remove_all(root);
  std::string command = quoted(sc2lite_binary());
  command.append(" --install-layout ").append(quoted(root)).append(" > /dev/null");
  REQUIRE(std::system(command.c_str()) == 0);
  const fs::path exe = root / "Versions" / "Base75689" / "SC2_x64";
  REQUIRE(fs::exists(exe));
  CHECK((fs::status(exe).permissions() & fs::perms::owner_exec) != fs::perms::none);
  for (const char* name : {"MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
                           "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines"}) {
    CAPTURE(name);
    CHECK(fs::exists(root / "Maps" / "mini_games" / (std::string(name) + ".SC2Map")));
  }
  // PySC2's maps.get("Flat64") looks for Maps/Melee/Flat64.SC2Map.
  for (const char* name : {"Flat32", "Flat64", "Simple64"}) {
    CAPTURE(name);
    CHECK(fs::exists(root / "Maps" / "Melee" / (std::string(name) + ".SC2Map")));
  }
  fs::remove_all(root);
}

TEST_CASE("sc2lite started like the game (single-dash flags, unknown ones too) serves and exits 0 after quit") {
  if (!have_binary()) return;
  std::string command = quoted(sc2lite_binary());
  command.append(" -listen 127.0.0.1 -port 0 -dataDir /tmp/ -tempDir /tmp/ -eglpath libEGL.so -someFutureFlag 1 2>/dev/null");
  FILE* out = ::popen(command.c_str(), "r");
  REQUIRE(out != nullptr);
  char line[256] = {};
  REQUIRE(std::fgets(line, sizeof line, out) != nullptr);
  const std::string text = line;
  REQUIRE(text.rfind("sc2lite listening on 127.0.0.1:", 0) == 0);
  const int port = std::stoi(text.substr(text.rfind(':') + 1));

  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", static_cast<std::uint16_t>(port), 5s);
  api::Request ping;
  ping.set_id(1);
  ping.mutable_ping();
  client.send(ping.SerializeAsString(), 5s);
  api::Response pong;
  REQUIRE(pong.ParseFromString(client.receive(5s)));
  CHECK(pong.ping().base_build() == 75689);
  api::Request quit;
  quit.set_id(999999999);
  quit.mutable_quit();
  client.send(quit.SerializeAsString(), 5s);
  api::Response bye;
  REQUIRE(bye.ParseFromString(client.receive(5s)));
  CHECK(bye.status() == api::quit);
  client.close();
  const int status = ::pclose(out);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Runs sc2lite with `arguments`, stderr into `err`; the exit status.
int run_sc2lite(const std::string& arguments, const fs::path& err) {
  const std::string command = quoted(sc2lite_binary()) + " " + arguments + " > /dev/null 2> " + quoted(err);
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("sc2lite --install-layout writes the pacing flags into the launcher it creates") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-paced-layout-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path err = root.string() + ".err";
  REQUIRE(run_sc2lite("-speed 2.5 --pause_on_start --observer_control --install-layout " + quoted(root), err) == 0);
  const std::string script = read_text(root / "Versions" / "Base75689" / "SC2_x64");
  CHECK(script.find("' --speed 2.5 --pause_on_start --observer_control \"$@\"") != std::string::npos);

  // Without them the launcher passes only the game's own flags.
  REQUIRE(run_sc2lite("--install-layout " + quoted(root), err) == 0);
  const std::string plain = read_text(root / "Versions" / "Base75689" / "SC2_x64");
  CHECK(plain.find("' \"$@\"") != std::string::npos);
  CHECK(plain.find("--speed") == std::string::npos);
  fs::remove_all(root);
  fs::remove(err);
}

TEST_CASE("sc2lite --install-layout passes a polling limit other than the default on to the launcher") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-spin-layout-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path err = root.string() + ".err";
  REQUIRE(run_sc2lite("--wait_spin_us 0 --install-layout " + quoted(root), err) == 0);
  CHECK(read_text(root / "Versions" / "Base75689" / "SC2_x64").find("' --wait_spin_us 0 \"$@\"") != std::string::npos);
  REQUIRE(run_sc2lite("--wait_spin_us 500 --install-layout " + quoted(root), err) == 0);  // the default
  CHECK(read_text(root / "Versions" / "Base75689" / "SC2_x64").find("--wait_spin_us") == std::string::npos);
  fs::remove_all(root);
  fs::remove(err);
}

TEST_CASE("sc2lite refuses a polling limit that is not a number of microseconds up to a second") {
  if (!have_binary()) return;
  const fs::path err = fs::temp_directory_path() / ("sc2lite-spin-flags-" + std::to_string(::getpid()) + ".err");
  for (const char* limit : {"-1", "1000001", "fast"}) {
    CAPTURE(limit);
    CHECK(run_sc2lite(std::string("--wait_spin_us ") + limit + " -port 0", err) != 0);
    CHECK(read_text(err).find("--wait_spin_us") != std::string::npos);
  }
  fs::remove(err);
}

TEST_CASE("sc2lite refuses a pace it cannot keep, saying why") {
  if (!have_binary()) return;
  const fs::path err = fs::temp_directory_path() / ("sc2lite-pace-flags-" + std::to_string(::getpid()) + ".err");
  CHECK(run_sc2lite("--pause_on_start -port 0", err) == 2);
  CHECK(read_text(err).find("--pause_on_start needs --observer_control") != std::string::npos);
  for (const char* speed : {"-1", "inf", "nan", "fast"}) {
    CAPTURE(speed);
    CHECK(run_sc2lite(std::string("--speed ") + speed + " -port 0", err) != 0);
    CHECK(read_text(err).find("--speed: must be 0 (as fast as the player steps) or a positive multiple of real time, not " +
                              std::string(speed)) != std::string::npos);
  }
  fs::remove(err);
}

TEST_CASE("sc2lite --install-layout over a layout keeps linked and real maps and their targets, refreshes placeholders") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-kept-layout-" + std::to_string(::getpid()));
  fs::remove_all(root);
  const fs::path err = root.string() + ".err";
  const fs::path real_map = root.string() + "-real.SC2Map";  // stands for a real map outside the layout
  { std::ofstream(real_map, std::ios::binary) << "MPQ\x1a the real map's bytes"; }
  REQUIRE(run_sc2lite("--install-layout " + quoted(root), err) == 0);
  const fs::path mini_games = root / "Maps" / "mini_games";
  // As tests/interop/real_clients.py links real files into a layout: MoveToBeacon is a link,
  // DefeatRoaches a real file; the others stay our placeholders.
  fs::remove(mini_games / "MoveToBeacon.SC2Map");
  fs::create_symlink(real_map, mini_games / "MoveToBeacon.SC2Map");
  fs::copy_file(real_map, mini_games / "DefeatRoaches.SC2Map", fs::copy_options::overwrite_existing);
  const std::string placeholder = read_text(mini_games / "BuildMarines.SC2Map");

  REQUIRE(run_sc2lite("--install-layout " + quoted(root), err) == 0);  // a second time over it
  CHECK(read_text(real_map) == "MPQ\x1a the real map's bytes");
  CHECK(fs::is_symlink(mini_games / "MoveToBeacon.SC2Map"));
  CHECK(read_text(mini_games / "DefeatRoaches.SC2Map") == "MPQ\x1a the real map's bytes");
  CHECK(read_text(mini_games / "BuildMarines.SC2Map") == placeholder);
  CHECK(placeholder.find("placeholder") != std::string::npos);
  fs::remove_all(root);
  fs::remove(err);
  fs::remove(real_map);
}

TEST_CASE("sc2lite --unpack and --pack turn a map into a folder and back, and refuse with the reason") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-pack-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  const fs::path err = root / "err";
  sc2::engine::mapfile::write_archive_file(sc2::engine::mapfile::example_map_files(), root / "Tiny.SC2Map");
  REQUIRE(run_sc2lite("--unpack " + quoted(root / "Tiny.SC2Map") + " " + quoted(root / "Tiny"), err) == 0);
  CHECK(fs::is_regular_file(root / "Tiny" / "MapScript.galaxy"));
  REQUIRE(run_sc2lite("--pack " + quoted(root / "Tiny") + " " + quoted(root / "Again.SC2Map"), err) == 0);
  CHECK(read_text(root / "Again.SC2Map").rfind("MPQ", 0) == 0);
  // Into a folder that now holds files: refused, exit 1, the reason on stderr.
  CHECK(run_sc2lite("--unpack " + quoted(root / "Again.SC2Map") + " " + quoted(root / "Tiny"), err) == 1);
  CHECK(read_text(err).find("not an empty folder") != std::string::npos);
  // A folder without its script is no map.
  fs::remove(root / "Tiny" / "MapScript.galaxy");
  CHECK(run_sc2lite("--pack " + quoted(root / "Tiny") + " " + quoted(root / "Again.SC2Map"), err) == 1);
  CHECK(read_text(err).find("MapScript.galaxy") != std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("sc2lite --new-map writes a map folder that packs and plays, and refuses with the reason") {
  if (!have_binary()) return;
  const fs::path root = fs::temp_directory_path() / ("sc2lite-new-map-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  const fs::path err = root / "err";
  REQUIRE(run_sc2lite("--new-map " + quoted(root / "Mine.SC2Map") + " --map-size 48 40 --camera-bounds 4 4 44 36", err) ==
          0);
  const sc2::engine::mapfile::MapData map = sc2::engine::mapfile::read_map(root / "Mine.SC2Map");
  CHECK(map.info.width == 48);
  CHECK(map.info.height == 40);
  CHECK(map.info.camera == sc2::engine::mapfile::CameraBounds{4, 4, 44, 36});
  CHECK(map.document_name() == "Mine");
  REQUIRE(run_sc2lite("--pack " + quoted(root / "Mine.SC2Map") + " " + quoted(root / "Mine.pack.SC2Map"), err) == 0);
  // Never over a folder that holds files (it may hold edits), nor with a size or camera that
  // cannot be a map: exit 1, the reason on stderr, the folder as it was.
  const std::string script = read_text(root / "Mine.SC2Map" / "MapScript.galaxy");
  CHECK(run_sc2lite("--new-map " + quoted(root / "Mine.SC2Map"), err) == 1);
  CHECK(read_text(err).find("not an empty folder") != std::string::npos);
  CHECK(read_text(root / "Mine.SC2Map" / "MapScript.galaxy") == script);
  CHECK(run_sc2lite("--new-map " + quoted(root / "Huge") + " --map-size 64 4000", err) == 1);
  CHECK(read_text(err).find("4000") != std::string::npos);
  CHECK(run_sc2lite("--new-map " + quoted(root / "Off") + " --camera-bounds 10 10 80 40", err) == 1);
  CHECK(read_text(err).find("camera bounds") != std::string::npos);
  CHECK_FALSE(fs::exists(root / "Huge"));
  CHECK_FALSE(fs::exists(root / "Off"));
  // The size and camera need --new-map.
  CHECK(run_sc2lite("--map-size 64 64 -port 0", err) != 0);
  fs::remove_all(root);
}
