#pragma once
// What the galaxy_script fuzz target does with one input (galaxy_script_fuzzer.cpp), shared
// with the test that replays the corpus and the 30 reference scripts in the normal suite
// (tests/engine/galaxy_fuzz_corpus_test.cpp).
//
// The input is a map script's text: lexed, parsed and checked (engine/galaxy); when it
// compiles, it is compiled to bytecode and run over the fake world of the galaxy tests
// (tests/engine/galaxy_fake_world.h): map init, then 64 game loops with events between them
// (deaths, a created unit, an ability, an order, the mini-games' chat messages), with budgets
// small enough that a hostile script ends each input in milliseconds. Errors are text; the
// oracle is no crash, no sanitizer report, no hang, no memory blow-up.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/galaxy/bytecode_compiler.h"
#include "engine/galaxy/galaxy.h"
#include "engine/galaxy/runtime.h"
#include "tests/engine/galaxy_fake_world.h"

namespace sc2::galaxy::fuzz {

struct ScriptRun {
  bool compiled = false;
  std::uint64_t runtime_errors = 0;
  std::int64_t loops = 0;
};

inline RuntimeLimits small_runtime_limits() {
  RuntimeLimits limits;
  limits.instructions_per_loop = 60'000;
  limits.instructions_per_call = 30'000;
  limits.max_call_depth = 128;
  limits.max_stack_cells = 1u << 14;
  limits.max_total_stack_cells = 1u << 16;
  limits.max_threads = 64;
  limits.max_triggers = 256;
  limits.max_timers = 256;
  limits.max_event_registrations = 256;
  limits.max_records = 1024;
  limits.max_queued_events = 256;
  limits.max_string_bytes = 1u << 12;
  limits.max_string_table_bytes = 1u << 20;
  limits.max_text_tokens = 256;
  limits.max_group_loop_depth = 16;
  limits.max_group_loop_units = 20'000;
  limits.max_errors_kept = 8;
  return limits;
}

inline test::FakeWorldLimits small_world_limits() {
  test::FakeWorldLimits limits;
  limits.max_units = 300;
  limits.max_groups = 2'000;
  limits.max_group_members = 20'000;
  return limits;
}

// One extra file a script may include ("Lib/Extra"), so includes are fuzzed too.
inline std::optional<std::string> load_fuzz_include(std::string_view path) {
  if (path == "Lib/Extra") return std::string("int gv_extra = 3;\nint gf_Extra(int v) { return v * gv_extra; }\n");
  return std::nullopt;
}

inline ScriptRun run_script(std::string_view text) {
  ScriptRun run;
  CompileOptions options;
  options.include_loader = load_fuzz_include;
  const CompileResult result = compile("MapScript.galaxy", text, options);
  if (!result.ok()) {
    (void)result.error_text();
    return run;
  }
  run.compiled = true;
  test::FakeWorld world(small_world_limits());
  Runtime runtime(compile_bytecode(*result.program), world, small_runtime_limits());
  world.register_natives(runtime.natives());
  runtime.run_map_init();
  for (std::int64_t loop = 1; loop <= 64; ++loop) {
    if (loop % 8 == 0) {
      // What a game reports between loops: a death (the first unit alive), a unit made, an
      // ability used, an order given; now and then a chat message of the mini-games.
      for (std::size_t i = 0; i < world.units.size(); ++i) {
        if (!world.units[i].alive || world.units[i].removed) continue;
        world.units[i].alive = false;
        runtime.fire_unit_died(i + 1);
        break;
      }
      runtime.fire_unit_created(world.units.empty() ? 0 : 1, 0, "BarracksTrain", "");
      runtime.fire_unit_ability(1, "PickupMinerals100", 0, 2);
      runtime.fire_unit_order(1, "move", 0);
      if (loop % 32 == 0) runtime.fire_chat_message(1, loop == 32 ? "reset" : "restart");
    }
    runtime.advance_to(loop);
  }
  std::uint64_t reachable = 0;
  runtime.visit_reachable(BaseType::Unit, [&](Handle) { ++reachable; });
  run.runtime_errors = runtime.error_count();
  run.loops = runtime.loop();
  return run;
}

}  // namespace sc2::galaxy::fuzz
