// A map's script is untrusted input (issue 34 item 4). Beyond galaxy_interpreter_budgets_test
// (endless loops, recursion, thread floods, strings): each way a script could make the game
// stall or grow without bound stops with an error naming the file, line and reason, and the
// runtime goes on running the script's other triggers. Work that is not an instruction
// (clearing big frames, copying big groups, matching events) is charged, so each of these ends
// within its budget however the script is written; no test here measures time.
#include <doctest/doctest.h>

#include <functional>
#include <new>
#include <stdexcept>

#include "tests/engine/galaxy_fake_world.h"
#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// A periodic trigger counting loops beside the hostile code, to show the game goes on.
constexpr std::string_view kTicker =
    "int ticks;\nbool gt_Tick_Func(bool c, bool a) { ticks += 1; return true; }\n";
constexpr std::string_view kStartTicker =
    "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Tick_Func\"), 0.0625, c_timeGame);\n";

// The script's other work goes on after the error: the ticker runs in each of the next loops.
void check_goes_on(Script& script) {
  const std::int32_t before = script.int_global("ticks");
  const std::uint64_t errors = script.runtime->error_count();
  CHECK(script.runtime->advance_to(script.runtime->loop() + 5));
  CHECK(script.int_global("ticks") == before + 5);
  CHECK(script.runtime->error_count() == errors);
}

RuntimeLimits small_budget() {
  RuntimeLimits limits;
  limits.instructions_per_loop = 200'000;
  limits.instructions_per_call = 100'000;
  return limits;
}

}  // namespace

TEST_CASE("galaxy untrusted: an endless loop in InitMap itself is stopped and the map-init triggers still run") {
  Script script(program_with(std::string(kTicker) + "int later;\nbool gt_Init_Func(bool c, bool a) { later = 1; return true; }",
                             std::string(kStartTicker) +
                                 "TriggerAddEventMapInit(TriggerCreate(\"gt_Init_Func\"));\n"
                                 "while (true) { }"),
                small_budget());
  CHECK_FALSE(script.init());
  CHECK(first_error(script).starts_with("MapScript.galaxy:9:"));
  CHECK(contains(first_error(script), "instructions in one call into the runtime: thread stopped (an endless loop?) (in 'InitMap')"));
  // The call's budget was spent: the map-init trigger could not run (reported, not silently lost).
  CHECK(script.int_global("later") == 0);
  CHECK(contains(script.errors(), "MapScript.galaxy: the script ran more than 100000 instructions in one call into the "
                                  "runtime: events were not delivered to their triggers (an endless loop?)"));
  check_goes_on(script);
}

TEST_CASE("galaxy untrusted: big local arrays cleared in a loop run out of budget, not of time") {
  Script script(program_with(std::string(kTicker) + "int calls;\nvoid big() { int[60000] a; a[5] = 1; calls += 1; }\n"
                                                    "bool gt_Spin_Func(bool c, bool a) { while (true) { big(); } return true; }",
                             std::string(kStartTicker) + "TriggerAddEventMapInit(TriggerCreate(\"gt_Spin_Func\"));"),
                small_budget());
  CHECK_FALSE(script.init());
  // Each call clears 60,000 cells twice (the frame, the declaration): ~15,000 instructions.
  CHECK(script.int_global("calls") >= 3);
  CHECK(script.int_global("calls") <= 8);
  CHECK(contains(first_error(script), "thread stopped (an endless loop?)"));
  CHECK(contains(first_error(script), "'big', called from 'gt_Spin_Func'"));
  check_goes_on(script);
}

TEST_CASE("galaxy untrusted: looping over a big unit group again and again runs out of budget") {
  FakeWorld world;
  auto compiled = compile("MapScript.galaxy",
                          program_with(std::string(kTicker) + "unitgroup all; int loops;\n"
                                       "bool gt_Spin_Func(bool c, bool a) {\n"
                                       "  while (true) { UnitGroupLoopBegin(all); UnitGroupLoopEnd(); loops += 1; }\n"
                                       "  return true;\n"
                                       "}",
                                       std::string(kStartTicker) +
                                           "libNtve_gf_CreateUnitsWithDefaultFacing(10000, \"Zergling\", 0, 2, PointFromId(1));\n"
                                           "all = UnitGroup(null, c_playerAny, null, null, 0);\n"
                                           "TriggerAddEventMapInit(TriggerCreate(\"gt_Spin_Func\"));"));
  REQUIRE(compiled.ok());
  Runtime runtime(compile_bytecode(*compiled.program), world, small_budget());
  world.register_natives(runtime.natives());
  CHECK_FALSE(runtime.run_map_init());
  // 10,000 units copied a loop: the 100,000-instruction call allows fewer than 10 loops.
  CHECK(runtime.global("loops").as_int() < 10);
  REQUIRE(runtime.errors().size() == 1);
  CHECK(contains(runtime.errors()[0], "thread stopped (an endless loop?) (in 'gt_Spin_Func')"));
  CHECK(runtime.group_loop_units() == 0);  // the stopped thread's copies were let go
}

TEST_CASE("galaxy untrusted: the units group loops hold are bounded across threads") {
  FakeWorld world;
  RuntimeLimits limits;
  limits.max_group_loop_units = 25'000;
  auto compiled = compile("MapScript.galaxy",
                          program_with(std::string(kTicker) + "unitgroup all; trigger gt_Hold;\n"
                                       "bool gt_Hold_Func(bool c, bool a) { UnitGroupLoopBegin(all); Wait(100.0, c_timeGame); return true; }",
                                       std::string(kStartTicker) +
                                           "libNtve_gf_CreateUnitsWithDefaultFacing(10000, \"Zergling\", 0, 2, PointFromId(1));\n"
                                           "all = UnitGroup(null, c_playerAny, null, null, 0);\n"
                                           "gt_Hold = TriggerCreate(\"gt_Hold_Func\");\n"
                                           "TriggerExecute(gt_Hold, true, false); TriggerExecute(gt_Hold, true, false);\n"
                                           "TriggerExecute(gt_Hold, true, false);"));
  REQUIRE(compiled.ok());
  Runtime runtime(compile_bytecode(*compiled.program), world, limits);
  world.register_natives(runtime.natives());
  CHECK_FALSE(runtime.run_map_init());
  REQUIRE(runtime.errors().size() == 1);
  CHECK(contains(runtime.errors()[0], "MapScript.galaxy:5:"));
  CHECK(contains(runtime.errors()[0], "UnitGroupLoopBegin: the script's unit group loops would hold more than 25000 "
                                      "units at once (in 'gt_Hold_Func')"));
  CHECK(runtime.group_loop_units() == 20'000);  // the two that began wait
  CHECK(runtime.advance_to(1700));              // their Waits end, their loops with them
  CHECK(runtime.group_loop_units() == 0);
}

TEST_CASE("galaxy untrusted: the stacks of every thread together are bounded") {
  RuntimeLimits limits;
  limits.max_total_stack_cells = 100'000;
  Script script(program_with(std::string(kTicker) + "trigger gt_Deep; int started;\n"
                             "void hold(int n) { int[8000] a; if (n > 0) { hold(n - 1); } else { Wait(100.0, c_timeGame); } }\n"
                             "bool gt_Deep_Func(bool c, bool a) { started += 1; hold(3); return true; }",
                             std::string(kStartTicker) + "int i;\ngt_Deep = TriggerCreate(\"gt_Deep_Func\");\n"
                                                         "for (i = 0; i < 10; i += 1) { TriggerExecute(gt_Deep, true, false); }"),
                limits);
  CHECK_FALSE(script.init());
  // ~32,000 cells a thread: three fit in 100,000 cells, the fourth does not.
  CHECK(script.int_global("started") == 10);
  CHECK(contains(first_error(script), "the script's threads together would use more than 100000 cells of stack calling 'hold'"));
  CHECK(script.runtime->stack_cells() <= 100'000);
  CHECK(script.runtime->live_threads() == 3 + 0);  // the waiting ones (InitMap has ended)
  check_goes_on(script);
}

TEST_CASE("galaxy untrusted: unit groups made without end hit the host's limit") {
  FakeWorld::Limits world_limits;
  world_limits.max_groups = 5'000;
  FakeWorld world(world_limits);
  auto compiled = compile("MapScript.galaxy",
                          program_with("unitgroup g;", "while (true) { g = UnitGroupEmpty(); }"));
  REQUIRE(compiled.ok());
  Runtime runtime(compile_bytecode(*compiled.program), world);
  world.register_natives(runtime.natives());
  CHECK_FALSE(runtime.run_map_init());
  REQUIRE(runtime.errors().size() == 1);
  CHECK(runtime.errors()[0] == "MapScript.galaxy:4:20: UnitGroupEmpty: the fake world holds at most 5000 unit groups "
                               "and 1000000 members (in 'InitMap')");
}

TEST_CASE("galaxy untrusted: orders, unit filters, timers, triggers, registrations and text tokens are bounded") {
  RuntimeLimits limits;
  limits.max_records = 100;
  limits.max_timers = 50;
  limits.max_triggers = 60;
  limits.max_event_registrations = 70;
  limits.max_text_tokens = 80;
  const auto first_error_of = [&](std::string_view declarations, std::string_view body) {
    Script script(program_with(std::string(declarations) + "\nbool gt_T_Func(bool c, bool a) { return true; }", body), limits);
    CHECK_FALSE(script.init());
    return first_error(script);
  };
  CHECK(contains(first_error_of("unitfilter f; int i;", "while (true) { i += 1; f = UnitFilter(i, 0, 0, 0); }"),
                 "UnitFilter: more than 100 distinct unit filters (in 'InitMap')"));
  CHECK(contains(first_error_of("order o; int i;", "while (true) { i += 1; o = OrderTargetingUnit(AbilityCommand(\"move\", i), null); }"),
                 "OrderTargetingUnit: more than 100 distinct orders (in 'InitMap')"));
  CHECK(contains(first_error_of("timer t;", "while (true) { t = TimerCreate(); }"), "TimerCreate: more than 50 timers"));
  CHECK(contains(first_error_of("trigger t;", "while (true) { t = TriggerCreate(\"gt_T_Func\"); }"),
                 "MapScript.galaxy:5:20: more than 60 triggers (in 'InitMap')"));
  CHECK(contains(first_error_of("trigger t;", "t = TriggerCreate(\"gt_T_Func\"); while (true) { TriggerAddEventUnitDied(t, null); }"),
                 "TriggerAddEventUnitDied: more than 70 event registrations"));
  CHECK(contains(first_error_of("string key = \"k\";",
                                "while (true) { key = key + \"k\"; TextExpressionSetToken(key, \"A\", StringToText(key)); }"),
                 "TextExpressionSetToken: more than 80 text expression tokens"));
}

TEST_CASE("galaxy untrusted: a thread that waits in a tight loop resumes once a loop, forever, at no cost to the others") {
  Script script(program_with(std::string(kTicker) + "int naps;\n"
                             "bool gt_Nap_Func(bool c, bool a) { while (true) { Wait(0.0, c_timeGame); naps += 1; } return true; }",
                             std::string(kStartTicker) + "int i;\n"
                                                         "for (i = 0; i < 100; i += 1) { TriggerExecute(TriggerCreate(\"gt_Nap_Func\"), true, false); }"));
  REQUIRE(script.init());
  CHECK(script.runtime->advance_to(1000));
  CHECK(script.int_global("naps") == 100 * 1000);
  CHECK(script.int_global("ticks") == 1000);
  CHECK(script.runtime->live_threads() == 100);
  CHECK(script.runtime->pending_waits() == 100);
  CHECK(script.errors() == "");
}

TEST_CASE("galaxy untrusted: restarting timers and stopping waiting threads in a loop piles nothing up") {
  Script script(program_with(std::string(kTicker) + "timer t; trigger gt_Sleep; int fired;\n"
                             "bool gt_Sleep_Func(bool c, bool a) { Wait(500.0, c_timeGame); return true; }\n"
                             "bool gt_Fired_Func(bool c, bool a) { fired += 1; return true; }\n"
                             "bool gt_Churn_Func(bool c, bool a) {\n"
                             "  int i;\n"
                             "  for (i = 0; i < 20000; i += 1) {\n"
                             "    TimerStart(t, 1000.0, false, c_timeGame);\n"
                             "    TriggerExecute(gt_Sleep, true, false); TriggerStop(gt_Sleep);\n"
                             "  }\n"
                             "  TimerStart(t, 0.5, false, c_timeGame);\n"
                             "  return true;\n"
                             "}",
                             std::string(kStartTicker) + "t = TimerCreate(); gt_Sleep = TriggerCreate(\"gt_Sleep_Func\");\n"
                                                         "TriggerAddEventTimer(TriggerCreate(\"gt_Fired_Func\"), t);\n"
                                                         "TriggerAddEventTimePeriodic(TriggerCreate(\"gt_Churn_Func\"), 1.0, c_timeGame);"));
  REQUIRE(script.init());
  for (std::int64_t loop = 16; loop <= 160; loop += 16) {
    CHECK(script.runtime->advance_to(loop));
    CHECK(script.runtime->timers().scheduled() <= 2 * 1 + 64 + 1);
    CHECK(script.runtime->pending_waits() <= 2 * script.runtime->live_threads() + 64 + 1);
  }
  CHECK(script.int_global("fired") == 9);  // 8 loops after each restart at 16, 32, ..., 144
  CHECK(script.runtime->live_threads() == 0);
  CHECK(script.errors() == "");
}

TEST_CASE("galaxy untrusted: thousands of registrations cannot make an event cost nothing") {
  RuntimeLimits limits = small_budget();
  Script script(program_with(std::string(kTicker) + "int runs;\nbool gt_Chat_Func(bool c, bool a) { runs += 1; return true; }",
                             std::string(kStartTicker) + "int i; trigger t = TriggerCreate(\"gt_Chat_Func\");\n"
                                                         "for (i = 0; i < 5000; i += 1) { TriggerAddEventChatMessage(t, c_playerAny, \"never\", true); }"),
                limits);
  REQUIRE(script.init());
  // Every chat message is matched against the 5000 registrations: 5000 instructions each, so
  // the loop's 200,000 cover 40 messages, then one error says the rest were not delivered.
  for (int i = 0; i < 100; ++i) script.runtime->fire_chat_message(1, "hello");
  CHECK(script.int_global("runs") == 0);
  CHECK(script.runtime->error_count() == 1);
  CHECK(first_error(script) == "MapScript.galaxy: the script ran more than 200000 instructions in game loop 0: events were "
                               "not delivered to their triggers (an endless loop?)");
  check_goes_on(script);
}

TEST_CASE("galaxy untrusted: events fired by natives while the script runs are bounded") {
  RuntimeLimits limits;
  limits.max_queued_events = 1000;
  Script script(program_with("int i;", "for (i = 0; i < 5000; i += 1) { UnitRemove(null); }"), limits);
  script.runtime->natives().add("UnitRemove", [](NativeCall& call) { call.runtime().fire_unit_died(1); });
  CHECK_FALSE(script.init());
  CHECK(first_error(script) == "MapScript.galaxy: more than 1000 events fired while the script ran: the rest were dropped");
}

TEST_CASE("galaxy untrusted: a host that drives the runtime before map init gets an error, not a crash") {
  Script script(program_with(std::string(kTicker), kStartTicker));
  CHECK_FALSE(script.runtime->advance_to(10));
  CHECK_FALSE(script.runtime->fire_unit_died(1));
  CHECK_FALSE(script.runtime->fire_chat_message(1, "reset"));
  CHECK(script.errors() == "advance_to was called before run_map_init\nan event was called before run_map_init\n"
                           "an event was called before run_map_init\n");
  CHECK(script.init());
  CHECK_FALSE(script.init());  // twice
  CHECK(script.runtime->advance_to(3));
  CHECK(script.int_global("ticks") == 3);
}

TEST_CASE("galaxy untrusted: syntax errors, type errors and unknown natives are compile errors with file, line and column") {
  const auto errors = [](std::string_view source) { return compile("MapScript.galaxy", source).error_text(); };
  CHECK(errors("include \"TriggerLibs/NativeLib\"\nvoid InitMap() {\n  int x = ;\n}\n") ==
        "MapScript.galaxy:3:11: expected an expression, got ';'\n");
  CHECK(errors("include \"TriggerLibs/NativeLib\"\nvoid InitMap() {\n  int x = \"five\";\n}\n") ==
        "MapScript.galaxy:3:11: the initial value of 'x' must be int, got string\n");
  CHECK(errors("include \"TriggerLibs/NativeLib\"\nvoid InitMap() {\n  UnitKillAll(1);\n}\n") ==
        "MapScript.galaxy:3:3: unknown function 'UnitKillAll'\n");
  CHECK(errors("native void UnitKillAll(int player);\nvoid InitMap() { }\n") ==
        "MapScript.galaxy:1:13: native 'UnitKillAll' is not provided by sc2lite\n");
  CHECK(errors("include \"TriggerLibs/NativeLib\"\nvoid InitMap() {\n  UnitCreate(1, \"Marine\", 0, 1);\n}\n") ==
        "MapScript.galaxy:3:3: 'UnitCreate' takes 6 arguments, got 4\n");
}

TEST_CASE("galaxy untrusted: a host native that throws fails its call, and the runtime goes on") {
  const struct {
    std::function<void()> thrower;
    std::string expected;
  } cases[] = {
      {[] { throw std::runtime_error("the host broke"); }, "UnitRemove: the game failed: the host broke (in 'gt_Boom_Func')"},
      {[] { throw std::bad_alloc(); }, "UnitRemove: the game failed: std::bad_alloc (in 'gt_Boom_Func')"},
      {[] { throw 42; }, "UnitRemove: the game failed (an unknown exception) (in 'gt_Boom_Func')"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.expected);
    // The native throws from a trigger a map-init trigger runs and waits for: both threads end.
    Script script(program_with(std::string(kTicker) + "int after;\n"
                               "bool gt_Boom_Func(bool c, bool a) { UnitRemove(null); after += 1; return true; }\n"
                               "bool gt_Init_Func(bool c, bool a) { TriggerExecute(TriggerCreate(\"gt_Boom_Func\"), true, true);"
                               " after += 10; return true; }",
                               std::string(kStartTicker) + "TriggerAddEventMapInit(TriggerCreate(\"gt_Init_Func\"));"));
    script.runtime->natives().add("UnitRemove", [&c](NativeCall&) { c.thrower(); });
    CHECK_FALSE(script.init());
    CHECK(contains(first_error(script), c.expected));
    CHECK(script.int_global("after") == 10);  // the waiting trigger goes on once its child ended
    CHECK(script.runtime->live_threads() == 0);
    check_goes_on(script);
    // Not stuck "while the script runs": events and later loops run as before.
    CHECK(script.runtime->fire_chat_message(1, "hello"));
    check_goes_on(script);
  }
}

TEST_CASE("galaxy untrusted: objectives and timer windows of a headless game stop at their id limit, never overflow") {
  Script script(program_with("int last; int windows; timer t;",
                             "t = TimerCreate();\n"
                             "while (true) { last = ObjectiveCreate(StringToText(\"o\"), StringToText(\"\"), 1, true); }"));
  register_headless_natives(script.runtime->natives(), 3);
  CHECK_FALSE(script.init());
  CHECK(contains(first_error(script), "ObjectiveCreate: more than 3 objectives (in 'InitMap')"));
  CHECK(script.int_global("last") == 3);
  Script windows(program_with("int last; timer t;",
                              "t = TimerCreate();\n"
                              "while (true) { last = TimerWindowCreate(t, StringToText(\"w\"), true, false); }"));
  register_headless_natives(windows.runtime->natives(), 5);
  CHECK_FALSE(windows.init());
  CHECK(contains(first_error(windows), "TimerWindowCreate: more than 5 timer windows (in 'InitMap')"));
  CHECK(windows.int_global("last") == 5);
}
