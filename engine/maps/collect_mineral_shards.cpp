// CollectMineralShards: 2 Marines (not selected), 20 mineral shards (NaturalMinerals, unit
// 1680, neutral); +1 per shard a Marine touches (the shard disappears); when all 20 are
// gone, 20 new ones appear; the game ends at its time limit (120 s, in the JSON), Victory for player 1.
//
// Our choices (the real map's triggers are not readable here):
// * the single-screen layout (assets/maps/CollectMineralShards.json names SingleScreen.json);
// * Marines at uniform random spots 1 cell inside the playable area, >= 1.5 apart;
// * shard radius 0.5 (unit_data.cpp); a shard is picked up when a Marine's disc touches it
//   (centre distance <= Marine radius + shard radius), checked every loop, Marines in
//   slot order;
// * shards at uniform random spots 1 cell inside the area, >= 2 from every Marine (as
//   the map does) and >= 1 from each other so none hide another (rejection sampling,
//   bounded; a spot that never satisfies the spacing is taken as is).
#include <vector>

#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names
#include "engine/maps/single_screen.h"

namespace sc2::engine {

namespace {

using namespace single_screen;

constexpr int kPlayer = 1;
constexpr int kMarines = 2;
constexpr int kShards = 20;
constexpr float kSpawnMargin = 1.0f;
constexpr float kMarineSpacing = 1.5f;
constexpr float kShardFromMarine = 2.0f;
constexpr float kShardSpacing = 1.0f;
constexpr int kMaxAttempts = 1000;

class CollectMineralShards final : public MiniGame {
 public:
  CollectMineralShards() : asset_(map_asset("CollectMineralShards")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    std::vector<Vec2> taken;
    for (int i = 0; i < kMarines; ++i) {
      const Vec2 spot = spaced_spot(world, taken, kMarineSpacing, {});
      taken.push_back(spot);
      marines_.push_back(world.spawn(unit_type::kMarine, kPlayer, spot));
    }
    spawn_shards(world);
  }

  void on_loop(World& world) override {
    std::erase_if(shards_, [&](UnitId shard_id) {
      const Unit* shard = world.find(shard_id);
      if (shard == nullptr) return true;
      for (UnitId marine_id : marines_) {
        const Unit* marine = world.find(marine_id);
        if (marine != nullptr && distance(marine->pos, shard->pos) <= marine->radius + shard->radius) {
          ++score_;
          world.remove(shard_id);
          return true;
        }
      }
      return false;
    });
    if (shards_.empty()) spawn_shards(world);
  }

  int score() const override { return score_; }

 private:
  // A random spot at least `spacing` from every point of `others` and `min_from_marines`
  // from every Marine.
  Vec2 spaced_spot(World& world, const std::vector<Vec2>& others, float spacing, std::vector<Vec2> marines,
                   float min_from_marines = 0.0f) const {
    Vec2 spot = random_spot(world, asset_.layout.playable, kSpawnMargin);
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      bool ok = true;
      for (Vec2 p : others) ok = ok && distance(p, spot) >= spacing;
      for (Vec2 p : marines) ok = ok && distance(p, spot) >= min_from_marines;
      if (ok) break;
      spot = random_spot(world, asset_.layout.playable, kSpawnMargin);
    }
    return spot;
  }

  void spawn_shards(World& world) {
    std::vector<Vec2> marine_spots;
    for (UnitId id : marines_) {
      if (const Unit* m = world.find(id)) marine_spots.push_back(m->pos);
    }
    std::vector<Vec2> placed;
    for (int i = 0; i < kShards; ++i) {
      const Vec2 spot = spaced_spot(world, placed, kShardSpacing, marine_spots, kShardFromMarine);
      placed.push_back(spot);
      shards_.push_back(world.spawn(unit_type::kMineralShard, kNeutralOwner, spot));
    }
  }

  const MapAsset& asset_;
  std::vector<UnitId> marines_;
  std::vector<UnitId> shards_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_collect_mineral_shards() { return std::make_unique<CollectMineralShards>(); }

}  // namespace sc2::engine
