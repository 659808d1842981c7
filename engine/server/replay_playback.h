#pragma once
// Plays back an sc2lite replay: validates it (structure, checksum, engine version, data
// hash, map, and a full re-simulation that must reach the recorded final state), then
// re-applies the recorded RequestActions at their game loops while the client steps.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/replay_format.h"
#include "engine/sim/vec2.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

struct ReplayPlayback {
  Replay replay;
  std::string bytes;                        // as loaded (save_replay answers them)
  GameConfig config;                        // the recorded game's setup
  SC2APIProtocol::RequestJoinGame join;     // the recording player's join request
  InterfaceSetup recorded;                  // how the recorded actions are interpreted
  std::size_t next_action = 0;              // first action not re-applied yet
  std::optional<Vec2> camera;               // set by obs_action camera moves; else player 1's
};

struct ReplayLoadError {
  SC2APIProtocol::ResponseStartReplay::Error code = SC2APIProtocol::ResponseStartReplay::InvalidReplayData;
  std::string details;
};

// nullptr + `error` when the bytes cannot be played back exactly by this engine.
std::unique_ptr<ReplayPlayback> load_replay(std::string_view bytes, ReplayLoadError& error);

// The recorded game at loop 0; resets the playback cursor.
std::unique_ptr<Game> start_playback(ReplayPlayback& playback);

// Steps up to `loops` game loops, re-applying the recorded actions of each loop before
// simulating it; stops at the end of the recording.
void advance_playback(ReplayPlayback& playback, Game& game, std::uint32_t loops);

// The recording is over: its last loop is reached (or the game itself ended).
bool playback_finished(const ReplayPlayback& playback, const Game& game);

// Reads a replay file; nullopt + `error` when it cannot.
std::optional<std::string> read_replay_file(const std::string& path, std::string& error);

}  // namespace sc2::engine
