#include "engine/galaxy/timers.h"

#include <algorithm>

namespace sc2::galaxy {

std::optional<TimerId> TimerTable::create(std::uint32_t max_timers) {
  if (timers_.size() >= max_timers) return std::nullopt;
  timers_.emplace_back();
  return static_cast<TimerId>(timers_.size());
}

void TimerTable::schedule(TimerId id, std::int64_t loop) {
  Timer& timer = timers_[id - 1];
  timer.expires_at = loop;
  if (schedule_.size() >= 2 * timers_.size() + 64) drop_stale_entries();
  schedule_.push({loop, next_sequence_++, id, timer.stamp});
}

void TimerTable::drop_stale_entries() {
  // A restarted, paused or stopped timer leaves its old entry behind until its loop comes; a
  // script restarting a timer in a loop would pile them up. One entry per running timer is
  // current (its stamp), so after this the schedule holds at most one per timer.
  std::vector<Due> current;
  while (!schedule_.empty()) {
    const Due due = schedule_.top();
    schedule_.pop();
    const Timer& timer = timers_[due.timer - 1];
    if (timer.stamp == due.stamp && timer.state == TimerState::Running) current.push_back(due);
  }
  for (const Due& due : current) schedule_.push(due);
}

void TimerTable::start(TimerId id, std::int64_t duration_loops, bool periodic, std::int64_t now) {
  Timer* timer = mutable_get(id);
  if (!timer) return;
  timer->state = TimerState::Running;
  timer->periodic = periodic;
  timer->duration = std::max<std::int64_t>(duration_loops, 1);
  ++timer->stamp;
  schedule(id, now + timer->duration);
  last_started_ = id;
}

void TimerTable::set_paused(TimerId id, bool paused, std::int64_t now) {
  Timer* timer = mutable_get(id);
  if (!timer) return;
  if (paused && timer->state == TimerState::Running) {
    timer->remaining = std::max<std::int64_t>(timer->expires_at - now, 0);
    timer->state = TimerState::Paused;
    ++timer->stamp;
  } else if (!paused && timer->state == TimerState::Paused) {
    timer->state = TimerState::Running;
    ++timer->stamp;
    schedule(id, now + std::max<std::int64_t>(timer->remaining, 1));
  }
}

void TimerTable::stop(TimerId id) {
  Timer* timer = mutable_get(id);
  if (!timer) return;
  timer->state = TimerState::Stopped;
  timer->remaining = 0;
  ++timer->stamp;
}

std::int64_t TimerTable::remaining_loops(TimerId id, std::int64_t now) const {
  const Timer* timer = get(id);
  if (!timer) return 0;
  switch (timer->state) {
    case TimerState::Running: return std::max<std::int64_t>(timer->expires_at - now, 0);
    case TimerState::Paused: return timer->remaining;
    case TimerState::Stopped: return 0;
  }
  return 0;
}

std::int64_t TimerTable::elapsed_loops(TimerId id, std::int64_t now) const {
  const Timer* timer = get(id);
  return timer ? std::max<std::int64_t>(timer->duration - remaining_loops(id, now), 0) : 0;
}

std::optional<TimerId> TimerTable::pop_expired(std::int64_t loop) {
  while (!schedule_.empty() && schedule_.top().loop <= loop) {
    const Due due = schedule_.top();
    schedule_.pop();
    Timer& timer = timers_[due.timer - 1];
    if (timer.stamp != due.stamp || timer.state != TimerState::Running) continue;  // restarted, paused, stopped
    if (timer.periodic) {
      ++timer.stamp;
      schedule(due.timer, due.loop + timer.duration);
    } else {
      timer.state = TimerState::Stopped;
      timer.remaining = 0;
    }
    return due.timer;
  }
  return std::nullopt;
}

}  // namespace sc2::galaxy
