#pragma once
// The top bar's "game loops per second": loops advanced over wall time, summed across
// observations and episodes. The game loop restarts at every episode (and jumps at a replay
// seek), so the difference between the newest and the oldest loop would go negative or spike
// there; a step that is not a plain advance counts as no loops instead.
#include <chrono>
#include <cstdint>
#include <deque>

namespace sc2::app::ui {

class LoopRate {
 public:
  using Clock = std::chrono::steady_clock;

  explicit LoopRate(Clock::duration window = std::chrono::seconds(3)) : window_(window) {}

  // A new observation seen at `now`. `jumped`: something other than game steps moved the loop
  // since the last one (a replay seek); an episode change or a loop going back counts as such too.
  void add(Clock::time_point now, int episode, std::uint32_t game_loop, bool jumped = false) {
    std::uint32_t advanced = 0;
    if (has_last_ && !jumped && episode == last_episode_ && game_loop >= last_loop_) advanced = game_loop - last_loop_;
    has_last_ = true;
    last_episode_ = episode;
    last_loop_ = game_loop;
    samples_.push_back({now, advanced});
    // Keep one sample older than the window: the start of the span the newest loops cover.
    while (samples_.size() > 2 && now - samples_[1].time > window_) samples_.pop_front();
  }

  // Loops per second over the window; 0 with fewer than two observations in it.
  double per_second() const {
    if (samples_.size() < 2) return 0.0;
    const double seconds = std::chrono::duration<double>(samples_.back().time - samples_.front().time).count();
    if (seconds <= 0.0) return 0.0;
    double loops = 0.0;
    for (std::size_t i = 1; i < samples_.size(); ++i) loops += samples_[i].advanced;  // the first one's lies before
    return loops / seconds;
  }

 private:
  struct Sample {
    Clock::time_point time;
    std::uint32_t advanced;  // loops since the previous observation
  };
  Clock::duration window_;
  std::deque<Sample> samples_;
  bool has_last_ = false;
  int last_episode_ = 0;
  std::uint32_t last_loop_ = 0;
};

}  // namespace sc2::app::ui
