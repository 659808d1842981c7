// The interpreter evaluates every expression kind: literals, variables, int (wrapping) and fixed
// (20.12) arithmetic, int -> fixed promotion, comparisons, short-circuit && and ||, strings,
// arrays (global, local, of arrays), defaults, points. Operands are globals with initial values
// (kOperands), so the checker cannot fold them away.
#include <doctest/doctest.h>

#include <climits>

#include "tests/engine/galaxy_runtime_test_util.h"

using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

TEST_CASE("galaxy interpreter: int operators") {
  CHECK(int_of("a + b") == 10);
  CHECK(int_of("a - b") == 4);
  CHECK(int_of("a * b") == 21);
  CHECK(int_of("a / b") == 2);
  CHECK(int_of("a % b") == 1);
  CHECK(int_of("-a") == -7);
  CHECK(int_of("-a / b") == -2);  // truncates toward zero
  CHECK(int_of("-a % b") == -1);  // the sign of the dividend
  CHECK(int_of("a << b") == 56);
  CHECK(int_of("-a >> 1") == -4);  // arithmetic shift
  CHECK(int_of("a & b") == 3);
  CHECK(int_of("a | b") == 7);
  CHECK(int_of("a ^ b") == 4);
  CHECK(int_of("~a") == -8);
  CHECK(int_of("a + b * 2 - (a - b) / 2") == 11);  // precedence as parsed
}

TEST_CASE("galaxy interpreter: int arithmetic wraps at 32 bits") {
  CHECK(int_of("big + 1") == INT_MIN);
  CHECK(int_of("big * 2") == -2);
  CHECK(int_of("-(big + 1)") == INT_MIN);
  CHECK(int_of("(big + 1) / -1") == INT_MIN);
  CHECK(int_of("(big + 1) % -1") == 0);
  CHECK(int_of("a << (b + 30)") == 7 << 1);  // shift counts use their low 5 bits
}

TEST_CASE("galaxy interpreter: fixed arithmetic is 20.12 and truncates toward zero") {
  CHECK(fixed_of("x + y") == 1.25);
  CHECK(fixed_of("x - y") == 1.75);
  CHECK(fixed_of("x * y") == -0.375);
  CHECK(fixed_of("x / y") == -6.0);
  CHECK(fixed_of("-x") == -1.5);
  CHECK(fixed_raw_of("(x - 0.5) / 3.0") == 1365);    // 1/3 = 1365.33 / 4096
  CHECK(fixed_raw_of("(y - 0.75) / 3.0") == -1365);  // -1/3
  CHECK(fixed_raw_of("(x - 1.4375) * (x - 1.4375)") == 16);  // 0.0625^2 = 16/4096
  CHECK(fixed_raw_of("x * 0.0001") == 0);  // below 1/4096 after the multiply
}

TEST_CASE("galaxy interpreter: int promotes to fixed in mixed arithmetic, assignments, arguments, returns") {
  CHECK(fixed_of("x + a") == 8.5);
  CHECK(fixed_of("a * 0.5") == 3.5);
  CHECK(fixed_of("a") == 7.0);         // assignment
  CHECK(fixed_of("a / 2") == 3.0);     // int division first, then promotion
  CHECK(bool_of("a > x") == true);     // comparison promotes
  CHECK(bool_of("x == 1.5") == true);
  Script* script = nullptr;
  value_of("fixed", "half(a)", &script, "fixed half(fixed v) { return v / 2; }\n");
  CHECK(fixed_to_double(script->runtime->global("g").as_int()) == 3.5);
  CHECK(fixed_to_double(value_of("fixed", "whole()", nullptr, "fixed whole() { return b; }\n").as_int()) == 3.0);
}

TEST_CASE("galaxy interpreter: comparisons and equality of every kind") {
  CHECK(bool_of("a < b") == false);
  CHECK(bool_of("a <= 7") == true);
  CHECK(bool_of("a > b") == true);
  CHECK(bool_of("b >= 4") == false);
  CHECK(bool_of("y < 0.0") == true);
  CHECK(bool_of("a == 7") == true);
  CHECK(bool_of("a != 7") == false);
  CHECK(bool_of("t == true") == true);
  CHECK(bool_of("t != f") == true);
  CHECK(bool_of("s == \"ab\"") == true);
  CHECK(bool_of("s != \"ab\"") == false);
  CHECK(bool_of("(s + \"c\") == \"abc\"") == true);  // strings are interned: equal content, equal value
}

TEST_CASE("galaxy interpreter: && and || short-circuit") {
  const std::string functions =
      "int calls;\n"
      "bool yes() { calls += 1; return true; }\n"
      "bool no() { calls += 1; return false; }\n";
  Script* script = nullptr;
  CHECK(value_of("bool", "no() && yes()", &script, functions).as_bool() == false);
  CHECK(script->int_global("calls") == 1);
  CHECK(value_of("bool", "yes() || no()", &script, functions).as_bool() == true);
  CHECK(script->int_global("calls") == 1);
  CHECK(value_of("bool", "yes() && no()", &script, functions).as_bool() == false);
  CHECK(script->int_global("calls") == 2);
  CHECK(value_of("bool", "no() || yes()", &script, functions).as_bool() == true);
  CHECK(script->int_global("calls") == 2);
  CHECK(value_of("bool", "(no() && yes()) || (yes() && yes())", &script, functions).as_bool() == true);
  CHECK(script->int_global("calls") == 3);
  CHECK(bool_of("!t || !f") == true);
}

TEST_CASE("galaxy interpreter: strings join and compare, null is not the empty string") {
  CHECK(string_of("s + \"cd\"") == "abcd");
  CHECK(string_of("s + s + s") == "ababab");
  CHECK(string_of("\"\" + s") == "ab");
  CHECK(value_of("bool", "n == null", nullptr, "string n;\n").as_bool() == true);
  CHECK(value_of("bool", "n == \"\"", nullptr, "string n;\n").as_bool() == false);
  Script* script = nullptr;
  value_of("string", "n + \"x\"", &script, "string n;\n");  // null joins as ""
  CHECK(script->string_global("g") == "x");
  value_of("string", "\"tab\\there\"", &script);
  CHECK(script->string_global("g") == "tab\there");
}

TEST_CASE("galaxy interpreter: compound assignments on variables and elements") {
  Script script(program_with(std::string(kOperands) + "int[3] arr; fixed fx = 1.0; string st = \"a\";",
                             "a -= 2; a *= 3; a /= 2; a %= 4; a <<= 3; a >>= 1; a &= 6; a |= 1; a ^= 3;\n"
                             "arr[1] = 5; arr[1] += a; arr[b - 1] *= 2;\n"
                             "fx *= 2; fx += b; fx /= 4;\n"
                             "st += \"b\"; st += st;"));
  REQUIRE(script.init());
  // a: 7-2=5, *3=15, /2=7, %4=3, <<3=24, >>1=12, &6=4, |1=5, ^3=6
  CHECK(script.int_global("a") == 6);
  CHECK(script.int_global("arr", 1) == 11);
  CHECK(script.int_global("arr", 2) == 0);
  CHECK(fixed_to_double(script.runtime->global("fx").as_int()) == 1.25);  // (1*2+3)/4
  CHECK(script.string_global("st") == "abab");
}

TEST_CASE("galaxy interpreter: arrays and arrays of arrays, global and local") {
  Script script(program_with(std::string(kOperands) +
                                 "int[5] arr; int[3][4] grid; bool[2][2][2] cube;\n"
                                 "int local_sum() {\n"
                                 "  int[4] values; int i; int sum;\n"
                                 "  for (i = 0; i < 4; i += 1) { values[i] = i * i; }\n"
                                 "  for (i = 0; i < 4; i += 1) { sum += values[i]; }\n"
                                 "  return sum;\n"
                                 "}\n"
                                 "int fresh_each_time() {\n"
                                 "  int i; int total;\n"
                                 "  while (i < 3) { int[2] fresh; int k; fresh[0] += 1; k += 1; total += fresh[0] + k; i += 1; }\n"
                                 "  return total;\n"
                                 "}\n"
                                 "int sum; int fresh;",
                             "arr[2] = 4; arr[a - 3] = arr[2] + 1;\n"
                             "grid[2][3] = 9; grid[1][0] = grid[2][3] * 2; grid[b - 1][b] += 1;\n"
                             "cube[1][0][1] = true;\n"
                             "sum = local_sum(); fresh = fresh_each_time();"));
  REQUIRE(script.init());
  INFO(script.errors());
  CHECK(script.int_global("arr", 2) == 4);
  CHECK(script.int_global("arr", 4) == 5);
  CHECK(script.int_global("grid", 2 * 4 + 3) == 10);  // row-major: 9, then += 1
  CHECK(script.int_global("grid", 1 * 4 + 0) == 18);
  CHECK(script.bool_global("cube", 1 * 4 + 0 * 2 + 1) == true);
  CHECK(script.bool_global("cube", 0) == false);
  CHECK(script.int_global("sum") == 0 + 1 + 4 + 9);
  CHECK(script.int_global("fresh") == 6);  // each pass: a fresh array and a fresh k
}

TEST_CASE("galaxy interpreter: an index outside its array is an error naming the array and the line") {
  Script script(program_with(std::string(kOperands) + "int[5] arr; int[2][3] grid;", "arr[1] = 1;\narr[a] = 2;"));
  CHECK_FALSE(script.init());
  CHECK(first_error(script) == "MapScript.galaxy:7:4: index 7 is outside 'arr' (0 to 4) (in 'InitMap')");
  Script inner(program_with(std::string(kOperands) + "int[2][3] grid;", "grid[1][-b] = 2;"));
  CHECK_FALSE(inner.init());
  CHECK(first_error(inner).find("index -3 is outside an element of 'grid' (0 to 2)") != std::string::npos);
}

TEST_CASE("galaxy interpreter: variables start as 0, 0.0, false and null") {
  Script script(program_with("bool all_default; int gi; fixed gf; unit gu; point gp; string gs; trigger gt; timer gtm;\n"
                             "bool locals() { int i; fixed f; bool b; string s; unit u; point p; unitgroup g; order o;\n"
                             "  return i == 0 && f == 0.0 && !b && s == null && u == null && p == null && g == null && o == null; }\n"
                             "bool ok;",
                             "ok = locals() && gi == 0 && gf == 0.0 && gu == null && gp == null && gs == null &&\n"
                             "  gt == null && gtm == null;"));
  REQUIRE(script.init());
  CHECK(script.bool_global("ok"));
}

TEST_CASE("galaxy interpreter: points are values (offsets, distances, angles)") {
  Script script(program_with("point p; point q; fixed d; fixed angle; bool same; bool moved; fixed qx;\n",
                             "p = PointFromId(0);\n"
                             "q = PointWithOffset(p, 3, 4);\n"
                             "d = DistanceBetweenPoints(p, q);\n"
                             "angle = AngleBetweenPoints(p, PointWithOffsetPolar(p, 2.0, 90.0));\n"
                             "same = PointWithOffset(q, -3, -4) == p;\n"
                             "moved = q != p;"));
  script.runtime->natives().add("PointFromId", [](NativeCall& call) { call.return_point(Point::from_world(10, 20)); });
  REQUIRE(script.init());
  INFO(script.errors());
  CHECK(fixed_to_double(script.runtime->global("d").as_int()) == 5.0);
  CHECK(fixed_to_double(script.runtime->global("angle").as_int()) == doctest::Approx(90.0).epsilon(0.001));
  CHECK(script.bool_global("same"));
  CHECK(script.bool_global("moved"));
  const Point q = unpack_point(script.runtime->global("q"));
  CHECK(q.world_x() == 13.0);
  CHECK(q.world_y() == 24.0);
}

TEST_CASE("galaxy interpreter: global initializers run first, in order, and may call functions") {
  Script script("include \"TriggerLibs/NativeLib\"\n"
                "int first = 5;\nint second = first * 2;\n"
                "int twice(int v) { return v * 2; }\n"
                "int third = twice(second);\n"
                "int seen_in_init_map;\n"
                "void InitMap() { seen_in_init_map = third + 1; }\n");
  REQUIRE(script.init());
  CHECK(script.int_global("second") == 10);
  CHECK(script.int_global("third") == 20);
  CHECK(script.int_global("seen_in_init_map") == 21);
}
