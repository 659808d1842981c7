#include "engine/sim/abilities.h"

#include <algorithm>

namespace sc2::engine {

namespace {

using T = AbilityTarget;

// Sorted by id. Hotkeys and names as a real game's ResponseData reports them.
constexpr AbilityInfo kAbilities[] = {
    {ability::kSmart, "", 255, "Smart", "Smart", "", 0, T::PointOrUnit, true},
    {ability::kStopStop, "stop", 0, "Stop", "Stop Stop", "S", ability::kStop, T::None, false},
    {ability::kMoveMove, "move", 0, "Move", "Move Move", "M", ability::kMove, T::PointOrUnit, true},
    {ability::kPatrolPatrol, "move", 1, "MovePatrol", "Patrol Patrol", "P", ability::kPatrol,
     T::PointOrUnit, true},
    {ability::kHoldPositionHold, "move", 2, "MoveHoldPosition", "HoldPosition Hold", "H",
     ability::kHoldPosition, T::None, false},
    {ability::kAttackAttack, "attack", 0, "Attack", "Attack Attack", "A", ability::kAttack,
     T::PointOrUnit, true},
    {ability::kEffectExplode, "Explode", 0, "Explode", "Effect Explode", "X", 0, T::None, false},
    {ability::kRallyBuilding, "Rally", 0, "Rally", "Rally Building", "Y", ability::kRallyUnits, T::PointOrUnit,
     true},
    {ability::kRallyCommandCenter, "RallyCommand", 0, "Rally", "Rally CommandCenter", "Y", ability::kRallyWorkers,
     T::PointOrUnit, true},
    {ability::kHarvestGatherScv, "SCVHarvest", 0, "Gather", "Harvest Gather SCV", "G", ability::kHarvestGather,
     T::Unit, false},
    {ability::kHarvestReturnScv, "SCVHarvest", 1, "ReturnCargo", "Harvest Return SCV", "C",
     ability::kHarvestReturn, T::None, false},
    {ability::kCancelQueue5, "que5", 0, "Cancel", "Cancel Queue5", "Escape", ability::kCancelLast, T::None, false},
    {ability::kCancelBuildInProgress, "BuildInProgress", 0, "Cancel", "Cancel BuildInProgress", "Escape",
     ability::kCancel, T::None, false},
    {ability::kBuildCommandCenter, "TerranBuild", 0, "CommandCenter", "Build CommandCenter", "BC", 0, T::Point,
     false},
    {ability::kBuildSupplyDepot, "TerranBuild", 1, "SupplyDepot", "Build SupplyDepot", "BS", 0, T::Point, false},
    {ability::kBuildRefinery, "TerranBuild", 2, "Refinery", "Build Refinery", "BR", 0, T::Unit, false},
    {ability::kBuildBarracks, "TerranBuild", 3, "Barracks", "Build Barracks", "BB", 0, T::Point, false},
    {ability::kBuildEngineeringBay, "TerranBuild", 4, "EngineeringBay", "Build EngineeringBay", "BE", 0, T::Point,
     false},
    {ability::kBuildFactory, "TerranBuild", 10, "Factory", "Build Factory", "VF", 0, T::Point, false},
    // The recorded ResponseData also says allow_autocast true and cast_range 4 (unit_data.cpp: Heal).
    {ability::kEffectHeal, "MedivacHeal", 0, "Heal", "Effect Heal", "E", 0, T::Unit, false},
    {ability::kBuildTechLabBarracks, "BarracksAddOns", 0, "BuildTechLabBarracks", "Build TechLab Barracks", "X",
     ability::kBuildTechLab, T::PointOrNone, false},
    {ability::kTrainScv, "CommandCenterTrain", 0, "SCV", "Train SCV", "S", 0, T::None, false},
    {ability::kTrainMarine, "BarracksTrain", 0, "Marine", "Train Marine", "A", 0, T::None, false},
    {ability::kTrainReaper, "BarracksTrain", 1, "Reaper", "Train Reaper", "R", 0, T::None, false},
    {ability::kTrainMarauder, "BarracksTrain", 3, "Marauder", "Train Marauder", "D", 0, T::None, false},
    {ability::kTrainHellion, "FactoryTrain", 5, "Hellion", "Train Hellion", "E", 0, T::None, false},
    {ability::kResearchTerranInfantryWeaponsLevel1, "EngineeringBayResearch", 2, "TerranInfantryWeaponsLevel1",
     "Research TerranInfantryWeaponsLevel1", "E", ability::kResearchTerranInfantryWeapons, T::None, false},
    {ability::kCancel, "Cancel", 0, "Cancel", "Cancel", "", 0, T::None, false},
    {ability::kStop, "Stop", 0, "Stop", "Stop", "", 0, T::None, false},
    {ability::kHarvestGather, "HarvestGather", 0, "HarvestGather", "Harvest Gather", "", 0, T::Unit, false},
    {ability::kHarvestReturn, "HarvestReturn", 0, "HarvestReturn", "Harvest Return", "", 0, T::None, false},
    {ability::kCancelLast, "CancelLast", 0, "CancelLast", "Cancel Last", "", 0, T::None, false},
    {ability::kRallyUnits, "GeneralRallyUnits", 0, "Rally Units", "Rally Units", "", 0, T::PointOrUnit, true},
    {ability::kAttack, "GeneralAttack", 0, "Attack", "Attack", "", 0, T::PointOrUnit, true},
    {ability::kBuildTechLab, "Build TechLab", 0, "Build TechLab", "Build TechLab", "", 0, T::PointOrNone, false},
    {ability::kRallyWorkers, "GeneralRallyWorkers", 0, "Rally Workers", "Rally Workers", "", 0, T::PointOrUnit,
     true},
    {ability::kResearchTerranInfantryWeapons, "ResearchTerranInfantryWeapons", 0, "Research TerranInfantryWeapons",
     "Research TerranInfantryWeapons", "", 0, T::None, false},
    {ability::kHoldPosition, "GeneralHoldPosition", 0, "HoldPosition", "HoldPosition", "", 0,
     T::None, false},
    {ability::kMove, "GeneralMove", 0, "Move", "Move", "", 0, T::PointOrUnit, true},
    {ability::kPatrol, "GeneralPatrol", 0, "Patrol", "Patrol", "", 0, T::PointOrUnit, true},
};

}  // namespace

std::span<const AbilityInfo> ability_table() { return kAbilities; }

const AbilityInfo* find_ability(std::uint32_t id) {
  const auto* it = std::lower_bound(std::begin(kAbilities), std::end(kAbilities), id,
                                    [](const AbilityInfo& a, std::uint32_t v) { return a.id < v; });
  return (it != std::end(kAbilities) && it->id == id) ? it : nullptr;
}

bool requires_point(const AbilityInfo& info) {
  return info.target == T::Point || info.target == T::PointOrUnit || info.target == T::Unit;
}

std::uint32_t resolve_ability(std::uint32_t requested,
                              std::span<const std::uint32_t> unit_abilities) {
  for (std::uint32_t own : unit_abilities) {
    if (own == requested) return own;
    const AbilityInfo* info = find_ability(own);
    if (info != nullptr && info->remaps_to != 0 && info->remaps_to == requested) return own;
  }
  return 0;
}

}  // namespace sc2::engine
