#pragma once
// The contract every mini-game follows: its map, start state, per-loop triggers, score
// and end rule. A game object lives for one episode; restart builds a fresh one.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/sim/map_layout.h"
#include "engine/sim/world.h"

namespace sc2::engine {

// Same numbers as SC2APIProtocol::Result.
enum class GameResult { Victory = 1, Defeat = 2, Tie = 3, Undecided = 4 };

class MiniGame {
 public:
  virtual ~MiniGame() = default;

  virtual std::string_view name() const = 0;
  virtual MapLayout layout() const = 0;
  virtual bool fog() const = 0;
  virtual std::uint32_t time_limit_loops() const = 0;
  // Result for player 1 when the time limit is reached.
  virtual GameResult time_up_result() const { return GameResult::Victory; }
  // Players the map is made for: 1 for the mini-games, 2 for the melee maps.
  virtual int players() const { return 1; }
  // Where the other players start (game_info.start_raw.start_locations for `player`).
  virtual std::vector<Vec2> enemy_start_locations(int /*player*/) const { return {}; }

  // Places the start units on a fresh world (its RNG is already seeded).
  virtual void setup(World& world) = 0;
  // Map triggers, run after every simulated loop.
  virtual void on_loop(World& world) = 0;
  // Curriculum score (the cumulative reward).
  virtual int score() const = 0;
  // An early end (e.g. all Marines dead), as player 1's result; nullopt while the game goes on.
  virtual std::optional<GameResult> early_end(const World&) const { return std::nullopt; }
};

// A result of player 1 as player `player` of a two-player game sees it (the other one wins
// when player 1 loses; a tie is everyone's).
inline GameResult result_of_player(GameResult player1_result, int player) {
  if (player == 1) return player1_result;
  if (player1_result == GameResult::Victory) return GameResult::Defeat;
  if (player1_result == GameResult::Defeat) return GameResult::Victory;
  return player1_result;
}

}  // namespace sc2::engine
