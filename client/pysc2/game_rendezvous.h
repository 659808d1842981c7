#pragma once
// GameRendezvous: two Envs playing one game of two Participants from two threads (agent
// against agent). Each episode the creating Env sends create_game and says so here; the
// other Env's join must come after that create (sent before it, the join would find the
// last, ended game), so it waits here first.
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>

namespace sc2::pysc2 {

class GameRendezvous {
 public:
  // The creating Env: a new game exists.
  void created() {
    std::lock_guard lock(mutex_);
    ++created_;
    changed_.notify_all();
  }
  // The other Env: returns once a game this Env has not joined yet exists. Throws
  // std::runtime_error once the creating side has given up (abandon()).
  void wait_created() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return created_ > joined_ || abandoned_; });
    if (created_ <= joined_) throw std::runtime_error("the player creating the games stopped; no game to join");
    ++joined_;
  }
  // The creating side stops: a waiting (or later) wait_created() throws.
  void abandon() {
    std::lock_guard lock(mutex_);
    abandoned_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t created_ = 0;
  std::uint64_t joined_ = 0;
  bool abandoned_ = false;
};

}  // namespace sc2::pysc2
