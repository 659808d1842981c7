// Runtime natives: timers (timers.h has the rules).
#include "engine/galaxy/runtime.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

bool check_timer(NativeCall& call, std::uint32_t i) {
  if (call.runtime().timers().get(call.timer_arg(i))) return true;
  call.fail("the timer is null");
  return false;
}

}  // namespace

void register_timer_natives(NativeRegistry& r) {
  r.add("TimerCreate", [](NativeCall& call) {
    const std::optional<TimerId> id = call.runtime().timers().create(call.runtime().limits().max_timers);
    if (!id) return call.fail("more than " + std::to_string(call.runtime().limits().max_timers) + " timers");
    call.return_value(Value::from_id(*id));
  });
  r.add("TimerStart", [](NativeCall& call) {
    if (!check_timer(call, 0)) return;
    // c_timeReal counts as game time (the clock is stepped).
    call.runtime().timers().start(call.timer_arg(0), loops_from_seconds(call.fixed_raw_arg(1)), call.bool_arg(2),
                                  call.loop());
  });
  r.add("TimerLastStarted", [](NativeCall& call) {
    call.return_value(Value::from_id(call.runtime().timers().last_started()));
  });
  // NativeLib: TimerStart(t, 0, false, c_timeGame) then TimerPause(t, true): a timer with no
  // time left that does not run. It does not fire (the scripts disable its trigger first anyway).
  r.add("libNtve_gf_StopTimer", [](NativeCall& call) {
    if (check_timer(call, 0)) call.runtime().timers().stop(call.timer_arg(0));
  });
}

}  // namespace sc2::galaxy
