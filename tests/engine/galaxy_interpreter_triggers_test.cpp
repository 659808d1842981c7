// Threads and triggers (spec §2.5): Wait across loops, periodic events and timers at the right
// loops, TriggerEnable / GetCurrent / Execute / Stop, the order of work in a loop, event
// dispatch (registration order, one death after another), event data, event filters.
//
// The scripts log through PlayerModifyPropertyInt(p, prop, op, value), registered here to
// append "value@loop", and UnitRemove(u) -> "remove u@loop"; UnitFromId(id) is the unit `id`.
#include <doctest/doctest.h>

#include <set>

#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

std::string joined(const std::vector<std::string>& log) {
  std::string text;
  for (const std::string& entry : log) text += (text.empty() ? "" : " ") + entry;
  return text;
}

// A script with the logging natives; `body` is InitMap's.
struct Logged : Script {
  explicit Logged(std::string_view declarations, std::string_view body, RuntimeLimits limits = {})
      : Script(program_with("void note(int v) { PlayerModifyPropertyInt(1, 0, 0, v); }\n"
                            "void note_bool(bool b) { if (b) { note(1); } else { note(0); } }\n" +
                                std::string(declarations),
                            body),
               limits) {
    runtime->natives().add("PlayerModifyPropertyInt", [this](NativeCall& call) {
      log.push_back(std::to_string(call.int_arg(3)) + "@" + std::to_string(call.loop()));
    });
    runtime->natives().add("UnitFromId", [](NativeCall& call) { call.return_handle(static_cast<Handle>(call.int_arg(0))); });
    runtime->natives().add("UnitRemove", [this](NativeCall& call) {
      log.push_back("remove " + std::to_string(call.handle_arg(0)) + "@" + std::to_string(call.loop()));
    });
  }
  std::string text() const { return joined(log); }
};

}  // namespace

TEST_CASE("galaxy runtime: Wait suspends the thread until a later game loop, rounding up to whole loops") {
  Logged script("bool gt_T_Func(bool c, bool a) {\n"
                "  note(1); Wait(1.0, c_timeGame); note(2); Wait(0.0625, c_timeGame); note(3);\n"
                "  Wait(0.07, c_timeGame); note(4); Wait(0.0, c_timeGame); note(5); Wait(0.5, c_timeReal); note(6);\n"
                "  return true;\n"
                "}",
                "TriggerAddEventMapInit(TriggerCreate(\"gt_T_Func\"));");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0");
  CHECK(script.runtime->live_threads() == 1);
  script.runtime->advance_to(15);
  CHECK(script.text() == "1@0");
  script.runtime->advance_to(100);
  // 1 s = 16 loops; 0.0625 s = 1; 0.07 s = 1.12 -> 2; 0 -> 1 (a Wait always yields); c_timeReal as game time
  CHECK(script.text() == "1@0 2@16 3@17 4@19 5@20 6@28");
  CHECK(script.runtime->live_threads() == 0);
  CHECK(script.errors() == "");
}

TEST_CASE("galaxy runtime: a Wait deep in script calls keeps every frame's locals") {
  Logged script("void nap(int depth) { int mine = depth * 10; if (depth > 0) { nap(depth - 1); } else { Wait(2.0, c_timeGame); }\n"
                "  note(mine); }\n"
                "int total(int n) { int sum = 0; int i; for (i = 1; i <= n; i += 1) { Wait(0.0625, c_timeGame); sum += i; } return sum; }\n"
                "bool gt_T_Func(bool c, bool a) { nap(3); note(total(4) + 1000); return true; }",
                "TriggerAddEventMapInit(TriggerCreate(\"gt_T_Func\"));");
  REQUIRE(script.init());
  script.runtime->advance_to(64);
  CHECK(script.text() == "0@32 10@32 20@32 30@32 1010@36");
}

TEST_CASE("galaxy runtime: InitMap itself may wait, and map-init triggers start after it") {
  Logged script("bool gt_Init_Func(bool c, bool a) { note(100); return true; }\n"
                "void InitTriggers() { TriggerAddEventMapInit(TriggerCreate(\"gt_Init_Func\")); }",
                "InitTriggers(); note(1); Wait(0.125, c_timeGame); note(2);");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0 100@0");
  script.runtime->advance_to(2);
  CHECK(script.text() == "1@0 100@0 2@2");
}

TEST_CASE("galaxy runtime: periodic events fire every period from their registration, while enabled") {
  Logged script("trigger gt_Every; trigger gt_Half;\n"
                "bool gt_Every_Func(bool c, bool a) { note(1); return true; }\n"
                "bool gt_Half_Func(bool c, bool a) { note(8); return true; }",
                "gt_Every = TriggerCreate(\"gt_Every_Func\");\n"
                "TriggerAddEventTimePeriodic(gt_Every, 0.0625, c_timeGame);\n"
                "gt_Half = TriggerCreate(\"gt_Half_Func\");\n"
                "TriggerAddEventTimePeriodic(gt_Half, 0.5, c_timeGame);");
  REQUIRE(script.init(100));
  script.runtime->advance_to(103);
  CHECK(script.text() == "1@101 1@102 1@103");
  script.log.clear();
  script.runtime->triggers().get(1)->enabled = false;  // TriggerEnable(gt_Every, false)
  script.runtime->advance_to(117);
  CHECK(script.text() == "8@108 8@116");
  script.log.clear();
  script.runtime->triggers().get(1)->enabled = true;
  script.runtime->advance_to(118);
  CHECK(script.text() == "1@118");
}

TEST_CASE("galaxy runtime: timers fire their triggers when they run out, periodic ones again") {
  Logged script("timer once; timer repeat; timer stopped;\n"
                "bool gt_Once_Func(bool c, bool a) { note(1); return true; }\n"
                "bool gt_Repeat_Func(bool c, bool a) { note(2); return true; }\n"
                "bool gt_Stopped_Func(bool c, bool a) { note(3); return true; }",
                "once = TimerCreate(); repeat = TimerCreate(); stopped = TimerCreate();\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Once_Func\"), once);\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Repeat_Func\"), repeat);\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Stopped_Func\"), stopped);\n"
                "TimerStart(once, 2, false, c_timeGame);\n"
                "TimerStart(repeat, 1.0, true, c_timeGame);\n"
                "TimerStart(stopped, 0.5, false, c_timeGame);\n"
                "libNtve_gf_StopTimer(stopped);\n"
                "note_bool(TimerLastStarted() == stopped);");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0");  // TimerLastStarted() == stopped
  script.log.clear();
  TimerTable& timers = script.runtime->timers();
  CHECK(timers.remaining_loops(1, 0) == 32);
  CHECK(timers.remaining_loops(3, 0) == 0);
  script.runtime->advance_to(50);
  CHECK(script.text() == "2@16 1@32 2@32 2@48");  // same loop: the earlier started timer first
  CHECK(timers.remaining_loops(2, 50) == 14);
  CHECK(timers.elapsed_loops(2, 50) == 2);
  timers.set_paused(2, true, 50);
  script.runtime->advance_to(100);
  CHECK(timers.remaining_loops(2, 100) == 14);
  timers.set_paused(2, false, 100);
  script.log.clear();
  script.runtime->advance_to(114);
  CHECK(script.text() == "2@114");
}

TEST_CASE("galaxy runtime: restarting a timer moves its expiry") {
  Logged script("timer t;\nbool gt_T_Func(bool c, bool a) { note(1); return true; }\n"
                "bool gt_Restart_Func(bool c, bool a) { TimerStart(t, 1.0, false, c_timeGame); return true; }",
                "t = TimerCreate();\nTriggerAddEventTimer(TriggerCreate(\"gt_T_Func\"), t);\n"
                "TimerStart(t, 1.0, false, c_timeGame);\n"
                "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Restart_Func\"), 0.5, c_timeGame);");
  REQUIRE(script.init());
  script.runtime->advance_to(40);  // restarted at 8, 16, 24, 32, 40: never runs out
  CHECK(script.text() == "");
}

TEST_CASE("galaxy runtime: TriggerEnable, TriggerIsEnabled, TriggerGetCurrent and the guard idiom") {
  Logged script("trigger gt_A; trigger seen; bool in_init_map_null;\n"
                "bool gt_A_Func(bool testConds, bool runActions) {\n"
                "  if (testConds) { if (!((TriggerIsEnabled(TriggerGetCurrent()) == true))) { return false; } }\n"
                "  if (!runActions) { return true; }\n"
                "  seen = TriggerGetCurrent(); note(1); return true;\n"
                "}",
                "gt_A = TriggerCreate(\"gt_A_Func\");\n"
                "TriggerAddEventUnitDied(gt_A, null);\n"
                "in_init_map_null = TriggerGetCurrent() == null;\n"
                "note_bool(TriggerIsEnabled(gt_A) == true);\n"
                "TriggerEnable(gt_A, false);\n"
                "note_bool(TriggerIsEnabled(gt_A) == false);\n"
                "TriggerExecute(gt_A, true, true);\n"   // refused by its own guard: disabled
                "TriggerExecute(gt_A, false, true);\n"  // conditions skipped: runs
                "TriggerEnable(gt_A, true);");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0 1@0 1@0");
  CHECK(script.bool_global("in_init_map_null"));
  CHECK(script.runtime->global("seen") == script.runtime->global("gt_A"));
  const std::int32_t function = script.compiled.program->find_function("gt_A_Func");
  CHECK(script.runtime->run_stats(function).returned_false == 1);
  CHECK(script.runtime->run_stats(function).returned_true == 1);
  script.runtime->triggers().get(1)->enabled = false;
  script.runtime->fire_unit_died(5);  // a disabled trigger ignores its events
  CHECK(script.runtime->run_stats(function).started == 2);
  script.runtime->triggers().get(1)->enabled = true;
  script.runtime->fire_unit_died(5);
  CHECK(script.runtime->run_stats(function).returned_true == 2);
}

TEST_CASE("galaxy runtime: TriggerExecute runs the trigger at once, the caller waiting for it or not") {
  Logged script("trigger gt_Slow;\n"
                "bool gt_Slow_Func(bool c, bool a) { note(10); Wait(1.0, c_timeGame); note(11); return true; }\n"
                "bool gt_Waiter_Func(bool c, bool a) { note(1); TriggerExecute(gt_Slow, true, true); note(2); return true; }\n"
                "bool gt_Starter_Func(bool c, bool a) { note(3); TriggerExecute(gt_Slow, true, false); note(4); return true; }",
                "gt_Slow = TriggerCreate(\"gt_Slow_Func\");\n"
                "TriggerAddEventMapInit(TriggerCreate(\"gt_Waiter_Func\"));\n"
                "TriggerAddEventMapInit(TriggerCreate(\"gt_Starter_Func\"));");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0 10@0 3@0 10@0 4@0");
  script.log.clear();
  script.runtime->advance_to(16);
  // Both slow threads wake at 16 in the order they waited; the waiter goes on right after its own.
  CHECK(script.text() == "11@16 2@16 11@16");
  CHECK(script.runtime->live_threads() == 0);
}

TEST_CASE("galaxy runtime: TriggerStop ends a trigger's threads, waiting or running") {
  Logged script("trigger gt_Demo; trigger gt_Self; timer tm;\n"
                "bool gt_Demo_Func(bool c, bool a) { while (true) { note(1); Wait(1.0, c_timeGame); } return true; }\n"
                "bool gt_Self_Func(bool c, bool a) { note(5); TriggerStop(TriggerGetCurrent()); note(6); return true; }\n"
                "bool gt_Stopper_Func(bool c, bool a) { TriggerStop(gt_Demo); note(7); return true; }",
                "gt_Demo = TriggerCreate(\"gt_Demo_Func\");\n"
                "TriggerExecute(gt_Demo, true, false);\n"
                "gt_Self = TriggerCreate(\"gt_Self_Func\");\n"
                "tm = TimerCreate();\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Stopper_Func\"), tm);\n"
                "TimerStart(tm, 2.5, false, c_timeGame);\n"
                "TriggerExecute(gt_Self, true, true);\n"
                "note(8);");
  REQUIRE(script.init());
  CHECK(script.text() == "1@0 5@0 8@0");  // gt_Self stopped itself; InitMap went on
  script.runtime->advance_to(100);
  CHECK(script.text() == "1@0 5@0 8@0 1@16 1@32 7@40");
  CHECK(script.runtime->live_threads() == 0);
  CHECK(script.errors() == "");
}

TEST_CASE("galaxy runtime: in one loop, waits resume first, then timers, then periodic events") {
  Logged script("timer tm;\n"
                "bool gt_Wait_Func(bool c, bool a) { Wait(1.0, c_timeGame); note(1); return true; }\n"
                "bool gt_Timer_Func(bool c, bool a) { note(2); return true; }\n"
                "bool gt_Periodic_Func(bool c, bool a) { note(3); return true; }",
                "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Periodic_Func\"), 1.0, c_timeGame);\n"
                "tm = TimerCreate();\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Timer_Func\"), tm);\n"
                "TimerStart(tm, 1.0, false, c_timeGame);\n"
                "TriggerAddEventMapInit(TriggerCreate(\"gt_Wait_Func\"));");
  REQUIRE(script.init());
  script.runtime->advance_to(16);
  CHECK(script.text() == "1@16 2@16 3@16");
}

TEST_CASE("galaxy runtime: an event runs its triggers in registration order, each seeing the last one's effects") {
  Logged script("int deaths; unitgroup g;\n"
                "bool gt_First_Func(bool c, bool a) { deaths += 1; note(deaths * 10 + 1); return true; }\n"
                "bool gt_Second_Func(bool c, bool a) { note(deaths * 10 + 2); UnitRemove(EventUnit()); return true; }",
                "TriggerAddEventUnitDied(TriggerCreate(\"gt_First_Func\"), null);\n"
                "TriggerAddEventUnitDied(TriggerCreate(\"gt_Second_Func\"), null);");
  REQUIRE(script.init());
  script.runtime->fire_unit_died(7);
  script.runtime->fire_unit_died(9);
  CHECK(script.text() == "11@0 12@0 remove 7@0 21@0 22@0 remove 9@0");
}

TEST_CASE("galaxy runtime: several deaths in one loop respawn once, as SMAC's reset needs (spec 2.5)") {
  // gt_Allunitsdied of every SMAC map: respawn when no unit is alive. The world removes every
  // unit, then reports each death; only the first evaluation sees an empty world.
  Logged script("bool gt_Allunitsdied_Func(bool c, bool a) {\n"
                "  if (c) { if (!((UnitGroupCount(UnitGroup(null, 1, RegionEntireMap(), null, 0), c_unitCountAlive) == 0))) {\n"
                "    return false; } }\n"
                "  if (!a) { return true; }\n"
                "  libNtve_gf_CreateUnitsWithDefaultFacing(3, \"Marine\", 0, 1, PointFromId(1));\n"
                "  return true;\n"
                "}\n",
                "TriggerAddEventUnitDied(TriggerCreate(\"gt_Allunitsdied_Func\"), null);");
  std::set<Handle> alive = {1, 2, 3};
  Handle next = 4;
  int spawns = 0;
  NativeRegistry& natives = script.runtime->natives();
  natives.add("UnitGroup", [](NativeCall& call) { call.return_handle(1000); });
  natives.add("RegionEntireMap", [](NativeCall& call) { call.return_handle(1); });
  natives.add("PointFromId", [](NativeCall& call) { call.return_point(Point::from_world(9, 16)); });
  natives.add("UnitGroupCount", [&](NativeCall& call) { call.return_int(static_cast<std::int32_t>(alive.size())); });
  natives.add("libNtve_gf_CreateUnitsWithDefaultFacing", [&](NativeCall& call) {
    ++spawns;
    for (int i = 0; i < call.int_arg(0); ++i) alive.insert(next++);
  });
  REQUIRE(script.init());
  alive.clear();
  for (const Handle unit : {1, 2, 3}) script.runtime->fire_unit_died(unit);
  CHECK(spawns == 1);
  CHECK(alive.size() == 3);
}

TEST_CASE("galaxy runtime: EventUnit and EventUnitCreatedUnit belong to the thread, across its Waits") {
  Logged script("timer tm;\n"
                "bool gt_Died_Func(bool c, bool a) { UnitRemove(EventUnit()); Wait(1.0, c_timeGame); UnitRemove(EventUnit()); return true; }\n"
                "bool gt_Made_Func(bool c, bool a) { UnitRemove(EventUnitCreatedUnit()); UnitRemove(EventUnit()); return true; }\n"
                "bool gt_Timer_Func(bool c, bool a) { note_bool(EventUnit() == null); return true; }",
                "TriggerAddEventUnitDied(TriggerCreate(\"gt_Died_Func\"), null);\n"
                "TriggerAddEventUnitCreated(TriggerCreate(\"gt_Made_Func\"), null, null, null);\n"
                "tm = TimerCreate();\n"
                "TriggerAddEventTimer(TriggerCreate(\"gt_Timer_Func\"), tm);\n"
                "TimerStart(tm, 2.0, false, c_timeGame);");
  REQUIRE(script.init());
  script.runtime->fire_unit_died(11);
  script.runtime->fire_unit_died(12);
  script.runtime->fire_unit_created(21, 20, "", "");
  script.runtime->advance_to(40);
  CHECK(script.text() == "remove 11@0 remove 12@0 remove 21@0 remove 20@0 remove 11@16 remove 12@16 1@32");
}

TEST_CASE("galaxy runtime: event filters (chat text and player, abilities and stages, creator ability)") {
  Logged script("bool gt_Reset_Func(bool c, bool a) { note(1); return true; }\n"
                "bool gt_Part_Func(bool c, bool a) { note(2); return true; }\n"
                "bool gt_Two_Func(bool c, bool a) { note(3); return true; }\n"
                "bool gt_Pickup_Func(bool c, bool a) { note(4); return true; }\n"
                "bool gt_Move_Func(bool c, bool a) { note(5); return true; }\n"
                "bool gt_Trained_Func(bool c, bool a) { note(6); return true; }\n"
                "bool gt_Cast_Func(bool c, bool a) { note(7); return true; }",
                "TriggerAddEventChatMessage(TriggerCreate(\"gt_Reset_Func\"), c_playerAny, \"reset\", true);\n"
                "TriggerAddEventChatMessage(TriggerCreate(\"gt_Part_Func\"), c_playerAny, \"gg\", false);\n"
                "TriggerAddEventChatMessage(TriggerCreate(\"gt_Two_Func\"), 2, \"hi\", true);\n"
                "TriggerAddEventUnitAbility(TriggerCreate(\"gt_Pickup_Func\"), null, AbilityCommand(\"PickupMinerals100\", 0), c_unitAbilStageAll, false);\n"
                "TriggerAddEventUnitOrder(TriggerCreate(\"gt_Move_Func\"), null, AbilityCommand(\"move\", 0));\n"
                "TriggerAddEventUnitCreated(TriggerCreate(\"gt_Trained_Func\"), null, \"BarracksTrain\", null);\n"
                "TriggerAddEventUnitAbility(TriggerCreate(\"gt_Cast_Func\"), null, AbilityCommand(\"attack\", 0), 2, false);");
  REQUIRE(script.init());
  script.runtime->fire_chat_message(1, "reset");
  script.runtime->fire_chat_message(1, "reset now");  // not exact
  script.runtime->fire_chat_message(1, "well, gg all");
  script.runtime->fire_chat_message(1, "hi");          // wrong player
  script.runtime->fire_chat_message(2, "hi");
  CHECK(script.text() == "1@0 2@0 3@0");
  script.log.clear();
  script.runtime->fire_unit_ability(5, "PickupMinerals100", 0, 3);
  script.runtime->fire_unit_ability(5, "PickupMinerals100", 1, 3);  // other command
  script.runtime->fire_unit_ability(5, "Unheard", 0, 3);           // a name the script never wrote
  script.runtime->fire_unit_ability(5, "attack", 0, 1);            // wrong stage
  script.runtime->fire_unit_ability(5, "attack", 0, 2);
  script.runtime->fire_unit_order(5, "move", 0);
  script.runtime->fire_unit_order(5, "attack", 0);
  script.runtime->fire_unit_created(6, 4, "BarracksTrain", "");
  script.runtime->fire_unit_created(6, 4, "Other", "");
  CHECK(script.text() == "4@0 7@0 5@0 6@0");
}

TEST_CASE("galaxy runtime: events a native fires while a script runs wait until the running threads stop") {
  Logged script("bool gt_Killer_Func(bool c, bool a) { note(1); UnitRemove(UnitFromId(3)); note(2); return true; }\n"
                "bool gt_Died_Func(bool c, bool a) { note(100); return true; }",
                "TriggerAddEventMapInit(TriggerCreate(\"gt_Killer_Func\"));\n"
                "TriggerAddEventUnitDied(TriggerCreate(\"gt_Died_Func\"), null);");
  // This world's UnitRemove kills (fires the death event) — from inside a native.
  script.runtime->natives().add("UnitRemove", [&script](NativeCall& call) {
    script.log.push_back("remove " + std::to_string(call.handle_arg(0)));
    call.runtime().fire_unit_died(call.handle_arg(0));
  });
  REQUIRE(script.init());
  CHECK(script.text() == "1@0 remove 3 2@0 100@0");
}

TEST_CASE("galaxy runtime: TriggerCreate with a name that is not a literal finds the function at run time") {
  Logged script("string name = \"gt_T_Func\"; string bad = \"gt_None\";\n"
                "bool gt_T_Func(bool c, bool a) { note(1); return true; }",
                "TriggerExecute(TriggerCreate(name), true, true);\n"
                "TriggerCreate(bad);");
  CHECK_FALSE(script.init());
  CHECK(script.text() == "1@0");
  CHECK(first_error(script).find("TriggerCreate: 'gt_None' is not a function 'bool f(bool, bool)' of the script") !=
        std::string::npos);
}

TEST_CASE("galaxy runtime: unit group loops iterate a copy of the group, per thread, across Waits") {
  Logged script("bool gt_Loop_Func(bool c, bool a) {\n"
                "  UnitGroupLoopBegin(UnitGroupEmpty());\n"
                "  for ( ; !UnitGroupLoopDone() ; UnitGroupLoopStep() ) {\n"
                "    UnitRemove(UnitGroupLoopCurrent());\n"
                "    UnitGroupLoopBegin(UnitGroupEmpty());\n"  // nested: the same group, here
                "    for ( ; !UnitGroupLoopDone() ; UnitGroupLoopStep() ) { note_bool(UnitGroupLoopCurrent() == UnitGroupLoopCurrent()); }\n"
                "    UnitGroupLoopEnd();\n"
                "    Wait(0.0625, c_timeGame);\n"
                "  }\n"
                "  UnitGroupLoopEnd();\n"
                "  note_bool(UnitGroupLoopDone());\n"
                "  return true;\n"
                "}",
                "TriggerAddEventMapInit(TriggerCreate(\"gt_Loop_Func\"));");
  script.host.groups[77] = {4, 5};
  script.runtime->natives().add("UnitGroupEmpty", [](NativeCall& call) { call.return_handle(77); });
  REQUIRE(script.init());
  script.host.groups[77] = {};  // the loop goes on over the copy it took
  script.runtime->advance_to(10);
  CHECK(script.text() == "remove 4@0 1@0 1@0 remove 5@1 1@2");
}
