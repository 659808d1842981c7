// FindAndDefeatZerglings: 3 Marines at the map centre (selected) and 25 Zerglings
// (player 2) around them; +1 per Zergling killed, -1 per Marine lost. When all 25 are dead,
// 25 new ones appear away from the Marines. Ends at its time limit (180 s, in the JSON;
// Victory) or when all Marines are dead (Defeat).
//
// Fog of war is on: each player sees what its units' sight ranges cover (cells whose
// centre is within sight of a unit's centre are visible; cells ever seen stay "seen";
// the rest are hidden); enemy units are reported only on visible cells (raw units, feature
// layers, clicks). The map is larger than one screen so the camera has to move.
//
// Facts from the real map (CombatGroup; Regions, MapScript.galaxy = S):
// * layout (assets/maps/FindAndDefeatZerglings.json): playable = region 1 (10,12)-(54,44),
//   centre (32,28); the camera starts at (32,25) and is free; no VisRevealArea, so fog stays on;
// * Marines at distance 1 from (32,28) at 210, 330 and 90 degrees (S:119-125; the asset's
//   marine_spots), selected (S:126);
// * Zergling 1 at a uniform distance 8..9 from (32,28), uniform angle, no other check (S:127-130);
// * Zergling 2 at a point of region 4 (the ring 7.5..9.5 around (32,28)) >= 5 from the closest
//   Zergling (S:131-143);
// * Zerglings 3..25 at points of region 3 = rect 11,13-53,43 minus the disc r 10.5 at (32,28),
//   each >= 5 from the closest Zergling (S:144-156);
// * when all 25 are dead: 25 new ones at points of region 1, the first >= 9 from the closest
//   Marine, the rest >= 9 from the closest Marine and >= 5 from the closest Zergling (S:245-275);
// * +1 per Zergling death, -1 per Marine death (S:228, S:295); no orders to the Zerglings:
//   like any idle unit they fight back and chase Marines that come within their sight (8).
//
// Our choice: the script re-rolls each spot without bound; ours tries kMaxAttempts random
// points (never all rejected in practice: the areas hold far more than 25 spots 5 apart)
// and then takes the last one tried.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "engine/maps/defeat_trigger.h"
#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;
constexpr int kEnemy = 2;
constexpr int kZerglings = 25;
// Real map: Zergling 1's distance from region 1's centre.
constexpr float kFirstMin = 8.0f, kFirstMax = 9.0f;
// Real map: region 4, a ring around region 1's centre.
constexpr float kRingInner = 7.5f, kRingOuter = 9.5f;
// Real map: region 3, this rect minus a disc around region 1's centre.
constexpr float kOuterX0 = 11.0f, kOuterY0 = 13.0f, kOuterX1 = 53.0f, kOuterY1 = 43.0f;
constexpr float kOuterHoleRadius = 10.5f;
constexpr float kZerglingSpacing = 5.0f;
constexpr float kRespawnFromMarines = 9.0f;
constexpr int kMaxAttempts = 2000;

// Distance from `p` to the closest of `points`; infinite when there is none.
float closest_distance(Vec2 p, const std::vector<Vec2>& points) {
  float best = std::numeric_limits<float>::infinity();
  for (Vec2 q : points) best = std::min(best, distance(p, q));
  return best;
}

class FindAndDefeatZerglings final : public MiniGame {
 public:
  FindAndDefeatZerglings()
      : asset_(map_asset("FindAndDefeatZerglings")), playable_(asset_.layout.playable), centre_(asset_.layout.centre()) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return true; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    for (Vec2 spot : asset_.require_marine_spots()) marines_.push_back(world.spawn(unit_type::kMarine, kPlayer, spot));
    world.player(kPlayer).selection = marines_;
    std::vector<Vec2> taken{first_zergling_spot(world)};
    taken.push_back(pick(world, [&](Vec2 p) { return in_ring(p) && spaced(p, taken); }));
    while (static_cast<int>(taken.size()) < kZerglings) {
      taken.push_back(pick(world, [&](Vec2 p) { return in_outer_region(p) && spaced(p, taken); }));
    }
    spawn_zerglings(world, taken);
  }

  void on_loop(World& world) override {
    const auto& deaths = world.deaths_last_loop();
    const bool defeat = last_marines_die(deaths, marines_);  // the scoring ends at the first Marine death
    bool scoring = true;
    for (const UnitDeath& death : deaths) {
      if (death.owner == kEnemy && death.unit_type == unit_type::kZergling) {
        score_ += scoring ? 1 : 0;
        std::erase(zerglings_, death.id);
      } else if (death.owner == kPlayer && death.unit_type == unit_type::kMarine) {
        score_ -= scoring ? 1 : 0;
        scoring = scoring && !defeat;
        std::erase(marines_, death.id);
      }
    }
    if (zerglings_.empty() && !marines_.empty()) respawn(world);
  }

  int score() const override { return score_; }

  std::optional<GameResult> early_end(const World&) const override {
    if (marines_.empty()) return GameResult::Defeat;
    return std::nullopt;
  }

 private:
  Vec2 first_zergling_spot(World& world) const {
    const float range = world.rng().uniform(kFirstMin, kFirstMax);
    const float angle = world.rng().uniform(0.0f, 2.0f * std::numbers::pi_v<float>);
    return centre_ + Vec2{std::cos(angle), std::sin(angle)} * range;
  }

  bool in_ring(Vec2 p) const {
    const float d = distance(p, centre_);
    return d >= kRingInner && d <= kRingOuter;
  }

  bool in_outer_region(Vec2 p) const {
    return p.x >= kOuterX0 && p.x <= kOuterX1 && p.y >= kOuterY0 && p.y <= kOuterY1 &&
           distance(p, centre_) >= kOuterHoleRadius;
  }

  static bool spaced(Vec2 p, const std::vector<Vec2>& zerglings) {
    return closest_distance(p, zerglings) >= kZerglingSpacing;
  }

  // A uniform point of the playable area (region 1) that `accept` likes. Every region the
  // map draws from lies inside region 1, so rejection gives a uniform point of each.
  template <class Accept>
  Vec2 pick(World& world, Accept accept) const {
    Vec2 spot;
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      spot = {world.rng().uniform(static_cast<float>(playable_.x0), static_cast<float>(playable_.x1)),
              world.rng().uniform(static_cast<float>(playable_.y0), static_cast<float>(playable_.y1))};
      if (accept(spot)) return spot;
    }
    return spot;
  }

  void respawn(World& world) {
    std::vector<Vec2> marine_spots;
    for (UnitId id : marines_) {
      if (const Unit* m = world.find(id)) marine_spots.push_back(m->pos);
    }
    const auto far_from_marines = [&](Vec2 p) { return closest_distance(p, marine_spots) >= kRespawnFromMarines; };
    std::vector<Vec2> taken;
    while (static_cast<int>(taken.size()) < kZerglings) {
      taken.push_back(pick(world, [&](Vec2 p) { return far_from_marines(p) && spaced(p, taken); }));
    }
    spawn_zerglings(world, taken);
  }

  void spawn_zerglings(World& world, const std::vector<Vec2>& spots) {
    for (Vec2 spot : spots) zerglings_.push_back(world.spawn(unit_type::kZergling, kEnemy, spot));
  }

  const MapAsset& asset_;
  const CellRect playable_;
  const Vec2 centre_;
  std::vector<UnitId> marines_;
  std::vector<UnitId> zerglings_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_find_and_defeat_zerglings() { return std::make_unique<FindAndDefeatZerglings>(); }

}  // namespace sc2::engine
