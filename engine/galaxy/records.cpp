#include "engine/galaxy/records.h"

namespace sc2::galaxy {

namespace {

std::size_t mix(std::size_t seed, std::uint64_t v) {
  v *= 0x9E3779B97F4A7C15ull;
  return seed ^ (static_cast<std::size_t>(v ^ (v >> 29)) + 0x9E3779B9u + (seed << 6) + (seed >> 2));
}

}  // namespace

template <>
std::size_t RecordTable<Order>::Hash::operator()(const Order& r) const {
  std::size_t h = mix(0, pack_abilcmd(r.ability).bits);
  h = mix(h, static_cast<std::uint64_t>(r.target_kind));
  return mix(h, r.target);
}

template <>
std::size_t RecordTable<UnitFilterSpec>::Hash::operator()(const UnitFilterSpec& r) const {
  std::size_t h = mix(0, (std::uint64_t{r.required_high} << 32) | r.required_low);
  return mix(h, (std::uint64_t{r.excluded_high} << 32) | r.excluded_low);
}

template <class Record>
std::optional<std::uint32_t> RecordTable<Record>::intern(const Record& record) {
  if (const auto it = ids_.find(record); it != ids_.end()) return it->second;
  if (records_.size() >= max_records_) return std::nullopt;
  records_.push_back(record);
  const auto id = static_cast<std::uint32_t>(records_.size());
  ids_.emplace(record, id);
  return id;
}

template class RecordTable<Order>;
template class RecordTable<UnitFilterSpec>;

}  // namespace sc2::galaxy
