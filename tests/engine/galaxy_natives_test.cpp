// The library's 123 functions (the 117 of spec §2.4, our melee maps' 5 and SMACv2's UnitOrderCount) are split between the runtime (runtime_natives.h) and
// the game (world_natives.h), each exactly once; the runtime's own natives do what Galaxy's do:
// numbers and randomness, texts, value records (ability commands, orders, unit filters, player
// groups), and every type of issue 34 item 2 flows through variables, calls and comparisons.
#include <doctest/doctest.h>

#include <set>

#include "engine/galaxy/library.h"
#include "tests/engine/galaxy_fake_world.h"
#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

std::string text_of(std::string_view expression) {
  Script* script = nullptr;
  const Value value = value_of("text", expression, &script);
  return std::string(script->runtime->strings().view(value.as_id()));
}

std::set<std::string> names_of(const std::vector<std::string>& names) { return {names.begin(), names.end()}; }

std::set<std::string> library_names() {
  std::set<std::string> names;
  for (const LibraryFunction& function : Library::builtin().functions()) names.insert(function.name);
  return names;
}

}  // namespace

TEST_CASE("galaxy natives: each of the 123 library functions is the runtime's or in the world list, never both") {
  NativeRegistry empty;
  CHECK(empty.missing().size() == 123);
  Script script(program_with("", ""));
  // A fresh runtime has its own natives and the headless ones the test Script adds; remove those.
  std::set<std::string> runtime_natives = library_names();
  std::set<std::string> world;
  std::set<std::string> headless;
  for (const WorldNative& native : world_natives()) {
    CHECK(world.insert(std::string(native.name)).second);  // listed once
    CHECK(Library::builtin().find_function(native.name) >= 0);
    CHECK_FALSE(native.area.empty());
    if (native.headless_default) headless.insert(std::string(native.name));
    runtime_natives.erase(std::string(native.name));
  }
  CHECK(world.size() + runtime_natives.size() == 123);
  CHECK(runtime_natives.size() == 48);
  // What a runtime lacks after the headless ones are registered is exactly the world list
  // without them: the runtime registers every other function, and none of the world's.
  std::set<std::string> expected_missing;
  for (const std::string& name : world) {
    if (!headless.contains(name)) expected_missing.insert(name);
  }
  CHECK(names_of(script.runtime->natives().missing()) == expected_missing);
  NativeRegistry only_headless;
  register_headless_natives(only_headless);
  std::set<std::string> registered = library_names();
  for (const std::string& name : only_headless.missing()) registered.erase(name);
  CHECK(registered == headless);
  // missing_world_natives names each with its area; the fake world registers them all.
  const std::vector<std::string> missing = missing_world_natives(script.runtime->natives());
  CHECK(missing.size() == expected_missing.size());
  CHECK(std::find(missing.begin(), missing.end(), "Units and orders: UnitCreate") != missing.end());
  FakeWorld fake;
  fake.register_natives(script.runtime->natives());
  CHECK(missing_world_natives(script.runtime->natives()).empty());
  CHECK(script.runtime->natives().missing().empty());
}

TEST_CASE("galaxy natives: a host cannot register a name the library does not have") {
  NativeRegistry registry;
  CHECK_FALSE(registry.add("UnitKillAll", [](NativeCall&) {}));
  CHECK(registry.add("UnitCreate", [](NativeCall&) {}));
  CHECK(registry.has("UnitCreate"));
  CHECK_FALSE(registry.has("UnitKillAll"));
}

TEST_CASE("galaxy natives: ModI, RandomInt, RandomFixed and RandomAngle") {
  CHECK(int_of("ModI(17, 5)") == 2);
  CHECK(int_of("ModI(-17, 5)") == -2);  // C's remainder: the sign of x
  std::set<std::int32_t> seen;
  for (int i = 0; i < 200; ++i) seen.insert(int_of("RandomInt(1, 3)"));  // a fresh script each time: same draw
  CHECK(seen.size() == 1);
  Script script(program_with("int[400] draws; fixed[400] fixeds; fixed[400] angles; int i; int swapped;",
                             "for (i = 0; i < 400; i += 1) {\n"
                             "  draws[i] = RandomInt(1, 3); fixeds[i] = RandomFixed(-0.5, 0.5); angles[i] = libNtve_gf_RandomAngle();\n"
                             "}\n"
                             "swapped = RandomInt(9, 9);"));
  REQUIRE(script.init());
  std::set<std::int32_t> ints;
  for (std::uint32_t i = 0; i < 400; ++i) {
    ints.insert(script.int_global("draws", i));
    const double f = fixed_to_double(script.int_global("fixeds", i));
    CHECK(f >= -0.5);
    CHECK(f <= 0.5);
    const double angle = fixed_to_double(script.int_global("angles", i));
    CHECK(angle >= 0.0);
    CHECK(angle <= 360.0);
  }
  CHECK(ints == std::set<std::int32_t>{1, 2, 3});  // both ends included
  CHECK(script.int_global("swapped") == 9);
}

TEST_CASE("galaxy natives: a random point between two points lies on the segment") {
  Script real(program_with("point[50] p; int i; point a; point b;",
                           "a = PointWithOffset(PointFromId(0), 13, 12); b = PointWithOffset(PointFromId(0), 19, 12);\n"
                           "for (i = 0; i < 50; i += 1) { p[i] = libNtve_gf_RandomPointBetweenPoints(a, b); }"));
  real.runtime->natives().add("PointFromId", [](NativeCall& call) { call.return_point(Point::from_world(0, 0)); });
  REQUIRE(real.init());
  for (std::uint32_t i = 0; i < 50; ++i) {
    const Point p = unpack_point(real.runtime->global("p", i));
    CHECK(p.world_y() == 12.0);
    CHECK(p.world_x() >= 13.0);
    CHECK(p.world_x() <= 19.0);
  }
}

TEST_CASE("galaxy natives: texts from strings, numbers and text expressions") {
  CHECK(text_of("IntToText(-42)") == "-42");
  CHECK(text_of("FixedToText(1.5, 1)") == "1.5");
  CHECK(text_of("FixedToText(2, 2)") == "2.00");
  CHECK(text_of("FixedToText(0.0625, -1)") == "0.0625");
  CHECK(text_of("StringToText(\"plain\")") == "plain");
  // Headless, an external string is its key unless the host has the map's strings.
  CHECK(text_of("StringExternal(\"Param/Value/1\")") == "Param/Value/1");
  struct Strings : TestHost {
    std::optional<std::string_view> external_string(std::string_view key) override {
      if (key == "Param/Expression/S") return std::string_view("Score: ~A~ of ~B~ (~C~)");
      if (key == "Param/Value/T") return std::string_view("Time Elapsed!");
      return std::nullopt;
    }
  };
  auto compiled = compile("MapScript.galaxy",
                          program_with("text shown; text elapsed; text before;",
                                       "before = TextExpressionAssemble(\"Param/Expression/S\");\n"
                                       "TextExpressionSetToken(\"Param/Expression/S\", \"A\", IntToText(7));\n"
                                       "TextExpressionSetToken(\"Param/Expression/S\", \"B\", IntToText(9));\n"
                                       "TextExpressionSetToken(\"Param/Expression/S\", \"A\", IntToText(8));\n"
                                       "shown = TextExpressionAssemble(\"Param/Expression/S\");\n"
                                       "elapsed = StringExternal(\"Param/Value/T\");"));
  REQUIRE(compiled.ok());
  Strings host;
  Runtime runtime(compile_bytecode(*compiled.program), host);
  REQUIRE(runtime.run_map_init());
  CHECK(runtime.strings().view(runtime.global("before").as_id()) == "Score: ~A~ of ~B~ (~C~)");
  CHECK(runtime.strings().view(runtime.global("shown").as_id()) == "Score: 8 of 9 (~C~)");  // the last value set
  CHECK(runtime.strings().view(runtime.global("elapsed").as_id()) == "Time Elapsed!");
}

TEST_CASE("galaxy natives: ability commands, orders and unit filters are values compared by content") {
  Script script(program_with("abilcmd move; order a; order b; order c; order d; unitfilter f; unitfilter g; unitfilter h;\n"
                             "bool same_order; bool other_target; bool other_ability; bool same_filter; bool other_filter;\n"
                             "bool same_abil; bool group_order;",
                             "move = AbilityCommand(\"move\", 0);\n"
                             "same_abil = move == AbilityCommand(\"move\", 0) && move != AbilityCommand(\"move\", 1);\n"
                             "a = OrderTargetingPoint(move, PointFromId(1));\n"
                             "b = OrderTargetingPoint(AbilityCommand(\"move\", 0), PointFromId(1));\n"
                             "c = OrderTargetingPoint(move, PointFromId(2));\n"
                             "d = OrderTargetingUnit(AbilityCommand(\"attack\", 0), null);\n"
                             "same_order = a == b; other_target = a != c; other_ability = d != OrderTargetingUnit(move, null);\n"
                             "group_order = OrderTargetingUnitGroup(move, null) != d;\n"
                             "f = UnitFilter(0, 0, (1 << c_targetFilterMissile), (1 << (c_targetFilterDead - 32)) | (1 << (c_targetFilterHidden - 32)));\n"
                             "g = UnitFilter(0, 0, (1 << c_targetFilterMissile), (1 << (c_targetFilterDead - 32)) | (1 << (c_targetFilterHidden - 32)));\n"
                             "h = UnitFilter(0, 0, 0, (1 << (c_targetFilterDead - 32)));\n"
                             "same_filter = f == g; other_filter = f != h;"));
  script.runtime->natives().add("PointFromId", [](NativeCall& call) { call.return_point(Point::from_world(call.int_arg(0), 5)); });
  REQUIRE(script.init());
  for (const char* flag : {"same_abil", "same_order", "other_target", "other_ability", "group_order", "same_filter", "other_filter"}) {
    CAPTURE(flag);
    CHECK(script.bool_global(flag));
  }
  const Order* order = script.runtime->orders().get(script.runtime->global("c").as_id());
  REQUIRE(order != nullptr);
  CHECK(order->target_kind == OrderTarget::Point);
  CHECK(order->target_point().world_x() == 2.0);
  CHECK(script.runtime->strings().view(order->ability.ability) == "move");
  const UnitFilterSpec* filter = script.runtime->unit_filters().get(script.runtime->global("f").as_id());
  REQUIRE(filter != nullptr);
  CHECK(filter->excludes_flag(21));  // missile
  CHECK(filter->excludes_flag(34));  // dead
  CHECK(filter->excludes_flag(36));  // hidden
  CHECK_FALSE(filter->requires_flag(34));
  CHECK(script.runtime->orders().size() == 5);  // a and b are one record
}

TEST_CASE("galaxy natives: every type of the reference scripts flows through globals, locals, calls and ==") {
  // int fixed bool string point region unit unitgroup unitfilter order timer trigger text playergroup
  Script script(program_with(
      "region gr; unit gu; unitgroup gg; timer gt; trigger gtr; text gtx; playergroup gp; camerainfo gc;\n"
      "region pass_region(region r) { return r; }\n"
      "unit pass_unit(unit u) { return u; }\n"
      "unitgroup pass_group(unitgroup g) { return g; }\n"
      "timer pass_timer(timer t) { return t; }\n"
      "text pass_text(text t) { return t; }\n"
      "playergroup pass_players(playergroup p) { return p; }\n"
      "bool gt_T_Func(bool c, bool a) { return true; }\n"
      "bool all_same; bool all_set; bool not_null_group;",
      "region r = RegionFromId(3); unit u = UnitFromId(4); unitgroup g = UnitGroupEmpty(); timer t = TimerCreate();\n"
      "trigger tr = TriggerCreate(\"gt_T_Func\"); text tx = StringToText(\"hello\"); playergroup p = PlayerGroupAll();\n"
      "gr = pass_region(r); gu = pass_unit(u); gg = pass_group(g); gt = pass_timer(t); gtr = tr; gtx = pass_text(tx);\n"
      "gp = pass_players(p); gc = CameraInfoDefault();\n"
      "all_same = gr == r && gu == u && gg == g && gt == t && gtr == tr && gtx == tx && gp == p && gp == PlayerGroupAll();\n"
      "all_set = gr != null && gu != null && gg != null && gt != null && gtr != null && gtx != null && gc != null;\n"
      "not_null_group = gp != null;"));
  script.runtime->natives().add("RegionFromId", [](NativeCall& call) { call.return_handle(1000 + call.int_arg(0)); });
  script.runtime->natives().add("UnitFromId", [](NativeCall& call) { call.return_handle(2000 + call.int_arg(0)); });
  script.runtime->natives().add("UnitGroupEmpty", [](NativeCall& call) { call.return_handle(3000); });
  REQUIRE(script.init());
  CHECK(script.bool_global("all_same"));
  CHECK(script.bool_global("all_set"));
  CHECK(script.bool_global("not_null_group"));
  CHECK(script.runtime->global("gr").as_handle() == 1003);
  CHECK(script.runtime->global("gu").as_handle() == 2004);
  CHECK(player_group_members(script.runtime->global("gp")) == 0xFFFF);  // players 0..15
  CHECK(script.runtime->strings().view(script.runtime->global("gtx").as_id()) == "hello");
}

TEST_CASE("galaxy natives: natives that need an object fail on null with the call's place") {
  Script script(program_with("order o; timer t;",
                             "o = OrderTargetingPoint(AbilityCommand(\"move\", 0), null);"));
  CHECK_FALSE(script.init());
  CHECK(first_error(script) == "MapScript.galaxy:4:5: OrderTargetingPoint: the point is null (in 'InitMap')");
  Script timer(program_with("timer t;", "TimerStart(t, 1.0, false, c_timeGame);"));
  CHECK_FALSE(timer.init());
  CHECK(first_error(timer) == "MapScript.galaxy:4:1: TimerStart: the timer is null (in 'InitMap')");
}
