// render/resource_kind.h: which raw units are mineral fields, vespene geysers and gas buildings,
// and how each is drawn.
#include <doctest/doctest.h>

#include "render/palette.h"
#include "render/resource_kind.h"

using namespace sc2::render;
namespace pysc2 = sc2::pysc2;

namespace {

pysc2::RawUnit unit_of(std::uint32_t type, int owner) {
  pysc2::RawUnit unit;
  unit.unit_type = type;
  unit.owner = owner;
  unit.alliance = owner == 16 ? pysc2::Alliance::neutral : pysc2::Alliance::self;
  return unit;
}

}  // namespace

TEST_CASE("resource kind from the unit type: fields, geysers and the three races' gas buildings") {
  // pysc2-unit-types.tsv: MineralField 341, MineralField750 483, RichMineralField 146,
  // LabMineralField 665, VespeneGeyser 342, RichVespeneGeyser 344, ProtossVespeneGeyser 608,
  // Refinery 20, Assimilator 61, Extractor 88.
  for (std::uint32_t type : {341u, 483u, 146u, 147u, 665u, 666u, 796u, 884u, 886u}) {
    INFO(type);
    CHECK(resource_kind(type) == ResourceKind::minerals);
  }
  for (std::uint32_t type : {342u, 343u, 344u, 608u, 880u, 881u}) {
    INFO(type);
    CHECK(resource_kind(type) == ResourceKind::vespene_geyser);
  }
  for (std::uint32_t type : {20u, 61u, 88u, 1955u, 1956u}) {
    INFO(type);
    CHECK(resource_kind(type) == ResourceKind::gas_building);
  }
  // Ids that differ between game versions (sc2-data-versions.md): both versions' ids.
  CHECK(resource_kind(1943u) == ResourceKind::gas_building);  // RefineryRich, 5.0.x
  CHECK(resource_kind(1960u) == ResourceKind::gas_building);  // RefineryRich, PySC2's list
  CHECK(resource_kind(1996u) == ResourceKind::minerals);      // MineralField450, 5.0.x
  CHECK(resource_kind(1961u) == ResourceKind::minerals);      // MineralField450, PySC2's list
  // Not resources: a Marine, an SCV, a Command Center, the beacon, a mineral shard, nothing.
  for (std::uint32_t type : {48u, 45u, 18u, 317u, 1680u, 0u, 99999u}) {
    INFO(type);
    CHECK(resource_kind(type) == ResourceKind::none);
  }
}

TEST_CASE("resource kind of a unit whose type the list lacks: by what it holds and who owns it") {
  pysc2::RawUnit field = unit_of(5000, 16);
  field.mineral_contents = 900;
  CHECK(resource_kind(field) == ResourceKind::minerals);
  pysc2::RawUnit geyser = unit_of(5001, 16);
  geyser.vespene_contents = 2250;
  CHECK(resource_kind(geyser) == ResourceKind::vespene_geyser);
  pysc2::RawUnit building = unit_of(5002, 1);
  building.vespene_contents = 2000;
  CHECK(resource_kind(building) == ResourceKind::gas_building);
  CHECK(resource_kind(unit_of(5003, 16)) == ResourceKind::none);  // an empty neutral unit (a rock)
  CHECK(resource_kind(unit_of(5004, 1)) == ResourceKind::none);
  // A known type wins over its contents: an exhausted geyser is still a geyser.
  CHECK(resource_kind(unit_of(342, 16)) == ResourceKind::vespene_geyser);
}

TEST_CASE("resource looks: every kind differs from the others and from a plain neutral disc") {
  const Rgb neutral = palette_for_layer("player_id", false).color(16);
  const Rgb owner{0, 142, 0};
  const ResourceLook minerals = resource_look(ResourceKind::minerals, neutral);
  const ResourceLook geyser = resource_look(ResourceKind::vespene_geyser, neutral);
  const ResourceLook building = resource_look(ResourceKind::gas_building, owner);
  const ResourceLook plain = resource_look(ResourceKind::none, neutral);
  CHECK(minerals.fill == kMineralColor);
  CHECK(minerals.core_fraction == 0.0f);
  CHECK(geyser.fill == kVespeneColor);
  CHECK(geyser.core == kGeyserVentColor);
  CHECK(geyser.core_fraction > 0.0f);
  CHECK(building.fill == owner);  // its owner's, as every building
  CHECK(building.core == kVespeneColor);
  CHECK(building.core_fraction > 0.0f);
  CHECK(plain.fill == neutral);
  CHECK(plain.core_fraction == 0.0f);
  CHECK_FALSE(kMineralColor == kVespeneColor);
  CHECK_FALSE(kMineralColor == neutral);
  CHECK_FALSE(kVespeneColor == neutral);
  CHECK(std::string(resource_kind_name(ResourceKind::minerals)) == "mineral field");
  CHECK(std::string(resource_kind_name(ResourceKind::vespene_geyser)) == "vespene geyser");
  CHECK(std::string(resource_kind_name(ResourceKind::gas_building)) == "gas building");
}
