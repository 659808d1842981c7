#pragma once
// Every bound on what a running script may use, in one place (issue 34 item 4: a map is
// untrusted input). Past any of them the offending thread stops with an error naming the file,
// line and function; the other threads and the game go on. The defaults leave the 30 reference
// scripts far inside (their busiest loop runs a few thousand instructions) while keeping a hostile
// script to tens of milliseconds and tens of megabytes.
#include <cstddef>
#include <cstdint>

namespace sc2::galaxy {

struct RuntimeLimits {
  // Instructions all threads may run while the game is at one game loop (periodic triggers,
  // timers, resumed Waits and every event the host fires in that loop together).
  std::int64_t instructions_per_loop = 5'000'000;
  // Instructions one call into the runtime (run_map_init, advance_to, fire_*) may run in all,
  // however many loops it covers.
  std::int64_t instructions_per_call = 20'000'000;
  // Script call depth of one thread (recursion without end stops here, not in a crash).
  std::uint32_t max_call_depth = 512;
  // Value cells (8 bytes each) of one thread's stack: frames, locals, temporaries.
  std::uint32_t max_stack_cells = 1u << 18;
  // Threads alive at once (running, waiting, or waiting for a thread they started).
  std::uint32_t max_threads = 2048;
  // Triggers, timers, event registrations, interned orders / unit filters.
  std::uint32_t max_triggers = 16384;
  std::uint32_t max_timers = 16384;
  std::uint32_t max_event_registrations = 65536;
  std::uint32_t max_records = 1u << 20;
  // Bytes of one string or text, and of all strings the script made at run time together
  // (strings are interned and kept for the game's life).
  std::size_t max_string_bytes = 1u << 16;
  std::size_t max_string_table_bytes = 32u << 20;
  // Nested UnitGroupLoopBegin without End, and the units one thread's loops hold in all.
  std::uint32_t max_group_loop_depth = 64;
  std::uint32_t max_group_loop_units = 1u << 20;
  // Errors kept as text (more are counted, not stored).
  std::size_t max_errors_kept = 64;
};

}  // namespace sc2::galaxy
