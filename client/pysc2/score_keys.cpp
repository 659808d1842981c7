// score_cumulative, score_by_category and score_by_vital (pysc2-features.md §5.2).
#include "client/pysc2/observation_keys.h"

namespace sc2::pysc2 {
namespace {

using SC2APIProtocol::CategoryScoreDetails;
using SC2APIProtocol::ScoreDetails;
using SC2APIProtocol::VitalScoreDetails;

void set_category_row(Table& table, int row, const CategoryScoreDetails& c) {
  const double values[] = {c.none(), c.army(), c.economy(), c.technology(), c.upgrade()};
  for (int column = 0; column < 5; ++column) table.at(row, column) = truncate_to_int(values[column]);
}

void set_vital_row(Table& table, int row, const VitalScoreDetails& v) {
  const double values[] = {v.life(), v.shields(), v.energy()};
  for (int column = 0; column < 3; ++column) table.at(row, column) = truncate_to_int(values[column]);
}

}  // namespace

std::array<std::int64_t, 13> score_cumulative(const SC2APIProtocol::Score& score) {
  const ScoreDetails& d = score.score_details();
  const double details[] = {d.idle_production_time(),     d.idle_worker_time(),        d.total_value_units(),
                            d.total_value_structures(),   d.killed_value_units(),      d.killed_value_structures(),
                            d.collected_minerals(),       d.collected_vespene(),       d.collection_rate_minerals(),
                            d.collection_rate_vespene(),  d.spent_minerals(),          d.spent_vespene()};
  std::array<std::int64_t, 13> result{};
  result[0] = score.score();
  for (std::size_t i = 0; i < std::size(details); ++i) result[i + 1] = truncate_to_int(details[i]);
  return result;
}

Table score_by_category(const SC2APIProtocol::Score& score) {
  const ScoreDetails& d = score.score_details();
  Table table(columns::score_category, 11, columns::score_category_rows);
  const CategoryScoreDetails* rows[] = {&d.food_used(),           &d.killed_minerals(),       &d.killed_vespene(),
                                        &d.lost_minerals(),       &d.lost_vespene(),          &d.friendly_fire_minerals(),
                                        &d.friendly_fire_vespene(), &d.used_minerals(),       &d.used_vespene(),
                                        &d.total_used_minerals(), &d.total_used_vespene()};
  for (int row = 0; row < 11; ++row) set_category_row(table, row, *rows[row]);
  return table;
}

Table score_by_vital(const SC2APIProtocol::Score& score) {
  const ScoreDetails& d = score.score_details();
  Table table(columns::score_vital, 3, columns::score_vital_rows);
  set_vital_row(table, 0, d.total_damage_dealt());
  set_vital_row(table, 1, d.total_damage_taken());
  set_vital_row(table, 2, d.total_healed());
  return table;
}

}  // namespace sc2::pysc2
