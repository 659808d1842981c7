#pragma once
// EpisodeHistory: one EpisodeSummary per episode the session showed (score, steps and who
// chose them, game loops, the summed reward after each step), oldest first. At most
// kMaxEpisodes are kept, and only the last kEpisodesWithCurves keep their reward curve (the UI
// copies the list whenever it changes; older episodes keep their score).
//
// Thread-safe: one small mutex of its own (a leaf lock): the game thread adds each published
// TimeStep, the UI thread reads the list.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

#include "app/session/session_snapshot.h"
#include "client/pysc2/observation.h"

namespace sc2::app {

class EpisodeHistory {
 public:
  static constexpr std::size_t kMaxEpisodes = 500;
  static constexpr std::size_t kEpisodesWithCurves = 50;

  // One published TimeStep of episode number `episode` (a `first` one, or the very first
  // seen, opens a new summary). `source`: who chose the call of the step; none for a reset or
  // a step only observed, which then counts no step.
  void add(const pysc2::TimeStep& timestep, int episode, std::optional<Controller> source);
  std::vector<EpisodeSummary> episodes() const;  // oldest first, the running one last
  std::uint64_t version() const;                 // increments with every add

 private:
  mutable std::mutex mutex_;
  std::deque<EpisodeSummary> episodes_;
  std::uint32_t first_loop_ = 0;  // game loop the running episode started at
  std::uint64_t version_ = 0;
};

}  // namespace sc2::app
