// Galaxy's unit properties on units that have shields and energy (SMAC's Protoss and Medivacs):
// UnitGetPropertyFixed reads a unit's shields and energy, current, percent and maximum, and
// UnitSetPropertyFixed writes them within 0..maximum; a unit without them keeps none.
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

TEST_CASE("scripted unit properties: shields and energy are read and written, bounded by the unit's maximum") {
  const auto base = map_file(kMiniGames, "MoveToBeacon");
  if (!base) return;
  // Reads are checked in the script (Galaxy has no fixed-to-int here): each one that holds adds
  // its bit to player 1's minerals.
  const std::string init = R"(
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Stalker", 0, 1, RegionGetCenter(RegionFromId(1)));
    gv_stalker = UnitLastCreated();
    libNtve_gf_CreateUnitsWithDefaultFacing(1, "Medivac", 0, 1, RegionGetCenter(RegionFromId(1)));
    gv_medivac = UnitLastCreated();
    PlayerModifyPropertyInt(1, c_playerPropMinerals, c_playerPropOperSetTo, 0);
    if (UnitGetPropertyFixed(gv_stalker, c_unitPropShieldsMax, c_unitPropCurrent) == 80.0) { gv_bits += 1; }
    if (UnitGetPropertyFixed(gv_stalker, c_unitPropShields, c_unitPropCurrent) == 80.0) { gv_bits += 2; }
    UnitSetPropertyFixed(gv_stalker, c_unitPropShields, 20.0);
    if (UnitGetPropertyFixed(gv_stalker, c_unitPropShieldsPercent, c_unitPropCurrent) == 25.0) { gv_bits += 4; }
    if (UnitGetPropertyFixed(gv_medivac, c_unitPropEnergyMax, c_unitPropCurrent) == 200.0) { gv_bits += 8; }
    UnitSetPropertyFixed(gv_medivac, c_unitPropEnergyPercent, 75.0);
    if (UnitGetPropertyFixed(gv_medivac, c_unitPropEnergy, c_unitPropCurrent) == 150.0) { gv_bits += 16; }
    if (UnitGetPropertyFixed(gv_medivac, c_unitPropShieldsMax, c_unitPropCurrent) == 0.0) { gv_bits += 32; }
    UnitSetPropertyFixed(gv_medivac, c_unitPropShields, 50.0);
    if (UnitGetPropertyFixed(gv_medivac, c_unitPropShields, c_unitPropCurrent) == 0.0) { gv_bits += 64; }
    UnitSetPropertyFixed(gv_medivac, c_unitPropEnergy, 900.0);
    PlayerModifyPropertyInt(1, c_playerPropMinerals, c_playerPropOperSetTo, gv_bits);)";
  const auto map = ScriptedMapFactory::load(with_script(*base, script(init, "", "unit gv_stalker;\nunit gv_medivac;\nint gv_bits;\n")));
  Episode e(*map, 1);
  REQUIRE_FALSE(e.game->script_error());
  CHECK(e.world.player(1).economy.minerals == 127);  // every read held
  const auto stalkers = e.units_of(1, "Stalker");
  const auto medivacs = e.units_of(1, "Medivac");
  REQUIRE(stalkers.size() == 1);
  REQUIRE(medivacs.size() == 1);
  CHECK(stalkers[0]->shield == 20.0f);
  CHECK(stalkers[0]->health == stalkers[0]->health_max);  // shields written are not life
  CHECK(medivacs[0]->energy == 200.0f);  // 900 is held to the maximum
  CHECK(medivacs[0]->shield == 0.0f);    // no shields to write
}
