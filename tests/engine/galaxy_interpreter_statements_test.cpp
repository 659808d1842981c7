// The interpreter runs every statement kind (if/else, while, do-while, for with any clause
// empty, break, continue, return, calls, local declarations) and script function calls:
// arguments by value, return values, recursion, falling off the end of a function.
#include <doctest/doctest.h>

#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

TEST_CASE("galaxy interpreter: if and else, nested") {
  Script script(program_with("int n = 5; int r1; int r2; int r3;",
                             "if (n > 3) { r1 = 1; } else { r1 = 2; }\n"
                             "if (n > 9) { r2 = 1; } else { if (n == 5) { r2 = 3; } else { r2 = 4; } }\n"
                             "if (n < 0) { r3 = 1; }"));
  REQUIRE(script.init());
  CHECK(script.int_global("r1") == 1);
  CHECK(script.int_global("r2") == 3);
  CHECK(script.int_global("r3") == 0);
}

TEST_CASE("galaxy interpreter: while, do-while and for loops with break and continue") {
  Script script(program_with("int n = 10; int w; int d; int f; int odd; int forever; int once; int i;",
                             "while (w < n) { w += 3; }\n"
                             "do { d += 1; } while (d < 0);\n"
                             "for (i = 0; i < n; i += 1) { f += i; }\n"
                             "for (i = 0; i < n; i += 1) { if (i % 2 == 0) { continue; } odd += i; }\n"
                             "while (true) { forever += 1; if (forever == 7) { break; } }\n"
                             "for ( ; ; ) { once += 1; break; }\n"
                             "i = 0; do { i += 1; if (i < 4) { continue; } break; } while (true);"));
  REQUIRE(script.init());
  CHECK(script.int_global("w") == 12);
  CHECK(script.int_global("d") == 1);
  CHECK(script.int_global("f") == 45);
  CHECK(script.int_global("odd") == 1 + 3 + 5 + 7 + 9);
  CHECK(script.int_global("forever") == 7);
  CHECK(script.int_global("once") == 1);
  CHECK(script.int_global("i") == 4);
}

TEST_CASE("galaxy interpreter: the editor's for-each-integer loop shape runs up and down") {
  // The shape of every generated loop in the reference maps (spec §2.1).
  const std::string loop =
      "int count(int from, int to, int step) {\n"
      "  int ae = to; int ai = step; int lv_i; int n;\n"
      "  lv_i = from;\n"
      "  for ( ; ( (ai >= 0 && lv_i <= ae) || (ai <= 0 && lv_i >= ae) ) ; lv_i += ai ) { n += 1; }\n"
      "  return n;\n"
      "}\n"
      "int up; int down; int none;";
  Script script(program_with(loop, "up = count(1, 9, 1); down = count(5, 1, -1); none = count(3, 1, 1);"));
  REQUIRE(script.init());
  CHECK(script.int_global("up") == 9);
  CHECK(script.int_global("down") == 5);
  CHECK(script.int_global("none") == 0);
}

TEST_CASE("galaxy interpreter: calls pass arguments by value and return values") {
  Script script(program_with("int a = 4; int b; int c; bool flag;\n"
                             "void bump(int v) { v += 100; b = v; }\n"
                             "int add3(int x, int y, int z) { return x * 100 + y * 10 + z; }\n"
                             "bool early(int v) { if (v > 0) { return true; } c = 99; return false; }",
                             "bump(a);\nc = add3(1, 2, 3);\nflag = early(1);"));
  REQUIRE(script.init());
  CHECK(script.int_global("a") == 4);  // unchanged by bump
  CHECK(script.int_global("b") == 104);
  CHECK(script.int_global("c") == 123);  // early returned before writing 99
  CHECK(script.bool_global("flag"));
}

TEST_CASE("galaxy interpreter: recursion (fibonacci, mutual)") {
  Script script(program_with("int fib(int n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }\n"
                             "bool is_odd(int n);\n"
                             "bool is_even(int n) { if (n == 0) { return true; } return is_odd(n - 1); }\n"
                             "bool is_odd(int n) { if (n == 0) { return false; } return is_even(n - 1); }\n"
                             "int f20; bool even100; bool odd7;",
                             "f20 = fib(20); even100 = is_even(100); odd7 = is_odd(7);"));
  REQUIRE(script.init());
  CHECK(script.int_global("f20") == 6765);
  CHECK(script.bool_global("even100"));
  CHECK(script.bool_global("odd7"));
}

TEST_CASE("galaxy interpreter: falling off the end of a function returns the type's default") {
  Script script(program_with("int nothing(int v) { if (v > 0) { return 5; } }\n"
                             "point nowhere() { }\n"
                             "int r1; int r2; bool null_point;",
                             "r1 = nothing(1); r2 = nothing(-1); null_point = nowhere() == null;"));
  REQUIRE(script.init());
  CHECK(script.int_global("r1") == 5);
  CHECK(script.int_global("r2") == 0);
  CHECK(script.bool_global("null_point"));
}

TEST_CASE("galaxy interpreter: a call's value is dropped when it stands as a statement") {
  Script script(program_with("int calls; int counted() { calls += 1; return calls; }",
                             "counted(); counted(); counted();"));
  REQUIRE(script.init());
  CHECK(script.int_global("calls") == 3);
}

TEST_CASE("galaxy interpreter: locals are block-scoped and re-declarations reset them") {
  Script script(program_with("int outer; int inner; int sum;",
                             "int v = 1;\n"
                             "{ int v = 2; inner = v; }\n"
                             "outer = v;\n"
                             "while (sum < 3) { int k; k += 1; sum += k; }"));
  REQUIRE(script.init());
  CHECK(script.int_global("inner") == 2);
  CHECK(script.int_global("outer") == 1);
  CHECK(script.int_global("sum") == 3);
}

TEST_CASE("galaxy interpreter: a script without InitMap says so") {
  Script script("include \"TriggerLibs/NativeLib\"\nvoid Other() { }\n");
  CHECK_FALSE(script.init());
  CHECK(first_error(script) == "MapScript.galaxy: the script has no 'void InitMap()' to start from");
}
