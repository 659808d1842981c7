#pragma once
// Placing both ends of a loopback connection on one core. A client and its game take turns
// (request, reply), so one core serves both as well as two; on two cores each reply and each
// request wakes the other core, which costs more than the work on a virtual machine
// (bench/RESULTS.md: sc2agent on CollectMineralShards ~1.4x faster on one core). Opt-in
// (sc2agent --pin_cores, sc2lite --cpu): a pinned process cannot move off a core that other
// programs keep busy.
#include <vector>

namespace sc2::net {

// The cores this thread may run on (its affinity mask), ascending.
std::vector<int> allowed_cores();

// The cores for `count` games of a run that pins its games, chosen once by the thread that
// starts them: the allowed cores in turn, starting from the core the caller runs on now (two
// runs started at once then tend to differ). More games than cores share them in turn.
std::vector<int> cores_for_games(int count);
// The rule of cores_for_games for game `index`: `cores` in turn from `current` (from the
// first when `current` is not among them, e.g. -1). `cores` must not be empty.
int core_in_turn(const std::vector<int>& cores, int current, int index);

// Pins the calling thread to `core` (threads it starts afterwards inherit that) and restores
// the thread's previous cores when destroyed. Throws std::runtime_error naming the core when
// it is not one of allowed_cores().
class ScopedCorePin {
 public:
  explicit ScopedCorePin(int core);
  ~ScopedCorePin();
  ScopedCorePin(const ScopedCorePin&) = delete;
  ScopedCorePin& operator=(const ScopedCorePin&) = delete;

 private:
  std::vector<int> previous_;
};

// Pins the calling thread for good (sc2lite --cpu, before it starts its threads). Throws as
// ScopedCorePin does.
void pin_this_thread(int core);

}  // namespace sc2::net
