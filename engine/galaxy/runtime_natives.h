#pragma once
// The library functions the runtime implements itself, needing no world (48 of the 123):
//   triggers, events, threads   runtime_natives_triggers.cpp (TriggerCreate ... Wait, libNtve_InitLib)
//   timers                      runtime_natives_timers.cpp   (TimerCreate, TimerStart, TimerLastStarted,
//                                                             libNtve_gf_StopTimer)
//   numbers, random, points     runtime_natives_math.cpp     (ModI, RandomInt, RandomFixed,
//                               libNtve_gf_RandomAngle, PointWithOffset[Polar], DistanceBetweenPoints,
//                               AngleBetweenPoints, libNtve_gf_RandomPointBetweenPoints)
//   strings and texts           runtime_natives_text.cpp     (StringExternal, StringToText, IntToText,
//                                                             FixedToText, TextExpressionSetToken/Assemble)
//   value records, group loops  runtime_natives_values.cpp   (AbilityCommand, OrderTargeting*, UnitFilter,
//                                                             PlayerGroupAll, UnitGroupLoop*)
// The Runtime registers them when it is made; a host may replace any.
#include "engine/galaxy/native_call.h"

namespace sc2::galaxy {

void register_runtime_natives(NativeRegistry& registry);

void register_trigger_natives(NativeRegistry& registry);
void register_timer_natives(NativeRegistry& registry);
void register_math_natives(NativeRegistry& registry);
void register_text_natives(NativeRegistry& registry);
void register_value_natives(NativeRegistry& registry);

}  // namespace sc2::galaxy
