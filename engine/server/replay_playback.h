#pragma once
// Plays back an sc2lite replay: validates it (structure, checksum, engine version, data
// hash, map, and a full re-simulation that must reach the recorded final state), then
// re-applies every player's recorded requests at their game loops while the client steps.
#include <array>
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
  // Each Participant's join request (player 1, and player 2 in a game of two Participants),
  // and how that player's recorded actions are interpreted; nothing for a Computer.
  std::array<std::optional<SC2APIProtocol::RequestJoinGame>, 2> joins;
  std::array<std::optional<InterfaceSetup>, 2> recorded;
  std::size_t next_action = 0;              // first record not re-applied yet
  std::optional<Vec2> camera;               // set by obs_action camera moves; else the observed player's
};

// How many players the recorded game has (1 on a mini-game, 2 on a melee map): the ids a
// viewer may observe.
int replay_players(const ReplayPlayback& playback);

// The join a viewer of `player` stands in for: that player's recorded race and name (a
// Computer: its race, no name); the viewer's own options are set by the caller.
SC2APIProtocol::RequestJoinGame join_of_player(const ReplayPlayback& playback, int player);

struct ReplayLoadError {
  SC2APIProtocol::ResponseStartReplay::Error code = SC2APIProtocol::ResponseStartReplay::InvalidReplayData;
  std::string details;
};

// nullptr + `error` when the bytes cannot be played back exactly by this engine.
std::unique_ptr<ReplayPlayback> load_replay(std::string_view bytes, ReplayLoadError& error);

// The recorded game at loop 0; resets the playback cursor.
std::unique_ptr<Game> start_playback(ReplayPlayback& playback);

// Steps up to `loops` game loops, re-applying the recorded requests of each loop before
// simulating it; stops at the end of the recording.
void advance_playback(ReplayPlayback& playback, Game& game, std::uint32_t loops);

// The recording is over: its last loop is reached (or the game itself ended).
bool playback_finished(const ReplayPlayback& playback, const Game& game);

// Reads a replay file; nullopt + `error` when it cannot.
std::optional<std::string> read_replay_file(const std::string& path, std::string& error);

}  // namespace sc2::engine
