// CollectMineralsAndGas (real map: MacroEconomy script, Objects, Regions): 12 idle SCVs (not
// selected) next to a Command Center, 16 mineral fields and 4 vespene geysers; 50 minerals,
// supply 12/15. Score = minerals + gas collected so far (the script sets the curriculum score
// to MineralsCollected + VespeneCollected every game loop; spending does not reduce it). No
// fog, one locked screen. Ends at the time limit, Victory for player 1.
//
// Time limit: 420 s = 6720 loops, in assets/maps/CollectMineralsAndGas.json.
//
// Layout and start: economy_base.h (the real Objects: both mineral lines, the east one a
// long-distance line, all four geysers; the SCVs east or west of the Command Center at
// random, as the script's RandomInt(1, 2)); the layout is assets/maps/EconomyScreen.json.
// Not modelled: the script's first score, 50 (the minerals) at map init, which its periodic
// trigger overwrites with 0 on the first game loop.
#include "engine/maps/economy_base.h"
#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;

class CollectMineralsAndGas final : public MiniGame {
 public:
  CollectMineralsAndGas() : asset_(map_asset("CollectMineralsAndGas")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    economy_base::place(world, asset_.require_economy_base(), kPlayer, economy_base::kAllFields, true,
                        economy_base::random_worker_side(world));
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
