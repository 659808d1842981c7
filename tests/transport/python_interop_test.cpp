// The client PySC2 uses (python websocket-client) against our server: its default send is
// a text frame carrying raw bytes; it must get the same bytes back in a binary frame.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/transport/test_servers.h"

namespace {

constexpr const char* kPython = "/usr/bin/python3";

bool python_has_websocket_client() {
  if (!std::filesystem::exists(kPython)) return false;
  const std::string command = std::string(kPython) + " -c 'import websocket' >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

std::string run(const std::string& command) {
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    ::pclose(pipe);
  }
  return output;
}

}  // namespace

TEST_CASE("python websocket-client (what PySC2 uses) gets its bytes back in a binary frame") {
  if (!python_has_websocket_client()) {
    MESSAGE("skipped: " << kPython << " with the websocket module is not available");
    return;
  }
  auto server = sc2::test::start_echo_server();
  const std::string script =
      "import websocket\n"
      "ws = websocket.create_connection('ws://127.0.0.1:" + std::to_string(server->port()) +
      "/sc2api', timeout=5)\n"
      "ws.send(b'\\x08\\xff\\xfe\\x80\\x00')\n"  // default opcode: text, like PySC2
      "opcode, data = ws.recv_data()\n"
      "print(opcode, data.hex())\n"
      "ws.send(bytes(range(256)) * 2000)\n"
      "opcode, data = ws.recv_data()\n"
      "print(opcode, len(data), data == bytes(range(256)) * 2000)\n"
      "ws.close()\n";
  const std::string output = run(std::string(kPython) + " -c \"" + script + "\" 2>&1");
  INFO("python said: " << output);
  CHECK(output.find("2 08fffe8000\n") != std::string::npos);
  CHECK(output.find("2 512000 True\n") != std::string::npos);
}
