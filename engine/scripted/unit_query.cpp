#include "engine/scripted/unit_query.h"

#include "engine/scripted/native_args.h"

namespace sc2::engine::scripted {

namespace {

constexpr int kFilterMissile = 21;
constexpr int kFilterDead = 34;
constexpr int kFilterHidden = 36;

bool has_flag(const Unit& unit, int bit) {
  if (bit == kFilterDead) return !unit.alive();
  return false;  // never a missile nor hidden; other bits are not modelled
}

bool passes(const Unit& unit, const galaxy::UnitFilterSpec& filter) {
  for (const int bit : {kFilterMissile, kFilterDead, kFilterHidden}) {
    if (filter.requires_flag(bit) && !has_flag(unit, bit)) return false;
    if (filter.excludes_flag(bit) && has_flag(unit, bit)) return false;
  }
  return true;
}

}  // namespace

std::vector<galaxy::Handle> find_units(ScriptWorld& world, const UnitQuery& query, galaxy::NativeCall& call) {
  std::vector<galaxy::Handle> found;
  std::int64_t scanned = 0;
  std::int64_t region_tests = 0;
  world.world().for_each_unit([&](const Unit& unit) {
    ++scanned;
    if (query.max_count > 0 && found.size() >= static_cast<std::size_t>(query.max_count)) return;
    if (!query.type.empty() && unit.stats->name != query.type) return;
    if (query.owner >= 0 && unit.owner != query.owner) return;
    if (query.region != nullptr) {
      ++region_tests;
      if (!query.region->contains({unit.pos.x, unit.pos.y})) return;
    }
    if (query.filter != nullptr && !passes(unit, *query.filter)) return;
    found.push_back(unit_handle(unit.id));
  });
  call.charge(scanned + (query.region ? region_tests * region_test_cost(*query.region) : 0));
  return found;
}

std::optional<UnitQuery> unit_query_args(galaxy::NativeCall& call, ScriptWorld& world) {
  UnitQuery query;
  query.type = call.string_arg(0);
  if (call.int_arg(1) != kScriptPlayerAny) {
    const std::optional<int> owner = player_arg(call, 1);
    if (!owner) return std::nullopt;
    query.owner = *owner;
  }
  if (!call.is_null(2) && (query.region = region_arg(call, world, 2)) == nullptr) return std::nullopt;
  query.filter = call.unit_filter_arg(3);
  query.max_count = call.int_arg(4);
  return query;
}

}  // namespace sc2::engine::scripted
