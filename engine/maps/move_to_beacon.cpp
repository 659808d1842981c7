// MoveToBeacon: one Marine, one beacon; +1 each time the Marine reaches the beacon,
// which then jumps elsewhere; the game ends at its time limit (120 s, in assets/maps/MoveToBeacon.json).
//
// Our layout choices (the real .SC2Map is not readable here):
// * the single-screen layout (assets/maps/MoveToBeacon.json names SingleScreen.json): map
//   64x64 cells, playable area (20,20)-(44,44) = 24x24, exactly one screen at PySC2's
//   default camera width 24, so the camera cannot move (its view stays inside the playable area); flat ground, an
//   unpathable border around it;
// * beacon (unit 317, neutral) radius 1.0; the Marine "reaches" it when the distance
//   between the Marine's centre and the beacon's centre is <= 1.0 (checked every loop);
// * the beacon keeps its tag and jumps (it is moved, not re-created);
// * spawn spots are uniform in the playable area, 1 cell away from its edges; the first
//   beacon is >= 4 from the Marine, every later one >= 5 (rejection sampling);
// * time limit: the game ends with Victory for player 1 (the score is the reward).
#include <cmath>

#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

namespace {

constexpr float kSpawnMargin = 1.0f;
constexpr float kFirstBeaconDistance = 4.0f;
constexpr float kNextBeaconDistance = 5.0f;
constexpr int kPlayer = 1;

class MoveToBeacon final : public MiniGame {
 public:
  MoveToBeacon() : asset_(map_asset("MoveToBeacon")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    marine_ = world.spawn(unit_type::kMarine, kPlayer, random_spot(world));
    beacon_ = world.spawn(unit_type::kBeacon, kNeutralOwner, beacon_spot(world, kFirstBeaconDistance));
  }

  void on_loop(World& world) override {
    const Unit* marine = world.find(marine_);
    const Unit* beacon = world.find(beacon_);
    if (marine == nullptr || beacon == nullptr) return;
    if (distance(marine->pos, beacon->pos) <= beacon->radius) {
      ++score_;
      world.find(beacon_)->pos = beacon_spot(world, kNextBeaconDistance);
    }
  }

  int score() const override { return score_; }

 private:
  Vec2 random_spot(World& world) const {
    const CellRect& area = asset_.layout.playable;
    const float x0 = area.x0 + kSpawnMargin, x1 = area.x1 - kSpawnMargin;
    const float y0 = area.y0 + kSpawnMargin, y1 = area.y1 - kSpawnMargin;
    const float x = world.rng().uniform(x0, x1);
    const float y = world.rng().uniform(y0, y1);
    return {x, y};
  }

  Vec2 beacon_spot(World& world, float min_distance) const {
    const Unit* marine = world.find(marine_);
    const Vec2 from = marine != nullptr ? marine->pos : Vec2{};
    Vec2 spot = random_spot(world);
    // The area is 22x22, so a spot >= 5 away almost always comes within a few tries;
    // the bound keeps this finite, the fallback is the far corner.
    for (int attempt = 0; attempt < 1000 && distance(spot, from) < min_distance; ++attempt) {
      spot = random_spot(world);
    }
    if (distance(spot, from) < min_distance) {
      const CellRect& area = asset_.layout.playable;
      const Vec2 centre = asset_.layout.centre();
      spot = {from.x < centre.x ? area.x1 - kSpawnMargin : area.x0 + kSpawnMargin,
              from.y < centre.y ? area.y1 - kSpawnMargin : area.y0 + kSpawnMargin};
    }
    return spot;
  }

  const MapAsset& asset_;
  UnitId marine_;
  UnitId beacon_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_move_to_beacon() { return std::make_unique<MoveToBeacon>(); }

}  // namespace sc2::engine
