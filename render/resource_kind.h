#pragma once
// Which kind of resource a raw unit is: a mineral field, a vespene geyser, or a gas building
// (Refinery, Assimilator, Extractor) standing on a geyser. The world view draws each kind in
// its own look (colours below, shared with the top bar and the help's legend); without this,
// geysers and mineral fields were both plain neutral discs. Ids from pysc2-unit-types.tsv and
// sc2-game-data.tsv; the few that differ between game versions are listed in both versions.
#include <cstdint>

#include "client/pysc2/raw_view.h"
#include "render/palette.h"

namespace sc2::render {

enum class ResourceKind { none, minerals, vespene_geyser, gas_building };

// From the unit type alone.
ResourceKind resource_kind(std::uint32_t unit_type);
// From the unit type; a type this list lacks (a newer game's) by what the unit holds: a
// neutral unit with minerals left is a mineral field, with vespene left a geyser, and an
// owned unit with vespene left a gas building.
ResourceKind resource_kind(const pysc2::RawUnit& unit);

// What the kind is called in the legend: "mineral field", "vespene geyser", "gas building".
const char* resource_kind_name(ResourceKind kind);

// The colours: minerals blue, vespene green (also the top bar's counts).
inline constexpr Rgb kMineralColor{90, 180, 255};
inline constexpr Rgb kVespeneColor{80, 225, 120};
inline constexpr Rgb kGeyserVentColor{20, 60, 35};

// How a unit of that kind is drawn: its disc's fill and an inner disc (core_fraction of the
// radius; 0 = none). A mineral field is a blue disc; a geyser a vespene disc around a dark
// vent; a gas building its owner's disc around a vespene core (it covers its geyser, being
// drawn above neutral units). Not a resource: the owner's plain disc.
struct ResourceLook {
  Rgb fill;
  Rgb core;
  float core_fraction = 0.0f;
};
ResourceLook resource_look(ResourceKind kind, Rgb owner_color);

}  // namespace sc2::render
