// The Galaxy checker: names, types and calls. Each error with its exact message and position;
// and the completed tree (resolved slots, promotions, folded constants) an interpreter gets.
#include <doctest/doctest.h>

#include <string>

#include "engine/galaxy/library.h"
#include "tests/engine/galaxy_test_util.h"

using namespace sc2::galaxy;
using sc2::galaxy::test::body_of;
using sc2::galaxy::test::compiled;
using sc2::galaxy::test::errors_of;
using sc2::galaxy::test::in_function;

TEST_CASE("galaxy checker: a call to a function nobody declared names it and its line") {
  CHECK(errors_of(in_function("    UnitFoo(1);")) == "MapScript.galaxy:3:5: unknown function 'UnitFoo'\n");
  CHECK(errors_of(in_function("int x = lv_nothing;")) == "MapScript.galaxy:3:9: unknown name 'lv_nothing'\n");
}

TEST_CASE("galaxy checker: Galaxy is single-pass, so a name must be declared above its use") {
  CHECK(errors_of("void a() { b(); }\nvoid b() { }\n") ==
        "MapScript.galaxy:1:12: function 'b' is used before it is declared (at MapScript.galaxy:2:6): "
        "declare it above its first use\n");
  CHECK(errors_of("void a() { b(); }\nvoid b();\nvoid b() { }\n").find("used before it is declared") != std::string::npos);
  CHECK(errors_of("void b();\nvoid a() { b(); }\nvoid b() { }\n").empty());  // the scripts' prototypes
  CHECK(errors_of("int f() { return gv_x; }\nint gv_x;\n") ==
        "MapScript.galaxy:1:18: 'gv_x' is used before it is declared (at MapScript.galaxy:2:5)\n");
  // A function may call itself.
  CHECK(errors_of("int fact(int n) { if (n <= 1) { return 1; } return n * fact(n - 1); }").empty());
}

TEST_CASE("galaxy checker: NativeLib functions need the include, natives and constants do not") {
  CHECK(errors_of("void f() { libNtve_InitLib(); }") ==
        "MapScript.galaxy:1:12: unknown function 'libNtve_InitLib' (it is in TriggerLibs/NativeLib: "
        "add include \"TriggerLibs/NativeLib\")\n");
  CHECK(errors_of("void f() { AIStart(1, true, 10000); }") ==
        "MapScript.galaxy:1:12: unknown function 'AIStart' (it is in TriggerLibs/AI: add include \"TriggerLibs/AI\")\n");
  CHECK(errors_of("include \"TriggerLibs/NativeLib\"\nvoid f() { libNtve_InitLib(); AIStart(1, true, 10000); }").empty());
  CHECK(errors_of("void f() { UnitRemove(UnitLastCreated()); Wait(1.0, c_timeGame); }").empty());
  // A native declaration makes one function visible without the include.
  CHECK(errors_of("native void libNtve_InitLib();\nvoid f() { libNtve_InitLib(); }").empty());
}

TEST_CASE("galaxy checker: argument counts and types are checked against the declarations") {
  CHECK(errors_of(in_function("UnitRemove(UnitLastCreated(), 2);")) ==
        "MapScript.galaxy:3:1: 'UnitRemove' takes 1 argument, got 2\n");
  CHECK(errors_of(in_function("TimerStart(TimerCreate());")) ==
        "MapScript.galaxy:3:1: 'TimerStart' takes 4 arguments, got 1\n");
  CHECK(errors_of(in_function("UnitGroupAdd(UnitGroupEmpty(), 7);")) ==
        "MapScript.galaxy:3:32: argument 2 of 'UnitGroupAdd' must be unit, got int\n");
  CHECK(errors_of(in_function("RandomInt(1.5, 2);")) ==
        "MapScript.galaxy:3:11: argument 1 of 'RandomInt' must be int, got fixed\n");
  CHECK(errors_of("int g(int a, fixed b) { return a; }\nvoid f() { g(1); g(\"x\", 2.0); }") ==
        "MapScript.galaxy:2:12: 'g' takes 2 arguments, got 1\n"
        "MapScript.galaxy:2:20: argument 1 of 'g' must be int, got string\n");
  CHECK(errors_of("int x;\nvoid f() { x(); }") == "MapScript.galaxy:2:12: 'x' is a variable, not a function\n");
  CHECK(errors_of("void g() {}\nvoid f() { int y = g; }") ==
        "MapScript.galaxy:2:20: 'g' is a function: call it, as in g(...)\n");
  CHECK(errors_of(in_function("int y = UnitRemove(null);")) ==
        "MapScript.galaxy:3:9: 'UnitRemove' returns void: it has no value to use\n");
}

TEST_CASE("galaxy checker: int is promoted to fixed where the scripts rely on it, never the reverse") {
  const CompileResult result = compiled(
      "include \"TriggerLibs/NativeLib\"\n"
      "const int gv_episodeTimeSec = 900;\n"
      "timer gv_t;\n"
      "void f() {\n"
      "  int lv_i;\n"
      "  fixed lv_d = 2;\n"
      "  TimerStart(gv_t, gv_episodeTimeSec, false, c_timeGame);\n"
      "  PointWithOffset(RegionGetCenter(RegionEntireMap()), 0.0, ((lv_i / 2) * (1 + (ModI(lv_i, 2) * -2))));\n"
      "  lv_d = lv_i * 45.0;\n"
      "  lv_d += 1;\n"
      "  lv_d -= lv_i;\n"
      "  CameraApplyInfo(1, CameraInfoDefault(), 0.0, -1, 10.0, false);\n"
      "}\n");
  CHECK(body_of(result, "f") ==
        "(block (local int lv_i) (local fixed lv_d 2.0) (call TimerStart g:gv_t 900.0 false 0) "
        "(call PointWithOffset (call RegionGetCenter (call RegionEntireMap)) 0.0 "
        "(fixed (* (/ l:lv_i 2) (+ 1 (* (call ModI l:lv_i 2) -2))))) "
        "(= l:lv_d (* (fixed l:lv_i) 45.0)) (+= l:lv_d 1.0) (-= l:lv_d (fixed l:lv_i)) "
        "(call CameraApplyInfo 1 (call CameraInfoDefault) 0.0 -1.0 10.0 false))");

  CHECK(errors_of(in_function("int lv_i = 1.5;")) ==
        "MapScript.galaxy:3:12: the initial value of 'lv_i' must be int, got fixed\n");
  CHECK(errors_of(in_function("int lv_i;\nlv_i = DistanceBetweenPoints(null, null);")) ==
        "MapScript.galaxy:4:8: the value assigned to 'lv_i' must be int, got fixed\n");
  CHECK(errors_of(in_function("int lv_i;\nlv_i += 1.5;")) ==
        "MapScript.galaxy:4:6: operator '+=' would store a fixed in 'lv_i', which is int\n");
  CHECK(errors_of("int g() { return 0.5; }") ==
        "MapScript.galaxy:1:18: the return value of 'g' must be int, got fixed\n");
  CHECK(errors_of(in_function("fixed lv_f = 600000;")) ==
        "MapScript.galaxy:3:14: int 600000 does not fit in fixed (largest 524287)\n");
}

TEST_CASE("galaxy checker: operators take the types Galaxy gives them") {
  // Equality on strings, orders, units, null; comparisons on numbers; && || ! on bool.
  CHECK(errors_of(in_function(
            "bool b;\n"
            "b = UnitGetType(UnitLastCreated()) == \"Marine\";\n"
            "b = UnitOrder(UnitLastCreated(), 0) != OrderTargetingUnit(AbilityCommand(\"attack\", 0), null);\n"
            "b = UnitLastCreated() == null;\n"
            "b = null != UnitGroupEmpty();\n"
            "b = 1 < 2.5 && !b || TriggerGetCurrent() == TriggerGetCurrent();\n"
            "b = (\"a\" + \"b\") == \"ab\";\n"))
            .empty());
  CHECK(errors_of(in_function("int x = 1 + true;")) == "MapScript.galaxy:3:11: operator '+' cannot take int and bool\n");
  CHECK(errors_of(in_function("bool b = \"a\" < \"b\";")) ==
        "MapScript.galaxy:3:14: operator '<' cannot take string and string\n");
  CHECK(errors_of(in_function("bool b = 1 == \"1\";")) ==
        "MapScript.galaxy:3:12: operator '==' cannot take int and string\n");
  CHECK(errors_of(in_function("bool b = UnitLastCreated() == RegionEntireMap();")) ==
        "MapScript.galaxy:3:28: operator '==' cannot take unit and region\n");
  CHECK(errors_of(in_function("bool b = 1 && true;")) == "MapScript.galaxy:3:12: operator '&&' cannot take int and bool\n");
  CHECK(errors_of(in_function("int x = 1.0 << 2;")) == "MapScript.galaxy:3:13: operator '<<' cannot take fixed and int\n");
  CHECK(errors_of(in_function("int x = 5 % 2.0;")) == "MapScript.galaxy:3:11: operator '%' cannot take int and fixed\n");
  CHECK(errors_of(in_function("int x = -true;")) == "MapScript.galaxy:3:9: operator '-' needs int or fixed, got bool\n");
  CHECK(errors_of(in_function("bool b = !1;")) == "MapScript.galaxy:3:10: operator '!' needs bool, got int\n");
  CHECK(errors_of(in_function("int x = ~1.0;")) == "MapScript.galaxy:3:9: operator '~' needs int, got fixed\n");
  CHECK(errors_of(in_function("int x = 1 / 0;")) == "MapScript.galaxy:3:11: division by zero\n");
  CHECK(errors_of(in_function("int x = 1 % (2 - 2);")) == "MapScript.galaxy:3:11: division by zero\n");
}

TEST_CASE("galaxy checker: conditions must be bool") {
  CHECK(errors_of(in_function("if (1) { }")) == "MapScript.galaxy:3:5: the condition of 'if' must be bool, got int\n");
  CHECK(errors_of(in_function("while (UnitLastCreated()) { }")) ==
        "MapScript.galaxy:3:8: the condition of 'while' must be bool, got unit\n");
  CHECK(errors_of(in_function("for ( ; 2 + 2 ; ) { }")) ==
        "MapScript.galaxy:3:9: the condition of 'for' must be bool, got int\n");
  CHECK(errors_of(in_function("do { } while (\"x\");")) ==
        "MapScript.galaxy:3:15: the condition of 'do ... while' must be bool, got string\n");
}

TEST_CASE("galaxy checker: constants") {
  const CompileResult result = compiled(
      "include \"TriggerLibs/NativeLib\"\n"
      "const int gv_n = 4 * 2;\n"
      "const fixed gv_half = 0.5;\n"
      "const string gv_name = \"Marine\";\n"
      "int[gv_n + 1] gv_cells;\n"
      "int f() {\n"
      "  const int lv_two = 2;\n"
      "  int x = (1 << c_targetFilterMissile) | (1 << (c_targetFilterDead - 32));\n"
      "  x = gv_cells[gv_n] + lv_two * c_unitAbilStageAll;\n"
      "  UnitGroup(gv_name, c_playerAny, RegionEntireMap(), UnitFilter(0, 0, x, 0), 0);\n"
      "  Wait(gv_half, c_timeGame);\n"
      "  return -2147483648;\n"
      "}\n");
  // Constants are folded into literals: the interpreter never looks one up.
  CHECK(body_of(result, "f") ==
        "(block (const int lv_two 2) (local int x 2097156) (= l:x (+ (index g:gv_cells 8) -2)) "
        "(call UnitGroup \"Marine\" 16 (call RegionEntireMap) (call UnitFilter 0 0 l:x 0) 0) "
        "(call Wait 0.5 0) (return -2147483648))");
  REQUIRE(result.program->globals.size() == 4);
  CHECK(type_name(result.program->globals[3].type) == "int[9]");

  CHECK(errors_of("const int c;") == "MapScript.galaxy:1:11: const 'c' needs a value\n");
  CHECK(errors_of("include \"TriggerLibs/NativeLib\"\nconst unit u = UnitLastCreated();") ==
        "MapScript.galaxy:2:16: the value of const 'u' must be a constant (literals, constants and operators on them)\n");
  CHECK(errors_of("const int c = 1;\nvoid f() { c = 2; }") == "MapScript.galaxy:2:12: 'c' is const: it cannot be assigned\n");
  CHECK(errors_of(in_function("const int c = 1;\nc += 1;")) == "MapScript.galaxy:4:1: 'c' is const: it cannot be assigned\n");
  CHECK(errors_of(in_function("c_timeGame = 2;")) == "MapScript.galaxy:3:1: 'c_timeGame' is const: it cannot be assigned\n");
  CHECK(errors_of(in_function("int x = 2147483648;")) == "MapScript.galaxy:3:9: integer 2147483648 does not fit in int\n");
}

TEST_CASE("galaxy checker: declarations, scopes and duplicates") {
  CHECK(errors_of("int gv_a;\nbool gv_a;") == "MapScript.galaxy:2:6: 'gv_a' is already declared at MapScript.galaxy:1:5\n");
  CHECK(errors_of("int gv_a;\nvoid gv_a() {}") == "MapScript.galaxy:2:6: 'gv_a' is already declared at MapScript.galaxy:1:5\n");
  CHECK(errors_of(in_function("int x;\nfixed x;")) == "MapScript.galaxy:4:7: 'x' is already declared at MapScript.galaxy:3:5\n");
  CHECK(errors_of("void f(int a, bool a) {}") == "MapScript.galaxy:1:20: parameter 'a' is declared twice\n");
  CHECK(errors_of("void f(int a) { int a; }") == "MapScript.galaxy:1:21: 'a' is already declared at MapScript.galaxy:1:12\n");
  CHECK(errors_of("void UnitRemove(unit u) {}") ==
        "MapScript.galaxy:1:6: 'UnitRemove' is a function of the built-in library (TriggerLibs/natives)\n");
  CHECK(errors_of("int c_timeGame;") ==
        "MapScript.galaxy:1:5: 'c_timeGame' is a constant of the built-in library (TriggerLibs/natives)\n");
  // Without the include, a script may define a NativeLib name itself.
  CHECK(errors_of("void libNtve_InitLib() {}\nvoid f() { libNtve_InitLib(); }").empty());
  // Inner blocks have their own scope; a local hides a global of the same name.
  CHECK(errors_of("int x;\nvoid f() { { int y; } y = 1; }") == "MapScript.galaxy:2:23: unknown name 'y'\n");
  const CompileResult shadow = compiled("int x;\nvoid f() { x = 1; { bool x = true; x = false; } x = 2; }");
  CHECK(body_of(shadow, "f") == "(block (= g:x 1) (block (local bool x true) (= l:x false)) (= g:x 2))");
}

TEST_CASE("galaxy checker: prototypes, definitions and natives") {
  CHECK(errors_of("void f(int a);\nvoid f(int b) {}").empty());
  CHECK(errors_of("void f(int a);\nvoid f(fixed a) {}") ==
        "MapScript.galaxy:2:6: 'f' does not match its declaration at MapScript.galaxy:1:6\n");
  CHECK(errors_of("int f();\nvoid f() {}") == "MapScript.galaxy:2:6: 'f' does not match its declaration at MapScript.galaxy:1:5\n");
  CHECK(errors_of("void f() {}\nvoid f() {}") == "MapScript.galaxy:2:6: function 'f' is already defined at MapScript.galaxy:1:6\n");
  CHECK(errors_of("void gf_Spawn();\nvoid f() { gf_Spawn(); }") ==
        "MapScript.galaxy:1:6: function 'gf_Spawn' is declared but never defined\n");
  CHECK(errors_of("native void UnitRemove(unit inUnit);").empty());
  CHECK(errors_of("native void UnitRemove(unit u, int extra);") ==
        "MapScript.galaxy:1:13: native 'UnitRemove' does not match sc2lite's declaration: void UnitRemove(unit inUnit)\n");
  CHECK(errors_of("native int UnitKillAll(int player);") ==
        "MapScript.galaxy:1:12: native 'UnitKillAll' is not provided by sc2lite\n");
}

TEST_CASE("galaxy checker: types") {
  CHECK(errors_of("Foo gv_x;") == "MapScript.galaxy:1:1: unknown type 'Foo'\n");
  CHECK(errors_of(in_function("Foo x;\nx = 1;")) == "MapScript.galaxy:3:1: unknown type 'Foo'\n");  // no cascade
  CHECK(errors_of("sound gv_s;") == "MapScript.galaxy:1:1: type 'sound' is not supported by sc2lite\n");
  CHECK(errors_of("bank f() { return null; }") == "MapScript.galaxy:1:1: type 'bank' is not supported by sc2lite\n");
  CHECK(errors_of("void gv_v;") == "MapScript.galaxy:1:1: variable 'gv_v' cannot be void\n");
  CHECK(errors_of("void f(void a) {}") == "MapScript.galaxy:1:8: parameter 'a' cannot be void\n");
  CHECK(errors_of("void f(int[3] a) {}") == "MapScript.galaxy:1:8: parameter 'a' cannot be an array\n");
  CHECK(errors_of("int[3] f() {}") == "MapScript.galaxy:1:1: the return type of 'f' cannot be an array\n");
  CHECK(errors_of("int gv_n = 3;\nint[gv_n] gv_a;") == "MapScript.galaxy:2:5: an array size must be a constant int\n");
  CHECK(errors_of("int[2.0] gv_a;") == "MapScript.galaxy:1:5: an array size must be a constant int\n");
  CHECK(errors_of("int[0] gv_a;") == "MapScript.galaxy:1:5: an array size must be at least 1, got 0\n");
  CHECK(errors_of("int[-3] gv_a;") == "MapScript.galaxy:1:5: an array size must be at least 1, got -3\n");
  CHECK(errors_of("int[1000000][1000000] gv_a;") ==
        "MapScript.galaxy:1:1: variable 'gv_a' has more than 1048576 cells (the limit of one array)\n");
  CHECK(errors_of("int[3] gv_a = 1;") == "MapScript.galaxy:1:15: array 'gv_a' cannot have an initial value\n");
}

TEST_CASE("galaxy checker: arrays and arrays of arrays") {
  const CompileResult result = compiled(
      "point[9] gv_p;\n"
      "bool[9][4] gv_seen;\n"
      "void f() {\n"
      "  int i;\n"
      "  gv_seen[i][3] = gv_seen[8][i] == false;\n"
      "  gv_p[i] = gv_p[0];\n"
      "}\n");
  CHECK(body_of(result, "f") ==
        "(block (local int i) (= (index (index g:gv_seen l:i) 3) (== (index (index g:gv_seen 8) l:i) false)) "
        "(= (index g:gv_p l:i) (index g:gv_p 0)))");
  CHECK(type_name(result.program->globals[1].type) == "bool[9][4]");

  CHECK(errors_of("bool[9][4] gv_seen;\nvoid f() { gv_seen[9][0] = true; }") ==
        "MapScript.galaxy:2:20: index 9 is outside 'gv_seen' (0 to 8)\n");
  CHECK(errors_of("bool[9][4] gv_seen;\nvoid f() { gv_seen[0][-1] = true; }") ==
        "MapScript.galaxy:2:23: index -1 is outside an element of 'gv_seen' (0 to 3)\n");
  CHECK(errors_of("int gv_x;\nvoid f() { gv_x[1] = 2; }") == "MapScript.galaxy:2:16: 'gv_x' is not an array\n");
  CHECK(errors_of("int[3] gv_a;\nvoid f() { gv_a[1.5] = 2; }") ==
        "MapScript.galaxy:2:17: an array index must be int, got fixed\n");
  CHECK(errors_of("int[3] gv_a;\nvoid f() { int x = gv_a; }") ==
        "MapScript.galaxy:2:20: 'gv_a' is an array: index it to use an element\n");
  CHECK(errors_of("int[3][3] gv_a;\nvoid f() { int x = gv_a[1]; }") ==
        "MapScript.galaxy:2:20: an element of 'gv_a' is an array: index it to use an element\n");
  CHECK(errors_of("int[3] gv_a;\nint[3] gv_b;\nvoid f() { gv_a = gv_b; }") ==
        "MapScript.galaxy:3:12: 'gv_a' is an array: it cannot be assigned as a whole\n");
}

TEST_CASE("galaxy checker: break, continue and return") {
  CHECK(errors_of(in_function("break;")) == "MapScript.galaxy:3:1: 'break' outside a loop\n");
  CHECK(errors_of(in_function("if (true) { continue; }")) == "MapScript.galaxy:3:13: 'continue' outside a loop\n");
  CHECK(errors_of(in_function("while (true) { if (true) { break; } continue; }")).empty());
  CHECK(errors_of(in_function("return 1;")) == "MapScript.galaxy:3:1: 'f' returns void: 'return' cannot give a value\n");
  CHECK(errors_of("int g() { return; }") == "MapScript.galaxy:1:11: 'g' must return int: 'return;' gives no value\n");
  CHECK(errors_of("unit g() { return null; }\nstring h() { return null; }\nfixed k() { return 1; }").empty());
  CHECK(errors_of("int g() { return null; }") == "MapScript.galaxy:1:18: the return value of 'g' must be int, got null\n");
}

TEST_CASE("galaxy checker: TriggerCreate's function name is resolved to the function") {
  const CompileResult result = compiled(
      "include \"TriggerLibs/NativeLib\"\n"
      "trigger gt_Init;\n"
      "bool gt_Init_Func (bool testConds, bool runActions) { return true; }\n"
      "void gt_Init_Init () {\n"
      "    gt_Init = TriggerCreate(\"gt_Init_Func\");\n"
      "    TriggerAddEventMapInit(gt_Init);\n"
      "}\n");
  const Program& program = *result.program;
  const Function& init = program.functions[static_cast<std::size_t>(program.find_function("gt_Init_Init"))];
  const auto& assign = init.body->statements[0]->as<AssignStmt>();
  const auto& call = assign.value->as<CallExpr>();
  CHECK(call.callee_kind == CalleeKind::Library);
  CHECK(call.function == Library::builtin().find_function("TriggerCreate"));
  CHECK(call.named_function == program.find_function("gt_Init_Func"));

  CHECK(errors_of(in_function("TriggerCreate(\"gt_Missing_Func\");")) ==
        "MapScript.galaxy:3:15: 'TriggerCreate' names 'gt_Missing_Func', which is not a function of the script\n");
  CHECK(errors_of("void gt_X_Func() {}\nvoid f() { TriggerCreate(\"gt_X_Func\"); }") ==
        "MapScript.galaxy:2:26: trigger function 'gt_X_Func' must be declared "
        "'bool gt_X_Func(bool testConds, bool runActions)'\n");
}

TEST_CASE("galaxy checker: the tree names slots, callees and interned strings") {
  const CompileResult result = compiled(
      "include \"TriggerLibs/NativeLib\"\n"
      "unitgroup gv_marines;\n"
      "int gv_count;\n"
      "int gf_Add(int a, int b) { int sum = a + b; { fixed inner; } return sum; }\n"
      "void f() {\n"
      "  gv_count = gf_Add(gv_count, 1);\n"
      "  libNtve_gf_CreateUnitsWithDefaultFacing(1, \"Marine\", 0, 1, RegionGetCenter(RegionEntireMap()));\n"
      "  UnitGroup(\"Marine\", 1, RegionEntireMap(), null, 0);\n"
      "}\n");
  const Program& program = *result.program;
  REQUIRE(program.globals.size() == 2);
  CHECK(program.find_global("gv_count") == 1);
  CHECK(program.strings == std::vector<std::string>{"Marine"});  // interned once

  const Function& add = program.functions[static_cast<std::size_t>(program.find_function("gf_Add"))];
  CHECK(add.parameter_count == 2);
  REQUIRE(add.slots.size() == 4);  // a, b, sum, inner: params first, then every local
  CHECK(add.slots[2].name == "sum");
  CHECK(add.slots[3].name == "inner");
  CHECK(type_name(add.slots[3].type) == "fixed");
  const auto& sum = add.body->statements[0]->as<LocalVariableStmt>();
  CHECK(sum.slot == 2);
  const auto& plus = sum.decl.initializer->as<BinaryExpr>();
  CHECK(plus.operand_type == BaseType::Int);
  CHECK(plus.type == Type::of(BaseType::Int));
  CHECK(plus.left->as<NameExpr>().scope == VariableScope::Local);
  CHECK(plus.right->as<NameExpr>().slot == 1);

  const Function& f = program.functions[static_cast<std::size_t>(program.find_function("f"))];
  const auto& assign = f.body->statements[0]->as<AssignStmt>();
  CHECK(assign.target->as<NameExpr>().scope == VariableScope::Global);
  CHECK(assign.target->as<NameExpr>().slot == 1);
  const auto& call = assign.value->as<CallExpr>();
  CHECK(call.callee_kind == CalleeKind::Script);
  CHECK(call.function == program.find_function("gf_Add"));
  const auto& create = f.body->statements[1]->as<ExpressionStmt>().expression->as<CallExpr>();
  CHECK(create.callee_kind == CalleeKind::Library);
  CHECK(create.function == Library::builtin().find_function("libNtve_gf_CreateUnitsWithDefaultFacing"));
  CHECK(create.arguments[1]->as<StringLiteral>().string_id == 0);
  CHECK(create.type == Type::of(BaseType::Void));
}

TEST_CASE("galaxy checker: includes of other files come from the loader, each once") {
  CompileOptions options;
  int loads = 0;
  options.include_loader = [&](std::string_view path) -> std::optional<std::string> {
    ++loads;
    if (path == "Lib/Helpers") return std::string("include \"Lib/Helpers\"\nint gf_Twice(int x) { return 2 * x; }\n");
    return std::nullopt;
  };
  CHECK(errors_of("include \"Lib/Helpers\"\ninclude \"Lib/Helpers\"\nint f() { return gf_Twice(2); }", options).empty());
  CHECK(loads == 1);
  CHECK(errors_of("include \"Lib/Missing\"\n", options) ==
        "MapScript.galaxy:1:1: cannot include 'Lib/Missing': it is not a built-in TriggerLibs file and the map has no such file\n");
  CHECK(errors_of("include \"Lib/Missing\"\n") ==
        "MapScript.galaxy:1:1: cannot include 'Lib/Missing': it is not a built-in TriggerLibs file and the map has no such file\n");
  // An error inside an included file names that file.
  options.include_loader = [](std::string_view) -> std::optional<std::string> { return std::string("int x = y;\n"); };
  CHECK(errors_of("include \"Lib/Broken\"\n", options) == "Lib/Broken:1:9: unknown name 'y'\n");
}

TEST_CASE("galaxy checker: it reports every error, up to the limit") {
  CHECK(errors_of(in_function("UnitFoo();\nint x = true;\nbreak;")) ==
        "MapScript.galaxy:3:1: unknown function 'UnitFoo'\n"
        "MapScript.galaxy:4:9: the initial value of 'x' must be int, got bool\n"
        "MapScript.galaxy:5:1: 'break' outside a loop\n");
  std::string many;
  for (int i = 0; i < 500; ++i) many += "Missing" + std::to_string(i) + "();\n";
  const CompileResult result = compile("MapScript.galaxy", in_function(many));
  REQUIRE(result.diagnostics.size() == 51);
  CHECK(result.diagnostics.back().message == "too many errors; stopping");
}

TEST_CASE("galaxy checker: the built-in library has the reference scripts' 117 functions and 31 constants, the melee maps' 5 and 3, SMACv2's UnitOrderCount and the unit properties the natives read") {
  const Library& library = Library::builtin();
  CHECK(library.build_errors().empty());
  CHECK(library.functions().size() == 117 + 5 + 1);
  CHECK(library.constants().size() == 31 + 3 + 10);  // + c_unitPropLifePercent .. c_unitPropRadius
  CHECK(library.find_constant("c_unitPropShields")->value.number == 8);
  CHECK(library.find_constant("c_unitPropEnergyMax")->value.number == 6);
  const auto value = [&](std::string_view name) { return library.find_constant(name)->value.number; };
  CHECK(value("c_targetFilterDead") == 34);
  CHECK(value("c_playerPropCurriculumScore") == 20);
  CHECK(value("c_playerAny") == 16);
  CHECK(value("c_unitAbilStageAll") == -1);
  CHECK(library.find_constant("c_unitPropCurrent")->value.type == BaseType::Bool);
  const LibraryFunction& create = library.functions()[static_cast<std::size_t>(library.find_function("UnitCreate"))];
  CHECK(library.signature(create) ==
        "unitgroup UnitCreate(int inCount, string inUnitType, int inCreateStyle, int inPlayer, point inPos, fixed inFacing)");
  CHECK(create.function_name_parameter == -1);
  CHECK(library.functions()[static_cast<std::size_t>(library.find_function("TriggerCreate"))].function_name_parameter == 0);
}
