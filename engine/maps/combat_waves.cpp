#include "engine/maps/combat_waves.h"

#include <algorithm>

#include "engine/maps/map_assets.h"
#include "engine/maps/single_screen.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"

namespace sc2::engine {

namespace {

using namespace single_screen;

constexpr float kMarineSpacing = 1.0f;
constexpr int kMarinesPerColumn = 20;
constexpr float kEnemySpacing = 1.5f;  // a line of Roaches (radius 0.5) with gaps
constexpr float kGroupSpacing = 1.0f;  // a packed group of Zerglings and Banelings
constexpr int kGroupRows = 5;

class CombatWaveGame final : public MiniGame {
 public:
  explicit CombatWaveGame(CombatWaveRules rules)
      : rules_(std::move(rules)),
        asset_(map_asset(rules_.name)),
        sides_(asset_.require_sides()),
        centre_(asset_.layout.centre()) {}

  std::string_view name() const override { return rules_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    for (int i = 0; i < rules_.start_marines; ++i) marines_.push_back(world.spawn(unit_type::kMarine, kAgentSide, centre_));
    world.player(kAgentSide).selection = marines_;
    start_wave(world);
  }

  void on_loop(World& world) override {
    for (const UnitDeath& death : world.deaths_last_loop()) {
      if (death.owner == kEnemyPlayer) {
        score_ += rules_.reward_per_enemy_death;
        std::erase(enemies_, death.id);
      } else if (death.owner == kAgentSide && death.unit_type == unit_type::kMarine) {
        score_ += rules_.reward_per_marine_lost;
        std::erase(marines_, death.id);
      }
    }
    if (enemies_.empty() && !marines_.empty()) {
      for (int i = 0; i < rules_.marines_per_wave; ++i) {
        marines_.push_back(world.spawn(unit_type::kMarine, kAgentSide, centre_));
      }
      start_wave(world);
    }
  }

  int score() const override { return score_; }

  std::optional<GameResult> early_end(const World&) const override {
    if (marines_.empty()) return GameResult::Defeat;
    return std::nullopt;
  }

 private:
  static constexpr int kAgentSide = 1;

  // Spawns the enemy wave and puts every unit on its side.
  void start_wave(World& world) {
    const bool marines_west = world.rng().below(2) == 0;
    const float marine_x = marines_west ? sides_.west_x : sides_.east_x;
    const float enemy_x = marines_west ? sides_.east_x : sides_.west_x;
    const int away_from_enemy = marines_west ? -1 : 1;

    const auto spots = vertical_line(static_cast<int>(marines_.size()), marine_x, centre_.y, kMarineSpacing,
                                     kMarinesPerColumn, away_from_enemy);
    for (std::size_t i = 0; i < marines_.size(); ++i) {
      Unit* marine = world.find(marines_[i]);
      marine->pos = spots[i];
      marine->orders.clear();
      marine->holding_position = false;
      marine->engaged_target = {};
      marine->has_rest_goal = false;
    }

    std::vector<std::uint32_t> types;
    for (const WaveUnits& w : rules_.enemies) types.insert(types.end(), static_cast<std::size_t>(w.count), w.unit_type);
    const auto enemy_spots = rules_.formation == EnemyFormation::Line
                                 ? vertical_line(static_cast<int>(types.size()), enemy_x, centre_.y, kEnemySpacing,
                                                 static_cast<int>(types.size()), -away_from_enemy)
                                 : vertical_line(static_cast<int>(types.size()), enemy_x, centre_.y, kGroupSpacing,
                                                 kGroupRows,
                                                 -away_from_enemy);
    const CommandTarget charge{Vec2{marine_x, centre_.y}, {}};
    for (std::size_t i = 0; i < types.size(); ++i) {
      const UnitId id = world.spawn(types[i], kEnemyPlayer, enemy_spots[i]);
      enemies_.push_back(id);
      issue_command(world, *world.find(id), ability::kAttackAttack, charge, false);
    }
  }

  CombatWaveRules rules_;
  const MapAsset& asset_;
  const CombatSides sides_;
  const Vec2 centre_;
  std::vector<UnitId> marines_;  // live Marines, in line order
  std::vector<UnitId> enemies_;  // live enemies of the current wave
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_combat_wave_game(CombatWaveRules rules) {
  return std::make_unique<CombatWaveGame>(std::move(rules));
}

}  // namespace sc2::engine
