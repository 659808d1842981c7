#pragma once
// Helpers for the tests that drive a Session against sc2lite: waiting for a condition of
// the game thread, and skipping when sc2lite is not built.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <thread>

namespace sc2::test {

// Polls `predicate` every 10 ms until it holds or `timeout` passes; its last answer.
template <typename Predicate>
bool wait_for(Predicate predicate, std::chrono::seconds timeout = std::chrono::seconds(20)) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < end) {
    if (predicate()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return predicate();
}

// True when sc2lite is built next to the tests; otherwise says why the test is skipped.
inline bool have_sc2lite() {
  if (std::filesystem::exists(std::filesystem::path(SC2_BIN_DIR) / "sc2lite")) return true;
  MESSAGE("skipped: sc2lite is not built in " SC2_BIN_DIR);
  return false;
}

}  // namespace sc2::test
