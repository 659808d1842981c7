#include "app/views/selection_details.h"

#include "app/views/unit_type_names.h"

namespace sc2::app {

std::vector<std::string> selection_details(const pysc2::UiView& ui) {
  std::vector<std::string> lines;
  if (ui.single) {
    const pysc2::SinglePanel& single = *ui.single;
    if (single.attack_upgrade_level > 0 || single.armor_upgrade_level > 0 || single.shield_upgrade_level > 0) {
      lines.push_back("upgrades: attack " + std::to_string(single.attack_upgrade_level) + ", armour " +
                      std::to_string(single.armor_upgrade_level) + ", shields " +
                      std::to_string(single.shield_upgrade_level));
    }
    if (!single.buffs.empty()) {
      std::string text = "buffs:";
      for (int buff : single.buffs) text += " " + std::to_string(buff);
      lines.push_back(text);
    }
  }
  if (ui.cargo) {
    const pysc2::CargoPanel& cargo = *ui.cargo;
    std::string text = "cargo: " + std::to_string(cargo.passengers.size()) + " aboard, " +
                       std::to_string(cargo.slots_available) + " slots free";
    for (std::size_t i = 0; i < cargo.passengers.size(); ++i) {
      text += (i == 0 ? ": " : ", ") + unit_type_label(static_cast<int>(cargo.passengers[i].unit_type));
    }
    lines.push_back(text);
  }
  return lines;
}

}  // namespace sc2::app
