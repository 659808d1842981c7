#pragma once
// The rules of every melee map (one class for all; each map's data is its melee_map asset):
// two players, Terran, each with a Command Center, 12 SCVs, 8 mineral fields and 2 geysers
// (MeleeBase.json) at its start location; 50 minerals, supply 12/15; fog of war on (unless
// the game disables it). A player whose structures are all destroyed loses and the other
// wins (both at once: a tie). At the map's time limit the game is a tie, as PySC2 scores a
// melee episode that runs out.
#include <array>
#include <memory>
#include <string_view>

#include "engine/maps/melee_assets.h"
#include "engine/maps/mini_game.h"

namespace sc2::engine {

class MeleeGame final : public MiniGame {
 public:
  explicit MeleeGame(const MeleeMapAsset& asset) : asset_(asset) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.build_layout(); }
  bool fog() const override { return true; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }
  GameResult time_up_result() const override { return GameResult::Tie; }
  int players() const override { return static_cast<int>(asset_.start_locations.size()); }
  std::vector<Vec2> enemy_start_locations(int player) const override;

  void setup(World& world) override;
  void on_loop(World& world) override;
  int score() const override { return 0; }  // the outcome is the reward (PySC2's score_index -1)
  std::optional<GameResult> early_end(const World& world) const override;

  const MeleeMapAsset& asset() const { return asset_; }

 private:
  const MeleeMapAsset& asset_;
  std::array<int, 3> structures_{};  // per player 1..2, recounted when a structure dies
};

// The start bank of a melee game.
inline constexpr int kMeleeStartMinerals = 50;

// Counts `player`'s structures (finished or under construction).
int structure_count(const World& world, int player);

}  // namespace sc2::engine
