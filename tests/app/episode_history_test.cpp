// EpisodeHistory: a summary per episode (score, steps by who chose them, game loops, reward
// curve), a new one at each first TimeStep, at most kMaxEpisodes, curves for the recent ones.
#include <doctest/doctest.h>

#include "app/session/episode_history.h"

using sc2::app::Controller;
using sc2::app::EpisodeHistory;
using sc2::pysc2::StepType;
using sc2::pysc2::TimeStep;

namespace {

TimeStep step(StepType type, std::uint32_t game_loop, float reward = 0) {
  TimeStep result;
  result.step_type = type;
  result.reward = reward;
  result.observation.game_loop = game_loop;
  return result;
}

}  // namespace

TEST_CASE("an episode's summary sums the rewards of its steps and counts them by who chose the call") {
  EpisodeHistory history;
  CHECK(history.episodes().empty());
  history.add(step(StepType::first, 100), 1, std::nullopt);  // a reset: no step
  history.add(step(StepType::mid, 108, 1), 1, Controller::human);
  history.add(step(StepType::mid, 116, 0), 1, Controller::agent);
  history.add(step(StepType::mid, 124, 2), 1, Controller::agent);
  auto episodes = history.episodes();
  REQUIRE(episodes.size() == 1);
  CHECK(episodes[0].episode == 1);
  CHECK(episodes[0].score == 3);
  CHECK(episodes[0].steps == 3);
  CHECK(episodes[0].human_steps == 1);
  CHECK(episodes[0].agent_steps == 2);
  CHECK(episodes[0].game_loops == 24);  // since the episode's first TimeStep
  CHECK(episodes[0].reward_curve == std::vector<float>{1, 1, 3});
  CHECK_FALSE(episodes[0].finished);
  CHECK(history.version() == 4);

  history.add(step(StepType::last, 132, 1), 1, Controller::agent);
  history.add(step(StepType::first, 0), 2, std::nullopt);
  episodes = history.episodes();
  REQUIRE(episodes.size() == 2);
  CHECK(episodes[0].finished);
  CHECK(episodes[0].score == 4);
  CHECK(episodes[1].episode == 2);
  CHECK(episodes[1].steps == 0);
  CHECK(episodes[1].game_loops == 0);
}

TEST_CASE("observed steps (no source) move the game loops but count no step") {
  EpisodeHistory history;
  history.add(step(StepType::mid, 500, 1), 3, std::nullopt);  // joined mid-episode: still a summary
  history.add(step(StepType::mid, 508, 1), 3, std::nullopt);
  const auto episodes = history.episodes();
  REQUIRE(episodes.size() == 1);
  CHECK(episodes[0].episode == 3);
  CHECK(episodes[0].steps == 0);
  CHECK(episodes[0].score == 0);
  CHECK(episodes[0].game_loops == 8);
}

TEST_CASE("at most kMaxEpisodes are kept and only the last kEpisodesWithCurves keep their curve") {
  EpisodeHistory history;
  const int total = static_cast<int>(EpisodeHistory::kMaxEpisodes) + 7;
  for (int episode = 1; episode <= total; ++episode) {
    history.add(step(StepType::first, 0), episode, std::nullopt);
    history.add(step(StepType::last, 8, 1), episode, Controller::agent);
  }
  const auto episodes = history.episodes();
  REQUIRE(episodes.size() == EpisodeHistory::kMaxEpisodes);
  CHECK(episodes.front().episode == 8);
  CHECK(episodes.back().episode == total);
  std::size_t with_curves = 0;
  for (const auto& summary : episodes) {
    CHECK(summary.score == 1);  // the score stays when the curve goes
    with_curves += summary.reward_curve.empty() ? 0 : 1;
  }
  CHECK(with_curves == EpisodeHistory::kEpisodesWithCurves);
  CHECK_FALSE(episodes.back().reward_curve.empty());
  CHECK(episodes[episodes.size() - EpisodeHistory::kEpisodesWithCurves - 1].reward_curve.empty());
}

TEST_CASE("a game's result is recorded with its episode: the last step's outcome, none before or without one") {
  EpisodeHistory history;
  history.add(step(StepType::first, 0), 1, std::nullopt);
  history.add(step(StepType::mid, 8), 1, Controller::human);
  CHECK_FALSE(history.episodes()[0].outcome.has_value());  // still running
  TimeStep defeat = step(StepType::last, 16, -1);
  defeat.outcome = -1;
  history.add(defeat, 1, Controller::human);
  history.add(step(StepType::first, 0), 2, std::nullopt);
  TimeStep ended_without = step(StepType::last, 8);  // a mini-game's end: no outcome
  history.add(ended_without, 2, Controller::human);
  const auto episodes = history.episodes();
  REQUIRE(episodes.size() == 2);
  CHECK(episodes[0].finished);
  CHECK(episodes[0].outcome == -1);
  CHECK(episodes[1].finished);
  CHECK_FALSE(episodes[1].outcome.has_value());
}
