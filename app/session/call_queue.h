#pragma once
// CallQueue: the person's calls (and raw-interface commands) waiting for the next step, in
// the order they were submitted and at most kMaxQueuedCalls of them: more than a person can
// mean while the game is paused or slow; beyond it a call is refused instead of letting a
// stuck game or a runaway script grow the queue without end. The game thread takes them,
// each call validated on its own against what the observation offers.
//
// Thread-safe: one small mutex of its own (a leaf lock, never held while calling out). The
// Session decides under its own lock whether a submission may be queued (read only, the
// agent in control, recording) and pushes or drops under that same lock, so a change of
// control and a submission never interleave; the game thread takes without the Session's lock.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/pysc2/actions.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/raw_command.h"

namespace sc2::app {

class CallQueue {
 public:
  static constexpr std::size_t kMaxQueuedCalls = 64;

  struct Item {
    std::uint64_t sequence = 0;  // its ActionRecord
    pysc2::FunctionCall call;    // no_op for a raw command
    std::optional<pysc2::RawCommand> raw;
  };

  // What one step sends, in the order submitted.
  struct Taken {
    std::vector<std::pair<std::uint64_t, pysc2::FunctionCall>> calls;  // valid calls with their sequences
    std::vector<pysc2::RawCommand> raw;                                // raw commands (not validated)
    std::vector<std::uint64_t> raw_sequences;
    std::vector<std::pair<std::uint64_t, std::string>> rejected;       // "rejected: <why>" per sequence
  };

  // Why nothing more can be queued now (the queue is full); nullopt when it can.
  std::optional<std::string> full_refusal() const;
  void push(Item item);
  // Takes what this step sends: every waiting item, or with `one_only` up to and including
  // the first valid call (a recorded step holds exactly one call). Calls that fail
  // pysc2::validate against `space` and `available` are rejected, the others still go.
  Taken take(const pysc2::ActionSpace& space, const std::vector<int>& available, bool one_only);
  // Empties the queue; the sequences of what was dropped.
  std::vector<std::uint64_t> drop_all();
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::deque<Item> items_;
};

}  // namespace sc2::app
