// A map's command cards (engine/scripted/command_cards.h): a UnitData.xml card of a built-in unit
// type restricts what units of that type offer and accept, and no other type's; the built-in
// BuildMarines folder's cards keep what making Marines needs (Train Marine, Supply Depot and
// Barracks, mining, the basic commands) and its units refuse everything else; a card sc2lite
// cannot read is refused at load naming the file, and a card that edits the game's own card
// (index=, removed=) is not applied.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/mapfile/map_data.h"
#include "engine/mapfile/new_map.h"
#include "engine/scripted/builtin_maps.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/sim/abilities.h"
#include "engine/sim/unit_abilities.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
namespace api = SC2APIProtocol;
namespace mf = sc2::engine::mapfile;
namespace st = sc2::engine::scripted::test;

namespace {

constexpr const char* kUnitData = "Base.SC2Data/GameData/UnitData.xml";

std::string catalog(const std::string& entries) {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Catalog>\n" + entries + "</Catalog>\n";
}

// A starter map (sc2lite --new-map) with `unit_data` as its UnitData.xml ("": none).
std::shared_ptr<const ScriptedMapFactory> new_map_with(const std::string& unit_data) {
  mf::MapFiles files = mf::new_map_files({});
  if (!unit_data.empty()) files.put(kUnitData, unit_data);
  return ScriptedMapFactory::load(mf::map_data_from_files(std::move(files), "CardMap"), "CardMap.SC2Map");
}

// Why the map with that UnitData.xml is refused ("" when it loads).
std::string load_error(const std::string& unit_data) {
  try {
    new_map_with(unit_data);
  } catch (const ScriptedMapError& error) {
    return error.what();
  }
  return "";
}

// The SCV keeps Gather and Supply Depot; its submenu and passive buttons keep nothing (the
// passive one's AbilCmd would be refused if it were read). The one button in the nested form.
const std::string kScvCard = catalog(R"(
  <CUnit id="SCV">
    <CardLayouts>
      <LayoutButtons Type="AbilCmd" AbilCmd="SCVHarvest,Gather"/>
      <LayoutButtons Type="Submenu" AbilCmd=""/>
      <LayoutButtons><Type value="Passive"/><AbilCmd value="255"/></LayoutButtons>
    </CardLayouts>
    <CardLayouts>
      <LayoutButtons><AbilCmd value="TerranBuild,Build2"/></LayoutButtons>
    </CardLayouts>
  </CUnit>
)");

// A game of a map for player 1 (raw commands), rich enough to build.
struct Scene {
  explicit Scene(const GameConfig& config, std::uint64_t seed = 4) : game(std::make_unique<Game>(config, seed)) {
    iface.raw = true;
    world().player(1).economy.minerals = 1000;
  }
  static GameConfig of(std::shared_ptr<const ScriptedMapFactory> map) {
    GameConfig config;
    config.map_file = std::move(map);
    return config;
  }
  World& world() { return game->world(); }
  Unit& spawn(std::uint32_t type, Vec2 pos) { return *world().find(world().spawn(type, 1, pos)); }
  Unit& first(std::uint32_t type) {
    Unit* found = nullptr;
    for (Unit* u : world().units()) {
      if (found == nullptr && u->type() == type && u->owner == 1) found = u;
    }
    REQUIRE_MESSAGE(found != nullptr, "no unit of type " << type);
    return *found;
  }
  api::ActionResult command(const Unit& unit, std::uint32_t ability, Vec2 at) {
    api::Action action;
    auto* cmd = action.mutable_action_raw()->mutable_unit_command();
    cmd->set_ability_id(static_cast<int>(ability));
    cmd->add_unit_tags(to_tag(unit.id));
    cmd->mutable_target_world_space_pos()->set_x(at.x);
    cmd->mutable_target_world_space_pos()->set_y(at.y);
    return apply_action(*game, iface, action);
  }

  std::unique_ptr<Game> game;
  InterfaceSetup iface;
};

std::vector<std::uint32_t> ids(std::initializer_list<std::uint32_t> list) { return list; }

std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> list) {
  std::sort(list.begin(), list.end());
  return list;
}

}  // namespace

TEST_CASE("map command cards: a UnitData.xml card of a built-in type restricts that type only") {
  const auto carded = new_map_with(kScvCard);
  const std::vector<CommandCard>& cards = carded->data().types->command_cards();
  REQUIRE(cards.size() == 1);
  CHECK(cards[0].name == "SCV");
  CHECK(cards[0].unit_type == unit_type::kScv);
  CHECK(cards[0].abilities == ids({ability::kSmart, ability::kHarvestGatherScv, ability::kBuildSupplyDepot}));

  Scene with(Scene::of(carded));
  Scene without(Scene::of(new_map_with("")));
  for (Scene* scene : {&with, &without}) {
    scene->spawn(unit_type::kScv, {24.0f, 24.0f});
    scene->spawn(unit_type::kMarine, {26.0f, 24.0f});
    scene->spawn(unit_type::kCommandCenter, {40.5f, 40.5f});
  }
  // Offered: the SCV its card (Return needs a load); the Marine and the Command Center all they
  // have, as on the map without a card.
  CHECK(available_abilities(with.world(), with.first(unit_type::kScv), false) ==
        ids({ability::kSmart, ability::kHarvestGatherScv, ability::kBuildSupplyDepot}));
  CHECK(available_abilities(without.world(), without.first(unit_type::kScv), false).size() > 3);
  for (std::uint32_t type : {unit_type::kMarine, unit_type::kCommandCenter}) {
    CAPTURE(type);
    CHECK(available_abilities(with.world(), with.first(type), false) ==
          available_abilities(without.world(), without.first(type), false));
  }
  CHECK_FALSE(with.world().ability_allowed(unit_type::kScv, ability::kMoveMove));
  CHECK(with.world().ability_allowed(unit_type::kMarine, ability::kMoveMove));

  // Accepted: what the card keeps reaches its own checks; the rest is Error, the specific and
  // the general ids alike, where the map without a card accepts it or names its reason.
  const Vec2 site{20.0f, 20.0f};
  CHECK(with.command(with.first(unit_type::kScv), ability::kMoveMove, site) == api::Error);
  CHECK(with.command(with.first(unit_type::kScv), ability::kMove, site) == api::Error);
  CHECK(with.command(with.first(unit_type::kScv), ability::kAttackAttack, site) == api::Error);
  CHECK(with.command(with.first(unit_type::kScv), ability::kBuildBarracks, site) == api::Error);
  CHECK(without.command(without.first(unit_type::kScv), ability::kMoveMove, site) == api::Success);
  CHECK(without.command(without.first(unit_type::kScv), ability::kBuildBarracks, site) ==
        api::BuildTechRequirementsNotMet);
  CHECK(with.command(with.first(unit_type::kScv), ability::kBuildSupplyDepot, site) == api::Success);
  CHECK(with.command(with.first(unit_type::kMarine), ability::kMoveMove, site) == api::Success);
  CHECK(with.command(with.first(unit_type::kCommandCenter), ability::kTrainScv, site) == api::Success);

  // Every episode of the map gets the card.
  Scene again(Scene::of(carded), 9);
  CHECK_FALSE(again.world().ability_allowed(unit_type::kScv, ability::kMoveMove));
}

TEST_CASE("map command cards: the BuildMarines folder's cards keep what making Marines needs and refuse the rest") {
  const auto folder_map = builtin_map_factory("BuildMarines");
  REQUIRE(folder_map != nullptr);
  CHECK(folder_map->data().types->card_edits_not_applied().empty());

  // The cards of its UnitData.xml, one per type it makes (spec sc2-minigames.md: the map removes
  // the abilities not needed for making Marines). Smart, a right-click, is always kept.
  using namespace ability;
  const std::map<std::uint32_t, std::vector<std::uint32_t>> kept = {
      // Everything it has (the real map removes only Stimpack, which sc2lite does not have).
      {unit_type::kMarine, sorted({kSmart, kMoveMove, kStopStop, kHoldPositionHold, kPatrolPatrol, kAttackAttack})},
      // Gather, Return, and a build card of Supply Depot and Barracks, as the real map leaves
      // them: no Move, Stop, Hold Position, Patrol or Attack; no Command Center, Refinery,
      // Engineering Bay or Factory.
      {unit_type::kScv, sorted({kSmart, kHarvestGatherScv, kHarvestReturnScv, kBuildSupplyDepot, kBuildBarracks})},
      // Train SCV, Rally, and the queue's cancel.
      {unit_type::kCommandCenter, sorted({kSmart, kTrainScv, kRallyCommandCenter, kCancelQueue5})},
      // Train Marine and the queue's cancel: no rally, no Tech Lab, no Reaper or Marauder.
      {unit_type::kBarracks, sorted({kSmart, kTrainMarine, kCancelQueue5})},
      // An empty card: no Lower.
      {unit_type::kSupplyDepot, sorted({kSmart})},
  };
  const std::map<std::string, std::uint32_t> names = {{"Marine", unit_type::kMarine},
                                                      {"SCV", unit_type::kScv},
                                                      {"CommandCenter", unit_type::kCommandCenter},
                                                      {"Barracks", unit_type::kBarracks},
                                                      {"SupplyDepot", unit_type::kSupplyDepot}};
  const std::vector<CommandCard>& cards = folder_map->data().types->command_cards();
  CHECK(cards.size() == kept.size());
  for (const CommandCard& card : cards) {
    CAPTURE(card.name);
    REQUIRE(names.contains(card.name));
    CHECK(card.unit_type == names.at(card.name));
    CHECK(card.abilities == kept.at(card.unit_type));
  }

  Scene folder(Scene::of(folder_map), 6);
  REQUIRE(dynamic_cast<const ScriptedMap*>(&folder.game->mini_game()) != nullptr);

  // Every episode's world holds the cards: a carded type is allowed its card's abilities only,
  // every other type all of its own.
  for (const UnitTypeStats& type : unit_type_table()) {
    const auto card = kept.find(type.id);
    for (const AbilityInfo& info : ability_table()) {
      CAPTURE(type.name);
      CAPTURE(info.friendly_name);
      const bool expected = card == kept.end() || std::binary_search(card->second.begin(), card->second.end(), info.id);
      CHECK(folder.world().ability_allowed(type.id, info.id) == expected);
    }
  }

  // What units of each type offer (as build_marines_test's scene: a Marine, a Barracks and a
  // Supply Depot beside the start base): the card's abilities the type has, less those the
  // unit's state does not allow now (Return without a load, the queue's cancel with nothing
  // queued).
  folder.spawn(unit_type::kMarine, {38.0f, 30.0f});
  folder.spawn(unit_type::kBarracks, {38.5f, 33.5f});
  folder.spawn(unit_type::kSupplyDepot, {38.0f, 23.0f});
  const Unit& scv = folder.first(unit_type::kScv);
  const Unit& cc = folder.first(unit_type::kCommandCenter);
  const Unit& barracks = folder.first(unit_type::kBarracks);
  const auto with = [](std::vector<std::uint32_t> list, bool add, std::uint32_t id) {
    if (add) list.push_back(id);
    return sorted(list);
  };
  const std::map<std::uint32_t, std::vector<std::uint32_t>> card_of_type = {
      {unit_type::kMarine, kept.at(unit_type::kMarine)},
      {unit_type::kScv, kept.at(unit_type::kScv)},
      {unit_type::kCommandCenter, kept.at(unit_type::kCommandCenter)},
      {unit_type::kBarracks, kept.at(unit_type::kBarracks)},
      {unit_type::kSupplyDepot, {}},  // it has no abilities at all
  };
  const std::map<std::uint32_t, std::vector<std::uint32_t>> offered = {
      {unit_type::kMarine, kept.at(unit_type::kMarine)},
      {unit_type::kScv,
       with({kSmart, kHarvestGatherScv, kBuildSupplyDepot, kBuildBarracks}, scv.carrying(), kHarvestReturnScv)},
      {unit_type::kCommandCenter,
       with({kSmart, kTrainScv, kRallyCommandCenter}, !cc.production.empty(), kCancelQueue5)},
      {unit_type::kBarracks, with({kSmart, kTrainMarine}, !barracks.production.empty(), kCancelQueue5)},
      {unit_type::kSupplyDepot, {}},
  };
  for (const auto& [type, expected] : offered) {
    CAPTURE(type);
    CHECK(sorted(available_abilities(folder.world(), folder.first(type), false)) == expected);
    CHECK(sorted(card_abilities(folder.world(), folder.first(type))) == card_of_type.at(type));
  }

  // Every ability of the table that is not on a unit's card, specific or general, is refused
  // with Error, whatever the unit's state (at the open ground east of the Command Center where
  // build_marines_test builds a Barracks; nothing is accepted, so the state stays).
  for (const auto& [type, card] : card_of_type) {
    for (const AbilityInfo& info : ability_table()) {
      const bool on_card = std::any_of(card.begin(), card.end(), [&](std::uint32_t id) {
        return id == info.id || find_ability(id)->remaps_to == info.id;
      });
      if (on_card) continue;
      CAPTURE(type);
      CAPTURE(info.friendly_name);
      CHECK(folder.command(folder.first(type), info.id, {42.5f, 33.5f}) == api::Error);
    }
  }

  // What build_marines_test asks of the cards, on a fresh episode.
  Scene fresh(Scene::of(folder_map), 7);
  Unit& fresh_barracks = fresh.spawn(unit_type::kBarracks, {38.5f, 33.5f});
  fresh.spawn(unit_type::kSupplyDepot, {38.0f, 23.0f});
  Unit& fresh_scv = fresh.first(unit_type::kScv);
  CHECK(fresh.command(fresh_scv, kBuildEngineeringBay, {38.5f, 24.5f}) == api::Error);
  CHECK(fresh.command(fresh_scv, kBuildCommandCenter, {39.5f, 24.5f}) == api::Error);
  CHECK(fresh.command(fresh_scv, kBuildRefinery, {39.5f, 24.5f}) == api::Error);
  CHECK(fresh.command(fresh_scv, kMoveMove, {38.0f, 30.0f}) == api::Error);  // the real map's card has no Move
  CHECK(fresh.command(fresh_scv, kStopStop, {38.0f, 30.0f}) == api::Error);
  for (std::uint32_t removed : {kRallyBuilding, kRallyUnits, kBuildTechLabBarracks, kTrainReaper, kTrainMarauder}) {
    CAPTURE(removed);
    CHECK(fresh.command(fresh_barracks, removed, {40.0f, 30.0f}) == api::Error);
  }
  CHECK(fresh.command(fresh_barracks, kTrainMarine, {40.0f, 30.0f}) == api::Success);
  CHECK(fresh.command(fresh.first(unit_type::kCommandCenter), kTrainScv, {40.0f, 30.0f}) == api::Success);
  CHECK(fresh.command(fresh.first(unit_type::kCommandCenter), kRallyCommandCenter, {35.0f, 30.0f}) == api::Success);
}

TEST_CASE("map command cards: a card sc2lite cannot read is refused at load, naming the file, the type and the button") {
  struct Bad {
    const char* type;
    const char* abil_cmd;
    const char* why;
  };
  const Bad bad[] = {
      {"SCV", "TerranBuild", "not '<ability>,<command>'"},
      {"SCV", ",Gather", "not '<ability>,<command>'"},
      {"SCV", "SCVHarvest,", "not '<ability>,<command>'"},
      {"SCV", "SCVHarvest,Gather,Return", "not '<ability>,<command>'"},
      {"SCV", "TerranBuild,Build", "neither <Word><n>"},
      {"SCV", "TerranBuild,Build0", "neither <Word><n>"},
      {"SCV", "TerranBuild,Build123456789", "neither <Word><n>"},
      {"SCV", "move,Sprint", "neither <Word><n>"},
      {"Marine", "Stimpack,Execute", "has no ability 'Stimpack'"},
      {"SCV", "TerranBuild,Build99", "has no command 99 (index 98) of 'TerranBuild'"},
      {"SCV", "BarracksTrain,Train1", "SCV does not have 'Train Marine' (ability 560)"},
  };
  for (const Bad& b : bad) {
    CAPTURE(b.abil_cmd);
    const std::string error = load_error(catalog(std::string("<CUnit id=\"") + b.type +
                                                 "\"><CardLayouts><LayoutButtons AbilCmd=\"" + b.abil_cmd +
                                                 "\"/></CardLayouts></CUnit>\n"));
    CHECK(error.starts_with("CardMap.SC2Map: Base.SC2Data/GameData/UnitData.xml: CUnit '" + std::string(b.type) +
                            "': CardLayouts: AbilCmd '" + b.abil_cmd + "': "));
    CHECK(error.find(b.why) != std::string::npos);
  }
}

TEST_CASE("map command cards: an edit of the game's own card is not applied, nor is a new type's card read") {
  // index= / removed= edit the game's card button by button; that card is not in the files.
  const auto edited = new_map_with(catalog(R"(
  <CUnit id="Marine">
    <CardLayouts index="0"><LayoutButtons index="5" removed="1"/></CardLayouts>
  </CUnit>
  <CUnit id="SCV">
    <CardLayouts><LayoutButtons AbilCmd="SCVHarvest,Gather"/></CardLayouts>
    <CardLayouts index="2" removed="1"/>
  </CUnit>
  <CUnit id="Marine_Copy">
    <SelectAlias value="Marine"/>
    <CardLayouts><LayoutButtons Type="AbilCmd" AbilCmd="Stimpack,Execute"/></CardLayouts>
  </CUnit>
)"));
  CHECK(edited->data().types->command_cards().empty());
  CHECK(edited->data().types->card_edits_not_applied() == std::vector<std::string>{"Marine", "SCV"});
  Scene scene(Scene::of(edited));
  for (std::uint32_t type : {unit_type::kMarine, unit_type::kScv}) {
    const Unit& unit = scene.spawn(type, {24.0f, 24.0f});
    CHECK(card_abilities(scene.world(), unit) == unit.stats->abilities);
  }

  // The real BuildMarines file edits every card so: it loads, its units keep every ability.
  const auto path = st::map_file(st::kMiniGames, "BuildMarines");
  if (!path) return;
  const auto real = st::load_file(*path);
  CHECK(real->data().types->command_cards().empty());
  CHECK(real->data().types->card_edits_not_applied() ==
        std::vector<std::string>{"Barracks", "CommandCenter", "Marine", "SCV", "SupplyDepot"});
}
