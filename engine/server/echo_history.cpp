#include "engine/server/echo_history.h"

#include <algorithm>

namespace sc2::engine {

EchoHistory::EchoHistory(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

void EchoHistory::add(const SC2APIProtocol::Action& action) {
  if (kept_.size() == capacity_) kept_.pop_front();
  kept_.push_back(action);
  ++next_;
}

void EchoHistory::clear() { kept_.clear(); }

std::uint64_t EchoHistory::copy_since(std::uint64_t cursor,
                                      google::protobuf::RepeatedPtrField<SC2APIProtocol::Action>* out) const {
  const std::uint64_t first_kept = next_ - kept_.size();
  const std::uint64_t from = std::clamp(cursor, first_kept, next_);
  for (std::uint64_t seq = from; seq < next_; ++seq) *out->Add() = kept_[static_cast<std::size_t>(seq - first_kept)];
  return next_;
}

}  // namespace sc2::engine
