// Runtime natives: triggers, their events, and threads (spec §2.5).
#include "engine/galaxy/runtime.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

Trigger* trigger_arg(NativeCall& call, std::uint32_t i) {
  Trigger* trigger = call.runtime().triggers().get(call.trigger_arg(i));
  if (!trigger) call.fail("the trigger is null");
  return trigger;
}

// Registers `event` for the trigger of argument 0.
void add_event(NativeCall& call, EventRegistration event) {
  if (!trigger_arg(call, 0)) return;
  event.trigger = call.trigger_arg(0);
  Runtime& runtime = call.runtime();
  const std::optional<std::uint32_t> index = runtime.triggers().add_event(event, runtime.limits().max_event_registrations);
  if (!index) {
    return call.fail("more than " + std::to_string(runtime.limits().max_event_registrations) + " event registrations");
  }
  if (event.kind == EventKind::Periodic) {
    runtime.triggers().periodic_schedule().push({runtime.loop() + event.period, *index});
  }
}

EventRegistration event_of(EventKind kind) {
  EventRegistration event{};
  event.kind = kind;
  event.stage = -1;
  event.player = 16;
  event.exact = true;
  return event;
}

}  // namespace

void register_trigger_natives(NativeRegistry& r) {
  // Only reached when the name is not a literal the checker resolved (bytecode CreateTrigger).
  r.add("TriggerCreate", [](NativeCall& call) {
    call.charge(static_cast<std::int64_t>(call.string_arg(0).size() / 32));  // the name is hashed
    const auto& functions = call.runtime().program().trigger_functions;
    const auto it = functions.find(std::string(call.string_arg(0)));
    if (it == functions.end()) {
      return call.fail("'" + std::string(call.string_arg(0)) + "' is not a function 'bool f(bool, bool)' of the script");
    }
    const std::optional<TriggerId> id = call.runtime().triggers().create(it->second, call.runtime().limits().max_triggers);
    if (!id) return call.fail("more than " + std::to_string(call.runtime().limits().max_triggers) + " triggers");
    call.return_value(Value::from_id(*id));
  });
  r.add("TriggerAddEventMapInit", [](NativeCall& call) { add_event(call, event_of(EventKind::MapInit)); });
  r.add("TriggerAddEventTimePeriodic", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::Periodic);
    event.period = loops_from_seconds(call.fixed_raw_arg(1));  // c_timeReal counts as game time
    add_event(call, event);
  });
  r.add("TriggerAddEventTimer", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::Timer);
    event.timer = call.timer_arg(1);
    if (!call.runtime().timers().get(event.timer)) return call.fail("the timer is null");
    add_event(call, event);
  });
  r.add("TriggerAddEventUnitDied", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::UnitDied);
    event.unit = call.handle_arg(1);
    add_event(call, event);
  });
  r.add("TriggerAddEventUnitCreated", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::UnitCreated);
    event.unit = call.handle_arg(1);
    event.ability = call.arg(2).as_id();
    event.behavior = call.arg(3).as_id();
    add_event(call, event);
  });
  r.add("TriggerAddEventUnitAbility", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::UnitAbility);
    event.unit = call.handle_arg(1);
    event.ability = call.abilcmd_arg(2).ability;
    event.command = call.abilcmd_arg(2).index;
    event.stage = call.int_arg(3);
    add_event(call, event);
  });
  r.add("TriggerAddEventUnitOrder", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::UnitOrder);
    event.unit = call.handle_arg(1);
    event.ability = call.abilcmd_arg(2).ability;
    event.command = call.abilcmd_arg(2).index;
    add_event(call, event);
  });
  r.add("TriggerAddEventChatMessage", [](NativeCall& call) {
    EventRegistration event = event_of(EventKind::ChatMessage);
    event.player = call.int_arg(1);
    event.text = call.arg(2).as_id();
    event.exact = call.bool_arg(3);
    add_event(call, event);
  });
  r.add("EventUnit", [](NativeCall& call) { call.return_handle(call.thread().event.unit); });
  r.add("EventUnitCreatedUnit", [](NativeCall& call) { call.return_handle(call.thread().event.created_unit); });
  r.add("TriggerEnable", [](NativeCall& call) {
    if (Trigger* trigger = trigger_arg(call, 0)) trigger->enabled = call.bool_arg(1);
  });
  r.add("TriggerIsEnabled", [](NativeCall& call) {
    if (const Trigger* trigger = trigger_arg(call, 0)) call.return_bool(trigger->enabled);
  });
  r.add("TriggerGetCurrent", [](NativeCall& call) { call.return_value(Value::from_id(call.thread().trigger)); });
  r.add("TriggerExecute", [](NativeCall& call) {
    call.runtime().execute_trigger(call, call.trigger_arg(0), call.bool_arg(1), call.bool_arg(2));
  });
  r.add("TriggerStop", [](NativeCall& call) {
    if (trigger_arg(call, 0)) call.runtime().stop_trigger(call, call.trigger_arg(0));
  });
  // c_timeReal waits count as game time: the game's clock is stepped by its client, so real
  // time has no meaning here (the reference maps wait 2 real seconds only before pausing all).
  r.add("Wait", [](NativeCall& call) { call.runtime().wait_current(loops_from_seconds(call.fixed_raw_arg(0))); });
  r.add("libNtve_InitLib", [](NativeCall&) {});  // NativeLib keeps no state of its own here
}

void register_runtime_natives(NativeRegistry& registry) {
  register_trigger_natives(registry);
  register_timer_natives(registry);
  register_math_natives(registry);
  register_text_natives(registry);
  register_value_natives(registry);
}

}  // namespace sc2::galaxy
