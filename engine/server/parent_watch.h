#pragma once
// sc2lite started by our launcher (client/launcher.cpp, for sc2studio and sc2agent) must not
// outlive the program that started it: if that program dies without stopping it (a crash,
// SIGKILL, a sanitizer abort), an orphaned sc2lite would keep its port, and the pipes it
// inherited, open for ever. The launcher names its own pid in SC2LITE_EXIT_WITH_PARENT (a real
// StarCraft II ignores the variable); sc2lite then stops once its parent is another process.
// Started by hand (no variable), sc2lite lives on as a server should.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace sc2::engine {

inline constexpr const char* kExitWithParentVariable = "SC2LITE_EXIT_WITH_PARENT";

// The pid in the variable's value; nullopt when unset, empty or not a positive number.
std::optional<int> parent_to_follow(const char* value);

// Calls on_gone once, from its own thread, as soon as getppid() is no longer `parent`
// (checking every `period`; at once when it already differs). Destroying the watch stops it
// and waits for a running on_gone, so what on_gone uses may be destroyed right after.
class ParentWatch {
 public:
  ParentWatch(int parent, std::function<void()> on_gone,
              std::chrono::milliseconds period = std::chrono::milliseconds(200));
  ~ParentWatch();
  ParentWatch(const ParentWatch&) = delete;
  ParentWatch& operator=(const ParentWatch&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace sc2::engine
