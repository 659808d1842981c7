// BuildMarines (real map: MacroEconomy script, Objects, Regions, Base.SC2Data UnitData.xml): 12
// SCVs (not selected), a Command Center and 8 mineral fields; 50 minerals, supply 12/15, no
// geysers. At the start every SCV is ordered to harvest one mineral field and the Command
// Center's rally is set on it, so the base mines and new SCVs join without a command. Score =
// Marines built (the script adds 1 on each Marine created; each Marine that leaves a Barracks
// counts once, whatever happens to it later). No fog, one locked screen. Ends at its time
// limit (900 s = 14400 loops, in assets/maps/BuildMarines.json), Victory for player 1.
//
// Restricted action set: the map's command cards (UnitData.xml), one per unit type, below.
//
// Layout and start: economy_base.h (the real Objects: the west mineral line only; the SCVs east
// or west of the Command Center at random, as the script's RandomInt(1, 2)); the layout is
// assets/maps/EconomyScreen.json.
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/maps/economy_base.h"
#include "engine/maps/map_assets.h"
#include "engine/mini_game_list.h"  // generated: declares the rules factory assets/maps/<Name>.json names
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "engine/sim/unit_data.h"

namespace sc2::engine {

namespace {

constexpr int kPlayer = 1;
// Real map: the script's Rally and SCVHarvest target, UnitFromId(479769973) = the MineralField
// at (23, 26.5) in Objects.
constexpr Vec2 kStartField{23.0f, 26.5f};

// The map's command cards (UnitData.xml edits, spec §1.6): per unit type, the abilities it
// keeps (World::restrict_abilities); the map folder's own UnitData.xml gives the same cards
// (assets/maps/mini_games/BuildMarines.SC2Map, engine/scripted/command_cards.h):
// * Marine: only its button 5 is removed (Stimpack in the standard order, which sc2lite does
//   not have): it keeps Move, Stop, Hold Position, Patrol and Attack;
// * SCV: Gather, Return and the build card, which holds Supply Depot and Barracks. Its Move /
//   Stop / Hold / Patrol / Attack are gone in the real map, but kept here as they were when
//   one list served every type (the Marine keeps them);
// * Command Center: button 0 kept (Train SCV), button 1 = Rally (RallyCommand, Rally1);
// * Barracks: only button 0 kept (Train Marine): no rally, no add-on, no lift;
// * Supply Depot: no card (no Lower);
// * kept as before, uncertain: the queue's cancel on the Command Center and the Barracks;
//   whether the edits remove its button depends on the base card's indices, not in the map
//   files. (A structure under construction always offers its own cancel.)
// Smart (a right-click, not a card button) stays. Not offered: Build Refinery and every other
// structure, other units' training. Other unit types (none is made on this map) keep their
// abilities.
struct CommandCard {
  std::uint32_t unit_type;
  std::vector<std::uint32_t> kept;
};

std::vector<CommandCard> command_cards() {
  using namespace ability;
  return {
      {unit_type::kMarine, {kSmart, kMoveMove, kStopStop, kHoldPositionHold, kPatrolPatrol, kAttackAttack}},
      {unit_type::kScv,
       {kSmart, kMoveMove, kStopStop, kHoldPositionHold, kPatrolPatrol, kAttackAttack, kHarvestGatherScv,
        kHarvestReturnScv, kBuildSupplyDepot, kBuildBarracks}},
      {unit_type::kCommandCenter, {kSmart, kTrainScv, kRallyCommandCenter, kCancelQueue5}},
      {unit_type::kBarracks, {kSmart, kTrainMarine, kCancelQueue5}},
      {unit_type::kSupplyDepot, {kSmart}},
  };
}

UnitId start_field(const World& world, const economy_base::PlacedBase& base) {
  for (UnitId id : base.mineral_fields) {
    if (world.find(id)->pos == kStartField) return id;
  }
  throw MapAssetError("assets/maps/EconomyBase.json: no mineral field at (23, 26.5), BuildMarines' start field");
}

// The script's start orders: the Command Center rallies to the start field, every SCV
// harvests it (SCVHarvest, replacing the queue).
void start_mining(World& world, const economy_base::PlacedBase& base) {
  const UnitId field = start_field(world, base);
  const CommandTarget target{world.find(field)->pos, field};
  issue_command(world, *world.find(base.command_center), ability::kRallyCommandCenter, target, false);
  for (UnitId scv : base.workers) issue_command(world, *world.find(scv), ability::kHarvestGatherScv, target, false);
}

class BuildMarines final : public MiniGame {
 public:
  BuildMarines() : asset_(map_asset("BuildMarines")) {}

  std::string_view name() const override { return asset_.name; }
  MapLayout layout() const override { return asset_.layout.build(); }
  bool fog() const override { return false; }
  std::uint32_t time_limit_loops() const override { return asset_.time_limit_loops; }

  void setup(World& world) override {
    const economy_base::PlacedBase base =
        economy_base::place(world, asset_.require_economy_base(), kPlayer, economy_base::kWestLineFields, false,
                            economy_base::random_worker_side(world));
    start_mining(world, base);
    for (CommandCard& card : command_cards()) world.restrict_abilities(card.unit_type, std::move(card.kept));
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
