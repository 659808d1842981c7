#include "transport/core_pinning.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sc2::net {
namespace {

std::string listed(const std::vector<int>& cores) {
  std::string text;
  for (const int core : cores) text += (text.empty() ? "" : ",") + std::to_string(core);
  return text;
}

void set_cores(const std::vector<int>& cores) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (const int core : cores) CPU_SET(core, &set);
  if (::sched_setaffinity(0, sizeof set, &set) != 0)
    throw std::runtime_error("cannot run on core(s) " + listed(cores) + ": " + std::strerror(errno));
}

}  // namespace

std::vector<int> allowed_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> cores;
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return cores;
  for (int core = 0; core < CPU_SETSIZE; ++core) {
    if (CPU_ISSET(core, &set)) cores.push_back(core);
  }
  return cores;
}

int core_in_turn(const std::vector<int>& cores, int current, int index) {
  const auto here = std::find(cores.begin(), cores.end(), current);
  const std::size_t first = here == cores.end() ? 0 : static_cast<std::size_t>(here - cores.begin());
  return cores[(first + static_cast<std::size_t>(std::max(index, 0))) % cores.size()];
}

std::vector<int> cores_for_games(int count) {
  const std::vector<int> cores = allowed_cores();
  if (cores.empty()) throw std::runtime_error("cannot tell which cores this program may use");
  const int current = ::sched_getcpu();
  std::vector<int> chosen;
  for (int index = 0; index < count; ++index) chosen.push_back(core_in_turn(cores, current, index));
  return chosen;
}

void pin_this_thread(int core) {
  const std::vector<int> cores = allowed_cores();
  if (std::find(cores.begin(), cores.end(), core) == cores.end())
    throw std::runtime_error("core " + std::to_string(core) + " is not one this program may use (" + listed(cores) + ")");
  set_cores({core});
}

ScopedCorePin::ScopedCorePin(int core) : previous_(allowed_cores()) { pin_this_thread(core); }

ScopedCorePin::~ScopedCorePin() {
  try {
    set_cores(previous_);
  } catch (...) {  // a destructor must not throw; the thread then stays on its core
  }
}

}  // namespace sc2::net
