// The Selection panel's extra lines: upgrades, buffs, cargo.
#include <doctest/doctest.h>

#include "app/selection_details.h"

TEST_CASE("the selection details show upgrades above 0, buffs and cargo, nothing for a plain unit") {
  SC2APIProtocol::ObservationUI ui;
  ui.mutable_single()->mutable_unit()->set_unit_type(48);
  CHECK(sc2::app::selection_details(ui).empty());
  ui.mutable_single()->set_attack_upgrade_level(1);
  ui.mutable_single()->add_buffs(27);
  ui.mutable_single()->add_buffs(24);
  auto lines = sc2::app::selection_details(ui);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "upgrades: attack 1, armour 0, shields 0");
  CHECK(lines[1] == "buffs: 27 24");

  SC2APIProtocol::ObservationUI transport;
  auto* cargo = transport.mutable_cargo();
  cargo->mutable_unit()->set_unit_type(54);  // Medivac
  cargo->add_passengers()->set_unit_type(48);
  cargo->add_passengers()->set_unit_type(48);
  cargo->set_slots_available(6);
  lines = sc2::app::selection_details(transport);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "cargo: 2 aboard, 6 slots free: Marine, Marine");
}
