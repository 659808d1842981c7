#pragma once
// Sets the process's polling limit (transport/wait_spin.h) for one test and puts the old one
// back, whatever the test does.
#include <chrono>

#include "transport/wait_spin.h"

namespace sc2::test {

class ScopedWaitSpin {
 public:
  explicit ScopedWaitSpin(std::chrono::microseconds limit) : previous_(net::wait_spin()) { net::set_wait_spin(limit); }
  ~ScopedWaitSpin() { net::set_wait_spin(previous_); }
  ScopedWaitSpin(const ScopedWaitSpin&) = delete;
  ScopedWaitSpin& operator=(const ScopedWaitSpin&) = delete;

 private:
  std::chrono::microseconds previous_;
};

}  // namespace sc2::test
