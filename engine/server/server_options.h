#pragma once
// Settings of a GameServer that do not come over the wire.
#include <cstdint>
#include <functional>
#include <string_view>

namespace sc2::engine {

struct ServerOptions {
  // Seed used when RequestCreateGame has no random_seed (the game stays deterministic).
  std::uint32_t default_seed = 1;
  // Receives one line per noteworthy event (bad request, game created, ...); may be empty.
  std::function<void(std::string_view)> log;
};

}  // namespace sc2::engine
