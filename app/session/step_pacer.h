#pragma once
// StepPacer: when the game thread takes its next step. In real time a step of step_mul game
// loops is due every step_mul / (22.4 x speed) seconds (speed <= 0: as fast as the game
// answers); paused, the game waits for a single step (request_step); with synchronous
// rendering (PySC2's --render_sync) each step waits until the UI has drawn the observation
// published last. A stop ends every wait for good.
//
// Thread-safe: one mutex and one condition variable of its own. The UI thread sets the pace;
// the game thread waits in wait_for_step() and sleep_for(). wait_for_step() calls the
// caller's `requests_pending` with the pacer's mutex held: that predicate may take a leaf
// lock of its own (SessionRequests), and nobody calls the pacer while holding that lock.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace sc2::app {

class StepPacer {
 public:
  using Clock = std::chrono::steady_clock;
  // After a pause or a slow step the pace does not rush to catch up beyond this.
  static constexpr std::chrono::milliseconds kMaxCatchUp{100};

  StepPacer(double speed, bool render_sync);

  // The UI thread's controls; each wakes the waiting game thread.
  void set_speed(double speed);  // multiple of real time; <= 0: as fast as possible
  void set_paused(bool paused);
  void request_step();  // one step while paused (ignored while running)
  void set_render_sync(bool on);
  void frame_drawn(std::uint64_t version);  // the UI drew the TimeStep of this version
  bool paused() const;
  double speed() const;
  bool render_sync() const;

  // The game thread published the TimeStep of this version (synchronous rendering waits for it).
  void published(std::uint64_t version);
  // Wakes the game thread to look at a request of the caller's (requests_pending).
  void wake();
  void request_stop();  // every wait returns false from now on
  void clear_stop();
  bool stop_requested() const { return stop_.load(); }

  // When the step after the one due at `previous` is due, at `speed`, the time being `now`.
  static Clock::time_point next_deadline(Clock::time_point previous, Clock::time_point now, double speed,
                                         int step_mul);
  Clock::time_point next_deadline(Clock::time_point previous, int step_mul) const;  // now, at the set speed

  // Waits until `deadline` (or a stop); then, while paused or waiting for the UI to draw,
  // until resumed, drawn, a single step or any request (`requests_pending`) comes. False
  // when stopped.
  bool wait_for_step(Clock::time_point deadline, const std::function<bool()>& requests_pending);
  // Waits for nothing but a request (`requests_pending`) or a stop, whatever the pace, pause
  // or single step (a game that ended and waits for a restart); false when stopped.
  bool wait_for_request(const std::function<bool()>& requests_pending);
  // Sleeps `duration` unless stopped first; false when stopped.
  bool sleep_for(Clock::duration duration);

  // The game thread's turn: whether a single step was asked for (taken: cleared) and
  // whether the game is paused.
  struct Turn {
    bool step = false;
    bool paused = false;
  };
  Turn take_turn();

 private:
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::atomic<bool> stop_{false};
  double speed_;
  bool paused_ = false;
  bool step_requested_ = false;
  bool render_sync_;
  std::uint64_t drawn_version_ = 0;
  std::uint64_t published_version_ = 0;
};

}  // namespace sc2::app
