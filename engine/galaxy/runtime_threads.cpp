// Runtime: threads. Starting one (a reused slot: its stack keeps its capacity, so a periodic
// trigger's thread allocates nothing), the run stack (the running thread on top; below it the
// threads that started it with TriggerExecute), Wait, TriggerExecute, TriggerStop.
#include <algorithm>

#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

namespace {

constexpr std::int64_t kThreadStartCost = 16;  // instructions a thread start is charged

}  // namespace

Thread* Runtime::start_thread(std::int32_t function, TriggerId trigger, const EventData& event, const Value* args,
                              std::uint32_t arg_count, std::string* error) {
  const CompiledFunction& code = program_->functions[static_cast<std::size_t>(function)];
  if (live_threads_ >= limits_.max_threads) {
    *error = "more than " + std::to_string(limits_.max_threads) + " script threads alive at once: '" + code.name +
             "' was not started";
    return nullptr;
  }
  const std::size_t need = std::size_t{code.frame_cells} + code.max_operands;
  if (need > limits_.max_stack_cells) {
    *error = "'" + code.name + "' needs a stack of more than " + std::to_string(limits_.max_stack_cells) + " cells";
    return nullptr;
  }
  spend(kThreadStartCost + code.frame_cells / 8);  // the slot, the frame cleared
  std::uint32_t slot = 0;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = static_cast<std::uint32_t>(threads_.size());
    threads_.push_back(std::make_unique<Thread>());
    threads_.back()->slot = slot;
  }
  Thread& thread = *threads_[slot];
  if (thread.stack.size() < need && !grow_stack(thread, std::max<std::size_t>(need, 64))) {
    free_slots_.push_back(slot);
    *error = "the script's threads together would use more than " + std::to_string(limits_.max_total_stack_cells) +
             " cells of stack: '" + code.name + "' was not started";
    return nullptr;
  }
  ++live_threads_;
  thread.state = ThreadState::Runnable;
  thread.trigger = trigger;
  thread.event = event;
  thread.parent = {};
  thread.on_run_stack = false;
  thread.result = {};
  thread.entry_function = function;
  thread.pc = code.entry;
  thread.frames.clear();
  thread.frames.push_back({function, 0, 0});
  std::copy(args, args + arg_count, thread.stack.begin());
  std::fill(thread.stack.begin() + arg_count, thread.stack.begin() + code.frame_cells, Value{});
  thread.sp = code.frame_cells;
  ++run_stats_[static_cast<std::size_t>(function)].started;
  return &thread;
}

bool Runtime::grow_stack(Thread& thread, std::size_t cells) {
  const auto resize = [&](Thread& t, std::size_t size) {
    stack_cells_ -= t.stack.capacity();
    t.stack.resize(size);
    if (size == 0) t.stack.shrink_to_fit();
    stack_cells_ += t.stack.capacity();
  };
  const std::size_t growth = cells > thread.stack.capacity() ? cells - thread.stack.capacity() : 0;
  if (stack_cells_ + growth > limits_.max_total_stack_cells) {
    for (const std::uint32_t slot : free_slots_) resize(*threads_[slot], 0);  // kept only for speed
  }
  if (stack_cells_ + growth > limits_.max_total_stack_cells) return false;
  resize(thread, cells);
  return true;
}

bool Runtime::is_live(ThreadRef ref) const {
  return ref && ref.slot < threads_.size() && threads_[ref.slot]->generation == ref.generation &&
         threads_[ref.slot]->state != ThreadState::Free;
}

ThreadRef Runtime::ref_of(const Thread& thread) const { return {thread.slot, thread.generation}; }

void Runtime::run(Thread& thread) {
  thread.on_run_stack = true;
  run_stack_.push_back(ref_of(thread));
  run_threads();
}

void Runtime::run_threads() {
  for (;;) {
    if (run_stack_.empty()) {
      if (ready_.empty()) return;
      const ThreadRef next = ready_.front();
      ready_.erase(ready_.begin());
      if (!is_live(next) || thread(next).state != ThreadState::Runnable || thread(next).on_run_stack) continue;
      thread(next).on_run_stack = true;
      run_stack_.push_back(next);
    }
    Thread& top = thread(run_stack_.back());
    if (top.state != ThreadState::Runnable) {
      // Waiting (in the wait queue), Blocked (its child's end wakes it) or Dead (stopped).
      run_stack_.pop_back();
      top.on_run_stack = false;
      if (top.state == ThreadState::Dead) release(top);
      continue;
    }
    current_ = &top;
    const SliceEnd end = execute(top);
    current_ = nullptr;
    if (end != SliceEnd::Yielded) finish_top(end);
  }
}

void Runtime::finish_top(SliceEnd end) {
  Thread& thread = *threads_[run_stack_.back().slot];
  run_stack_.pop_back();
  thread.on_run_stack = false;
  if (end == SliceEnd::Returned) {
    FunctionRunStats& stats = run_stats_[static_cast<std::size_t>(thread.entry_function)];
    ++(thread.result.as_bool() ? stats.returned_true : stats.returned_false);
  }
  wake_parent(thread);
  release(thread);
}

void Runtime::wake_parent(const Thread& thread) {
  if (!is_live(thread.parent)) return;
  Thread& parent = this->thread(thread.parent);
  if (parent.state != ThreadState::Blocked) return;
  parent.state = ThreadState::Runnable;
  if (parent.on_run_stack) return;  // right below the child: runs next
  if (current_ == nullptr) {
    // The child waited and ended in a later loop: the parent goes on now, after it.
    parent.on_run_stack = true;
    run_stack_.push_back(thread.parent);
  } else {
    ready_.push_back(thread.parent);  // the child was stopped by the running thread: after it
  }
}

void Runtime::release(Thread& thread) {
  thread.state = ThreadState::Free;
  if (++thread.generation == 0) thread.generation = 1;
  thread.trigger = 0;
  thread.parent = {};
  thread.event = {};
  thread.group_loops.clear();
  group_loop_units_ -= thread.group_loop_units.size();
  thread.group_loop_units.clear();
  free_slots_.push_back(thread.slot);
  --live_threads_;
}

void Runtime::kill(Thread& thread) {
  if (thread.state == ThreadState::Free || thread.state == ThreadState::Dead) return;
  thread.state = ThreadState::Dead;
  if (&thread == current_) return;  // the interpreter stops it when the native returns
  wake_parent(thread);
  if (!thread.on_run_stack) release(thread);  // else released when the run stack reaches it
}

void Runtime::abandon_running_threads() {
  current_ = nullptr;
  yield_ = false;
  queued_events_.clear();
  std::vector<ThreadRef> ending = std::move(run_stack_);
  run_stack_.clear();
  ending.insert(ending.end(), ready_.begin(), ready_.end());
  ready_.clear();
  while (!ending.empty()) {
    const ThreadRef ref = ending.back();
    ending.pop_back();
    if (!is_live(ref)) continue;  // released already
    Thread& ended = thread(ref);
    ended.on_run_stack = false;
    if (is_live(ended.parent) && thread(ended.parent).state == ThreadState::Blocked) ending.push_back(ended.parent);
    release(ended);
  }
}

void Runtime::resume_waits() {
  while (!waits_.empty() && waits_.top().loop <= now_) {
    const WaitEntry entry = waits_.top();
    waits_.pop();
    if (!is_live(entry.thread)) continue;  // stopped while it waited
    Thread& waiting = thread(entry.thread);
    if (waiting.state != ThreadState::Waiting) continue;
    waiting.state = ThreadState::Runnable;
    run(waiting);
  }
}

void Runtime::wait_current(std::int64_t loops) {
  Thread& thread = *current_;
  thread.state = ThreadState::Waiting;
  thread.wake_loop = now_ + std::max<std::int64_t>(loops, 1);
  compact_waits();
  waits_.push({thread.wake_loop, wait_sequence_++, ref_of(thread)});
  yield_ = true;
}

void Runtime::compact_waits() {
  // A stopped thread's entry stays until its loop comes; a script that starts, waits and stops
  // threads in a loop would pile them up. At most one entry per live thread is current.
  if (waits_.size() < 2 * std::size_t{live_threads_} + 64) return;
  std::vector<WaitEntry> current;
  while (!waits_.empty()) {
    const WaitEntry entry = waits_.top();
    waits_.pop();
    if (is_live(entry.thread) && thread(entry.thread).state == ThreadState::Waiting) current.push_back(entry);
  }
  for (const WaitEntry& entry : current) waits_.push(entry);
}

void Runtime::execute_trigger(NativeCall& call, TriggerId id, bool test_conditions, bool wait_until_done) {
  const Trigger* trigger = triggers_.get(id);
  if (!trigger) return call.fail("the trigger is null");
  const Value arguments[2] = {Value::from_bool(test_conditions), Value::from_bool(true)};
  std::string error;
  Thread* child = start_thread(trigger->function, id, {}, arguments, 2, &error);
  if (!child) return call.fail(error);
  Thread& parent = *current_;
  if (wait_until_done) {
    parent.state = ThreadState::Blocked;
    child->parent = ref_of(parent);
  }
  child->on_run_stack = true;
  run_stack_.push_back(ref_of(*child));  // above the caller: runs before the caller goes on
  yield_ = true;
}

void Runtime::stop_trigger(NativeCall& call, TriggerId id) {
  call.charge(static_cast<std::int64_t>(threads_.size() / 8));  // every slot is looked at
  for (const auto& thread : threads_) {
    if (thread->trigger == id && thread->state != ThreadState::Free) kill(*thread);
  }
}

}  // namespace sc2::galaxy
