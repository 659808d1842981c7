#pragma once
// The player's recent echoed actions (ResponseObservation.actions) and action errors, kept
// for observer connections: each observer reads from its own cursor, so it sees every item
// once, in order, however rarely it asks. Bounded: an observer that fell further behind
// than `capacity` items gets the ones still kept.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

template <class Message>
class PlayerHistory {
 public:
  static constexpr std::size_t kDefaultCapacity = 4096;
  explicit PlayerHistory(std::size_t capacity = kDefaultCapacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

  void add(const Message& item) {
    if (kept_.size() == capacity_) kept_.pop_front();
    kept_.push_back(item);
    ++next_;
  }
  // Forgets every kept item (a new episode); cursors handed out before stay valid.
  void clear() { kept_.clear(); }

  // The cursor of an observer that has seen everything so far.
  std::uint64_t end() const { return next_; }
  // Appends the kept items from `cursor` on to `out`; returns the cursor after them.
  std::uint64_t copy_since(std::uint64_t cursor, google::protobuf::RepeatedPtrField<Message>* out) const {
    const std::uint64_t first_kept = next_ - kept_.size();
    const std::uint64_t from = std::clamp(cursor, first_kept, next_);
    for (std::uint64_t seq = from; seq < next_; ++seq) *out->Add() = kept_[static_cast<std::size_t>(seq - first_kept)];
    return next_;
  }

  std::size_t size() const { return kept_.size(); }

 private:
  std::size_t capacity_;
  std::deque<Message> kept_;
  std::uint64_t next_ = 0;  // sequence number of the next item added; kept_ ends just before it
};

// Actions keep their game_loop as echoed.
using EchoHistory = PlayerHistory<SC2APIProtocol::Action>;
using ErrorHistory = PlayerHistory<SC2APIProtocol::ActionError>;

}  // namespace sc2::engine
