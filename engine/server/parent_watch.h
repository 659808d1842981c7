#pragma once
// sc2lite started by our launcher (client/launcher.cpp, for sc2studio and sc2agent) must not
// outlive the program that started it: if that program dies without stopping it (a crash,
// SIGKILL, a sanitizer abort), an orphaned sc2lite would keep its port, and the pipes it
// inherited, open for ever. The launcher names its own pid in SC2LITE_EXIT_WITH_PARENT (a real
// StarCraft II ignores the variable); sc2lite then stops once its parent is another process.
// Started by hand (no variable), sc2lite lives on as a server should.
#include <chrono>
#include <functional>
#include <optional>

namespace sc2::engine {

inline constexpr const char* kExitWithParentVariable = "SC2LITE_EXIT_WITH_PARENT";

// The pid in the variable's value; nullopt when unset, empty or not a positive number.
std::optional<int> parent_to_follow(const char* value);

// Calls on_gone once (from a detached thread) as soon as getppid() is no longer `parent`,
// checking every `period`; at once when it already differs.
void watch_parent(int parent, std::function<void()> on_gone,
                  std::chrono::milliseconds period = std::chrono::milliseconds(200));

}  // namespace sc2::engine
