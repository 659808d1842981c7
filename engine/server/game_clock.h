#pragma once
// GameClock: holds the player's step requests to a pace, so that anyone can watch a game
// whose client steps as fast as it can (sc2lite --speed, --pause_on_start, and observers
// with --observer_control). It only delays: the step itself is what it would have been.
//
// At speed X a step of N game loops is released N / (22.4 x X) seconds after the previous
// one reached its loop; speed 0 releases at once (the default). Paused, steps wait for
// resume or a single step. A client slower than the pace is not rushed afterwards: the clock
// catches up at most kMaxCatchUp.
//
// Thread-safe: one mutex and one condition variable of its own. The player's connection
// thread waits in hold(); observers' threads change the pace (each change wakes it).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace sc2::engine {

inline constexpr double kGameLoopsPerRealSecond = 22.4;  // "faster" speed = real time

struct GamePace {
  double speed = 0;     // multiple of real time; 0 = as fast as the player asks
  bool paused = false;  // steps wait for resume or a single step
};

class GameClock {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kMaxCatchUp{100};
  // How often a held step asks whether its requester is still there.
  static constexpr std::chrono::milliseconds kProbeInterval{50};

  explicit GameClock(GamePace pace = {});

  // Blocks a step of `loops` game loops until the pace releases it: true then. False when
  // `requester_gone` (asked every kProbeInterval while held, without the clock's lock) says
  // the requester went away, or after shut_down().
  bool hold(std::uint32_t loops, const std::function<bool()>& requester_gone = {});

  // Each change wakes a held step. Resuming starts the pace afresh from now.
  void set_pace(GamePace pace);
  void set_speed(double speed);
  void set_paused(bool paused);
  // Paused: releases the step being held, or the next one, at once.
  void single_step();
  void shut_down();  // every hold returns false from now on

  // The game advanced `loops` (paced or not): counted for loops_per_second().
  void stepped(std::uint32_t loops);

  GamePace pace() const;
  // The player's game loops per real second over its last steps (0 when it stood still).
  double loops_per_second() const;
  // False while nothing can hold a step (speed 0, running): callers may skip hold().
  bool active() const { return active_.load(std::memory_order_relaxed); }

  // When a step of `loops` loops is due: `reached` is when the game reached its current loop.
  static Clock::time_point due(Clock::time_point reached, std::uint32_t loops, double speed);

 private:
  void update_active();  // with mutex_ held

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  GamePace pace_;
  std::atomic<bool> active_{false};
  bool shut_down_ = false;
  int single_steps_ = 0;                     // released while paused
  std::optional<Clock::time_point> reached_;  // when the game reached its current loop (paced)
  struct Release {
    Clock::time_point when;
    std::uint32_t loops;
  };
  std::deque<Release> recent_;  // the last steps, for the rate
};

}  // namespace sc2::engine
