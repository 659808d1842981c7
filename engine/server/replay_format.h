#pragma once
// The sc2lite replay file (documented in engine/REPLAY_FORMAT.md): a header that pins down
// everything the re-simulation depends on (engine version, data tables, map, seed, the
// create request and each Participant's join) followed by what the players sent by game
// loop (actions, debug kill_unit / create_unit, leaving), closed by an FNV-1a checksum. Encoding and
// decoding only; playing back is in replay_playback.h.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sc2::engine {

inline constexpr std::string_view kReplayMagic = "SC2LREPL";  // 8 bytes
// 2: records name their player and hold a whole Request (action, debug, leave_game); the
// header adds player 2's join. Version 1 files (one player, actions only) are still read.
inline constexpr std::uint32_t kReplayFormatVersion = 2;
inline constexpr std::uint32_t kOldestReadableReplayFormat = 1;
// Bump whenever the simulation changes behaviour: replays of other versions are refused.
inline constexpr std::string_view kEngineVersion = "sc2lite-engine 3";  // 2: ground pathing; 3: grid separation

struct ReplayHeader {
  std::string engine_version;      // kEngineVersion of the recording engine
  std::uint64_t data_hash = 0;     // data_tables_hash() of the recording engine
  std::string game_version;        // the SC2 API facts the engine answered to ping
  std::string data_version;
  std::uint32_t data_build = 0;
  std::uint32_t base_build = 0;
  std::string map_name;            // e.g. "MoveToBeacon"
  std::string map_path;            // as requested, e.g. "mini_games/MoveToBeacon.SC2Map"
  std::uint64_t episode_seed = 0;  // the World's seed for this episode
  std::string create_game;         // serialized RequestCreateGame (players, fog, seed)
  std::string join_game;           // player 1's serialized RequestJoinGame (race, name, InterfaceOptions)
  std::string join_game_2;         // player 2's, when it is a Participant; else empty (format 2)
  std::uint32_t game_loops = 0;    // loop at which the recording ends
  std::uint32_t result = 0;        // SC2APIProtocol::Result of player 1, 0 = game not over
  std::uint64_t final_state_hash = 0;  // state_hash(world) at game_loops
};

// One request a player sent that changed the game, at the loop it was executed, and the
// state hash right after it ran (a checkpoint: an edited or foreign stream diverges).
struct ReplayAction {
  std::uint32_t game_loop = 0;
  std::uint32_t player = 1;  // who sent it (format 1: always player 1)
  std::uint64_t state_hash_after = 0;
  // A serialized SC2APIProtocol::Request with action, debug (kill_unit, create_unit) or leave_game set.
  // Format 1 stored a bare RequestAction; decoding wraps it into a Request.
  std::string request;
};

struct Replay {
  std::uint32_t format_version = kReplayFormatVersion;  // as read; encode_replay writes the current one
  ReplayHeader header;
  std::vector<ReplayAction> actions;  // in execution order (game loops never decrease)
};

std::string encode_replay(const Replay& replay);

// Why bytes are not a readable replay. `damaged` = the file is one of ours but truncated,
// edited or corrupt (vs. not a replay / another format version at all).
struct ReplayReadError {
  bool damaged = false;
  std::string details;
};

// Checks the structure and the checksum; not whether this engine can play it (see
// replay_incompatibility).
std::optional<Replay> decode_replay(std::string_view bytes, ReplayReadError& error);

// Empty when this engine can re-simulate the replay exactly; otherwise names every
// header field that differs (engine version, data hash, unknown map, ...).
std::string replay_incompatibility(const ReplayHeader& header);

// FNV-1a over every field of the unit-type and ability tables the simulation uses.
std::uint64_t data_tables_hash();

// 64-bit FNV-1a of bytes (the replay checksum).
std::uint64_t fnv1a64(std::string_view bytes);

}  // namespace sc2::engine
