#include "transport/wait_spin.h"

#include <sched.h>
#include <time.h>

#include <atomic>

namespace sc2::net {
namespace {

std::atomic<std::int64_t> wait_spin_us{kDefaultWaitSpin.count()};

bool may_use_several_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return false;
  return CPU_COUNT(&set) > 1;
}

std::chrono::nanoseconds thread_cpu_time() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
}

}  // namespace

void set_wait_spin(std::chrono::microseconds limit) { wait_spin_us = std::max<std::int64_t>(limit.count(), 0); }

std::chrono::microseconds wait_spin() { return std::chrono::microseconds(wait_spin_us.load()); }

WaitSpin WaitSpin::for_this_thread() { return WaitSpin(wait_spin(), may_use_several_cores()); }

TimedWait::TimedWait(const WaitSpin& waits) : budget_(waits.budget()), started_(std::chrono::steady_clock::now()) {
  if (budget_.count() > 0) cpu_started_ = thread_cpu_time();
}

void TimedWait::record_into(WaitSpin& waits) const {
  const auto waited = std::chrono::steady_clock::now() - started_;
  const auto on_cpu = budget_.count() > 0 ? thread_cpu_time() - cpu_started_ : std::chrono::nanoseconds(0);
  waits.record(waited, budget_, on_cpu);
}

void pause_briefly() noexcept {
  for (int i = 0; i < 32; ++i) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
  }
}

}  // namespace sc2::net
