// A map is untrusted input (issue 34 item 4): a script that loops forever, recurses without end,
// floods threads or grows strings without bound stops with an error naming the file, line and
// function; run-time errors (division by zero, a missing native, a null handle) likewise; the
// other threads and the game go on. Nothing crashes.
#include <doctest/doctest.h>

#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

RuntimeLimits small_limits() {
  RuntimeLimits limits;
  limits.instructions_per_loop = 20'000;
  limits.instructions_per_call = 8'000;
  return limits;
}

}  // namespace

TEST_CASE("galaxy budgets: an endless loop stops its thread with the line and function, the game goes on") {
  Script script(program_with("int ticks;\n"
                             "bool gt_Spin_Func(bool c, bool a) {\n"
                             "  while (true) { }\n"
                             "  return true;\n"
                             "}\n"
                             "bool gt_Tick_Func(bool c, bool a) { ticks += 1; return true; }",
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_Spin_Func\"));\n"
                             "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Tick_Func\"), 0.0625, c_timeGame);"),
                small_limits());
  CHECK_FALSE(script.init());
  REQUIRE(script.runtime->errors().size() == 1);
  const std::string error = first_error(script);
  CHECK(error.starts_with("MapScript.galaxy:4:"));  // the loop (its condition or its jumps)
  CHECK(contains(error, "the script ran more than 8000 instructions in one call into the runtime: thread stopped "
                        "(an endless loop?) (in 'gt_Spin_Func')"));
  CHECK(script.runtime->advance_to(10));
  CHECK(script.int_global("ticks") == 10);
  CHECK(script.runtime->live_threads() == 0);
}

TEST_CASE("galaxy budgets: the instructions of one game loop are bounded across the host's calls") {
  Script script(program_with("int runs;\n"
                             "bool gt_Busy_Func(bool c, bool a) { int i; for (i = 0; i < 500; i += 1) { } runs += 1; return true; }",
                             "TriggerAddEventUnitDied(TriggerCreate(\"gt_Busy_Func\"), null);"),
                small_limits());
  REQUIRE(script.init());
  // 9 instructions an iteration (load, compare, jump, load, add, store, jump back), ~4,500 a
  // death: one call's 8000 is enough, the loop's 20000 is not for 5.
  for (Handle unit = 1; unit <= 5; ++unit) script.runtime->fire_unit_died(unit);
  CHECK(script.int_global("runs") == 4);
  REQUIRE(script.runtime->errors().size() == 1);
  CHECK(contains(first_error(script), "the script ran more than 20000 instructions in game loop 0: thread stopped"));
  CHECK(contains(first_error(script), "(in 'gt_Busy_Func')"));
  script.runtime->advance_to(1);  // a new loop, a new budget
  script.runtime->fire_unit_died(6);
  CHECK(script.int_global("runs") == 5);
}

TEST_CASE("galaxy budgets: recursion without end is an error, not a crash") {
  Script script(program_with("int down(int n) { return down(n + 1) + 1; }\nint r;", "r = down(0);"));
  CHECK_FALSE(script.init());
  const std::string error = first_error(script);
  CHECK(error.starts_with("MapScript.galaxy:2:"));
  CHECK(contains(error, "calls nested more than 512 deep (recursion without end?) calling 'down' (in 'down', "
                        "called from 'down' at MapScript.galaxy:2:"));
  CHECK(contains(error, ", ...)"));
  CHECK(script.runtime->live_threads() == 0);
}

TEST_CASE("galaxy budgets: a thread's stack is bounded (big local arrays in recursion)") {
  Script script(program_with("int deep(int n) { int[10000] big; big[0] = n; return deep(n + 1) + big[0]; }\nint r;",
                             "r = deep(0);"));
  CHECK_FALSE(script.init());
  CHECK(contains(first_error(script), "the thread's stack would pass 262144 cells calling 'deep'"));
}

TEST_CASE("galaxy budgets: a thread flood stops at the thread limit") {
  RuntimeLimits limits;
  limits.max_threads = 100;
  Script script(program_with("trigger gt_Flood;\n"
                             "bool gt_Flood_Func(bool c, bool a) { TriggerExecute(TriggerGetCurrent(), true, false); Wait(100.0, c_timeGame); return true; }",
                             "gt_Flood = TriggerCreate(\"gt_Flood_Func\");\nTriggerExecute(gt_Flood, true, false);"),
                limits);
  CHECK_FALSE(script.init());
  REQUIRE(script.runtime->errors().size() == 1);
  CHECK(contains(first_error(script), "TriggerExecute: more than 100 script threads alive at once: "
                                      "'gt_Flood_Func' was not started (in 'gt_Flood_Func')"));
  // 100 alive when it failed: InitMap and 99 floods; the 99th stopped, InitMap ended.
  CHECK(script.runtime->live_threads() == 98);
  CHECK(script.runtime->advance_to(2000));
  CHECK(script.runtime->live_threads() == 0);
}

TEST_CASE("galaxy budgets: threads that wait for threads they start stop at the thread limit too") {
  RuntimeLimits limits;
  limits.max_threads = 50;
  Script script(program_with("bool gt_Deeper_Func(bool c, bool a) { TriggerExecute(TriggerGetCurrent(), true, true); return true; }",
                             "TriggerExecute(TriggerCreate(\"gt_Deeper_Func\"), true, true);"),
                limits);
  CHECK_FALSE(script.init());
  CHECK(script.runtime->errors().size() == 1);
  CHECK(script.runtime->live_threads() == 0);  // the failed one stopped; each waiter then went on and ended
}

TEST_CASE("galaxy budgets: strings cannot grow without bound") {
  RuntimeLimits limits;
  limits.max_string_table_bytes = 1 << 20;
  Script doubling(program_with("string s = \"x\";", "while (true) { s = s + s; }"), limits);
  CHECK_FALSE(doubling.init());
  CHECK(contains(first_error(doubling), "a string of more than 65536 bytes"));
  Script growing(program_with("string s = \"x\";", "while (true) { s = s + \"y\"; }"), limits);
  CHECK_FALSE(growing.init());
  CHECK(contains(first_error(growing), "the script made more than 1048576 bytes of strings"));
}

TEST_CASE("galaxy budgets: run-time errors name the file, line and function, and the game goes on") {
  Script script(program_with("int zero; fixed fzero; int ticks; trigger gt_Null;\n"
                             "bool gt_Div_Func(bool c, bool a) { ticks += 1 / zero; return true; }\n"
                             "bool gt_FDiv_Func(bool c, bool a) { fzero = 1.0 / fzero; return true; }\n"
                             "bool gt_Mod_Func(bool c, bool a) { ticks += ModI(3, zero); return true; }\n"
                             "bool gt_Missing_Func(bool c, bool a) { UnitGetPosition(null); return true; }\n"
                             "bool gt_NullTrigger_Func(bool c, bool a) { TriggerEnable(gt_Null, true); return true; }\n"
                             "bool gt_NullPoint_Func(bool c, bool a) { PointWithOffset(null, 1, 1); return true; }\n"
                             "bool gt_Tick_Func(bool c, bool a) { ticks += 1; return true; }",
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_Div_Func\"));\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_FDiv_Func\"));\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_Mod_Func\"));\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_Missing_Func\"));\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_NullTrigger_Func\"));\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_NullPoint_Func\"));\n"
                             "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Tick_Func\"), 0.0625, c_timeGame);"));
  CHECK_FALSE(script.init());
  CHECK(script.errors() ==
        // An operator's error points at the operator, a native's at its name.
        "MapScript.galaxy:3:47: division by zero (in 'gt_Div_Func')\n"
        "MapScript.galaxy:4:49: division by zero (in 'gt_FDiv_Func')\n"
        "MapScript.galaxy:5:45: ModI: modulo by zero (in 'gt_Mod_Func')\n"
        "MapScript.galaxy:6:40: 'UnitGetPosition' is not implemented by this game (no native registered) "
        "(in 'gt_Missing_Func')\n"
        "MapScript.galaxy:7:44: TriggerEnable: the trigger is null (in 'gt_NullTrigger_Func')\n"
        "MapScript.galaxy:8:42: PointWithOffset: point argument 1 is null (in 'gt_NullPoint_Func')\n");
  CHECK(script.runtime->advance_to(3));
  CHECK(script.int_global("ticks") == 3);
}

TEST_CASE("galaxy budgets: a failed thread that another waits for lets the waiter go on") {
  Script script(program_with("int zero; int after; trigger gt_Bad;\n"
                             "bool gt_Bad_Func(bool c, bool a) { Wait(1.0, c_timeGame); after = 1 / zero; return true; }\n"
                             "bool gt_Waiter_Func(bool c, bool a) { TriggerExecute(gt_Bad, true, true); after += 10; return true; }",
                             "gt_Bad = TriggerCreate(\"gt_Bad_Func\");\n"
                             "TriggerAddEventMapInit(TriggerCreate(\"gt_Waiter_Func\"));"));
  REQUIRE(script.init());
  CHECK_FALSE(script.runtime->advance_to(20));
  CHECK(script.int_global("after") == 10);
  CHECK(script.runtime->live_threads() == 0);
}

TEST_CASE("galaxy budgets: the host cannot re-enter the runtime from a native, and errors are capped") {
  RuntimeLimits limits;
  limits.max_errors_kept = 3;
  Script script(program_with("int zero; bool gt_Div_Func(bool c, bool a) { zero = 1 / zero; return true; }",
                             "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Div_Func\"), 0.0625, c_timeGame);\n"
                             "RestartGame(PlayerGroupAll());"),
                limits);
  script.runtime->natives().add("RestartGame", [](NativeCall& call) { call.runtime().advance_to(100); });
  CHECK_FALSE(script.init());
  CHECK(contains(first_error(script), "advance_to was called while the script runs"));
  CHECK(script.runtime->loop() == 0);
  script.runtime->advance_to(10);
  CHECK(script.runtime->errors().size() == 3);
  CHECK(script.runtime->error_count() == 11);
}
