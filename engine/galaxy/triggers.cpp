#include "engine/galaxy/triggers.h"

namespace sc2::galaxy {

std::optional<TriggerId> TriggerTable::create(std::int32_t function, std::uint32_t max_triggers) {
  if (triggers_.size() >= max_triggers) return std::nullopt;
  triggers_.push_back({function, true});
  return static_cast<TriggerId>(triggers_.size());
}

std::optional<std::uint32_t> TriggerTable::add_event(const EventRegistration& event, std::uint32_t max_registrations) {
  if (events_.size() >= max_registrations) return std::nullopt;
  const auto index = static_cast<std::uint32_t>(events_.size());
  events_.push_back(event);
  by_kind_[static_cast<int>(event.kind)].push_back(index);
  return index;
}

}  // namespace sc2::galaxy
