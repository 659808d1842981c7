#include "app/program/connect_address.h"

#include <charconv>

namespace sc2::app {

namespace {

// Appending (not "'" + std::string(...)) also keeps GCC 12's false -Wrestrict quiet.
std::string quoted(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.append("'").append(text).append("'");
  return out;
}

}  // namespace

std::optional<HostPort> parse_host_port(std::string_view text, std::string& error) {
  const auto colon = text.rfind(':');
  if (colon == std::string_view::npos) {
    error = quoted(text) + " is not HOST:PORT (e.g. 127.0.0.1:5000)";
    return std::nullopt;
  }
  std::string_view host = text.substr(0, colon);
  const std::string_view port_text = text.substr(colon + 1);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty()) {
    error = quoted(text) + " has no host before the ':' (e.g. 127.0.0.1:5000)";
    return std::nullopt;
  }
  unsigned port = 0;
  const auto [end, failure] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (port_text.empty() || failure != std::errc() || end != port_text.data() + port_text.size() || port == 0 ||
      port > 65535) {
    error = quoted(text) + ": the port " + quoted(port_text) + " is not a number in 1..65535";
    return std::nullopt;
  }
  return HostPort{std::string(host), static_cast<std::uint16_t>(port)};
}

}  // namespace sc2::app
