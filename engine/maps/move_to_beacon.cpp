// MoveToBeacon: one Marine, one beacon; +1 each time the Marine reaches the beacon,
// which then jumps elsewhere; the game ends at its time limit (120 s, in assets/maps/MoveToBeacon.json).
//
// Facts from the real map (Movement01; Regions, MapScript.galaxy = S):
// * the single-screen layout (assets/maps/MoveToBeacon.json names SingleScreen.json): the
//   playable area is region 1, (22,20)-(44,36);
// * the Marine (player 1, not selected) at a uniform point of region 1 (S:61);
// * the beacon (Beacon_Terran, unit 317, owner 0) at a uniform point of region 3 = rect
//   23.5,21.5-42.5,34.5 minus a disc r 4 at (33,28), re-rolled while it is < 5 from the
//   Marine, the first beacon too (S:63-67);
// * "reached" = the Marine's centre lies in region 2, a circle r 1.25 the script re-centres on
//   the beacon after each placement (S:68, S:112, S:120); neither unit's radius counts. Tested
//   every game loop (a 0.0625 s periodic trigger, S:130);
// * on a hit: +1, and the same beacon unit moves by the same rule (S:113-120);
// * time limit: the game ends with Victory for player 1 (the score is the reward).
//
// Our choices: the boundary counts as reached (the files do not show < or <=); the script's
// re-roll loop is unbounded, ours stops after kMaxBeaconTries (never reached in practice:
// most of region 3 is >= 5 from any Marine) and falls back to region 3's corner farthest
// from the Marine.
#include <array>

#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;

// Real map: region 3, the beacon's spawn area: this rect minus the disc below.
constexpr float kBeaconX0 = 23.5f, kBeaconY0 = 21.5f, kBeaconX1 = 42.5f, kBeaconY1 = 34.5f;
constexpr Vec2 kBeaconHoleCentre{33.0f, 28.0f};
constexpr float kBeaconHoleRadius = 4.0f;
// Real map: the beacon is re-rolled while it is closer than this to the Marine.
constexpr float kBeaconMinDistance = 5.0f;
// Real map: region 2's radius, the reach test's circle around the beacon (not the beacon's
// unit radius, 1.0 in unit_data.cpp).
constexpr float kReachRadius = 1.25f;
constexpr int kMaxBeaconTries = 1000;

bool in_beacon_hole(Vec2 p) { return distance(p, kBeaconHoleCentre) < kBeaconHoleRadius; }

class MoveToBeacon final : public MiniGame {
 public:
  MoveToBeacon() : asset_(map_asset("MoveToBeacon")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    const Vec2 marine_spot = playable_point(world);
    marine_ = world.spawn(unit_type::kMarine, kPlayer, marine_spot);
    beacon_ = world.spawn(unit_type::kBeacon, kNeutralOwner, beacon_spot(world, marine_spot));
  }

  void on_loop(World& world) override {
    const Unit* marine = world.find(marine_);
    Unit* beacon = world.find(beacon_);
    if (marine == nullptr || beacon == nullptr) return;
    if (distance(marine->pos, beacon->pos) <= kReachRadius) {
      ++score_;
      beacon->pos = beacon_spot(world, marine->pos);
    }
  }

  int score() const override { return score_; }

 private:
  // Real map: region 1 (the playable area), no margin.
  Vec2 playable_point(World& world) const {
    const CellRect& area = asset_.layout.playable;
    const float x = world.rng().uniform(static_cast<float>(area.x0), static_cast<float>(area.x1));
    const float y = world.rng().uniform(static_cast<float>(area.y0), static_cast<float>(area.y1));
    return {x, y};
  }

  // A uniform point of region 3 (rejection sampling: the hole covers a fifth of the rect).
  static Vec2 region3_point(World& world) {
    Vec2 p;
    for (int attempt = 0; attempt < kMaxBeaconTries; ++attempt) {
      p = {world.rng().uniform(kBeaconX0, kBeaconX1), world.rng().uniform(kBeaconY0, kBeaconY1)};
      if (!in_beacon_hole(p)) return p;
    }
    return p;
  }

  static Vec2 beacon_spot(World& world, Vec2 marine) {
    for (int attempt = 0; attempt < kMaxBeaconTries; ++attempt) {
      const Vec2 spot = region3_point(world);
      if (distance(spot, marine) >= kBeaconMinDistance) return spot;
    }
    return farthest_region3_corner(marine);
  }

  // Fallback of the bounded re-roll: region 3's corners are all outside its hole.
  static Vec2 farthest_region3_corner(Vec2 from) {
    const std::array<Vec2, 4> corners{Vec2{kBeaconX0, kBeaconY0}, Vec2{kBeaconX1, kBeaconY0},
                                      Vec2{kBeaconX0, kBeaconY1}, Vec2{kBeaconX1, kBeaconY1}};
    Vec2 best = corners[0];
    for (Vec2 c : corners) {
      if (distance(c, from) > distance(best, from)) best = c;
    }
    return best;
  }

  const MapAsset& asset_;
  UnitId marine_;
  UnitId beacon_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_move_to_beacon() { return std::make_unique<MoveToBeacon>(); }

}  // namespace sc2::engine
