// Session game control against sc2lite: pause + single step, episode restart, replay saving,
// and a lost connection (the sc2lite child killed) that becomes an error state, never a crash.
#include <doctest/doctest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "app/session/session.h"
#include "tests/app/app_test_support.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;

using sc2::app::Session;
using sc2::app::SessionOptions;
using sc2::app::SessionState;

namespace {

// Our child processes named sc2lite (from /proc: ppid field of /proc/<pid>/stat).
std::vector<pid_t> sc2lite_children() {
  std::vector<pid_t> children;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    const auto open = line.find('('), close = line.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    const std::string comm = line.substr(open + 1, close - open - 1);
    std::istringstream rest(line.substr(close + 2));
    char state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == ::getpid() && comm == "sc2lite") children.push_back(std::stoi(name));
  }
  return children;
}

SessionOptions fast_options() {
  SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;
  options.env.seed = 5;
  return options;
}

bool wait_running(Session& session) {
  return wait_for([&] { return session.snapshot().timestep != nullptr || session.snapshot().state == SessionState::failed; },
                  std::chrono::seconds(20)) &&
         session.snapshot().state != SessionState::failed;
}

// Starts the session and pauses it once it plays; after this no step is in flight.
bool start_paused(Session& session) {
  session.start();
  if (!wait_running(session)) return false;
  session.set_paused(true);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // let a step in flight finish
  return true;
}

}  // namespace

TEST_CASE("killing the sc2lite child makes the session fail with a message, and stop() still returns") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  session.start();
  REQUIRE(wait_running(session));
  const auto children = sc2lite_children();
  REQUIRE(children.size() == 1);
  REQUIRE(::kill(children[0], SIGKILL) == 0);
  REQUIRE(wait_for([&] { return session.snapshot().state == SessionState::failed; }, std::chrono::seconds(15)));
  const auto snapshot = session.snapshot();
  CHECK_FALSE(snapshot.error.empty());
  CHECK(snapshot.timestep != nullptr);  // the last observation stays for the UI
  session.submit(sc2::pysc2::FunctionCall{0, {}});  // harmless after the failure
  session.stop();
  CHECK(session.snapshot().state == SessionState::failed);
}

TEST_CASE("paused sessions advance exactly one step per request_step") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  REQUIRE(start_paused(session));
  const auto before = session.snapshot();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(session.snapshot().timestep_version == before.timestep_version);  // paused: no progress
  session.request_step();
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version == before.timestep_version + 1; },
                   std::chrono::seconds(10)));
  CHECK(session.snapshot().timestep->observation.game_loop == before.timestep->observation.game_loop + 8);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  CHECK(session.snapshot().timestep_version == before.timestep_version + 1);
  session.stop();
}

TEST_CASE("request_restart_episode starts a new episode and request_save_replay writes the file") {
  if (!have_sc2lite()) return;
  sc2::test::TempDir dir;
  Session session(fast_options());
  session.start();
  REQUIRE(wait_running(session));
  session.set_paused(true);
  session.request_restart_episode();
  REQUIRE(wait_for([&] { return session.snapshot().episode == 2; }, std::chrono::seconds(10)));
  CHECK(session.snapshot().timestep->first());
  session.request_save_replay(dir.path() / "replays");
  std::vector<std::string> notices;
  REQUIRE(wait_for(
      [&] {
        for (auto& text : session.take_notices()) notices.push_back(text);
        return !notices.empty();
      },
      std::chrono::seconds(10)));
  INFO(notices[0]);
  CHECK(notices[0].find("replay saved: " + (dir.path() / "replays").string()) == 0);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "replays")) {
    CHECK(entry.path().extension() == ".SC2Replay");
    CHECK(entry.file_size() > 0);
    ++files;
  }
  CHECK(files == 1);
  session.stop();
}

TEST_CASE("the person's queue of calls is bounded: beyond the limit a call is refused in the log, and a sent one frees a place") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  REQUIRE(start_paused(session));
  const std::size_t extra = 6;
  for (std::size_t i = 0; i < Session::kMaxQueuedCalls + extra; ++i) session.submit(sc2::pysc2::FunctionCall{0, {}});
  auto log = session.action_log();
  REQUIRE(log.size() >= Session::kMaxQueuedCalls + extra);
  log.erase(log.begin(), log.end() - static_cast<std::ptrdiff_t>(Session::kMaxQueuedCalls + extra));
  for (std::size_t i = 0; i < log.size(); ++i) {
    INFO("call " << i << ": " << log[i].result);
    CHECK(log[i].failed == (i >= Session::kMaxQueuedCalls));
    if (log[i].failed) CHECK(log[i].result.find("at most 64") != std::string::npos);
  }
  const auto before = session.snapshot();
  session.request_step();  // sends the oldest queued call
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version == before.timestep_version + 1; },
                   std::chrono::seconds(10)));
  session.submit(sc2::pysc2::FunctionCall{0, {}});
  CHECK_FALSE(session.action_log().back().failed);  // a place was free again
  session.stop();
}

TEST_CASE("the game's alerts reach the log as notices") {
  if (!have_sc2lite()) return;
  SessionOptions options = fast_options();
  options.env.map = "DefeatRoaches";
  options.agent = "scripted";  // its Marines attack; the Roaches hit back: UnitUnderAttack
  Session session(options);
  session.start();
  REQUIRE(wait_running(session));
  std::vector<std::string> notices;
  const bool alerted = wait_for(
      [&] {
        for (auto& text : session.take_notices()) notices.push_back(text);
        return std::any_of(notices.begin(), notices.end(),
                           [](const std::string& text) { return text == "alert: UnitUnderAttack"; });
      },
      std::chrono::seconds(20));
  session.stop();
  INFO(notices.size() << " notices, first: " << (notices.empty() ? "" : notices.front()));
  CHECK(alerted);
}

TEST_CASE("set_step_mul changes the game loops per step from the next step on") {
  if (!have_sc2lite()) return;
  Session session(fast_options());
  REQUIRE(start_paused(session));
  const auto before = session.snapshot();
  CHECK(before.step_mul == 8);
  session.set_step_mul(16);
  session.request_step();
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version == before.timestep_version + 1; },
                   std::chrono::seconds(10)));
  const auto after = session.snapshot();
  CHECK(after.step_mul == 16);
  CHECK(after.timestep->observation.game_loop == before.timestep->observation.game_loop + 16);
  session.set_step_mul(0);  // clamped to 1
  session.request_step();
  REQUIRE(wait_for([&] { return session.snapshot().timestep_version == after.timestep_version + 1; },
                   std::chrono::seconds(10)));
  CHECK(session.snapshot().timestep->observation.game_loop == after.timestep->observation.game_loop + 1);
  session.stop();
}
