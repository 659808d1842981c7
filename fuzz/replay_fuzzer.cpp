// Fuzz target: the engine's replay reader (engine/server/replay_format, replay_playback).
// Input: replay file bytes. Each input is read twice: as it is (the checksum refuses almost
// every mutation) and with its last 8 bytes replaced by the right checksum, so mutations
// reach the structure, header and action records, and load_replay's re-simulation.
// Oracle: no crash, no exception (both functions report errors in their error argument).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/server/replay_format.h"
#include "engine/server/replay_playback.h"

namespace {

void read_all_ways(const std::string& bytes) {
  sc2::engine::ReplayReadError read_error;
  if (const auto replay = sc2::engine::decode_replay(bytes, read_error)) {
    (void)sc2::engine::replay_incompatibility(replay->header);
  }
  sc2::engine::ReplayLoadError load_error;
  if (auto playback = sc2::engine::load_replay(bytes, load_error)) {
    // Playing it back from the start must work for a replay that loaded.
    auto game = sc2::engine::start_playback(*playback);
    sc2::engine::advance_playback(*playback, *game, 64);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  read_all_ways(bytes);
  if (bytes.size() >= 8) {
    const std::uint64_t checksum = sc2::engine::fnv1a64(std::string_view(bytes).substr(0, bytes.size() - 8));
    for (int i = 0; i < 8; ++i) bytes[bytes.size() - 8 + i] = static_cast<char>((checksum >> (8 * i)) & 0xff);
    read_all_ways(bytes);
  }
  return 0;
}
