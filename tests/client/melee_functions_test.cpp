// The melee game's new abilities reach PySC2's function list: the engine lists them for the
// selected unit, the client maps them to the functions PySC2 offers (specific ids to their
// general ones) in available_actions, and the calls come back in last_actions as sent.
#include "tests/client/engine_rig.h"

using sc2::test::named_call;
using sc2::test::Rig;
namespace eng = sc2::engine;

TEST_CASE("PySC2 functions for the Tech Lab, Marauder, Reaper, Factory, Engineering Bay and second Command Center") {
  Rig rig;
  rig.world().player(1).economy.minerals = 2000;
  rig.world().player(1).economy.vespene = 500;
  const eng::Vec2 c = rig.world().player(1).camera;

  // An SCV: the new structures, the Factory only once a Barracks stands.
  rig.observe_available();
  rig.round_trip(named_call("select_point", {{0}, rig.screen_pixel(rig.scv_a_)}));
  CHECK(rig.offers("Build_CommandCenter_screen"));
  CHECK(rig.offers("Build_EngineeringBay_screen"));
  CHECK_FALSE(rig.offers("Build_Factory_screen"));
  // Below the Command Center, inside CollectMineralsAndGas' playable area (y from 19; the
  // camera starts at y 25).
  const eng::UnitId barracks = rig.spawn_own(eng::unit_type::kBarracks, {c.x - 4.5f, c.y - 4.0f});
  rig.observe_available();
  CHECK(rig.offers("Build_Factory_screen"));

  // The Barracks: Tech Lab and Reaper, no Marauder yet.
  rig.round_trip(named_call("select_point", {{0}, rig.screen_pixel(barracks)}));
  CHECK(rig.offers("Build_TechLab_quick"));
  CHECK(rig.offers("Train_Reaper_quick"));
  CHECK_FALSE(rig.offers("Train_Marauder_quick"));
  // The specific function comes back as itself, and as the general one when specifics are hidden.
  rig.round_trip(named_call("Build_TechLab_Barracks_quick", {{0}}), named_call("Build_TechLab_quick", {{0}}));
  CHECK(rig.world().find(barracks)->add_on.valid());
  rig.step(400);
  rig.observe_available();
  CHECK(rig.offers("Train_Marauder_quick"));
  CHECK_FALSE(rig.offers("Build_TechLab_quick"));
  rig.round_trip(named_call("Train_Marauder_quick", {{0}}));

  // An Engineering Bay: the research, general and specific.
  const eng::UnitId bay = rig.spawn_own(eng::unit_type::kEngineeringBay, {c.x + 4.5f, c.y - 4.5f});
  rig.observe_available();
  rig.round_trip(named_call("select_point", {{0}, rig.screen_pixel(bay)}));
  CHECK(rig.offers("Research_TerranInfantryWeapons_quick"));
  rig.round_trip(named_call("Research_TerranInfantryWeaponsLevel1_quick", {{0}}),
                 named_call("Research_TerranInfantryWeapons_quick", {{0}}));
  CHECK_FALSE(rig.offers("Research_TerranInfantryWeapons_quick"));  // once
}
