#pragma once
// Orders and unit filters: small records the script makes by value (OrderTargetingPoint,
// UnitFilter) and the host reads. The runtime interns them, so a value is a 32-bit id, equal
// records have equal ids (`UnitOrder(u, 0) != OrderTargetingUnit(...)` compares contents), and
// a trigger that builds the same order every loop allocates nothing after the first time.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/galaxy/value.h"

namespace sc2::galaxy {

enum class OrderTarget : std::uint8_t { None, Point, Unit, UnitGroup };

struct Order {
  AbilCmd ability;
  OrderTarget target_kind = OrderTarget::None;
  std::uint64_t target = 0;  // packed point bits, or a unit / unit group handle

  Point target_point() const { return unpack_point(Value{target}); }
  friend bool operator==(const Order&, const Order&) = default;
};

// UnitFilter(required1, required2, excluded1, excluded2): bits are c_targetFilter* indices,
// the second word holding indices 32..63.
struct UnitFilterSpec {
  std::uint32_t required_low = 0;
  std::uint32_t required_high = 0;
  std::uint32_t excluded_low = 0;
  std::uint32_t excluded_high = 0;

  bool requires_flag(int bit) const { return bit < 32 ? (required_low >> bit) & 1 : (required_high >> (bit - 32)) & 1; }
  bool excludes_flag(int bit) const { return bit < 32 ? (excluded_low >> bit) & 1 : (excluded_high >> (bit - 32)) & 1; }
  friend bool operator==(const UnitFilterSpec&, const UnitFilterSpec&) = default;
};

template <class Record>
class RecordTable {
 public:
  explicit RecordTable(std::uint32_t max_records) : max_records_(max_records) {}
  // The id (>= 1) of `record`, adding it when new; nullopt when the table is full.
  std::optional<std::uint32_t> intern(const Record& record);
  // The record of an id; nullptr for null (0) or an unknown id.
  const Record* get(std::uint32_t id) const { return id >= 1 && id <= records_.size() ? &records_[id - 1] : nullptr; }
  std::size_t size() const { return records_.size(); }

 private:
  struct Hash {
    std::size_t operator()(const Record& r) const;
  };
  std::uint32_t max_records_;
  std::vector<Record> records_;
  std::unordered_map<Record, std::uint32_t, Hash> ids_;
};

using OrderTable = RecordTable<Order>;
using UnitFilterTable = RecordTable<UnitFilterSpec>;

}  // namespace sc2::galaxy
