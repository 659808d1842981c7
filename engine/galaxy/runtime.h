#pragma once
// The trigger runtime: runs one map script's compiled program for one game. The game (the
// host) drives it; nothing here reads a clock or the world but through the host.
//
//   auto code = galaxy::compile_bytecode(*compiled.program);   // once per map
//   galaxy::Runtime runtime(code, host);                       // once per game
//   register_world_natives(runtime.natives());                 // the game's (world_natives.h)
//   runtime.run_map_init();             // globals, InitMap(), then the map-init triggers
//   each game loop:  world.advance(); for each death: runtime.fire_unit_died(unit);
//                    runtime.advance_to(world.loop());
//   if (!runtime.errors().empty()) ...  // "MapScript.galaxy:88:9: ..." lines
//
// Order of work in one loop (advance_to, for each loop it covers): threads whose Wait ends in
// that loop resume, in the order they started waiting; then timers that expire in it, earliest
// started first, each firing its Timer events; then periodic events, in registration order.
// An event fires its enabled triggers one at a time in registration order; each trigger's
// thread runs until it returns or waits before the next starts, so each sees the effects of
// the ones before (spec §2.5: several deaths in one loop = one fire_unit_died each, in order).
// Events a native fires while a script runs are queued and dispatched, in order, once the
// threads running stop.
//
// A script error (a failed native, division by zero, an index out of range, a budget or limit
// of runtime_limits.h) stops the thread it happened in, is recorded in errors(), and the game
// goes on; the host decides whether to end the game on errors.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <queue>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/bytecode.h"
#include "engine/galaxy/host.h"
#include "engine/galaxy/native_call.h"
#include "engine/galaxy/records.h"
#include "engine/galaxy/runtime_limits.h"
#include "engine/galaxy/string_table.h"
#include "engine/galaxy/thread.h"
#include "engine/galaxy/timers.h"
#include "engine/galaxy/triggers.h"

namespace sc2::galaxy {

inline constexpr std::int64_t kLoopsPerGameSecond = 16;

// Seconds (raw 20.12 fixed) -> whole game loops, rounded up, at least 1 (Wait, periods, timers).
std::int64_t loops_from_seconds(std::int32_t fixed_seconds);

// How often a script function ran as a thread, for the host to see e.g. that the episode
// timer's trigger has run its actions (spec §2.6: the game ends the episode then).
struct FunctionRunStats {
  std::uint64_t started = 0;
  std::uint64_t returned_true = 0;  // a trigger function returns true when its actions ran
  std::uint64_t returned_false = 0;
};

class Runtime {
 public:
  Runtime(std::shared_ptr<const CompiledProgram> program, Host& host, RuntimeLimits limits = {});
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // The natives, with the runtime's own already registered; add the world's before running.
  NativeRegistry& natives() { return natives_; }

  // [SECTION] Driving the script (each returns false when it recorded a new error)
  // The global initializers, InitMap(), then the map-init triggers; the clock starts at `loop`.
  bool run_map_init(std::int64_t loop = 0);
  // Runs every loop after loop() up to and including `loop` (see the order above).
  bool advance_to(std::int64_t loop);
  bool fire_unit_died(Handle unit);
  // A unit made by `creator` (null when none) with an ability / behaviour (empty when none).
  bool fire_unit_created(Handle created, Handle creator, std::string_view creator_ability,
                         std::string_view creator_behavior);
  bool fire_unit_ability(Handle unit, std::string_view ability, std::int32_t command, std::int32_t stage);
  bool fire_unit_order(Handle unit, std::string_view ability, std::int32_t command);
  bool fire_chat_message(std::int32_t player, std::string_view text);

  // [SECTION] State
  std::int64_t loop() const { return now_; }
  const std::vector<std::string>& errors() const { return errors_; }  // the first limits.max_errors_kept
  std::uint64_t error_count() const { return error_count_; }
  const CompiledProgram& program() const { return *program_; }
  const RuntimeLimits& limits() const { return limits_; }
  Host& host() { return host_; }
  StringTable& strings() { return strings_; }
  OrderTable& orders() { return orders_; }
  UnitFilterTable& unit_filters() { return unit_filters_; }
  TriggerTable& triggers() { return triggers_; }
  TimerTable& timers() { return timers_; }
  // A global variable's value (cell `element` of an array, row-major); Value{} when out of range.
  Value global(std::string_view name, std::uint32_t element = 0) const;
  const FunctionRunStats& run_stats(std::int32_t function) const {
    return run_stats_[static_cast<std::size_t>(function)];
  }
  std::uint32_t live_threads() const { return live_threads_; }
  // What the script holds now, against runtime_limits.h: wait entries (stale ones included),
  // cells of stack of every thread slot, units of every thread's group loops.
  std::size_t pending_waits() const { return waits_.size(); }
  std::size_t stack_cells() const { return stack_cells_; }
  std::size_t group_loop_units() const { return group_loop_units_; }
  // Calls `visit` with every value that may hold a handle of `type` (unit, unitgroup, region,
  // ...) that the script can still reach: globals and locals of that type exactly, plus every
  // temporary on a suspended thread's stack (untyped, so conservatively). A host can free the
  // handles it was not shown.
  void visit_reachable(BaseType type, const std::function<void(Handle)>& visit) const;

  // [SECTION] For natives: the thread running now
  Thread& current_thread() { return *current_; }
  // Wait: suspends the running thread for `loops` (>= 1) loops.
  void wait_current(std::int64_t loops);
  // TriggerExecute: runs trigger `id`'s function in a new thread (starting now, before the
  // caller goes on); with `wait_until_done` the caller waits until that thread ends.
  // Fails the call (thread limit) with `call.fail`.
  void execute_trigger(NativeCall& call, TriggerId id, bool test_conditions, bool wait_until_done);
  // TriggerStop: ends every thread running for trigger `id` (the caller's own too).
  void stop_trigger(NativeCall& call, TriggerId id);
  // UnitGroupLoopBegin / End: the running thread's loops over a copy of a group's units, held
  // within the limits (runtime_limits.h: depth per thread, units of every thread together).
  void begin_group_loop(NativeCall& call, Handle group);
  void end_group_loop(Thread& thread);

 private:
  enum class SliceEnd { Returned, Yielded, Stopped, Failed };

  // [SECTION] Entry and dispatch (runtime.cpp, runtime_events.cpp)
  struct QueuedEvent {
    explicit QueuedEvent(EventKind k) : kind(k) {}
    EventKind kind;
    EventData data;
    TimerId timer = 0;
    StringId ability = 0;
    std::int32_t command = 0;
    std::int32_t stage = 0;
    StringId behavior = 0;
    bool ability_unknown = false;  // a name the script never wrote: matches only "any ability"
    bool behavior_unknown = false;
    std::string text;
  };

  template <class Work>
  bool enter(Work&& work);
  bool post(QueuedEvent event);
  void run_loop();  // resumes waits, expires timers, fires periodic events of loop now_
  void dispatch(const QueuedEvent& event);
  bool matches(const EventRegistration& registration, const QueuedEvent& event) const;
  void start_trigger_thread(TriggerId trigger, const EventData& data);
  void dispatch_queued_events();
  bool running() const { return current_ != nullptr || !run_stack_.empty(); }
  std::int64_t next_due_loop() const;
  bool before_init(std::string_view entry);  // reports a host calling `entry` before run_map_init

  // [SECTION] Budgets (runtime_errors.cpp): work done outside the interpreter is charged too.
  // False when the budgets are spent (the work should not be done).
  bool spend(std::int64_t instructions);
  bool have_fuel() const { return loop_fuel_ > 0 && call_fuel_ > 0; }
  // Reports, once per loop, that `what` was not done for want of budget.
  void out_of_budget(std::string_view what);

  // [SECTION] The interpreter (interpreter.cpp): runs `thread` until it returns, waits, starts
  // a thread, stops or fails, within the instruction budgets.
  SliceEnd execute(Thread& thread);

  // [SECTION] Threads (runtime_threads.cpp)
  Thread* start_thread(std::int32_t function, TriggerId trigger, const EventData& event, const Value* args,
                       std::uint32_t arg_count, std::string* error);
  Thread& thread(ThreadRef ref) { return *threads_[ref.slot]; }
  bool is_live(ThreadRef ref) const;
  ThreadRef ref_of(const Thread& thread) const;
  void run(Thread& thread);  // pushes `thread` on the run stack and runs until it is empty
  void run_threads();        // runs the run stack (then the threads made ready) until empty
  void finish_top(SliceEnd end);  // the top thread returned, stopped or failed
  void wake_parent(const Thread& thread);
  void release(Thread& thread);
  void kill(Thread& thread);
  // After the runtime's own work threw: ends the threads it was running (and those waiting for
  // them), drops the queued events, so that the next call into the runtime starts clean.
  void abandon_running_threads();
  void resume_waits();
  void compact_waits();  // drops the wait entries of stopped threads when they pile up
  // Makes `thread`'s stack at least `cells` long within max_total_stack_cells (freeing the
  // stacks of unused slots first if needed); false when the limit would be passed.
  bool grow_stack(Thread& thread, std::size_t cells);

  // [SECTION] Errors (runtime_errors.cpp)
  void report(std::string text);
  void thread_error(Thread& thread, std::uint32_t pc, std::string_view message);
  std::string budget_message(const Thread& thread) const;

  std::shared_ptr<const CompiledProgram> program_;
  Host& host_;
  RuntimeLimits limits_;
  NativeRegistry natives_;
  StringTable strings_;
  OrderTable orders_;
  UnitFilterTable unit_filters_;
  TriggerTable triggers_;
  TimerTable timers_;
  std::vector<Value> globals_;
  std::vector<FunctionRunStats> run_stats_;

  std::int64_t now_ = 0;
  bool initialized_ = false;
  std::uint32_t depth_ = 0;  // host calls in progress (a native may call back into the runtime)

  // Threads: slots reused (their stacks keep their capacity), a run stack (the running thread
  // on top, the threads that started it below), waits by (loop, order).
  std::vector<std::unique_ptr<Thread>> threads_;  // by slot
  std::vector<std::uint32_t> free_slots_;
  std::uint32_t live_threads_ = 0;
  std::vector<ThreadRef> run_stack_;
  Thread* current_ = nullptr;
  bool yield_ = false;  // a native asked the running thread to stop (Wait, TriggerExecute)
  struct WaitEntry {
    std::int64_t loop;
    std::uint64_t sequence;
    ThreadRef thread;
    bool operator>(const WaitEntry& other) const {
      return loop != other.loop ? loop > other.loop : sequence > other.sequence;
    }
  };
  std::priority_queue<WaitEntry, std::vector<WaitEntry>, std::greater<>> waits_;
  std::uint64_t wait_sequence_ = 0;

  std::size_t stack_cells_ = 0;   // capacity of every slot's stack together
  std::size_t group_loop_units_ = 0;  // units held by every thread's group loops together

  std::vector<ThreadRef> ready_;  // parents woken by TriggerStop of their child; run next
  std::deque<QueuedEvent> queued_events_;
  std::vector<std::uint8_t> native_returns_value_;  // per library function

  // Budgets: instructions left in this game loop and in this host call (one loop step of
  // advance_to counts as a call).
  std::int64_t loop_fuel_ = 0;
  std::int64_t call_fuel_ = 0;
  std::int64_t budget_reported_loop_ = -1;  // the loop out_of_budget last reported

  std::vector<std::string> errors_;
  std::uint64_t error_count_ = 0;
};

}  // namespace sc2::galaxy
