// sc2lite's data tables (RequestData: units, abilities, upgrades) against the real game's
// ResponseData in ../shared/fixtures (a 5.0.11-era client on Abyssal Reef): every entry
// sc2lite reports must carry the real game's values, field for field, where both have the
// field. The melee units and structures were taken from there, so this is their check.
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>

#include "engine/server/observation_builder.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;

namespace {

SC2APIProtocol::ResponseData real_data() {
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2/abyssal_reef_response_data.pb", std::ios::binary);
  SC2APIProtocol::Response response;
  REQUIRE(response.ParseFromString(std::string(std::istreambuf_iterator<char>(in), {})));
  REQUIRE(response.has_data());
  return response.data();
}

SC2APIProtocol::ResponseData our_data() {
  SC2APIProtocol::RequestData request;
  request.set_ability_id(true);
  request.set_unit_type_id(true);
  request.set_upgrade_id(true);
  SC2APIProtocol::ResponseData out;
  build_data(request, &out);
  return out;
}

template <class Entry, class Id>
std::map<std::uint32_t, Entry> by_id(const google::protobuf::RepeatedPtrField<Entry>& entries, Id id) {
  std::map<std::uint32_t, Entry> out;
  for (const Entry& e : entries) out[id(e)] = e;
  return out;
}

// The mini-games' own units and the structures whose values the spec table pins (and where
// we deliberately differ from this client version) are checked elsewhere: here the fields
// below, for the types sc2lite added for melee games and every type the real game has.
void check_unit(const SC2APIProtocol::UnitTypeData& ours, const SC2APIProtocol::UnitTypeData& real) {
  CHECK(ours.name() == real.name());
  CHECK(ours.mineral_cost() == real.mineral_cost());
  CHECK(ours.vespene_cost() == real.vespene_cost());
  CHECK(ours.food_required() == doctest::Approx(real.food_required()));
  CHECK(ours.food_provided() == doctest::Approx(real.food_provided()));
  CHECK(ours.ability_id() == real.ability_id());
  CHECK(ours.build_time() == doctest::Approx(real.build_time()));
  CHECK(ours.sight_range() == doctest::Approx(real.sight_range()));
  CHECK(ours.movement_speed() == doctest::Approx(real.movement_speed()));
  CHECK(ours.armor() == doctest::Approx(real.armor()));
  CHECK(ours.tech_requirement() == real.tech_requirement());
  CHECK(ours.require_attached() == real.require_attached());
  CHECK(std::set<int>(ours.attributes().begin(), ours.attributes().end()) ==
        std::set<int>(real.attributes().begin(), real.attributes().end()));
  REQUIRE(ours.weapons_size() == real.weapons_size());
  for (int i = 0; i < real.weapons_size(); ++i) {
    const auto& a = ours.weapons(i);
    const auto& b = real.weapons(i);
    CHECK(a.type() == b.type());
    CHECK(a.damage() == doctest::Approx(b.damage()));
    CHECK(a.attacks() == b.attacks());
    CHECK(a.range() == doctest::Approx(b.range()));
    CHECK(a.speed() == doctest::Approx(b.speed()));
    REQUIRE(a.damage_bonus_size() == b.damage_bonus_size());
    for (int k = 0; k < b.damage_bonus_size(); ++k) {
      CHECK(a.damage_bonus(k).attribute() == b.damage_bonus(k).attribute());
      CHECK(a.damage_bonus(k).bonus() == doctest::Approx(b.damage_bonus(k).bonus()));
    }
  }
}

}  // namespace

TEST_CASE("the melee units, structures, abilities and upgrade carry the real game's data") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_data.pb")) {
    MESSAGE("skipped: ../shared/fixtures/real-sc2 is absent");
    return;
  }
  const SC2APIProtocol::ResponseData real = real_data();
  const SC2APIProtocol::ResponseData ours = our_data();
  const auto real_units = by_id(real.units(), [](const auto& u) { return u.unit_id(); });
  const auto real_abilities = by_id(real.abilities(), [](const auto& a) { return a.ability_id(); });
  const auto real_upgrades = by_id(real.upgrades(), [](const auto& u) { return u.upgrade_id(); });

  int units = 0;
  for (const auto& unit : ours.units()) {
    const std::uint32_t id = unit.unit_id();
    const bool melee = id == unit_type::kReaper || id == unit_type::kMarauder || id == unit_type::kHellion ||
                       id == unit_type::kFactory || id == unit_type::kEngineeringBay ||
                       id == unit_type::kBarracksTechLab;
    if (!melee) continue;
    CAPTURE(id);
    REQUIRE(real_units.count(id) == 1);
    check_unit(unit, real_units.at(id));
    ++units;
  }
  CHECK(units == 6);

  int abilities = 0;
  for (const auto& ability : ours.abilities()) {
    const std::uint32_t id = ability.ability_id();
    CAPTURE(id);
    REQUIRE(real_abilities.count(id) == 1);
    const auto& r = real_abilities.at(id);
    CHECK(ability.link_name() == r.link_name());
    CHECK(ability.link_index() == r.link_index());
    CHECK(ability.button_name() == r.button_name());
    CHECK(ability.friendly_name() == r.friendly_name());
    CHECK(ability.hotkey() == r.hotkey());
    CHECK(ability.remaps_to_ability_id() == r.remaps_to_ability_id());
    CHECK(ability.target() == r.target());
    CHECK(ability.allow_minimap() == r.allow_minimap());
    CHECK(ability.is_building() == r.is_building());
    CHECK(ability.footprint_radius() == doctest::Approx(r.footprint_radius()));
    CHECK(ability.is_instant_placement() == r.is_instant_placement());
    ++abilities;
  }
  CHECK(abilities == ours.abilities_size());

  REQUIRE(ours.upgrades_size() == 1);
  for (const auto& upgrade : ours.upgrades()) {
    CAPTURE(upgrade.upgrade_id());
    REQUIRE(real_upgrades.count(upgrade.upgrade_id()) == 1);
    const auto& r = real_upgrades.at(upgrade.upgrade_id());
    CHECK(upgrade.name() == r.name());
    CHECK(upgrade.mineral_cost() == r.mineral_cost());
    CHECK(upgrade.vespene_cost() == r.vespene_cost());
    CHECK(upgrade.research_time() == doctest::Approx(r.research_time()));
    CHECK(upgrade.ability_id() == r.ability_id());
  }
}
