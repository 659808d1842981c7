#pragma once
// How long a connection's end polls for the next message before it sleeps.
//
// A client and its game take turns (request, reply). When the waiting end sleeps, the message
// must wake its core, and on these virtual machines an idle core halts: waking it costs more
// than the work of a small step (a 130 KB ping-pong: 30 us a round trip on one core, 68 us
// across two). Polling the socket for a while keeps the core awake for the message instead
// (bench/RESULTS.md, "Waiting awake": CollectMineralShards twice as fast over the websocket).
// It pays only when the message comes soon and the core is ours, so each end remembers its
// recent waits and polls only while
// - they were short (an agent that thinks for milliseconds, or a human, gets sleeping waits),
// - it kept its core while it polled (a poll yields the core to any thread that wants it;
//   when others did, as with more games than cores, it stops polling for a while),
// - it may run on several cores (a pinned end's peer could not run meanwhile; judged when the
//   end is made: the connection, or the server's connection thread).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>

namespace sc2::net {

// The polling limit of every connection made from now on, client or server (sc2lite, sc2agent
// and sc2studio --wait_spin_us); 0 = always sleep. The default is longer than a late BuildMarines
// step's work (~300 us) and shorter than one step of a Python agent (~1 ms and more).
inline constexpr std::chrono::microseconds kDefaultWaitSpin{500};
void set_wait_spin(std::chrono::microseconds limit);
std::chrono::microseconds wait_spin();

// One end's record of its waits and how long the next should poll.
class WaitSpin {
 public:
  // Waits that pass over polling after one in which others had the core.
  static constexpr int kWaitsAfterContention = 64;

  // `several_cores`: whether the thread that waits may run on more than one core.
  explicit WaitSpin(std::chrono::microseconds limit, bool several_cores = true)
      : limit_ns_(several_cores ? std::max<std::int64_t>(std::chrono::nanoseconds(limit).count(), 0) : 0) {}
  // With the process's limit, for the calling thread's cores as they are now (a connection's
  // end is made on the thread that waits, after any pinning).
  static WaitSpin for_this_thread();

  // How long the next wait should poll before sleeping: the limit (at first, and while the
  // rules above hold), else 0.
  std::chrono::microseconds budget() const noexcept {
    if (limit_ns_ == 0 || waits_without_polling_ > 0 || typical_ns_ >= limit_ns_) return {};
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::nanoseconds(limit_ns_));
  }

  // A wait took `waited` (from its start to the whole message) after polling for up to
  // `polled_for` (its budget), and this thread was on a core for `on_cpu` of that polling.
  // Recent waits count most (an old wait's weight halves in ~5 waits). One long wait (a reset,
  // a slow step) counts as 2 limits at most, so that alone it does not stop the polling while
  // the waits before it were under 6/7 of the limit. Polling that was on a core for less than
  // half its time (20 us at least) stops polling for a while.
  void record(std::chrono::nanoseconds waited, std::chrono::nanoseconds polled_for,
              std::chrono::nanoseconds on_cpu) noexcept {
    if (limit_ns_ == 0) return;
    if (waits_without_polling_ > 0) --waits_without_polling_;
    const std::int64_t polled = std::min(waited.count(), polled_for.count());
    if (polled > 20'000 && on_cpu.count() < polled / 2) waits_without_polling_ = kWaitsAfterContention;
    const std::int64_t sample = std::clamp<std::int64_t>(waited.count(), 0, 2 * limit_ns_);
    typical_ns_ += (sample - typical_ns_) / 8;
  }

 private:
  std::int64_t limit_ns_;
  std::int64_t typical_ns_ = 0;
  int waits_without_polling_ = 0;
};

// One wait for a message, from its start: until when it polls, and what WaitSpin::record
// needs (this thread's CPU time is read only when it polls: that clock is a system call).
class TimedWait {
 public:
  explicit TimedWait(const WaitSpin& waits);
  // The end of the polling for every piece of the message; none when it does not poll.
  std::optional<std::chrono::steady_clock::time_point> poll_until() const noexcept {
    if (budget_.count() == 0) return std::nullopt;
    return started_ + budget_;
  }
  void record_into(WaitSpin& waits) const;

 private:
  std::chrono::microseconds budget_;
  std::chrono::steady_clock::time_point started_;
  std::chrono::nanoseconds cpu_started_{0};
};

// A moment of the processor's spin-wait hint (between two polls: lets a sibling hyperthread
// work, costs far less than a system call).
void pause_briefly() noexcept;

}  // namespace sc2::net
