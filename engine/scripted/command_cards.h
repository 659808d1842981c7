#pragma once
// A map's command cards for the engine's own unit types (spec §1.6: a CUnit entry with the id of
// a type the game has, e.g. <CUnit id="SCV">, overrides that type; its CardLayouts are the
// buttons its units offer). sc2lite reads a card written as the full list of what the type
// keeps, the way the editor writes a whole card (README.md, "Command cards"):
//
//   <CUnit id="SCV">
//     <CardLayouts>
//       <LayoutButtons Face="GatherTerr" Type="AbilCmd" AbilCmd="SCVHarvest,Gather"/>
//       <LayoutButtons Face="TerranBuild" Type="Submenu" AbilCmd=""/>   (no ability: nothing kept)
//     </CardLayouts>
//     <CardLayouts>
//       <LayoutButtons Face="SupplyDepot" Type="AbilCmd" AbilCmd="TerranBuild,Build2"/>
//     </CardLayouts>
//   </CUnit>
//
// The type keeps every ability a button of any of its CardLayouts names, and Smart (a
// right-click, on no card); its units offer and accept nothing else from a player (World::
// restrict_abilities). A button names an ability by its AbilCmd (attribute, or nested
// <AbilCmd value=.../>) unless its Type is given and is not AbilCmd (Submenu, CancelSubmenu,
// Passive, Undefined: no ability) or its AbilCmd is empty. `AbilCmd="<ability>,<command>"`:
// the ability's data id as the engine's ability table names it (AbilityInfo::link_name: "move",
// "TerranBuild", "SCVHarvest"), and its command: `<Word><n>` for the n-th, whatever the word
// (AbilityInfo::link_index n - 1: `TerranBuild,Build2` is the Supply Depot, §1.6;
// `RallyCommand,Rally1`, `BarracksTrain,Train1`, `que5,Cancel1`), or the game's name of a
// command that is not numbered, as the reference maps' cards write them (`move`: Move, Patrol,
// HoldPos; `stop`: Stop; `attack`, `Explode`: Execute; `SCVHarvest`: Gather, Return).
//
// A CardLayouts or LayoutButtons with index= or removed= edits the game's own card of the type,
// button by button (the real BuildMarines file does so); that card is not in the map files, so
// sc2lite cannot know what is left: such a type's card is not applied (edits_not_applied), and
// its units keep every ability. The cards of a map's new types (SMAC's Marine_RL) are not read:
// a new type plays with its base type's abilities.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/mapfile/unit_types.h"

namespace sc2::engine {
class World;
}

namespace sc2::engine::scripted {

struct CommandCard {
  std::uint32_t unit_type = 0;           // the built-in type the map overrides
  std::string name;                      // its CUnit id: "SCV"
  std::vector<std::uint32_t> abilities;  // the specific ability ids it keeps, ascending (Smart included)
};

struct MapCommandCards {
  std::vector<CommandCard> cards;               // the types with a card, in the data's order
  std::vector<std::string> edits_not_applied;   // types whose card edits the game's card (not applied)
};

// The cards of the overrides among `types` (as assign_unit_type_ids gives them for `units`).
// Throws mapfile::MapError(file, "CUnit 'SCV': CardLayouts: AbilCmd 'TerranBuild,Build99': ...")
// for an AbilCmd that is not "<ability>,<command>", names an ability or command the engine's
// table does not have, or an ability the type does not have.
MapCommandCards read_command_cards(const mapfile::UnitEntries& units, std::span<const mapfile::MapUnitType> types);

// Every card on the world (at an episode's setup).
void apply_command_cards(World& world, std::span<const CommandCard> cards);

}  // namespace sc2::engine::scripted
