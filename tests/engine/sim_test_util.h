#pragma once
// Helpers for simulation-level tests: a flat World, the spec's unit table.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/sim/orders.h"
#include "engine/sim/world.h"
#include "tests/shared_dir.h"

namespace sc2::engine::test {

// The simulation tests' arena: a 64x64 map with a flat 24x24 playable area (20,20)-(44,44) and an
// unpathable border, independent of any mini-game's layout (the tests place units in it).
inline constexpr CellRect kTestArena{20, 20, 44, 44};
inline World flat_world(std::uint64_t seed = 1) { return World(make_flat_layout(64, 64, kTestArena, 128, 96), seed); }

// One row of the shared spec's sc2-game-data.tsv, by column name.
class GameDataRow {
 public:
  GameDataRow() = default;
  explicit GameDataRow(std::map<std::string, std::string> cells) : cells_(std::move(cells)) {}
  const std::string& text(const std::string& column) const { return cells_.at(column); }
  float number(const std::string& column) const { return std::stof(cells_.at(column)); }

 private:
  std::map<std::string, std::string> cells_;
};

inline std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, '\t')) out.push_back(cell);
  if (!line.empty() && line.back() == '\t') out.emplace_back();
  return out;
}

// The row of `unit_type_id`; REQUIREs it to exist.
inline GameDataRow game_data(std::uint32_t unit_type_id) {
  std::ifstream file(sc2::test::shared_dir() / "spec/sc2-game-data.tsv");
  REQUIRE(file.good());
  std::string line;
  std::getline(file, line);
  const auto header = split_tabs(line);
  while (std::getline(file, line)) {
    const auto cells = split_tabs(line);
    if (cells.empty() || cells[0] != std::to_string(unit_type_id)) continue;
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    return GameDataRow(std::move(row));
  }
  FAIL("unit " << unit_type_id << " is not in sc2-game-data.tsv");
  return {};
}

inline void run_loops(World& world, int loops) {
  for (int i = 0; i < loops; ++i) world.advance();
}

// Advances until `done` (checked before each loop) or `limit` loops; returns the loops run.
template <class Done>
int run_until(World& world, int limit, Done done) {
  for (int i = 0; i < limit; ++i) {
    if (done()) return i;
    world.advance();
  }
  return limit;
}

// A new unit of `type` for `owner` at `pos` (the test fails when the world refuses it).
inline Unit& place_unit(World& world, std::uint32_t type, int owner, Vec2 pos) {
  Unit* unit = world.find(world.spawn(type, owner, pos));
  REQUIRE(unit != nullptr);
  return *unit;
}

// The units of `owner` of `type`, in slot order.
inline std::vector<Unit*> units_of(World& world, int owner, std::uint32_t type) {
  std::vector<Unit*> out;
  for (Unit* u : world.units()) {
    if (u->owner == owner && u->type() == type) out.push_back(u);
  }
  return out;
}

// `ability` on a point (and a unit, if given), not queued.
inline CommandOutcome order(World& world, Unit& unit, std::uint32_t ability, Vec2 point, UnitId target = {}) {
  return issue_command(world, unit, ability, {point, target}, false);
}

}  // namespace sc2::engine::test
