// Table: named n x k int64 arrays for the structured observation keys.
#include "client/pysc2/table.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace sc2::pysc2 {
namespace {

int index_of(std::span<const std::string_view> names, std::string_view name) {
  auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

std::string shape(const Table& table) {
  return "(" + std::to_string(table.rows) + ", " + std::to_string(table.width()) + ")";
}

}  // namespace

Table::Table(Views, std::span<const std::string_view> column_names, int row_count, std::span<const std::string_view> names)
    : columns(column_names),
      row_names(names),
      rows(std::max(row_count, 0)),
      values(static_cast<std::size_t>(rows) * column_names.size(), 0) {
  if (!row_names.empty() && static_cast<int>(row_names.size()) != rows) {
    throw std::invalid_argument("Table: " + std::to_string(row_names.size()) + " row names for " +
                                std::to_string(rows) + " rows");
  }
}

int Table::column(std::string_view name) const { return index_of(columns, name); }
int Table::row(std::string_view name) const { return index_of(row_names, name); }

std::int64_t Table::at(int row, int column) const {
  if (row < 0 || row >= rows || column < 0 || column >= width()) {
    throw std::out_of_range("Table::at(" + std::to_string(row) + ", " + std::to_string(column) +
                            ") outside a table of shape " + shape(*this));
  }
  return values[static_cast<std::size_t>(row) * columns.size() + static_cast<std::size_t>(column)];
}

std::int64_t& Table::at(int row, int column) {
  static_cast<void>(std::as_const(*this).at(row, column));  // same bounds check
  return values[static_cast<std::size_t>(row) * columns.size() + static_cast<std::size_t>(column)];
}

std::int64_t Table::at(int row, std::string_view name) const {
  const int index = column(name);
  if (index < 0) throw std::out_of_range("Table has no column '" + std::string(name) + "'");
  return at(row, index);
}

std::int64_t Table::at(std::string_view row_name, std::string_view column_name) const {
  const int index = row(row_name);
  if (index < 0) throw std::out_of_range("Table has no row '" + std::string(row_name) + "'");
  return at(index, column_name);
}

std::span<const std::int64_t> Table::row_values(int row) const {
  if (row < 0 || row >= rows) {
    throw std::out_of_range("Table row " + std::to_string(row) + " outside a table of shape " + shape(*this));
  }
  return std::span<const std::int64_t>(values).subspan(static_cast<std::size_t>(row) * columns.size(),
                                                       columns.size());
}

std::vector<std::int64_t> Table::column_values(std::string_view name) const {
  const int index = column(name);
  if (index < 0) throw std::out_of_range("Table has no column '" + std::string(name) + "'");
  std::vector<std::int64_t> result;
  result.reserve(static_cast<std::size_t>(rows));
  for (int r = 0; r < rows; ++r) result.push_back(at(r, index));
  return result;
}

int Table::add_row() {
  values.resize(values.size() + columns.size(), 0);
  return rows++;
}

int Table::add_row(std::initializer_list<std::int64_t> row) {
  if (row.size() != columns.size()) {
    throw std::invalid_argument("Table::add_row: " + std::to_string(row.size()) + " values for " +
                                std::to_string(columns.size()) + " columns");
  }
  values.insert(values.end(), row.begin(), row.end());
  return rows++;
}

}  // namespace sc2::pysc2
