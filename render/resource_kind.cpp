#include "render/resource_kind.h"

#include <algorithm>
#include <array>

namespace sc2::render {

namespace {

constexpr std::int32_t kNeutralOwner = 16;

// Sorted by id, for binary search.
struct KindOfType {
  std::uint32_t type;
  ResourceKind kind;
};
constexpr std::array kKinds = {
    KindOfType{20, ResourceKind::gas_building},      // Refinery
    KindOfType{61, ResourceKind::gas_building},      // Assimilator
    KindOfType{88, ResourceKind::gas_building},      // Extractor
    KindOfType{146, ResourceKind::minerals},         // RichMineralField
    KindOfType{147, ResourceKind::minerals},         // RichMineralField750
    KindOfType{341, ResourceKind::minerals},         // MineralField
    KindOfType{342, ResourceKind::vespene_geyser},   // VespeneGeyser
    KindOfType{343, ResourceKind::vespene_geyser},   // SpacePlatformGeyser
    KindOfType{344, ResourceKind::vespene_geyser},   // RichVespeneGeyser
    KindOfType{483, ResourceKind::minerals},         // MineralField750
    KindOfType{608, ResourceKind::vespene_geyser},   // ProtossVespeneGeyser
    KindOfType{665, ResourceKind::minerals},         // LabMineralField
    KindOfType{666, ResourceKind::minerals},         // LabMineralField750
    KindOfType{796, ResourceKind::minerals},         // PurifierRichMineralField
    KindOfType{797, ResourceKind::minerals},         // PurifierRichMineralField750
    KindOfType{880, ResourceKind::vespene_geyser},   // PurifierVespeneGeyser
    KindOfType{881, ResourceKind::vespene_geyser},   // ShakurasVespeneGeyser
    KindOfType{884, ResourceKind::minerals},         // PurifierMineralField
    KindOfType{885, ResourceKind::minerals},         // PurifierMineralField750
    KindOfType{886, ResourceKind::minerals},         // BattleStationMineralField
    KindOfType{887, ResourceKind::minerals},         // BattleStationMineralField750
    KindOfType{1943, ResourceKind::gas_building},    // RefineryRich (5.0.x game data)
    KindOfType{1955, ResourceKind::gas_building},    // AssimilatorRich
    KindOfType{1956, ResourceKind::gas_building},    // ExtractorRich
    KindOfType{1960, ResourceKind::gas_building},    // RefineryRich (PySC2's 4.10-era id)
    KindOfType{1961, ResourceKind::minerals},        // MineralField450 (PySC2's 4.10-era id)
    KindOfType{1996, ResourceKind::minerals},        // MineralField450 (5.0.x game data)
};
static_assert(std::is_sorted(kKinds.begin(), kKinds.end(),
                             [](const KindOfType& a, const KindOfType& b) { return a.type < b.type; }));

}  // namespace

ResourceKind resource_kind(std::uint32_t unit_type) {
  const auto found = std::lower_bound(kKinds.begin(), kKinds.end(), unit_type,
                                      [](const KindOfType& entry, std::uint32_t type) { return entry.type < type; });
  return found != kKinds.end() && found->type == unit_type ? found->kind : ResourceKind::none;
}

ResourceKind resource_kind(const pysc2::RawUnit& unit) {
  const ResourceKind by_type = resource_kind(unit.unit_type);
  if (by_type != ResourceKind::none) return by_type;
  const bool neutral = unit.owner == kNeutralOwner || unit.alliance == pysc2::Alliance::neutral;
  if (neutral && unit.mineral_contents > 0) return ResourceKind::minerals;
  if (neutral && unit.vespene_contents > 0) return ResourceKind::vespene_geyser;
  if (!neutral && unit.vespene_contents > 0) return ResourceKind::gas_building;
  return ResourceKind::none;
}

ResourceLook resource_look(ResourceKind kind, Rgb owner_color) {
  constexpr float kCore = 0.5f;
  switch (kind) {
    case ResourceKind::minerals: return {kMineralColor, {}, 0.0f};
    case ResourceKind::vespene_geyser: return {kVespeneColor, kGeyserVentColor, kCore};
    case ResourceKind::gas_building: return {owner_color, kVespeneColor, kCore};
    case ResourceKind::none: break;
  }
  return {owner_color, {}, 0.0f};
}

const char* resource_kind_name(ResourceKind kind) {
  switch (kind) {
    case ResourceKind::minerals: return "mineral field";
    case ResourceKind::vespene_geyser: return "vespene geyser";
    case ResourceKind::gas_building: return "gas building";
    case ResourceKind::none: break;
  }
  return "not a resource";
}

}  // namespace sc2::render
