// Runtime: construction, the host's entry points, the order of work in a game loop.
#include "engine/galaxy/runtime.h"

#include <algorithm>
#include <exception>

#include "engine/galaxy/library.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

std::size_t literal_bytes(const Program& program) {
  std::size_t bytes = 0;
  for (const std::string& literal : program.strings) bytes += literal.size() + 1;
  return bytes;
}

// What the exception being handled says.
std::string current_exception_text() {
  try {
    throw;
  } catch (const std::exception& error) {
    return error.what();
  } catch (...) {
    return "an unknown exception";
  }
}

}  // namespace

std::int64_t loops_from_seconds(std::int32_t fixed_seconds) {
  // seconds * 16 loops, rounded up: raw / 4096 * 16 = raw / 256.
  const std::int64_t raw = fixed_seconds;
  const std::int64_t loops = raw <= 0 ? 0 : (raw + 255) / 256;
  return std::max<std::int64_t>(loops, 1);
}

Runtime::Runtime(std::shared_ptr<const CompiledProgram> program, Host& host, RuntimeLimits limits)
    : program_(std::move(program)),
      host_(host),
      limits_(limits),
      strings_(limits.max_string_table_bytes + literal_bytes(*program_->program)),  // the budget is for new strings
      orders_(limits.max_records),
      unit_filters_(limits.max_records) {
  // Literal i is string id i + 1 (the bytecode pushes it as a constant); the literals are
  // distinct, so interning them in order gives exactly those ids.
  for (const std::string& literal : program_->program->strings) strings_.intern(literal);
  globals_.assign(program_->global_cells, Value{});
  run_stats_.resize(program_->functions.size());
  for (const LibraryFunction& function : Library::builtin().functions()) {
    native_returns_value_.push_back(function.return_type.base != BaseType::Void ? 1 : 0);
  }
  register_runtime_natives(natives_);
}

template <class Work>
bool Runtime::enter(Work&& work) {
  const std::uint64_t errors_before = error_count_;
  ++depth_;
  call_fuel_ = limits_.instructions_per_call;
  try {
    work();
    dispatch_queued_events();
  } catch (...) {
    // A native's exception fails its call (interpreter.cpp); this is the runtime's own work
    // failing (memory running out). The threads it ran end, and the runtime stays usable: not
    // stuck "while the script runs" for the rest of the game.
    --depth_;
    abandon_running_threads();
    report(program_->program->files.name(0) + ": the script's run failed: " + current_exception_text());
    return false;
  }
  --depth_;
  return error_count_ == errors_before;
}

bool Runtime::run_map_init(std::int64_t loop) {
  if (running() || depth_ > 0) {
    report("run_map_init was called while the script runs");
    return false;
  }
  if (initialized_) {
    report("run_map_init was called twice");
    return false;
  }
  initialized_ = true;
  now_ = loop;
  loop_fuel_ = limits_.instructions_per_loop;
  return enter([&] {
    std::string error;
    if (Thread* thread = start_thread(program_->global_initializers, 0, {}, nullptr, 0, &error)) {
      run(*thread);
    } else {
      report(program_->program->files.name(0) + ": " + error);
    }
    if (program_->init_map < 0) {
      report(program_->program->files.name(0) + ": the script has no 'void InitMap()' to start from");
      return;
    }
    if (Thread* thread = start_thread(program_->init_map, 0, {}, nullptr, 0, &error)) {
      run(*thread);
    } else {
      report(program_->program->files.name(0) + ": " + error);
    }
    dispatch(QueuedEvent(EventKind::MapInit));
  });
}

std::int64_t Runtime::next_due_loop() const {
  std::int64_t next = INT64_MAX;
  if (!waits_.empty()) next = std::min(next, waits_.top().loop);
  next = std::min(next, timers_.next_expiry());
  next = std::min(next, triggers_.next_periodic_loop());
  return next;
}

bool Runtime::advance_to(std::int64_t loop) {
  if (running() || depth_ > 0) {
    report("advance_to was called while the script runs");
    return false;
  }
  if (before_init("advance_to")) return false;
  const std::uint64_t errors_before = error_count_;
  while (now_ < loop) {
    // Loops with nothing due are skipped at once (SMAC's scripts have no timed work at all).
    const std::int64_t due = next_due_loop();
    if (due > loop) {
      now_ = loop;
      loop_fuel_ = limits_.instructions_per_loop;
      break;
    }
    now_ = std::max(now_ + 1, due);
    loop_fuel_ = limits_.instructions_per_loop;
    enter([&] { run_loop(); });
  }
  return error_count_ == errors_before;
}

void Runtime::run_loop() {
  resume_waits();
  while (const std::optional<TimerId> timer = timers_.pop_expired(now_)) {
    QueuedEvent event(EventKind::Timer);
    event.timer = *timer;
    dispatch(event);
  }
  auto& periodic = triggers_.periodic_schedule();
  while (!periodic.empty() && periodic.top().loop <= now_) {
    const TriggerTable::PeriodicDue due = periodic.top();
    periodic.pop();
    const TriggerId trigger_id = triggers_.event(due.event).trigger;
    periodic.push({due.loop + triggers_.event(due.event).period, due.event});
    const Trigger* trigger = triggers_.get(trigger_id);
    if (!trigger || !trigger->enabled) continue;
    if (have_fuel()) {
      start_trigger_thread(trigger_id, {});
    } else {
      out_of_budget("periodic triggers were not run");
    }
  }
}

bool Runtime::post(QueuedEvent event) {
  if (running()) {  // a native fired it: dispatched once the running threads stop
    if (queued_events_.size() >= limits_.max_queued_events) {
      report(program_->program->files.name(0) + ": more than " + std::to_string(limits_.max_queued_events) +
             " events fired while the script ran: the rest were dropped");
      return false;
    }
    queued_events_.push_back(std::move(event));
    return true;
  }
  if (before_init("an event")) return false;
  return enter([&] { dispatch(event); });
}

bool Runtime::fire_unit_died(Handle unit) {
  QueuedEvent event(EventKind::UnitDied);
  event.data.unit = unit;
  return post(std::move(event));
}

bool Runtime::fire_unit_created(Handle created, Handle creator, std::string_view creator_ability,
                                std::string_view creator_behavior) {
  QueuedEvent event(EventKind::UnitCreated);
  event.data.unit = creator;
  event.data.created_unit = created;
  if (!creator_ability.empty()) {
    const std::optional<StringId> id = strings_.find(creator_ability);
    event.ability = id.value_or(0);
    event.ability_unknown = !id;
  }
  if (!creator_behavior.empty()) {
    const std::optional<StringId> id = strings_.find(creator_behavior);
    event.behavior = id.value_or(0);
    event.behavior_unknown = !id;
  }
  return post(std::move(event));
}

bool Runtime::fire_unit_ability(Handle unit, std::string_view ability, std::int32_t command, std::int32_t stage) {
  QueuedEvent event(EventKind::UnitAbility);
  event.data.unit = unit;
  const std::optional<StringId> id = strings_.find(ability);
  event.ability = id.value_or(0);
  event.ability_unknown = !id;
  event.command = command;
  event.stage = stage;
  return post(std::move(event));
}

bool Runtime::fire_unit_order(Handle unit, std::string_view ability, std::int32_t command) {
  QueuedEvent event(EventKind::UnitOrder);
  event.data.unit = unit;
  const std::optional<StringId> id = strings_.find(ability);
  event.ability = id.value_or(0);
  event.ability_unknown = !id;
  event.command = command;
  return post(std::move(event));
}

bool Runtime::fire_chat_message(std::int32_t player, std::string_view text) {
  QueuedEvent event(EventKind::ChatMessage);
  event.data.player = player;
  event.text = std::string(text);
  return post(std::move(event));
}

void Runtime::dispatch_queued_events() {
  while (!queued_events_.empty()) {
    const QueuedEvent event = std::move(queued_events_.front());
    queued_events_.pop_front();
    dispatch(event);
  }
}

Value Runtime::global(std::string_view name, std::uint32_t element) const {
  const std::int32_t index = program_->program->find_global(name);
  if (index < 0) return {};
  const Type& type = program_->program->globals[static_cast<std::size_t>(index)].type;
  std::uint32_t cells = 1;
  for (int i = 0; i < type.rank; ++i) cells *= static_cast<std::uint32_t>(type.dims[i]);
  if (element >= cells) return {};
  return globals_[program_->global_first_cell[static_cast<std::size_t>(index)] + element];
}

void Runtime::visit_reachable(BaseType type, const std::function<void(Handle)>& visit) const {
  for (std::size_t cell = 0; cell < globals_.size(); ++cell) {
    if (program_->global_cell_types[cell] == type && globals_[cell].bits != 0) visit(globals_[cell].bits);
  }
  for (const auto& thread : threads_) {
    if (thread->state == ThreadState::Free) continue;
    for (std::size_t f = 0; f < thread->frames.size(); ++f) {
      const Frame& frame = thread->frames[f];
      const CompiledFunction& function = program_->functions[static_cast<std::size_t>(frame.function)];
      const std::uint32_t locals_end = frame.base + function.frame_cells;
      const std::uint32_t end = f + 1 < thread->frames.size() ? thread->frames[f + 1].base : thread->sp;
      for (std::uint32_t cell = frame.base; cell < std::min(locals_end, end); ++cell) {
        if (function.cell_types[cell - frame.base] == type && thread->stack[cell].bits != 0) {
          visit(thread->stack[cell].bits);
        }
      }
      for (std::uint32_t cell = locals_end; cell < end; ++cell) {  // temporaries: untyped
        if (thread->stack[cell].bits != 0) visit(thread->stack[cell].bits);
      }
    }
    if (type == BaseType::Unit) {
      if (thread->event.unit) visit(thread->event.unit);
      if (thread->event.created_unit) visit(thread->event.created_unit);
      for (const Handle unit : thread->group_loop_units) visit(unit);
    }
  }
}

}  // namespace sc2::galaxy
