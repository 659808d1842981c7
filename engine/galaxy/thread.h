#pragma once
// A script thread: everything a trigger's run needs to stop at a Wait and go on loops later,
// as plain data (no OS thread, no C++ stack): the program counter, the value stack with the
// frames on it, the trigger it runs for, its event data and its unit-group loops.
#include <cstdint>
#include <vector>

#include "engine/galaxy/value.h"

namespace sc2::galaxy {

using TriggerId = std::uint32_t;  // 1-based; 0 = none
using TimerId = std::uint32_t;    // 1-based; 0 = none

// A thread named across loops (wait queue, parent links): a slot and the slot's generation,
// so a reference to a finished thread whose slot was reused is seen as stale.
struct ThreadRef {
  std::uint32_t slot = 0;
  std::uint32_t generation = 0;  // 0: no thread
  explicit operator bool() const { return generation != 0; }
  friend bool operator==(ThreadRef, ThreadRef) = default;
};

struct Frame {
  std::int32_t function;   // CompiledProgram::functions index
  std::uint32_t return_pc; // where the caller goes on
  std::uint32_t base;      // first cell of the frame (the first parameter)
};

// What EventUnit() and friends answer inside the thread an event started.
struct EventData {
  Handle unit = 0;          // EventUnit(): the dying, created, ordered or casting unit
  Handle created_unit = 0;  // EventUnitCreatedUnit()
  std::int32_t player = 0;  // chat messages: the speaker
};

// UnitGroupLoopBegin..End: iterates a copy of the group's units taken at Begin (a script may
// remove members inside the loop, DefeatRoaches does).
struct GroupLoop {
  std::uint32_t first;  // index into Thread::group_loop_units
  std::uint32_t end;
  std::uint32_t next;
};

enum class ThreadState : std::uint8_t {
  Free,      // slot unused
  Runnable,  // on the run stack, or about to be
  Waiting,   // in Wait until `wake_loop`
  Blocked,   // waiting for a thread it started with TriggerExecute(..., waitUntilDone = true)
  Dead,      // stopped (TriggerStop, an error) while on the run stack; freed when popped
};

struct Thread {
  ThreadState state = ThreadState::Free;
  std::uint32_t slot = 0;
  std::uint32_t generation = 1;
  TriggerId trigger = 0;  // TriggerGetCurrent(); 0 for InitMap and the global initializers
  std::int32_t entry_function = 0;
  EventData event;
  ThreadRef parent;       // a thread Blocked until this one ends
  bool on_run_stack = false;
  std::int64_t wake_loop = 0;
  std::uint64_t wait_sequence = 0;  // order of Waits that end in the same loop

  std::uint32_t pc = 0;
  std::uint32_t sp = 0;  // cells in use on `stack`
  std::vector<Value> stack;
  std::vector<Frame> frames;
  Value result;  // the entry function's return value once it has returned

  std::vector<Handle> group_loop_units;
  std::vector<GroupLoop> group_loops;
};

}  // namespace sc2::galaxy
