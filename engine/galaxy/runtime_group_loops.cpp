// Runtime: unit-group loops (UnitGroupLoopBegin .. End). Each loop iterates a copy of its
// group's units taken at Begin (a script may remove members inside the loop: DefeatRoaches
// does), kept in the thread so that a loop survives a Wait inside it. The copies of every
// thread together are bounded, and copying is charged as work (1 instruction per unit).
#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

void Runtime::begin_group_loop(NativeCall& call, Handle group) {
  Thread& thread = call.thread();
  if (thread.group_loops.size() >= limits_.max_group_loop_depth) {
    return call.fail("more than " + std::to_string(limits_.max_group_loop_depth) + " unit group loops open at once");
  }
  const std::size_t first = thread.group_loop_units.size();
  host_.unit_group_units(group, thread.group_loop_units);
  const std::size_t copied = thread.group_loop_units.size() - first;
  call.charge(static_cast<std::int64_t>(copied));
  if (group_loop_units_ + copied > limits_.max_group_loop_units) {
    thread.group_loop_units.resize(first);
    return call.fail("the script's unit group loops would hold more than " +
                     std::to_string(limits_.max_group_loop_units) + " units at once");
  }
  group_loop_units_ += copied;
  const auto begin = static_cast<std::uint32_t>(first);
  thread.group_loops.push_back({begin, static_cast<std::uint32_t>(thread.group_loop_units.size()), begin});
}

void Runtime::end_group_loop(Thread& thread) {
  if (thread.group_loops.empty()) return;  // an End without a Begin does nothing
  const std::size_t first = thread.group_loops.back().first;
  group_loop_units_ -= thread.group_loop_units.size() - first;
  thread.group_loop_units.resize(first);
  thread.group_loops.pop_back();
}

}  // namespace sc2::galaxy
