// Runtime: which registered events an occurrence matches, and starting their triggers.
#include "engine/galaxy/runtime.h"

namespace sc2::galaxy {

namespace {

constexpr std::int32_t kPlayerAny = 16;        // c_playerAny
constexpr std::int32_t kAbilityStageAll = -1;  // c_unitAbilStageAll

}  // namespace

bool Runtime::matches(const EventRegistration& r, const QueuedEvent& e) const {
  const auto ability_matches = [&] {
    if (r.ability == 0) return true;  // null: any ability
    return !e.ability_unknown && r.ability == e.ability &&
           (r.kind == EventKind::UnitCreated || r.command == e.command);
  };
  switch (r.kind) {
    case EventKind::MapInit:
      return true;
    case EventKind::Periodic:
      return false;  // run_loop fires these from their schedule
    case EventKind::Timer:
      return r.timer == e.timer;
    case EventKind::UnitDied:
      return r.unit == 0 || r.unit == e.data.unit;
    case EventKind::UnitCreated:
      return (r.unit == 0 || r.unit == e.data.created_unit) && ability_matches() &&
             (r.behavior == 0 || (!e.behavior_unknown && r.behavior == e.behavior));
    case EventKind::UnitAbility:
      return (r.unit == 0 || r.unit == e.data.unit) && ability_matches() &&
             (r.stage == kAbilityStageAll || r.stage == e.stage);
    case EventKind::UnitOrder:
      return (r.unit == 0 || r.unit == e.data.unit) && ability_matches();
    case EventKind::ChatMessage: {
      if (r.player != kPlayerAny && r.player != e.data.player) return false;
      const std::string_view wanted = strings_.view(r.text);
      return r.exact ? e.text == wanted : e.text.find(wanted) != std::string::npos;
    }
  }
  return false;
}

void Runtime::dispatch(const QueuedEvent& event) {
  // Matching costs budget too (1 per registration, more for a long chat text), so a script with
  // thousands of registrations cannot make each event expensive for free.
  const std::int64_t match_cost = 1 + static_cast<std::int64_t>(event.text.size() / 32);
  // By index: a trigger may register more events of this kind while it runs; they apply to
  // the next occurrence, not this one.
  const std::size_t count = triggers_.events_of(event.kind).size();
  for (std::size_t i = 0; i < count; ++i) {
    if (!spend(match_cost)) return out_of_budget("events were not delivered to their triggers");
    const EventRegistration& registration = triggers_.event(triggers_.events_of(event.kind)[i]);
    if (!matches(registration, event)) continue;
    const Trigger* trigger = triggers_.get(registration.trigger);
    if (trigger && trigger->enabled) start_trigger_thread(registration.trigger, event.data);
  }
}

void Runtime::start_trigger_thread(TriggerId trigger_id, const EventData& data) {
  const Trigger* trigger = triggers_.get(trigger_id);
  if (!trigger) return;
  const Value arguments[2] = {Value::from_bool(true), Value::from_bool(true)};  // testConds, runActions
  std::string error;
  Thread* thread = start_thread(trigger->function, trigger_id, data, arguments, 2, &error);
  if (!thread) {
    report(program_->program->files.name(0) + ": " + error);
    return;
  }
  run(*thread);
}

}  // namespace sc2::galaxy
