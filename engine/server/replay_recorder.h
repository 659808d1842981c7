#pragma once
// Records one episode of a game as it is played: the setup at its start and every
// RequestAction of the player with the game loop it ran at. save() turns it into replay bytes.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/server/game.h"
#include "engine/server/replay_format.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

class ReplayRecorder {
 public:
  // A new episode starts: forget the previous one's actions.
  void start(const GameConfig& config, const SC2APIProtocol::RequestJoinGame& join, std::uint64_t episode_seed);
  // After the request was executed (failed actions too: they show up as action errors).
  void record(const Game& game, const SC2APIProtocol::RequestAction& request);
  // The replay of the episode so far.
  std::string save(const Game& game) const;

 private:
  ReplayHeader header_;
  std::vector<ReplayAction> actions_;
};

// The RequestCreateGame a replay stores for `config` (map path, players, fog, seed).
SC2APIProtocol::RequestCreateGame create_request_of(const GameConfig& config);

}  // namespace sc2::engine
