#pragma once
// The requests the app makes besides an Env's, typed without protobuf: watching a game as an
// observer, reading and starting a replay, fetching the replay of the game being played.
// Observers and replays ask for the viewer's interface: raw data, score and the feature layers
// at the resolutions and camera width of `env` (as an Env joins a game).
// Each throws ControllerError (client/controller.h) with the game's own words when refused.
#include <cstdint>
#include <string>
#include <vector>

namespace sc2 {
class Controller;
}

namespace sc2::pysc2 {

struct EnvOptions;  // client/pysc2/env.h

// RequestReplayInfo.
struct ReplayInfo {
  std::string map_name;
  std::uint32_t game_loops = 0;  // game_duration_loops
  std::vector<int> player_ids;   // the players who can be observed (not observers), as listed
};
ReplayInfo replay_info(Controller& controller, const std::string& replay_data);

// RequestStartReplay from loop 0, seen by `observed_player`, not in real time.
void start_replay(Controller& controller, const std::string& replay_data, const EnvOptions& env,
                  int observed_player);

// RequestJoinGame as an observer of `observed_player` of the game the server runs.
void join_as_observer(Controller& controller, const EnvOptions& env, int observed_player);

// RequestSaveReplay: the replay of the game so far, as the game wrote it.
std::string save_replay(Controller& controller);

// The last response said the game has ended (status `ended`).
bool game_ended(const Controller& controller);

}  // namespace sc2::pysc2
