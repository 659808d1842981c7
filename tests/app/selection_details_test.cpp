// The Selection panel's extra lines: upgrades, buffs, cargo.
#include <doctest/doctest.h>

#include "app/views/selection_details.h"

TEST_CASE("the selection details show upgrades above 0, buffs and cargo, nothing for a plain unit") {
  sc2::pysc2::UiView ui;
  ui.single.emplace().unit.unit_type = 48;
  CHECK(sc2::app::selection_details(ui).empty());
  ui.single->attack_upgrade_level = 1;
  ui.single->buffs = {27, 24};
  auto lines = sc2::app::selection_details(ui);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "upgrades: attack 1, armour 0, shields 0");
  CHECK(lines[1] == "buffs: 27 24");

  sc2::pysc2::UiView transport;
  sc2::pysc2::CargoPanel& cargo = transport.cargo.emplace();
  cargo.unit.unit_type = 54;  // Medivac
  cargo.passengers.resize(2);
  cargo.passengers[0].unit_type = cargo.passengers[1].unit_type = 48;
  cargo.slots_available = 6;
  lines = sc2::app::selection_details(transport);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "cargo: 2 aboard, 6 slots free: Marine, Marine");
}
