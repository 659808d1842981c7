#pragma once
// SessionRequests: what the person asked the game thread to do at its next turn (restart the
// episode, save a replay, change step_mul, load an agent, start or stop recording, seek,
// observe another player), each kept until the game thread takes them all at once. A later
// request of the same kind replaces an earlier one not yet taken.
//
// Thread-safe: one small mutex of its own (a leaf lock, never held while calling out); the
// StepPacer's wait asks pending() with the pacer's mutex held.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

namespace sc2::app {

struct Requests {
  bool restart = false;
  std::optional<std::filesystem::path> save_replay;  // the folder
  std::optional<int> step_mul;
  std::optional<std::string> agent;  // empty name: unload
  std::optional<std::filesystem::path> record;  // start recording into this folder
  bool stop_record = false;
  std::optional<std::uint32_t> seek;  // replay: to this game loop
  std::optional<int> observed_player;  // replay: observe as this player

  bool any() const;
};

class SessionRequests {
 public:
  // Changes the waiting requests under the lock (e.g. sets restart).
  void post(const std::function<void(Requests&)>& change);
  Requests take();       // everything waiting; none waits afterwards
  bool pending() const;  // something waits

 private:
  mutable std::mutex mutex_;
  Requests requests_;
};

}  // namespace sc2::app
