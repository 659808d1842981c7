#pragma once
// Every bound on what a running script may use, in one place (issue 34 item 4: a map is
// untrusted input). Past any of them the offending thread stops with an error naming the file,
// line and function (or, for an event the budget no longer covers, the event); the other
// threads and the game go on. The defaults leave the 30 reference scripts far inside (their
// busiest loop runs a few thousand instructions and holds a few kilobytes) while keeping a
// hostile script to tens of milliseconds a game loop and well under 200 MB in all.
//
// Time is counted in instructions. Work that is not one bytecode instruction is charged as
// instructions too, so no cheap-looking step can hide a long one: clearing a frame or a local
// array (1 per 8 cells), joining or making a string (1 per 32 bytes), copying a unit group for a
// loop (1 per unit), starting a thread, matching an event against a registration, stopping a
// trigger's threads. Natives the host registers charge their own work (NativeCall::charge).
#include <cstddef>
#include <cstdint>

namespace sc2::galaxy {

struct RuntimeLimits {
  // Instructions all threads may run while the game is at one game loop (periodic triggers,
  // timers, resumed Waits and every event the host fires in that loop together).
  std::int64_t instructions_per_loop = 5'000'000;
  // Instructions one call into the runtime may run: run_map_init, one fire_*, or one game loop
  // of advance_to (a call that covers many loops gets this for each, as it gets the loop budget).
  // Lower than instructions_per_loop, it bounds one event's triggers while the loop's other
  // events keep theirs.
  std::int64_t instructions_per_call = 20'000'000;
  // Script call depth of one thread (recursion without end stops here, not in a crash).
  std::uint32_t max_call_depth = 512;
  // Value cells (8 bytes each) of one thread's stack: frames, locals, temporaries...
  std::uint32_t max_stack_cells = 1u << 18;
  // ... and of every thread's stack together (a flood of threads each deep in recursion).
  std::size_t max_total_stack_cells = 1u << 22;
  // Threads alive at once (running, waiting, or waiting for a thread they started).
  std::uint32_t max_threads = 2048;
  // Triggers, timers, event registrations, interned orders / unit filters.
  std::uint32_t max_triggers = 16384;
  std::uint32_t max_timers = 16384;
  std::uint32_t max_event_registrations = 8192;
  std::uint32_t max_records = 1u << 16;
  // Events natives fire while the script runs, waiting to be dispatched once it stops.
  std::uint32_t max_queued_events = 1u << 16;
  // Bytes of one string or text, and of all strings the script made at run time together
  // (strings are interned and kept for the game's life).
  std::size_t max_string_bytes = 1u << 16;
  std::size_t max_string_table_bytes = 32u << 20;
  // Tokens set by TextExpressionSetToken (distinct expression and token pairs).
  std::uint32_t max_text_tokens = 1u << 16;
  // Nested UnitGroupLoopBegin without End in one thread, and the units every thread's loops
  // hold together (each loop holds a copy of its group).
  std::uint32_t max_group_loop_depth = 64;
  std::uint32_t max_group_loop_units = 1u << 20;
  // Errors kept as text (more are counted, not stored).
  std::size_t max_errors_kept = 64;
};

}  // namespace sc2::galaxy
