#pragma once
// HOST:PORT as given to sc2studio --connect.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sc2::app {

struct HostPort {
  std::string host;
  std::uint16_t port = 0;
};

// "127.0.0.1:5000", "localhost:5000", "[::1]:5000". nullopt with `error` saying what is wrong
// (no colon, empty host, a port that is not a number in 1..65535).
std::optional<HostPort> parse_host_port(std::string_view text, std::string& error);

}  // namespace sc2::app
