#include "app/session/episode_history.h"

namespace sc2::app {

void EpisodeHistory::add(const pysc2::TimeStep& timestep, int episode, std::optional<Controller> source) {
  std::lock_guard lock(mutex_);
  if (timestep.first() || episodes_.empty()) {
    episodes_.push_back(EpisodeSummary{});
    episodes_.back().episode = episode;
    first_loop_ = timestep.observation.game_loop;
    if (episodes_.size() > kMaxEpisodes) episodes_.pop_front();
    if (episodes_.size() > kEpisodesWithCurves) {
      std::vector<float>().swap(episodes_[episodes_.size() - kEpisodesWithCurves - 1].reward_curve);
    }
  }
  EpisodeSummary& summary = episodes_.back();
  if (source) {
    ++summary.steps;
    ++(*source == Controller::agent ? summary.agent_steps : summary.human_steps);
    summary.score += timestep.reward;
    summary.reward_curve.push_back(static_cast<float>(summary.score));
  }
  summary.game_loops = timestep.observation.game_loop - first_loop_;
  summary.finished = timestep.last();
  if (timestep.last()) summary.outcome = timestep.outcome;
  ++version_;
}

std::vector<EpisodeSummary> EpisodeHistory::episodes() const {
  std::lock_guard lock(mutex_);
  return {episodes_.begin(), episodes_.end()};
}

std::uint64_t EpisodeHistory::version() const {
  std::lock_guard lock(mutex_);
  return version_;
}

}  // namespace sc2::app
