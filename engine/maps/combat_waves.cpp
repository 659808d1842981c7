#include "engine/maps/combat_waves.h"

#include <cmath>
#include <numbers>
#include <vector>

#include "engine/maps/defeat_trigger.h"
#include "engine/maps/map_assets.h"
#include "engine/maps/single_screen.h"

namespace sc2::engine {

namespace {

using single_screen::kEnemyPlayer;

constexpr int kMarinePlayer = 1;

Vec2 random_point(World& world, const RegionRect& region) {
  const float x = world.rng().uniform(region.x0, region.x1);
  const float y = world.rng().uniform(region.y0, region.y1);
  return {x, y};
}

bool overlaps_nobody(const World& world, Vec2 spot, float radius) {
  constexpr float kTouching = 1e-3f;  // units exactly touching (Roaches 1.0 apart) do fit
  bool free = true;
  world.for_each_unit([&](const Unit& u) {
    if (u.stats->solid() && distance(u.pos, spot) < u.radius + radius - kTouching) free = false;
  });
  return free;
}

// The game's placement search for a created unit (real scripts: CreateUnitsWithDefaultFacing
// moves a unit off an occupied point): the nearest spot to `at`, in rings 0.125 apart, where
// it overlaps no unit, on the playable area. Ten units created on one point form a packed clump.
Vec2 free_spot_near(const World& world, Vec2 at, float radius) {
  constexpr float kStep = 0.125f;
  constexpr int kRings = 64;  // up to 8 away: always enough on these maps
  for (int ring = 0; ring <= kRings; ++ring) {
    const float rho = static_cast<float>(ring) * kStep;
    const int points = ring == 0 ? 1 : static_cast<int>(std::ceil(2.0f * std::numbers::pi_v<float> * rho / kStep));
    for (int i = 0; i < points; ++i) {
      const float angle = 2.0f * std::numbers::pi_v<float> * static_cast<float>(i) / static_cast<float>(points);
      const Vec2 spot = world.clamp_to_playable(at + Vec2{std::cos(angle), std::sin(angle)} * rho, radius);
      if (overlaps_nobody(world, spot, radius)) return spot;
    }
  }
  return at;
}

struct Anchors {
  Vec2 marines;
  Vec2 enemies;
};

// Real scripts (DR S:75-82, S:183-190): RandomInt(1, 2) == 1 puts the Marines on a random
// point of region 4 and the enemies on one of region 5, else the other way round.
Anchors draw_anchors(World& world, const CombatSpawnRegions& regions) {
  const bool marines_left = world.rng().below(2) == 0;
  const Vec2 left = random_point(world, regions.left);
  const Vec2 right = random_point(world, regions.right);
  return marines_left ? Anchors{left, right} : Anchors{right, left};
}

class CombatWaveGame final : public MiniGame {
 public:
  explicit CombatWaveGame(CombatWaveRules rules)
      : rules_(std::move(rules)), asset_(map_asset(rules_.name)), regions_(asset_.require_spawn_regions()) {}

  std::string_view name() const override { return rules_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override { start_wave(world, {}, rules_.start_marines); }

  void on_loop(World& world) override {
    const auto& deaths = world.deaths_last_loop();
    const bool defeat = last_marines_die(deaths, marines_);  // the scoring ends at the first Marine death
    bool scoring = true;
    for (const UnitDeath& death : deaths) {
      if (death.owner == kEnemyPlayer) {
        if (scoring) score_ += rules_.reward_per_enemy_death;
        std::erase(enemies_, death.id);
      } else if (death.owner == kMarinePlayer && death.unit_type == unit_type::kMarine) {
        if (scoring) score_ += rules_.reward_per_marine_lost;
        scoring = scoring && !defeat;
        std::erase(marines_, death.id);
      }
    }
    if (enemies_.empty() && !marines_.empty()) next_wave(world);
  }

  int score() const override { return score_; }

  std::optional<GameResult> early_end(const World&) const override {
    if (marines_.empty()) return GameResult::Defeat;
    return std::nullopt;
  }

 private:
  // Real scripts (DR S:162-212): each surviving Marine is removed and created anew with its
  // life (a new unit: new tag, no cooldown, no orders), every other unit is removed, then the
  // extra Marines come after the survivors. Removing every unit does both removals.
  void next_wave(World& world) {
    std::vector<float> survivor_life;
    for (UnitId id : marines_) survivor_life.push_back(world.find(id)->health);
    std::vector<UnitId> everyone;
    world.for_each_unit([&](const Unit& u) { everyone.push_back(u.id); });
    for (UnitId id : everyone) world.remove(id);
    marines_.clear();
    enemies_.clear();
    start_wave(world, survivor_life, rules_.marines_per_wave);
  }

  // New anchors; the column of Marines (the survivors with their life first, then
  // `new_marines` at full life); the enemies; all Marines selected (DR S:98, S:212).
  void start_wave(World& world, const std::vector<float>& survivor_life, int new_marines) {
    const Anchors anchors = draw_anchors(world, regions_);
    const int count = static_cast<int>(survivor_life.size()) + new_marines;
    for (int k = 1; k <= count; ++k) {
      const UnitId id = world.spawn(unit_type::kMarine, kMarinePlayer, anchors.marines);
      Unit& marine = *world.find(id);
      // A spot beyond the playable area is clamped into it, as the simulation keeps every unit.
      marine.pos = world.clamp_to_playable(anchors.marines + Vec2{0.0f, marine_y_offset(k)}, marine.radius);
      if (k <= static_cast<int>(survivor_life.size())) {
        marine.health = marine.health_accounted = survivor_life[static_cast<std::size_t>(k - 1)];
      }
      marines_.push_back(id);
    }
    for (const EnemySpawn& enemy : rules_.enemies) {
      const Vec2 spot = anchors.enemies + Vec2{0.0f, enemy.y_offset};
      const float radius = find_unit_type(enemy.unit_type)->radius;
      enemies_.push_back(world.spawn(enemy.unit_type, kEnemyPlayer, free_spot_near(world, spot, radius)));
    }
    world.player(kMarinePlayer).selection = marines_;
  }

  CombatWaveRules rules_;
  const MapAsset& asset_;
  const CombatSpawnRegions regions_;
  std::vector<UnitId> marines_;  // live Marines, in column order
  std::vector<UnitId> enemies_;  // live enemies of the current wave
  int score_ = 0;
};

}  // namespace

float marine_y_offset(int k) {
  const int sign = k % 2 == 1 ? -1 : 1;  // 1 + ModI(k, 2) * -2
  return static_cast<float>((k / 2) * sign);
}

std::unique_ptr<MiniGame> make_combat_wave_game(CombatWaveRules rules) {
  return std::make_unique<CombatWaveGame>(std::move(rules));
}

}  // namespace sc2::engine
