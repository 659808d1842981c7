#include "app/session/call_queue.h"

#include <exception>

namespace sc2::app {

std::optional<std::string> CallQueue::full_refusal() const {
  std::lock_guard lock(mutex_);
  if (items_.size() < kMaxQueuedCalls) return std::nullopt;
  return "ignored: " + std::to_string(items_.size()) + " calls already wait to be sent (at most " +
         std::to_string(kMaxQueuedCalls) + ")";
}

void CallQueue::push(Item item) {
  std::lock_guard lock(mutex_);
  items_.push_back(std::move(item));
}

CallQueue::Taken CallQueue::take(const pysc2::ActionSpace& space, const std::vector<int>& available, bool one_only) {
  Taken taken;
  while (true) {
    Item item;
    {
      std::lock_guard lock(mutex_);
      if (items_.empty() || (one_only && !taken.calls.empty())) break;
      item = std::move(items_.front());
      items_.pop_front();
    }
    if (item.raw) {
      taken.raw.push_back(std::move(*item.raw));
      taken.raw_sequences.push_back(item.sequence);
      continue;
    }
    // Validated one by one so that one bad call does not drop the others.
    try {
      pysc2::validate(item.call, space, &available);
      taken.calls.emplace_back(item.sequence, std::move(item.call));
    } catch (const std::exception& error) {
      taken.rejected.emplace_back(item.sequence, std::string("rejected: ") + error.what());
    }
  }
  return taken;
}

std::vector<std::uint64_t> CallQueue::drop_all() {
  std::lock_guard lock(mutex_);
  std::vector<std::uint64_t> dropped;
  for (const Item& item : items_) dropped.push_back(item.sequence);
  items_.clear();
  return dropped;
}

std::size_t CallQueue::size() const {
  std::lock_guard lock(mutex_);
  return items_.size();
}

}  // namespace sc2::app
