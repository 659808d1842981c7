// Runtime: threads. Starting one (a reused slot: its stack keeps its capacity, so a periodic
// trigger's thread allocates nothing), the run stack (the running thread on top; below it the
// threads that started it with TriggerExecute), Wait, TriggerExecute, TriggerStop.
#include <algorithm>

#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

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
  if (thread.stack.size() < need) thread.stack.resize(std::max<std::size_t>(need, 64));
  std::copy(args, args + arg_count, thread.stack.begin());
  std::fill(thread.stack.begin() + arg_count, thread.stack.begin() + code.frame_cells, Value{});
  thread.sp = code.frame_cells;
  ++run_stats_[static_cast<std::size_t>(function)].started;
  return &thread;
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
  waits_.push({thread.wake_loop, wait_sequence_++, ref_of(thread)});
  yield_ = true;
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

void Runtime::stop_trigger(TriggerId id) {
  for (const auto& thread : threads_) {
    if (thread->trigger == id && thread->state != ThreadState::Free) kill(*thread);
  }
}

}  // namespace sc2::galaxy
