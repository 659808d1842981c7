#pragma once
// Where the shared spec and fixtures are; tests that need them skip with a message when absent.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace sc2::test {

inline std::filesystem::path shared_dir() {
  if (const char* env = std::getenv("SC2_SHARED_DIR")) return env;
  return SC2_SHARED_DIR;
}

// True when `relative` exists under shared/; otherwise prints why the test is skipped.
inline bool have_shared(const std::string& relative) {
  if (std::filesystem::exists(shared_dir() / relative)) return true;
  MESSAGE("skipped: " << (shared_dir() / relative).string()
                      << " is absent (set SC2_SHARED_DIR to the shared/ folder)");
  return false;
}

}  // namespace sc2::test
