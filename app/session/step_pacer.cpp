#include "app/session/step_pacer.h"

#include <algorithm>

#include "app/session/session_snapshot.h"

namespace sc2::app {

StepPacer::StepPacer(double speed, bool render_sync) : speed_(speed), render_sync_(render_sync) {}

void StepPacer::set_speed(double speed) {
  {
    std::lock_guard lock(mutex_);
    speed_ = speed;
  }
  wake_.notify_all();
}

void StepPacer::set_paused(bool paused) {
  {
    std::lock_guard lock(mutex_);
    paused_ = paused;
  }
  wake_.notify_all();
}

void StepPacer::request_step() {
  {
    std::lock_guard lock(mutex_);
    if (paused_) step_requested_ = true;
  }
  wake_.notify_all();
}

void StepPacer::set_render_sync(bool on) {
  {
    std::lock_guard lock(mutex_);
    render_sync_ = on;
  }
  wake_.notify_all();
}

void StepPacer::frame_drawn(std::uint64_t version) {
  {
    std::lock_guard lock(mutex_);
    if (version <= drawn_version_) return;
    drawn_version_ = version;
  }
  wake_.notify_all();
}

bool StepPacer::paused() const {
  std::lock_guard lock(mutex_);
  return paused_;
}

double StepPacer::speed() const {
  std::lock_guard lock(mutex_);
  return speed_;
}

bool StepPacer::render_sync() const {
  std::lock_guard lock(mutex_);
  return render_sync_;
}

void StepPacer::published(std::uint64_t version) {
  std::lock_guard lock(mutex_);
  published_version_ = std::max(published_version_, version);
}

void StepPacer::wake() {
  // Taking the mutex orders the caller's change before the waiter's next look at it: a
  // waiter between checking its predicate and sleeping cannot miss this notification.
  { std::lock_guard lock(mutex_); }
  wake_.notify_all();
}

void StepPacer::request_stop() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
}

void StepPacer::clear_stop() {
  std::lock_guard lock(mutex_);
  stop_ = false;
}

StepPacer::Clock::time_point StepPacer::next_deadline(Clock::time_point previous, Clock::time_point now, double speed,
                                                      int step_mul) {
  if (speed <= 0) return now;
  const double seconds = step_mul / (kGameLoopsPerSecond * speed);
  const auto next = previous + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  return std::max(next, now - kMaxCatchUp);
}

StepPacer::Clock::time_point StepPacer::next_deadline(Clock::time_point previous, int step_mul) const {
  double speed;
  {
    std::lock_guard lock(mutex_);
    speed = speed_;
  }
  return next_deadline(previous, Clock::now(), speed, step_mul);
}

bool StepPacer::wait_for_step(Clock::time_point deadline, const std::function<bool()>& requests_pending) {
  std::unique_lock lock(mutex_);
  wake_.wait_until(lock, deadline, [this] { return stop_.load(); });
  wake_.wait(lock, [&] {
    const bool drawn = !render_sync_ || drawn_version_ >= published_version_;
    return stop_.load() || (!paused_ && drawn) || step_requested_ || (requests_pending && requests_pending());
  });
  return !stop_;
}

bool StepPacer::wait_for_request(const std::function<bool()>& requests_pending) {
  std::unique_lock lock(mutex_);
  wake_.wait(lock, [&] { return stop_.load() || requests_pending(); });
  return !stop_;
}

bool StepPacer::sleep_for(Clock::duration duration) {
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, duration, [this] { return stop_.load(); });
  return !stop_;
}

StepPacer::Turn StepPacer::take_turn() {
  std::lock_guard lock(mutex_);
  Turn turn;
  std::swap(turn.step, step_requested_);
  turn.paused = paused_;
  return turn;
}

}  // namespace sc2::app
