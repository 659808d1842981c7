// BuildMarines: 12 SCVs (not selected), a Command Center and 8 mineral fields; 50
// minerals, supply 12/15, no geysers. Score = Marines built (each Marine that leaves a
// Barracks counts once, whatever happens to it later). No fog, one screen. Ends at its time
// limit (900 s, in assets/maps/BuildMarines.json), Victory for player 1.
//
// Restricted action set (the map removes abilities not needed for making Marines): the
// only abilities offered are Smart, Stop, Move, gather / return cargo, Build Supply Depot,
// Build Barracks, Train SCV, Train Marine, the two rallies and the two cancels. Patrol,
// Hold Position, Attack and Build Refinery are not offered (commands with them get an
// Error result).
//
// Layout and start: economy_base.h, spots in assets/maps/EconomyBase.json (the east
// mineral arc only; the west half of the
// screen stays free for building).
#include "engine/maps/economy_base.h"
#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names
#include "engine/sim/abilities.h"

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;
constexpr int kMineralFields = 8;

std::vector<std::uint32_t> marine_making_abilities() {
  using namespace ability;
  return {kSmart,          kStopStop,         kMoveMove,          kHarvestGatherScv,     kHarvestReturnScv,
          kRallyBuilding,  kRallyCommandCenter, kCancelQueue5,    kCancelBuildInProgress, kBuildSupplyDepot,
          kBuildBarracks,  kTrainScv,         kTrainMarine};
}

class BuildMarines final : public MiniGame {
 public:
  BuildMarines() : asset_(map_asset("BuildMarines")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    economy_base::place(world, asset_.require_economy_base(), kPlayer, kMineralFields, false);
    world.restrict_abilities(marine_making_abilities());
  }

  void on_loop(World& world) override { score_ = world.player(kPlayer).economy.marines_trained; }

  int score() const override { return score_; }

 private:
  const MapAsset& asset_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_build_marines() { return std::make_unique<BuildMarines>(); }

}  // namespace sc2::engine
