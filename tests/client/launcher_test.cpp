// Launcher: finding the game, choosing what to run, and starting/stopping fake games
// (shell and Python scripts standing in for the game binary).
#include "client/launcher.h"
#include "client/wait_spin.h"
#include "tests/transport/scoped_wait_spin.h"
#include "transport/websocket_server.h"

#include <doctest/doctest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

using namespace std::chrono_literals;
namespace fs = std::filesystem;
using sc2::LaunchError;
using sc2::LaunchOptions;

namespace {

// A fresh folder removed at the end of the test.
struct TempDir {
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "sc2-launcher-test-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    path = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  fs::path path;
};

void write_file(const fs::path& path, const std::string& text, bool executable = false) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  if (executable)
    fs::permissions(path, fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read);
}

// A stand-in game at `path` that writes its command line into `args` beside it and exits with
// `status`.
void write_arguments_recorder(const fs::path& path, int status) {
  write_file(path, "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\nexit " + std::to_string(status) + "\n", true);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Sets or clears $SC2PATH for one test and puts the old value back.
struct ScopedSc2Path {
  explicit ScopedSc2Path(const char* value) {
    if (const char* old = std::getenv("SC2PATH")) saved = old;
    if (value)
      ::setenv("SC2PATH", value, 1);
    else
      ::unsetenv("SC2PATH");
  }
  ~ScopedSc2Path() {
    if (saved)
      ::setenv("SC2PATH", saved->c_str(), 1);
    else
      ::unsetenv("SC2PATH");
  }
  std::optional<std::string> saved;
};

std::string launch_error(const LaunchOptions& options) {
  try {
    sc2::GameProcess::launch(options);
  } catch (const LaunchError& error) {
    return error.what();
  }
  return "(no LaunchError)";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

doctest::Contains contains_text(const std::string& text) { return doctest::Contains(text.c_str()); }

bool process_gone(int pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// Options that launch `<dir>/sc2lite` (our fake game) rather than any real StarCraft II.
LaunchOptions fake_sc2lite_options(const fs::path& dir) {
  LaunchOptions options;
  options.sc2lite_dir = dir;
  options.startup_timeout = 5s;
  options.controller.call_timeout = 2s;
  return options;
}

}  // namespace

TEST_CASE("find_sc2_binary takes the highest build number, compared as a number") {
  TempDir root;
  for (const char* version : {"Base9999", "Base75689", "Base55958"})
    write_file(root.path / "Versions" / version / "SC2_x64", "#!/bin/sh\n", true);
  fs::create_directories(root.path / "Versions" / "Base99999x");  // not a build number
  fs::create_directories(root.path / "Versions" / "Other");
  CHECK(sc2::find_sc2_binary(root.path) == root.path / "Versions" / "Base75689" / "SC2_x64");
}

TEST_CASE("find_sc2_binary names what is missing") {
  TempDir root;
  SUBCASE("no such folder") {
    const fs::path nowhere = root.path / "nowhere";
    CHECK_THROWS_WITH_AS(sc2::find_sc2_binary(nowhere), contains_text(nowhere.string()), LaunchError);
  }
  SUBCASE("no Versions folder") {
    CHECK_THROWS_WITH_AS(sc2::find_sc2_binary(root.path),
                         contains_text((root.path / "Versions").string()), LaunchError);
  }
  SUBCASE("no BaseNNNNN folder") {
    fs::create_directories(root.path / "Versions" / "Latest");
    CHECK_THROWS_WITH_AS(sc2::find_sc2_binary(root.path), contains_text("BaseNNNNN"), LaunchError);
  }
  SUBCASE("the newest version has no binary") {
    write_file(root.path / "Versions" / "Base55958" / "SC2_x64", "", true);
    fs::create_directories(root.path / "Versions" / "Base75689");
    CHECK_THROWS_WITH_AS(sc2::find_sc2_binary(root.path),
                         contains_text((root.path / "Versions" / "Base75689" / "SC2_x64").string()),
                         LaunchError);
  }
  SUBCASE("the binary is not executable") {
    write_file(root.path / "Versions" / "Base75689" / "SC2_x64", "");
    fs::permissions(root.path / "Versions" / "Base75689" / "SC2_x64", fs::perms::owner_read);
    CHECK_THROWS_WITH_AS(sc2::find_sc2_binary(root.path), contains_text("not executable"),
                         LaunchError);
  }
}

TEST_CASE("choose_executable: the option, then $SC2PATH, then sc2lite") {
  TempDir from_env, from_option, lite;
  write_file(from_env.path / "Versions" / "Base75689" / "SC2_x64", "", true);
  write_file(from_option.path / "Versions" / "Base80000" / "SC2_x64", "", true);
  ScopedSc2Path env(from_env.path.c_str());
  LaunchOptions options;
  options.sc2lite_dir = lite.path;

  auto chosen = sc2::choose_executable(options);
  CHECK(chosen.path == from_env.path / "Versions" / "Base75689" / "SC2_x64");
  CHECK(chosen.data_dir == from_env.path);
  CHECK_FALSE(chosen.is_sc2lite);

  options.sc2path = from_option.path;
  CHECK(sc2::choose_executable(options).path == from_option.path / "Versions" / "Base80000" / "SC2_x64");

  options.sc2path.reset();
  ScopedSc2Path no_env(nullptr);
  CHECK_THROWS_WITH_AS(sc2::choose_executable(options),
                       contains_text((lite.path / "sc2lite").string()), LaunchError);
  write_file(lite.path / "sc2lite", "#!/bin/sh\n", true);
  chosen = sc2::choose_executable(options);
  CHECK(chosen.is_sc2lite);
  CHECK(chosen.path == lite.path / "sc2lite");
  CHECK(chosen.data_dir == lite.path);
}

TEST_CASE("pick_free_port gives a port that can be bound") {
  const std::uint16_t port = sc2::pick_free_port();
  CHECK(port != 0);
  sc2::net::WebSocketServer server("127.0.0.1", port, {[](sc2::net::ConnectionId, std::string_view) {
                                                         return sc2::net::Reply{};
                                                       },
                                                       {}});
  CHECK(server.port() == port);
}

TEST_CASE("a game that exits at once fails the launch quickly with its exit status") {
  ScopedSc2Path no_env(nullptr);
  TempDir dir;
  // Records its command line, then exits with status 3.
  write_file(dir.path / "sc2lite",
             "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > \"$(dirname \"$0\")/args.txt\"\nexit 3\n",
             true);
  LaunchOptions options = fake_sc2lite_options(dir.path);
  options.startup_timeout = 20s;
  options.extra_args = {"-verbose"};
  const auto start = std::chrono::steady_clock::now();
  const std::string error = launch_error(options);
  CHECK(std::chrono::steady_clock::now() - start < 5s);
  CHECK(contains(error, "exited with status 3"));
  CHECK(contains(error, (dir.path / "sc2lite").string()));

  // -listen 127.0.0.1 -port N -dataDir <dir>/ -tempDir <tmp>/ -verbose
  std::vector<std::string> args;
  std::istringstream lines(read_file(dir.path / "args.txt"));
  for (std::string line; std::getline(lines, line);) args.push_back(line);
  REQUIRE(args.size() == 9);
  CHECK(args[0] == "-listen");
  CHECK(args[1] == "127.0.0.1");
  CHECK(args[2] == "-port");
  CHECK(std::stoi(args[3]) > 0);
  CHECK(args[4] == "-dataDir");
  CHECK(args[5] == dir.path.string() + "/");
  CHECK(args[6] == "-tempDir");
  CHECK(fs::path(args[7]).parent_path().filename().string().rfind("sc-", 0) == 0);
  CHECK(args[7].back() == '/');
  CHECK_FALSE(fs::exists(args[7]));  // the temp folder is removed again
  CHECK(args[8] == "-verbose");
}

TEST_CASE("a game that never listens is stopped after startup_timeout") {
  ScopedSc2Path no_env(nullptr);
  TempDir dir;
  write_file(dir.path / "sc2lite", "#!/bin/sh\necho $$ > \"$(dirname \"$0\")/pid.txt\"\nexec sleep 30\n", true);
  LaunchOptions options = fake_sc2lite_options(dir.path);
  options.startup_timeout = 700ms;
  const auto start = std::chrono::steady_clock::now();
  const std::string error = launch_error(options);
  CHECK(std::chrono::steady_clock::now() - start < 6s);
  CHECK(contains(error, "did not accept connections"));
  CHECK(contains(error, "700 ms"));
  const std::string pid_text = read_file(dir.path / "pid.txt");
  REQUIRE_FALSE(pid_text.empty());
  CHECK(process_gone(std::stoi(pid_text)));
}

TEST_CASE("a game that accepts is connected, and stopped when the GameProcess goes") {
  if (!fs::exists("/usr/bin/python3")) {
    MESSAGE("skipped: /usr/bin/python3 is absent (the fake game is a Python script)");
    return;
  }
  ScopedSc2Path no_env(nullptr);
  TempDir dir;
  // A minimal websocket endpoint (standard library only): accepts one client, answers the
  // upgrade, and exits as soon as a request (quit) arrives.
  write_file(dir.path / "sc2lite", R"(#!/usr/bin/python3
import base64, hashlib, socket, sys
port = int(sys.argv[sys.argv.index('-port') + 1])
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(('127.0.0.1', port))
server.listen(1)
conn, _ = server.accept()
head = b''
while b'\r\n\r\n' not in head:
    head += conn.recv(4096)
key = [l.split(b':', 1)[1].strip() for l in head.split(b'\r\n') if l.lower().startswith(b'sec-websocket-key')][0]
accept = base64.b64encode(hashlib.sha1(key + b'258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest())
conn.sendall(b'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ' + accept + b'\r\n\r\n')
conn.recv(65536)
sys.exit(0)
)",
             true);
  LaunchOptions options = fake_sc2lite_options(dir.path);
  options.startup_timeout = 10s;
  int pid = -1;
  {
    auto game = sc2::GameProcess::launch(options);
    CHECK(game->running());
    CHECK(game->executable().is_sc2lite);
    CHECK(game->port() != 0);
    pid = game->pid();
    CHECK(game->controller().status() == SC2APIProtocol::launched);
  }
  CHECK(process_gone(pid));
}

TEST_CASE("launch_game tells what it starts before starting it, and passes the startup timeout on") {
  ScopedSc2Path no_env(nullptr);
  TempDir dir;
  write_file(dir.path / "sc2lite", "#!/bin/sh\nexec sleep 30\n", true);  // never listens
  sc2::GameChoice choice;
  choice.sc2lite_dir = dir.path;
  choice.startup_timeout = 600ms;
  std::vector<sc2::GameExecutable> told;
  std::string error;
  try {
    sc2::launch_game(choice, [&](const sc2::GameExecutable& chosen) { told.push_back(chosen); });
  } catch (const LaunchError& failure) {
    error = failure.what();
  }
  REQUIRE(told.size() == 1);
  CHECK(told[0].path == dir.path / "sc2lite");
  CHECK(told[0].is_sc2lite);
  CHECK(contains(error, "did not accept connections"));
  CHECK(contains(error, "600 ms"));  // the choice's timeout, not the default minute
}

TEST_CASE("launch_game prefers the choice's StarCraft II folder, and tells nothing when there is no game") {
  ScopedSc2Path no_env(nullptr);
  TempDir install, lite;
  write_file(install.path / "Versions" / "Base80000" / "SC2_x64", "#!/bin/sh\nexit 4\n", true);
  write_file(lite.path / "sc2lite", "#!/bin/sh\nexit 5\n", true);
  sc2::GameChoice choice;
  choice.sc2path = install.path;
  choice.sc2lite_dir = lite.path;
  choice.startup_timeout = 5s;
  std::vector<fs::path> told;
  const auto on_launching = [&](const sc2::GameExecutable& chosen) { told.push_back(chosen.path); };
  CHECK_THROWS_WITH_AS(sc2::launch_game(choice, on_launching), contains_text("exited with status 4"), LaunchError);
  REQUIRE(told.size() == 1);
  CHECK(told[0] == install.path / "Versions" / "Base80000" / "SC2_x64");

  told.clear();
  choice.sc2path.reset();
  choice.sc2lite_dir = lite.path / "missing";
  CHECK_THROWS_WITH_AS(sc2::launch_game(choice, on_launching),
                       contains_text((lite.path / "missing" / "sc2lite").string()), LaunchError);
  CHECK(told.empty());  // nothing was about to start
  CHECK_THROWS_AS(sc2::launch_game(choice), LaunchError);  // no callback is fine
}

TEST_CASE("launch_game with a core passes --cpu to sc2lite and refuses to pin a real StarCraft II") {
  ScopedSc2Path no_env(nullptr);
  TempDir install, lite;
  write_arguments_recorder(lite.path / "sc2lite", 3);
  sc2::GameChoice choice;
  choice.sc2lite_dir = lite.path;
  choice.startup_timeout = 5s;
  choice.core = 1;
  CHECK_THROWS_WITH_AS(sc2::launch_game(choice), contains_text("exited with status 3"), LaunchError);
  CHECK(contains(read_file(lite.path / "args"), "--cpu 1"));

  write_file(install.path / "Versions" / "Base80000" / "SC2_x64", "#!/bin/sh\nexit 4\n", true);
  choice.sc2path = install.path;
  bool told = false;
  CHECK_THROWS_WITH_AS(sc2::launch_game(choice, [&](const sc2::GameExecutable&) { told = true; }),
                       contains_text("pinning the game to a core is for sc2lite only"), LaunchError);
  CHECK_FALSE(told);  // refused before anything starts
}

TEST_CASE("launch_game hands this program's polling limit on to sc2lite, never to StarCraft II") {
  ScopedSc2Path no_env(nullptr);
  TempDir install, lite;
  write_arguments_recorder(lite.path / "sc2lite", 3);
  sc2::GameChoice choice;
  choice.sc2lite_dir = lite.path;
  choice.startup_timeout = 5s;
  for (const auto limit : {0us, sc2::kDefaultWaitSpin, 1500us}) {
    CAPTURE(limit.count());
    sc2::test::ScopedWaitSpin set(limit);
    CHECK_THROWS_WITH_AS(sc2::launch_game(choice), contains_text("exited with status 3"), LaunchError);
    CHECK(contains(read_file(lite.path / "args"), "--wait_spin_us " + std::to_string(limit.count())));
  }

  // A real StarCraft II is started with its own flags only.
  sc2::test::ScopedWaitSpin set(0us);
  write_arguments_recorder(install.path / "Versions" / "Base80000" / "SC2_x64", 4);
  choice.sc2path = install.path;
  CHECK_THROWS_WITH_AS(sc2::launch_game(choice), contains_text("exited with status 4"), LaunchError);
  const std::string game_args = read_file(install.path / "Versions" / "Base80000" / "args");
  CHECK(contains(game_args, "-listen"));  // it did write its arguments
  CHECK_FALSE(contains(game_args, "--wait_spin_us"));
}
