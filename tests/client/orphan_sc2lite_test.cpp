// A program that started sc2lite through the launcher and then died without stopping it (a
// crash, SIGKILL, a sanitizer abort) must not leave sc2lite running: it would keep its port
// and the pipes it inherited (a test reading the dead program's output would never see EOF).
#include <doctest/doctest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "client/launcher.h"

namespace {

// Reaps `pid` (a child of ours) within `timeout`; its wait status, or nullopt if it still runs.
std::optional<int> reap_within(pid_t pid, std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) return status;
    if (std::chrono::steady_clock::now() > end) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

}  // namespace

TEST_CASE("sc2lite started by the launcher stops by itself when the launching process is killed") {
  if (!std::filesystem::exists(std::filesystem::path(SC2_BIN_DIR) / "sc2lite")) {
    MESSAGE("skipped: sc2lite is not built in " SC2_BIN_DIR);
    return;
  }
  // Orphans are re-parented to us rather than to init, so we can wait for sc2lite's end.
  REQUIRE(::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0);
  int pipe_fds[2];
  REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t launching = ::fork();
  REQUIRE(launching >= 0);
  if (launching == 0) {  // the program that starts the game and then dies without stopping it
    ::close(pipe_fds[0]);
    int game_pid = -1;
    try {
      sc2::LaunchOptions options;
      options.sc2lite_dir = SC2_BIN_DIR;
      auto game = sc2::GameProcess::launch(options);
      game_pid = game->pid();
      (void)!::write(pipe_fds[1], &game_pid, sizeof game_pid);
      for (;;) ::pause();  // killed here: `game` is never destroyed, sc2lite never stopped
    } catch (...) {
    }
    (void)!::write(pipe_fds[1], &game_pid, sizeof game_pid);
    ::_exit(1);
  }
  ::close(pipe_fds[1]);
  int game_pid = -1;
  const bool got_pid = ::read(pipe_fds[0], &game_pid, sizeof game_pid) == static_cast<ssize_t>(sizeof game_pid);
  ::close(pipe_fds[0]);
  ::kill(launching, SIGKILL);
  ::waitpid(launching, nullptr, 0);
  REQUIRE(got_pid);
  REQUIRE(game_pid > 0);
  const auto status = reap_within(game_pid, std::chrono::seconds(5));
  if (!status) {  // clean up before failing
    ::kill(game_pid, SIGKILL);
    ::waitpid(game_pid, nullptr, 0);
  }
  ::prctl(PR_SET_CHILD_SUBREAPER, 0);
  REQUIRE(status.has_value());
  CHECK(WIFEXITED(*status));
  CHECK(WEXITSTATUS(*status) == 0);  // a clean stop, not a crash
}
