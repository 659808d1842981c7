// app/ui/mode_text.h: the episode list's "played by" and the error banner's hint fit the mode.
#include <doctest/doctest.h>

#include <string>

#include "app/ui/mode_text.h"

namespace {

using namespace sc2::app;
using namespace sc2::app::ui;

EpisodeSummary episode(std::int64_t agent_steps, std::int64_t human_steps) {
  EpisodeSummary summary;
  summary.agent_steps = agent_steps;
  summary.human_steps = human_steps;
  summary.steps = agent_steps + human_steps;
  return summary;
}

TEST_CASE("played by: play mode tells the person, the agent or both") {
  CHECK(played_by_text(episode(0, 12), SessionMode::play) == "human");
  CHECK(played_by_text(episode(0, 0), SessionMode::play) == "human");
  CHECK(played_by_text(episode(30, 0), SessionMode::play) == "agent");
  CHECK(played_by_text(episode(30, 4), SessionMode::play) == "both (4 by you)");
}

TEST_CASE("played by: observed and replayed episodes are not the person's") {
  // Nothing is sent in these modes, so the episodes have no steps of ours.
  CHECK(played_by(episode(0, 0), SessionMode::observe) == PlayedBy::observed);
  CHECK(played_by_text(episode(0, 0), SessionMode::observe) == "observed");
  CHECK(played_by(episode(0, 0), SessionMode::replay) == PlayedBy::replay);
  CHECK(played_by_text(episode(0, 0), SessionMode::replay) == "replay");
}

TEST_CASE("action log: calls seen while observing or replaying are not the person's") {
  CHECK(std::string(call_source_text(Controller::human, SessionMode::play)) == "human");
  CHECK(std::string(call_source_text(Controller::agent, SessionMode::play)) == "agent");
  CHECK(std::string(call_source_text(Controller::human, SessionMode::observe)) == "player");
  CHECK(std::string(call_source_text(Controller::human, SessionMode::replay)) == "replay");
}

TEST_CASE("failure hint: --sc2path only where a game is launched for play") {
  CHECK(failure_hint(SessionMode::play).find("--sc2path") != std::string::npos);
  const std::string observe = failure_hint(SessionMode::observe);
  CHECK(observe.find("--sc2path") == std::string::npos);
  CHECK(observe.find("--connect") != std::string::npos);
  const std::string replay = failure_hint(SessionMode::replay);
  CHECK(replay.find("--replay") != std::string::npos);
  CHECK(replay.find("Check --sc2path") == std::string::npos);  // not the play mode's advice
  CHECK(std::string(restart_label(SessionMode::observe)) == "Connect again");
  CHECK(std::string(restart_label(SessionMode::play)) == "Restart the game");
}

}  // namespace
