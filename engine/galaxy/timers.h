#pragma once
// Timers (TimerCreate / TimerStart / libNtve_gf_StopTimer, and pause, remaining and elapsed
// time for the host): a countdown in game loops that fires its Timer events when it reaches
// zero; a periodic timer then starts again. Times are whole loops: a duration in seconds is
// rounded up to loops (16 per game second; c_timeReal is counted as game time, the clock being
// stepped). A timer always expires in a later loop than the one it started in (a zero duration
// counts as one loop), so no script can make a loop that never ends.
#include <cstdint>
#include <optional>
#include <queue>
#include <vector>

#include "engine/galaxy/thread.h"

namespace sc2::galaxy {

enum class TimerState : std::uint8_t { Stopped, Running, Paused };

struct Timer {
  TimerState state = TimerState::Stopped;
  bool periodic = false;
  std::int64_t duration = 0;    // loops, as started
  std::int64_t expires_at = 0;  // Running: the loop it fires in
  std::int64_t remaining = 0;   // Paused: loops left
  std::uint32_t stamp = 0;      // bumped on every change, so stale schedule entries are skipped
};

class TimerTable {
 public:
  std::optional<TimerId> create(std::uint32_t max_timers);
  const Timer* get(TimerId id) const { return id >= 1 && id <= timers_.size() ? &timers_[id - 1] : nullptr; }
  std::size_t size() const { return timers_.size(); }

  void start(TimerId id, std::int64_t duration_loops, bool periodic, std::int64_t now);
  // Pausing keeps the time left; unpausing counts it down again from `now`.
  void set_paused(TimerId id, bool paused, std::int64_t now);
  // libNtve_gf_StopTimer: no time left, not running, no expiry event.
  void stop(TimerId id);
  std::int64_t remaining_loops(TimerId id, std::int64_t now) const;
  std::int64_t elapsed_loops(TimerId id, std::int64_t now) const;
  TimerId last_started() const { return last_started_; }

  // The next timer that expires at or before `loop` (earliest first, then the order they were
  // started), already stopped or restarted (periodic); nullopt when none.
  std::optional<TimerId> pop_expired(std::int64_t loop);
  // The earliest loop a timer may expire in (INT64_MAX when none runs); may be early, never late.
  std::int64_t next_expiry() const { return schedule_.empty() ? INT64_MAX : schedule_.top().loop; }
  std::size_t scheduled() const { return schedule_.size(); }  // entries, stale ones included

 private:
  struct Due {
    std::int64_t loop;
    std::uint64_t sequence;
    TimerId timer;
    std::uint32_t stamp;
    bool operator>(const Due& other) const {
      return loop != other.loop ? loop > other.loop : sequence > other.sequence;
    }
  };
  void schedule(TimerId id, std::int64_t loop);
  void drop_stale_entries();
  Timer* mutable_get(TimerId id) { return id >= 1 && id <= timers_.size() ? &timers_[id - 1] : nullptr; }

  std::vector<Timer> timers_;
  std::priority_queue<Due, std::vector<Due>, std::greater<>> schedule_;
  std::uint64_t next_sequence_ = 0;
  TimerId last_started_ = 0;
};

}  // namespace sc2::galaxy
