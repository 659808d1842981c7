#pragma once
// The player's recent echoed actions (ResponseObservation.actions), kept for observer
// connections: each observer reads from its own cursor, so it sees every action once, in
// order, however rarely it asks. Bounded: an observer that fell further behind than
// `capacity` actions gets the ones still kept.
#include <cstddef>
#include <cstdint>
#include <deque>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

class EchoHistory {
 public:
  static constexpr std::size_t kDefaultCapacity = 4096;
  explicit EchoHistory(std::size_t capacity = kDefaultCapacity);

  // Actions keep their game_loop as echoed.
  void add(const SC2APIProtocol::Action& action);
  // Forgets every kept action (a new episode); cursors handed out before stay valid.
  void clear();

  // The cursor of an observer that has seen everything so far.
  std::uint64_t end() const { return next_; }
  // Appends the kept actions from `cursor` on to `out`; returns the cursor after them.
  std::uint64_t copy_since(std::uint64_t cursor,
                           google::protobuf::RepeatedPtrField<SC2APIProtocol::Action>* out) const;

  std::size_t size() const { return kept_.size(); }

 private:
  std::size_t capacity_;
  std::deque<SC2APIProtocol::Action> kept_;
  std::uint64_t next_ = 0;  // sequence number of the next action added; kept_ ends just before it
};

}  // namespace sc2::engine
