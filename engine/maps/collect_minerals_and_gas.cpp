// CollectMineralsAndGas: 12 idle SCVs (not selected) next to a Command Center, 16 mineral
// fields and 4 vespene geysers; 50 minerals, supply 12/15. Score = minerals + gas collected
// so far (score_details collected_minerals + collected_vespene; spending does not reduce
// it). No fog, one screen. Ends at the time limit, Victory for player 1.
//
// Time limit: 300 s = 6720 loops, in assets/maps/CollectMineralsAndGas.json (which says why
// 300 s and not the 420 s of a PySC2 code comment).
//
// Layout and start: economy_base.h, spots in assets/maps/EconomyBase.json (both mineral
// lines, all four geysers).
#include "engine/maps/economy_base.h"
#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;
constexpr int kMineralFields = 16;

class CollectMineralsAndGas final : public MiniGame {
 public:
  CollectMineralsAndGas() : asset_(map_asset("CollectMineralsAndGas")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    economy_base::place(world, asset_.require_economy_base(), kPlayer, kMineralFields, true);
  }

  void on_loop(World& world) override {
    const PlayerEconomy& bank = world.player(kPlayer).economy;
    score_ = bank.collected_minerals + bank.collected_vespene;
  }

  int score() const override { return score_; }

 private:
  const MapAsset& asset_;
  int score_ = 0;
};

}  // namespace

std::unique_ptr<MiniGame> make_collect_minerals_and_gas() { return std::make_unique<CollectMineralsAndGas>(); }

}  // namespace sc2::engine
