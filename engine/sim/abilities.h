#pragma once
// Ability ids and their catalog data (names, hotkeys, general/specific remaps), from
// the shared spec's sc2-abilities.tsv and the recorded ResponseData of a real game
// (../shared/fixtures/real-sc2/abyssal_reef_response_data.pb, a 5.0.11-era client).
#include <cstdint>
#include <span>
#include <string_view>

namespace sc2::engine {

namespace ability {
inline constexpr std::uint32_t kSmart = 1;
inline constexpr std::uint32_t kStopStop = 4;
inline constexpr std::uint32_t kMoveMove = 16;
inline constexpr std::uint32_t kPatrolPatrol = 17;
inline constexpr std::uint32_t kHoldPositionHold = 18;
inline constexpr std::uint32_t kAttackAttack = 23;
inline constexpr std::uint32_t kEffectExplode = 42;  // Baneling
inline constexpr std::uint32_t kRallyBuilding = 195;       // Barracks
inline constexpr std::uint32_t kRallyCommandCenter = 203;
inline constexpr std::uint32_t kHarvestGatherScv = 295;
inline constexpr std::uint32_t kHarvestReturnScv = 296;
inline constexpr std::uint32_t kCancelQueue5 = 306;
inline constexpr std::uint32_t kCancelBuildInProgress = 314;
inline constexpr std::uint32_t kBuildSupplyDepot = 319;
inline constexpr std::uint32_t kBuildRefinery = 320;
inline constexpr std::uint32_t kBuildCommandCenter = 318;
inline constexpr std::uint32_t kBuildBarracks = 321;
inline constexpr std::uint32_t kBuildEngineeringBay = 322;
inline constexpr std::uint32_t kBuildFactory = 328;
inline constexpr std::uint32_t kEffectHeal = 386;  // Medivac (MedivacHeal), a unit target
inline constexpr std::uint32_t kBuildTechLabBarracks = 421;
inline constexpr std::uint32_t kTrainScv = 524;
inline constexpr std::uint32_t kTrainMarine = 560;
inline constexpr std::uint32_t kTrainReaper = 561;
inline constexpr std::uint32_t kTrainMarauder = 563;
inline constexpr std::uint32_t kTrainHellion = 595;
inline constexpr std::uint32_t kResearchTerranInfantryWeaponsLevel1 = 652;
inline constexpr std::uint32_t kCancel = 3659;             // general
inline constexpr std::uint32_t kHarvestGather = 3666;      // general
inline constexpr std::uint32_t kHarvestReturn = 3667;      // general
inline constexpr std::uint32_t kCancelLast = 3671;         // general
inline constexpr std::uint32_t kRallyUnits = 3673;         // general
inline constexpr std::uint32_t kBuildTechLab = 3682;       // general
inline constexpr std::uint32_t kResearchTerranInfantryWeapons = 3698;  // general
inline constexpr std::uint32_t kRallyWorkers = 3690;       // general
inline constexpr std::uint32_t kStop = 3665;          // general
inline constexpr std::uint32_t kAttack = 3674;        // general
inline constexpr std::uint32_t kHoldPosition = 3793;  // general
inline constexpr std::uint32_t kMove = 3794;          // general
inline constexpr std::uint32_t kPatrol = 3795;        // general
}  // namespace ability

// Same numbers as AbilityData.Target.
enum class AbilityTarget { None = 1, Point = 2, Unit = 3, PointOrUnit = 4, PointOrNone = 5 };

struct AbilityInfo {
  std::uint32_t id;
  std::string_view link_name;
  std::uint32_t link_index;
  std::string_view button_name;
  std::string_view friendly_name;
  std::string_view hotkey;
  std::uint32_t remaps_to;  // general id, 0 = none
  AbilityTarget target;
  bool allow_minimap;
};

std::span<const AbilityInfo> ability_table();
const AbilityInfo* find_ability(std::uint32_t id);

// What a listed ability reports as AvailableAbility.requires_point.
bool requires_point(const AbilityInfo& info);

// The specific ability of `unit_abilities` that `requested` (specific or general) means,
// or 0 when the unit has none.
std::uint32_t resolve_ability(std::uint32_t requested, std::span<const std::uint32_t> unit_abilities);

}  // namespace sc2::engine
