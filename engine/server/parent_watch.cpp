#include "engine/server/parent_watch.h"

#include <unistd.h>

#include <charconv>
#include <cstring>

namespace sc2::engine {

std::optional<int> parent_to_follow(const char* value) {
  if (value == nullptr) return std::nullopt;
  const char* end = value + std::strlen(value);
  int pid = 0;
  const auto [rest, error] = std::from_chars(value, end, pid);
  if (error != std::errc() || rest != end || pid <= 0) return std::nullopt;
  return pid;
}

ParentWatch::ParentWatch(int parent, std::function<void()> on_gone, std::chrono::milliseconds period) {
  // Polling getppid() works for any parent and needs no cooperation from it (PR_SET_PDEATHSIG
  // would follow the launching thread, not the process, and posix_spawn cannot set it).
  thread_ = std::thread([this, parent, on_gone = std::move(on_gone), period] {
    std::unique_lock lock(mutex_);
    while (!stopping_ && ::getppid() == parent) wake_.wait_for(lock, period);
    if (stopping_) return;
    lock.unlock();
    on_gone();
  });
}

ParentWatch::~ParentWatch() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace sc2::engine
