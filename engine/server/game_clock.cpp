#include "engine/server/game_clock.h"

#include <algorithm>
#include <cmath>

namespace sc2::engine {

namespace {

constexpr std::size_t kMaxRecent = 32;
constexpr std::chrono::seconds kForgetAfter{10};

}  // namespace

GameClock::GameClock(GamePace pace) : pace_(pace) {
  std::lock_guard lock(mutex_);
  update_active();
}

GameClock::Clock::time_point GameClock::due(Clock::time_point reached, std::uint32_t loops, double speed) {
  const double seconds = loops / (kGameLoopsPerRealSecond * speed);
  return reached + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

bool GameClock::hold(std::uint32_t loops, const std::function<bool()>& requester_gone) {
  std::unique_lock lock(mutex_);
  auto next_probe = Clock::now() + kProbeInterval;
  for (;;) {
    if (shut_down_) return false;
    const auto now = Clock::now();
    if (single_steps_ > 0) {
      --single_steps_;
      reached_ = now;
      update_active();
      return true;
    }
    auto wake_at = next_probe;
    if (!pace_.paused) {
      if (pace_.speed <= 0) {
        reached_.reset();
        return true;
      }
      if (!reached_) reached_ = now;  // the pace starts with this step
      const auto due_at = due(*reached_, loops, pace_.speed);
      if (now >= due_at) {
        // A little late (the sleep's own delay) is made up; a slow client is not rushed.
        reached_ = now - due_at <= kMaxCatchUp ? due_at : now;
        return true;
      }
      wake_at = std::min(wake_at, due_at);
    }
    changed_.wait_until(lock, wake_at);
    if (Clock::now() >= next_probe) {
      next_probe = Clock::now() + kProbeInterval;
      if (requester_gone) {
        lock.unlock();
        const bool gone = requester_gone();
        lock.lock();
        if (gone) return false;
      }
    }
  }
}

void GameClock::set_pace(GamePace pace) {
  {
    std::lock_guard lock(mutex_);
    if (pace_.paused && !pace.paused) reached_.reset();  // resumed: no burst to catch up
    if (!std::isfinite(pace.speed) || pace.speed < 0) pace.speed = 0;
    pace_ = pace;
    if (!pace_.paused) single_steps_ = 0;
    update_active();
  }
  changed_.notify_all();
}

void GameClock::set_speed(double speed) {
  GamePace pace = this->pace();
  pace.speed = speed;
  set_pace(pace);
}

void GameClock::set_paused(bool paused) {
  GamePace pace = this->pace();
  pace.paused = paused;
  set_pace(pace);
}

void GameClock::single_step() {
  {
    std::lock_guard lock(mutex_);
    if (!pace_.paused) return;
    single_steps_ = 1;  // several clicks before the player steps still make one step
    update_active();
  }
  changed_.notify_all();
}

void GameClock::shut_down() {
  {
    std::lock_guard lock(mutex_);
    shut_down_ = true;
    update_active();
  }
  changed_.notify_all();
}

GamePace GameClock::pace() const {
  std::lock_guard lock(mutex_);
  return pace_;
}

double GameClock::loops_per_second() const {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  auto first = std::find_if(recent_.begin(), recent_.end(), [&](const Release& r) { return now - r.when < kForgetAfter; });
  const auto count = std::distance(first, recent_.end());
  if (count < 2) return 0;
  double loops = 0;
  for (auto it = std::next(first); it != recent_.end(); ++it) loops += it->loops;
  // Over the span of the steps seen; once the game stands still for longer than a usual
  // step, the span grows with the time since and the rate falls.
  const std::chrono::duration<double> span = recent_.back().when - first->when;
  const std::chrono::duration<double> since_first = now - first->when;
  const double usual_step = span.count() / static_cast<double>(count - 1);
  const double seconds = std::max(span.count(), since_first.count() - usual_step);
  return seconds > 0 ? loops / seconds : 0;
}

void GameClock::stepped(std::uint32_t loops) {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  recent_.push_back({now, loops});
  while (recent_.size() > kMaxRecent || now - recent_.front().when > kForgetAfter) recent_.pop_front();
}

void GameClock::update_active() {
  active_.store(shut_down_ || pace_.paused || pace_.speed > 0 || single_steps_ > 0, std::memory_order_relaxed);
}

}  // namespace sc2::engine
