// CollectMineralShards: 2 Marines (not selected), 20 mineral shards (NaturalMinerals, unit
// 1680, neutral); each shard a Marine picks up adds 100 minerals to player 1 and the score
// is minerals / 100; when all 20 are gone, 20 new ones appear; the game ends at its time
// limit (120 s, in the JSON), Victory for player 1.
//
// Facts from the real map (MovementBeaconUnselected; Regions, MapScript.galaxy = S):
// * the single-screen layout (assets/maps/CollectMineralShards.json names SingleScreen.json):
//   the playable area is region 1, (22,20)-(44,36);
// * 2 Marines, each at its own uniform point of region 1, no spacing rule (S:70-72); Marines
//   that overlap are pushed apart by the simulation (separation), as the game's placement does;
// * player 1's minerals are set to 0 (S:75); the pickup (the Liberty campaign's
//   PickupMinerals100) adds 100, and the score is set to minerals / 100 on each pickup (S:143);
// * each shard at a uniform point of region 3 = rect 23,21-43,35 that is >= 2 from the
//   closest Marine, no shard-to-shard spacing (S:76-92);
// * when no shard is left, 20 new ones by the same rule (S:146-169).
//
// Our choices:
// * the pickup range belongs to the campaign data, not to the map files; ours: a shard is
//   picked up when a Marine's disc touches it (centre distance <= Marine radius + shard
//   radius 0.5), checked every loop, Marines in slot order;
// * only the bank changes (economy.minerals); collected_minerals and the collection rate are
//   for harvesting, and no structure on this map can spend the minerals;
// * the script re-rolls a shard spot without bound; ours stops after kMaxShardTries (never
//   reached in practice: most of region 3 is >= 2 from two Marines) and takes the last spot.
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
constexpr CellRect kShardRegion{23, 21, 43, 35};  // real map: region 3
constexpr float kShardFromMarine = 2.0f;
constexpr int kMineralsPerShard = 100;  // real map: PickupMinerals100; score = minerals / 100
constexpr int kMaxShardTries = 1000;

class CollectMineralShards final : public MiniGame {
 public:
  CollectMineralShards() : asset_(map_asset("CollectMineralShards")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    for (int i = 0; i < kMarines; ++i) {
      marines_.push_back(world.spawn(unit_type::kMarine, kPlayer, random_spot(world, asset_.layout.playable, 0.0f)));
    }
    world.player(kPlayer).economy.minerals = 0;
    spawn_shards(world);
  }

  void on_loop(World& world) override {
    std::erase_if(shards_, [&](UnitId shard_id) {
      const Unit* shard = world.find(shard_id);
      if (shard == nullptr) return true;
      if (!touched_by_marine(world, *shard)) return false;
      pick_up(world, shard_id);
      return true;
    });
    if (shards_.empty()) spawn_shards(world);
  }

  int score() const override { return score_; }

 private:
  bool touched_by_marine(const World& world, const Unit& shard) const {
    for (UnitId marine_id : marines_) {
      const Unit* marine = world.find(marine_id);
      if (marine != nullptr && distance(marine->pos, shard.pos) <= marine->radius + shard.radius) return true;
    }
    return false;
  }

  void pick_up(World& world, UnitId shard_id) {
    world.remove(shard_id);
    int& minerals = world.player(kPlayer).economy.minerals;
    minerals += kMineralsPerShard;
    score_ = minerals / kMineralsPerShard;
  }

  // A uniform point of region 3 at least kShardFromMarine from the closest Marine.
  Vec2 shard_spot(World& world, const std::vector<Vec2>& marines) const {
    Vec2 spot;
    for (int attempt = 0; attempt < kMaxShardTries; ++attempt) {
      spot = random_spot(world, kShardRegion, 0.0f);
      bool clear = true;
      for (Vec2 m : marines) clear = clear && distance(m, spot) >= kShardFromMarine;
      if (clear) break;
    }
    return spot;
  }

  void spawn_shards(World& world) {
    std::vector<Vec2> marine_spots;
    for (UnitId id : marines_) {
      if (const Unit* m = world.find(id)) marine_spots.push_back(m->pos);
    }
    for (int i = 0; i < kShards; ++i) {
      shards_.push_back(world.spawn(unit_type::kMineralShard, kNeutralOwner, shard_spot(world, marine_spots)));
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
