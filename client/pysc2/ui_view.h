#pragma once
// The game's selection panels of one observation (Observation.ui_data), decoded once by
// to_observation (features.h) into plain values for the Selection panel: the single, multi,
// cargo or production panel (at most one, as the protocol's oneof) and the control groups.
// Field names and meanings are ui.proto's; absent fields read as zero.
#include <cstdint>
#include <optional>
#include <vector>

namespace sc2::pysc2 {

struct UnitInfo {
  std::uint32_t unit_type = 0;
  std::uint32_t player_relative = 0;
  std::int32_t health = 0;
  std::int32_t shields = 0;
  std::int32_t energy = 0;
  std::int32_t max_health = 0;
  std::int32_t max_shields = 0;
  std::int32_t max_energy = 0;
  std::int32_t transport_slots_taken = 0;
  float build_progress = 0.0f;      // 0..1
  bool has_build_progress = false;  // the game sent build_progress
};

struct SinglePanel {
  UnitInfo unit;
  std::int32_t attack_upgrade_level = 0;
  std::int32_t armor_upgrade_level = 0;
  std::int32_t shield_upgrade_level = 0;
  std::vector<std::int32_t> buffs;
};

struct MultiPanel {
  std::vector<UnitInfo> units;
};

struct CargoPanel {
  UnitInfo unit;  // the transport
  std::vector<UnitInfo> passengers;
  std::int32_t slots_available = 0;
};

struct BuildItem {
  std::uint32_t ability_id = 0;
  float build_progress = 0.0f;
};

struct ProductionPanel {
  UnitInfo unit;  // the producing structure
  std::vector<UnitInfo> build_queue;
  std::vector<BuildItem> production_queue;
};

struct ControlGroup {
  std::uint32_t index = 0;  // control_group_index
  std::uint32_t leader_unit_type = 0;
  std::uint32_t count = 0;
};

struct UiView {
  std::vector<ControlGroup> groups;  // as the game lists them
  // At most one of these is set.
  std::optional<SinglePanel> single;
  std::optional<MultiPanel> multi;
  std::optional<CargoPanel> cargo;
  std::optional<ProductionPanel> production;
};

}  // namespace sc2::pysc2
