// FindAndDefeatZerglings: 3 Marines at the map centre (selected) and 25 stationary
// Zerglings (player 2): 2 within 7.5-9.5 of the centre (visible at the start), 23 at
// least 10.5 from it, all at least 5 apart. +1 per Zergling killed, -1 per Marine lost.
// When all 25 are dead, 25 new ones appear at least 9 from every Marine and 5 apart.
// Ends at its time limit (180 s, in the JSON; Victory) or when all Marines are dead (Defeat).
//
// Fog of war is on: each player sees what its units' sight ranges cover (cells whose
// centre is within sight of a unit's centre are visible; cells ever seen stay "seen";
// the rest are hidden); enemy units are reported only on visible cells (raw units, feature
// layers, clicks). The map is larger than one screen so the camera has to move.
//
// Our choices (the real map's layout is not readable here):
// * layout data in assets/maps/FindAndDefeatZerglings.json: a 64x64 map with a 48x48
//   playable area (8,8)-(56,56): two camera widths (24) across, flat ground, unpathable
//   border; the camera starts on the centre (32,32);
// * Marines 1.0 apart in a small triangle on the centre (the asset's marine_spots);
// * Zergling spots: uniform over the playable area 1 cell inside its edges, rejection
//   sampling with a bounded number of tries; the two near ones are also required to be
//   visible to the Marines at the start (the Marines' sight is 9, so a spot at the far
//   end of 7.5-9.5 can fall just outside it);
// * "stationary": the Zerglings get no orders; like any idle unit they fight back and
//   chase Marines that come within their sight (8), as in the game.
#include <cmath>
#include <vector>

#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names
#include "engine/sim/world.h"

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;
constexpr int kEnemy = 2;
constexpr int kZerglings = 25;
constexpr int kNearZerglings = 2;
constexpr float kNearMin = 7.5f, kNearMax = 9.5f;
constexpr float kFarMin = 10.5f;
constexpr float kZerglingSpacing = 5.0f;
constexpr float kRespawnFromMarines = 9.0f;
constexpr float kMargin = 1.0f;
constexpr int kMaxAttempts = 2000;

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
    std::vector<Vec2> taken;
    for (int i = 0; i < kZerglings; ++i) {
      const bool near = i < kNearZerglings;
      const Vec2 spot = pick(world, taken, [&](Vec2 p) {
        const float d = distance(p, centre_);
        if (!near) return d >= kFarMin;
        return d >= kNearMin && d <= kNearMax && marines_see(world, p);
      });
      taken.push_back(spot);
      zerglings_.push_back(world.spawn(unit_type::kZergling, kEnemy, spot));
    }
  }

  void on_loop(World& world) override {
    for (const UnitDeath& death : world.deaths_last_loop()) {
      if (death.owner == kEnemy && death.unit_type == unit_type::kZergling) {
        ++score_;
        std::erase(zerglings_, death.id);
      } else if (death.owner == kPlayer && death.unit_type == unit_type::kMarine) {
        --score_;
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
  // Geometric, not World::visibility, so the spots (and the RNG draws) are the same with
  // the fog disabled.
  bool marines_see(const World& world, Vec2 p) const {
    const Vec2 cell_centre{std::floor(p.x) + 0.5f, std::floor(p.y) + 0.5f};
    for (UnitId id : marines_) {
      const Unit* m = world.find(id);
      if (m != nullptr && distance(m->pos, cell_centre) <= m->stats->sight_range) return true;
    }
    return false;
  }

  // A random spot `accept` likes, at least kZerglingSpacing from every taken spot.
  template <class Accept>
  Vec2 pick(World& world, const std::vector<Vec2>& taken, Accept accept) {
    Vec2 spot;
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      spot = {world.rng().uniform(playable_.x0 + kMargin, playable_.x1 - kMargin),
              world.rng().uniform(playable_.y0 + kMargin, playable_.y1 - kMargin)};
      bool spaced = true;
      for (Vec2 t : taken) spaced = spaced && distance(spot, t) >= kZerglingSpacing;
      if (spaced && accept(spot)) return spot;
    }
    return spot;  // never seen in practice: the area has room for far more
  }

  void respawn(World& world) {
    std::vector<Vec2> marine_spots;
    for (UnitId id : marines_) {
      if (const Unit* m = world.find(id)) marine_spots.push_back(m->pos);
    }
    std::vector<Vec2> taken;
    for (int i = 0; i < kZerglings; ++i) {
      const Vec2 spot = pick(world, taken, [&](Vec2 p) {
        for (Vec2 m : marine_spots) {
          if (distance(p, m) < kRespawnFromMarines) return false;
        }
        return true;
      });
      taken.push_back(spot);
      zerglings_.push_back(world.spawn(unit_type::kZergling, kEnemy, spot));
    }
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
