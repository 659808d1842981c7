#pragma once
// Records one episode of a game as it is played: the setup at its start and every request
// of a player that changes the game (actions, debug kill_unit / create_unit, leaving a two-player game)
// with the game loop it ran at. save() turns it into replay bytes.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/server/game.h"
#include "engine/server/replay_format.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

class ReplayRecorder {
 public:
  // A new episode starts: forget the previous one's records. `join_2` is player 2's join
  // when player 2 is a Participant (empty otherwise).
  void start(const GameConfig& config, const SC2APIProtocol::RequestJoinGame& join,
             const SC2APIProtocol::RequestJoinGame* join_2, std::uint64_t episode_seed);
  // After the request was executed (failed actions too: they show up as action errors).
  void record(const Game& game, int player, const SC2APIProtocol::RequestAction& request);
  void record(const Game& game, int player, const SC2APIProtocol::RequestDebug& request);
  // `player` left a two-player game (it conceded).
  void record_leave(const Game& game, int player);
  // The replay of the episode so far.
  std::string save(const Game& game) const;

 private:
  void add(const Game& game, int player, const SC2APIProtocol::Request& request);

  ReplayHeader header_;
  std::vector<ReplayAction> actions_;
};

// The RequestCreateGame a replay stores for `config` (map path, players, fog, seed).
SC2APIProtocol::RequestCreateGame create_request_of(const GameConfig& config);

}  // namespace sc2::engine
