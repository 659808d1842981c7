// Network hygiene of the sc2lite program: it listens on 127.0.0.1 unless told otherwise,
// and listening on another address prints a warning that the API has no authentication.
// Skipped (with a message) when the binary has not been built yet.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "transport/websocket_client.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine::test;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

fs::path sc2lite_binary() { return fs::path(SC2_BIN_DIR) / "sc2lite"; }

bool have_binary() {
  if (fs::exists(sc2lite_binary())) return true;
  MESSAGE("skipped: " << sc2lite_binary().string() << " is not built (build target sc2lite)");
  return false;
}

struct Run {
  std::string first_line;  // stdout
  std::string errors;      // stderr
  int exit_status = -1;
};

// Starts sc2lite with `flags`, reads its "listening on HOST:PORT" line, sends quit (to
// 127.0.0.1 when HOST is 0.0.0.0) and collects what it wrote to stderr.
Run run_and_quit(const std::string& flags) {
  Run run;
  const fs::path errors = fs::temp_directory_path() / ("sc2lite-listen-" + std::to_string(::getpid()) + ".err");
  const std::string command = "'" + sc2lite_binary().string() + "' " + flags + " 2>'" + errors.string() + "'";
  FILE* out = ::popen(command.c_str(), "r");
  REQUIRE(out != nullptr);
  char line[256] = {};
  if (std::fgets(line, sizeof line, out) != nullptr) run.first_line = line;
  const std::string prefix = "sc2lite listening on ";
  const auto colon = run.first_line.rfind(':');
  if (run.first_line.rfind(prefix, 0) == 0 && colon != std::string::npos) {
    std::string host = run.first_line.substr(prefix.size(), colon - prefix.size());
    if (host == "0.0.0.0") host = "127.0.0.1";
    sc2::net::WebSocketClient client;
    client.connect(host, static_cast<std::uint16_t>(std::stoi(run.first_line.substr(colon + 1))), 5s);
    api::Request quit;
    quit.set_id(1);
    quit.mutable_quit();
    client.send(quit.SerializeAsString(), 5s);
    client.receive(5s);
    client.close();
  }
  run.exit_status = ::pclose(out);
  std::ifstream in(errors);
  std::ostringstream text;
  text << in.rdbuf();
  run.errors = text.str();
  fs::remove(errors);
  return run;
}

}  // namespace

TEST_CASE("sc2lite listens on 127.0.0.1 by default and warns of nothing") {
  if (!have_binary()) return;
  const Run run = run_and_quit("-port 0");
  INFO(run.first_line, run.errors);
  CHECK(run.first_line.rfind("sc2lite listening on 127.0.0.1:", 0) == 0);
  CHECK(run.errors.find("warning") == std::string::npos);
  CHECK(WIFEXITED(run.exit_status));
}

TEST_CASE("sc2lite -listen 0.0.0.0 warns on stderr that the API has no authentication") {
  if (!have_binary()) return;
  const Run run = run_and_quit("-listen 0.0.0.0 -port 0");
  INFO(run.first_line, run.errors);
  CHECK(run.first_line.rfind("sc2lite listening on 0.0.0.0:", 0) == 0);
  CHECK(run.errors.find("warning") != std::string::npos);
  CHECK(run.errors.find("no authentication") != std::string::npos);
  CHECK(run.errors.find("0.0.0.0") != std::string::npos);
  CHECK(WIFEXITED(run.exit_status));
}

TEST_CASE("sc2lite on another loopback address (127.0.0.2) does not warn") {
  if (!have_binary()) return;
  const Run run = run_and_quit("-listen 127.0.0.2 -port 0");
  INFO(run.first_line, run.errors);
  CHECK(run.first_line.rfind("sc2lite listening on 127.0.0.2:", 0) == 0);
  CHECK(run.errors.find("no authentication") == std::string::npos);
}
