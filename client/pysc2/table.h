#pragma once
// Table: one n x k structured observation key (PySC2 returns these as numpy arrays with
// named columns, e.g. feature_units (n, 46) or control_groups (10, 2)), and the column
// and row names of every such key (pysc2-features.md §5).
#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

namespace sc2::pysc2 {

struct Table {
  // Views of the name arrays below (static: a table costs no allocation for its names).
  std::span<const std::string_view> columns;    // PySC2's column names, in order
  std::span<const std::string_view> row_names;  // only for tables with fixed named rows (scores)
  int rows = 0;
  std::vector<std::int64_t> values;         // row-major: values[row * columns.size() + column]

  Table() = default;
  // `row_count` zero rows; `names` (if given) must have row_count entries. The table views the
  // name arrays (those of namespace columns): a temporary one would leave it dangling, so that
  // does not compile.
  template <std::size_t N>
  explicit Table(const std::array<std::string_view, N>& column_names, int row_count = 0)
      : Table(Views{}, column_names, row_count, {}) {}
  template <std::size_t N, std::size_t M>
  Table(const std::array<std::string_view, N>& column_names, int row_count,
        const std::array<std::string_view, M>& names)
      : Table(Views{}, column_names, row_count, names) {}
  template <std::size_t N>
  explicit Table(std::array<std::string_view, N>&&, int = 0) = delete;
  template <std::size_t N, std::size_t M>
  Table(const std::array<std::string_view, N>&, int, std::array<std::string_view, M>&&) = delete;

  int width() const { return static_cast<int>(columns.size()); }
  bool empty() const { return rows == 0; }
  // Index of a column / named row, -1 when the table has none of that name.
  int column(std::string_view name) const;
  int row(std::string_view name) const;
  // Throw std::out_of_range naming the table shape and the index or name asked for.
  std::int64_t at(int row, int column) const;
  std::int64_t at(int row, std::string_view column) const;
  std::int64_t at(std::string_view row, std::string_view column) const;
  std::int64_t& at(int row, int column);
  std::span<const std::int64_t> row_values(int row) const;
  // Every value of one column, top to bottom (throws std::out_of_range for unknown names).
  std::vector<std::int64_t> column_values(std::string_view column) const;

  // Appends a row of zeros and returns its index.
  int add_row();
  // Appends a full row; throws std::invalid_argument when the count differs from width().
  int add_row(std::initializer_list<std::int64_t> row);

  friend bool operator==(const Table& a, const Table& b) {
    return std::ranges::equal(a.columns, b.columns) && std::ranges::equal(a.row_names, b.row_names) &&
           a.rows == b.rows && a.values == b.values;
  }

 private:
  struct Views {};
  Table(Views, std::span<const std::string_view> column_names, int row_count, std::span<const std::string_view> names);
};

// Column and row names, PySC2's order and spelling.
namespace columns {

// player (11,)
inline constexpr std::array<std::string_view, 11> player = {
    "player_id", "minerals", "vespene", "food_used", "food_cap", "food_army", "food_workers",
    "idle_worker_count", "army_count", "warp_gate_count", "larva_count"};

// score_cumulative (13,)
inline constexpr std::array<std::string_view, 13> score_cumulative = {
    "score", "idle_production_time", "idle_worker_time", "total_value_units",
    "total_value_structures", "killed_value_units", "killed_value_structures",
    "collected_minerals", "collected_vespene", "collection_rate_minerals",
    "collection_rate_vespene", "spent_minerals", "spent_vespene"};

// score_by_category (11, 5): rows, then columns
inline constexpr std::array<std::string_view, 11> score_category_rows = {
    "food_used", "killed_minerals", "killed_vespene", "lost_minerals", "lost_vespene",
    "friendly_fire_minerals", "friendly_fire_vespene", "used_minerals", "used_vespene",
    "total_used_minerals", "total_used_vespene"};
inline constexpr std::array<std::string_view, 5> score_category = {"none", "army", "economy", "technology",
                                                                   "upgrade"};

// score_by_vital (3, 3)
inline constexpr std::array<std::string_view, 3> score_vital_rows = {"total_damage_dealt", "total_damage_taken",
                                                                     "total_healed"};
inline constexpr std::array<std::string_view, 3> score_vital = {"life", "shields", "energy"};

// single_select, multi_select, build_queue, cargo (n, 7): ui.proto UnitInfo
inline constexpr std::array<std::string_view, 7> unit_info = {
    "unit_type", "player_relative", "health", "shields", "energy", "transport_slots_taken", "build_progress"};

// production_queue (n, 2)
inline constexpr std::array<std::string_view, 2> production_queue = {"ability_id", "build_progress"};

// control_groups (10, 2): row = control group index
inline constexpr std::array<std::string_view, 2> control_group = {"leader_unit_type", "count"};

// feature_units, feature_minimap_units, raw_units (n, 46)
inline constexpr std::array<std::string_view, 46> feature_unit = {
    "unit_type", "alliance", "health", "shield", "energy", "cargo_space_taken", "build_progress",
    "health_ratio", "shield_ratio", "energy_ratio", "display_type", "owner", "x", "y", "facing",
    "radius", "cloak", "is_selected", "is_blip", "is_powered", "mineral_contents",
    "vespene_contents", "cargo_space_max", "assigned_harvesters", "ideal_harvesters",
    "weapon_cooldown", "order_length", "order_id_0", "order_id_1", "tag", "hallucination",
    "buff_id_0", "buff_id_1", "addon_unit_type", "active", "is_on_screen", "order_progress_0",
    "order_progress_1", "order_id_2", "order_id_3", "is_in_cargo", "buff_duration_remain",
    "buff_duration_max", "attack_upgrade_level", "armor_upgrade_level", "shield_upgrade_level"};

// feature_effects, raw_effects (n, 6)
inline constexpr std::array<std::string_view, 6> effect = {"effect", "alliance", "owner", "radius", "x", "y"};

// radar (n, 3)
inline constexpr std::array<std::string_view, 3> radar = {"x", "y", "radius"};

// unit_counts (n, 2): own units per type, ascending unit_type
inline constexpr std::array<std::string_view, 2> unit_count = {"unit_type", "count"};

}  // namespace columns

}  // namespace sc2::pysc2
