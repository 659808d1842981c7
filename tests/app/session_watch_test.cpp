// Watch mode, take over / hand back and recording demonstrations, on the Session against
// sc2lite: the scripted MoveToBeacon agent scores through the Session, the person's calls go
// out only while they have control, and a recording re-reads (Dataset::open) with the calls
// the action log says were sent.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "agents/dataset/dataset_reader.h"
#include "app/session/session.h"
#include "client/pysc2/actions.h"
#include "tests/app/app_test_support.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::ActionRecord;
using sc2::app::Controller;
using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;
using sc2::pysc2::FunctionCall;

namespace {

SessionOptions fast_options(std::string agent = {}) {
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.seed = 5;
  options.agent = std::move(agent);
  return options;
}

bool wait_running(Session& session) {
  return wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; },
                  std::chrono::seconds(20)) &&
         session.snapshot().state != SessionState::failed;
}

std::size_t count_source(const std::vector<ActionRecord>& log, Controller source) {
  std::size_t count = 0;
  for (const ActionRecord& record : log) count += record.source == source ? 1 : 0;
  return count;
}

// Steps once while paused and waits until the TimeStep arrives.
void step_and_wait(Session& session) {
  const auto version = session.snapshot().timestep_version;
  session.request_step();
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version > version; }));
}

// Pauses and waits for a step in flight to land.
void pause(Session& session) {
  session.set_paused(true);
  std::uint64_t version = 0;
  REQUIRE(wait_for([&] {
    const auto now = session.snapshot().timestep_version;
    const bool settled = now == version;
    version = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return settled;
  }));
}

FunctionCall move_screen(int x, int y) {
  return FunctionCall{sc2::pysc2::find_function("Move_screen")->id, {{0}, {x, y}}};
}

}  // namespace

TEST_CASE("watch mode: the scripted agent plays MoveToBeacon on the Session, its calls logged as agent") {
  if (!have_sc2lite()) return;
  Session session(fast_options("scripted"));
  CHECK(session.snapshot().controller == Controller::agent);
  session.start();
  REQUIRE(wait_running(session));
  REQUIRE(wait_for([&] { return session.snapshot().episode_reward >= 2; }, std::chrono::seconds(30)));
  pause(session);  // so that the snapshot, the log and the episodes agree
  const auto snapshot = session.snapshot();
  CHECK(snapshot.agent == "scripted");
  CHECK(snapshot.agent_error.empty());
  const auto log = session.action_log();
  REQUIRE_FALSE(log.empty());
  CHECK(count_source(log, Controller::human) == 0);
  const int move = sc2::pysc2::find_function("Move_screen")->id;
  std::size_t moves = 0;
  for (const ActionRecord& record : log) {
    INFO(record.text << " -> " << record.result);
    CHECK(record.source == Controller::agent);
    // The agent chose from what was available, and the panel has that list.
    CHECK(std::find(record.available.begin(), record.available.end(), record.call.function) != record.available.end());
    if (record.call.function == move && record.result == "ok") ++moves;
  }
  CHECK(moves >= 2);  // a beacon reached per Move_screen, roughly
  const auto episodes = session.episodes();
  REQUIRE_FALSE(episodes.empty());
  CHECK(episodes.back().score == doctest::Approx(snapshot.episode_reward));
  CHECK(episodes.back().agent_steps > 0);
  CHECK(episodes.back().human_steps == 0);
  CHECK(episodes.back().reward_curve.size() == static_cast<std::size_t>(episodes.back().steps));
  session.stop();
}

TEST_CASE("take over: the person's calls go out while the agent waits, handing back resumes the agent") {
  if (!have_sc2lite()) return;
  Session session(fast_options("scripted"));
  session.start();
  REQUIRE(wait_running(session));
  REQUIRE(wait_for([&] { return count_source(session.action_log(), Controller::agent) >= 3; }));
  pause(session);

  // While the agent controls, the person's calls are refused (and never sent).
  session.submit(move_screen(5, 5));
  auto log = session.action_log();
  CHECK(log.back().source == Controller::human);
  CHECK(log.back().failed);
  CHECK(log.back().result.find("agent is in control") != std::string::npos);

  session.set_controller(Controller::human);
  CHECK(session.snapshot().controller == Controller::human);
  const std::size_t agent_calls = count_source(session.action_log(), Controller::agent);
  session.submit(FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
  session.submit(move_screen(10, 12));
  step_and_wait(session);
  step_and_wait(session);
  step_and_wait(session);
  log = session.action_log();
  CHECK(count_source(log, Controller::agent) == agent_calls);  // the agent was not asked
  REQUIRE(log.size() >= 2);
  CHECK(log[log.size() - 2].call.function == sc2::pysc2::fn::select_army);
  CHECK(log[log.size() - 2].result == "ok");
  CHECK(log.back().call == move_screen(10, 12));
  CHECK(log.back().source == Controller::human);
  CHECK(log.back().result == "ok");

  session.set_controller(Controller::agent);
  step_and_wait(session);
  step_and_wait(session);
  log = session.action_log();
  CHECK(count_source(log, Controller::agent) == agent_calls + 2);
  CHECK(log.back().source == Controller::agent);
  const auto episodes = session.episodes();
  CHECK(episodes.back().human_steps == 3);
  session.stop();
}

TEST_CASE("handing back without an agent, or an unknown agent, leaves the person in control with a message") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  session.start();
  REQUIRE(wait_running(session));
  session.set_controller(Controller::agent);
  CHECK(session.snapshot().controller == Controller::human);
  session.set_agent("no_such_agent");
  REQUIRE(wait_for([&] { return !session.snapshot().agent_error.empty(); }));
  const auto snapshot = session.snapshot();
  CHECK(snapshot.agent_error.find("no_such_agent") != std::string::npos);
  CHECK(snapshot.controller == Controller::human);
  CHECK(snapshot.state == SessionState::running);
  // A known agent loaded later takes control.
  session.set_agent("scripted");
  REQUIRE(wait_for([&] { return count_source(session.action_log(), Controller::agent) >= 2; }));
  CHECK(session.snapshot().agent == "scripted");
  session.stop();
}

TEST_CASE("recording the person's play: one call per step, episodes split at a restart, re-read by Dataset::open") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  const auto folder = dir.path() / "demo";
  SessionOptions options = fast_options();
  options.record_dir = folder;
  Session session(options);
  session.start();
  REQUIRE(wait_running(session));
  pause(session);
  REQUIRE(session.snapshot().recording);
  const std::int64_t before = session.snapshot().recorded_steps;  // steps before the pause landed

  session.submit(FunctionCall{sc2::pysc2::fn::select_army, {{0}}});
  session.submit(move_screen(20, 30));
  session.submit(FunctionCall{9999, {}});  // rejected: never recorded
  step_and_wait(session);                  // select_army
  step_and_wait(session);                  // Move_screen (one call per step while recording)
  step_and_wait(session);                  // the bad call is rejected -> no_op
  session.request_restart_episode();
  REQUIRE(wait_for([&] { return session.snapshot().episode == 2; }));
  session.submit(FunctionCall{sc2::pysc2::fn::select_army, {{1}}});  // "add": a new episode starts unselected
  step_and_wait(session);
  step_and_wait(session);
  session.stop_recording();
  REQUIRE(wait_for([&] { return !session.snapshot().recording; }));
  const auto snapshot = session.snapshot();
  CHECK(snapshot.recording_error.empty());
  CHECK(snapshot.recorded_steps == before + 5);
  session.stop();

  const auto dataset = sc2::agents::dataset::Dataset::open(folder);
  CHECK(dataset.index().info.agent == "human");
  CHECK(dataset.index().info.map == "MoveToBeacon");
  REQUIRE(dataset.index().steps == before + 5);
  REQUIRE(dataset.index().episodes.size() == 2);
  CHECK(dataset.index().episodes[1].steps == 2);

  // The rows after the pause are the calls the action log says went out, no_op otherwise.
  std::vector<FunctionCall> sent;
  for (const ActionRecord& record : session.action_log()) {
    if (!record.failed) sent.push_back(record.call);
  }
  REQUIRE(sent.size() == 3);
  const FunctionCall no_op{sc2::pysc2::fn::no_op, {}};
  const std::vector<FunctionCall> expected = {sent[0], sent[1], no_op, sent[2], no_op};
  const auto& calls = dataset.function_calls();
  for (std::int64_t i = 0; i < before; ++i) CHECK(calls[i] == no_op);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("row " << before + static_cast<std::int64_t>(i));
    CHECK(calls[before + i] == expected[i]);
  }
  CHECK(dataset.available_actions(before + 1).size() > 1);  // the Marine was selected by then
}

TEST_CASE("recording while watching: the rows are the agent's calls in the log's order") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  SessionOptions options = fast_options("scripted");
  options.record_dir = dir.path() / "watched";
  Session session(options);
  session.start();
  REQUIRE(wait_running(session));
  // Past a natural episode end: the first recorded episode is closed with the session's score.
  REQUIRE(wait_for([&] { return session.snapshot().recorded_episodes >= 1; }, std::chrono::seconds(60)));
  const std::int64_t first_episode_end = session.snapshot().recorded_steps;
  REQUIRE(wait_for([&] { return session.snapshot().recorded_steps >= first_episode_end + 2; }));
  session.stop();  // finishes the recording (the second episode is cut where it is)
  const auto finished = session.snapshot().finished_episode_scores;
  REQUIRE_FALSE(finished.empty());
  const auto dataset = sc2::agents::dataset::Dataset::open(dir.path() / "watched");
  CHECK(dataset.index().info.agent == "scripted");
  std::vector<FunctionCall> logged;
  for (const ActionRecord& record : session.action_log()) logged.push_back(record.call);
  const auto& calls = dataset.function_calls();
  REQUIRE(calls.size() >= 30);
  REQUIRE(logged.size() >= calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) CHECK(calls[i] == logged[i]);
  double reward = 0;
  for (float r : dataset.rewards()) reward += r;
  CHECK(reward >= 1);  // the agent scored while being recorded
  const auto& episodes = dataset.index().episodes;
  REQUIRE(episodes.size() >= 2);
  CHECK(episodes[0].score == doctest::Approx(finished[0]));
  CHECK(episodes[0].game_loops >= 1900);  // MoveToBeacon lasts 120 game seconds = 1,920 game loops
  CHECK(episodes[0].steps == static_cast<std::int64_t>(session.episodes().front().steps));
  CHECK(episodes[1].first_step == episodes[0].steps);
}

TEST_CASE("an unusable recording folder is a clear error, the game goes on and a later folder works") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "busy");
  std::ofstream(dir.path() / "busy" / "other.txt") << "not a dataset\n";
  SessionOptions options = fast_options();
  options.record_dir = dir.path() / "busy";
  Session session(options);
  session.start();
  REQUIRE(wait_running(session));
  REQUIRE(wait_for([&] { return !session.snapshot().recording_error.empty(); }));
  auto snapshot = session.snapshot();
  CHECK_FALSE(snapshot.recording);
  CHECK(snapshot.recording_error.find((dir.path() / "busy").string()) != std::string::npos);
  CHECK(std::filesystem::exists(dir.path() / "busy" / "other.txt"));  // nothing of the user's touched

  std::ofstream(dir.path() / "file") << "x";
  session.start_recording(dir.path() / "file" / "sub");  // below a regular file
  REQUIRE(wait_for([&] { return session.snapshot().recording_error.find("file") != std::string::npos; }));
  CHECK(session.snapshot().state == SessionState::running);

  session.start_recording(dir.path() / "fresh");
  REQUIRE(wait_for([&] { return session.snapshot().recorded_steps >= 3; }));
  CHECK(session.snapshot().recording_error.empty());
  session.stop();
  CHECK(sc2::agents::dataset::Dataset::open(dir.path() / "fresh").index().steps >= 3);
}
