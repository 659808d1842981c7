// The Galaxy parser: every construct the reference scripts use (and the rest of the C-like
// subset), operator precedence, and its syntax errors. Trees print as S-expressions.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "tests/engine/galaxy_test_util.h"

using namespace sc2::galaxy;
using sc2::galaxy::test::kScript;
using sc2::galaxy::test::parsed;

namespace {

FileSyntax parse(std::string_view source, std::string* errors = nullptr) {
  Diagnostics diagnostics;
  FileSyntax syntax = parse_file(source, 0, Limits{}, diagnostics);
  SourceFiles files;
  files.add(kScript);
  if (errors) {
    *errors = diagnostics.format(files);
  } else {
    INFO(diagnostics.format(files));
    REQUIRE(diagnostics.empty());
  }
  return syntax;
}

// The body of the only function of `source`, as S-expressions.
std::string body(std::string_view statements) {
  FileSyntax syntax = parse("void f() {\n" + std::string(statements) + "\n}");
  REQUIRE(syntax.declarations.size() == 1);
  const auto& function = std::get<FunctionDecl>(syntax.declarations[0]);
  REQUIRE(function.body);
  return to_text(*function.body);
}

std::string syntax_error(std::string_view source) {
  std::string errors;
  parse(source, &errors);
  return errors;
}

}  // namespace

TEST_CASE("galaxy parser: literals, names, calls and indexing") {
  CHECK(parsed("42") == "42");
  CHECK(parsed("0.0625") == "0.0625");
  CHECK(parsed("120.0") == "120.0");
  CHECK(parsed("\"Marine\"") == "\"Marine\"");
  CHECK(parsed("true") == "true");
  CHECK(parsed("false") == "false");
  CHECK(parsed("null") == "null");
  CHECK(parsed("gv_marines") == "gv_marines");
  CHECK(parsed("UnitLastCreated()") == "(call UnitLastCreated)");
  CHECK(parsed("UnitGroupAdd(gv_marines, UnitLastCreated())") == "(call UnitGroupAdd gv_marines (call UnitLastCreated))");
  CHECK(parsed("a[i]") == "(index a i)");
  CHECK(parsed("gv_explorationPointCorners[lv_i][lv_r + 1]") ==
        "(index (index gv_explorationPointCorners lv_i) (+ lv_r 1))");
  CHECK(parsed("((((x))))") == "x");
}

TEST_CASE("galaxy parser: precedence and associativity are C's") {
  CHECK(parsed("a + b * c") == "(+ a (* b c))");
  CHECK(parsed("a * b + c") == "(+ (* a b) c)");
  CHECK(parsed("a - b - c") == "(- (- a b) c)");
  CHECK(parsed("a / b / c") == "(/ (/ a b) c)");
  CHECK(parsed("a % b * c") == "(* (% a b) c)");
  CHECK(parsed("1 << 2 + 3") == "(<< 1 (+ 2 3))");
  CHECK(parsed("a << b < c") == "(< (<< a b) c)");
  CHECK(parsed("a < b == c > d") == "(== (< a b) (> c d))");
  CHECK(parsed("a == b & c") == "(& (== a b) c)");
  CHECK(parsed("a & b ^ c | d") == "(| (^ (& a b) c) d)");
  CHECK(parsed("a | b && c") == "(&& (| a b) c)");
  CHECK(parsed("a || b && c") == "(|| a (&& b c))");
  CHECK(parsed("a && b || c && d") == "(|| (&& a b) (&& c d))");
  CHECK(parsed("-a * b") == "(* (- a) b)");
  CHECK(parsed("!a && b") == "(&& (! a) b)");
  CHECK(parsed("!!a") == "(! (! a))");
  CHECK(parsed("~a & -b") == "(& (~ a) (- b))");
  CHECK(parsed("-x[1]") == "(- (index x 1))");
  CHECK(parsed("!UnitGroupLoopDone()") == "(! (call UnitGroupLoopDone))");
  CHECK(parsed("(a + b) * c") == "(* (+ a b) c)");
  CHECK(parsed("a >= b && c <= d || e != f") == "(|| (&& (>= a b) (<= c d)) (!= e f))");
  // The reference scripts' unit filter and their "for each integer" loop condition.
  CHECK(parsed("(1 << (c_targetFilterDead - 32)) | (1 << (c_targetFilterHidden - 32))") ==
        "(| (<< 1 (- c_targetFilterDead 32)) (<< 1 (- c_targetFilterHidden 32)))");
  CHECK(parsed("( (ai >= 0 && i <= ae) || (ai <= 0 && i >= ae) )") ==
        "(|| (&& (>= ai 0) (<= i ae)) (&& (<= ai 0) (>= i ae)))");
  CHECK(parsed("((lv_i / 2) * (1 + (ModI(lv_i, 2) * -2)))") ==
        "(* (/ lv_i 2) (+ 1 (* (call ModI lv_i 2) (- 2))))");
}

TEST_CASE("galaxy parser: top-level declarations") {
  FileSyntax syntax = parse(
      "include \"TriggerLibs/NativeLib\"\n"
      "include \"TriggerLibs/AI\";\n"
      "timer gv_timer;\n"
      "const int gv_episodeTimeSec = 900;\n"
      "point[9][9] gv_corners;\n"
      "int gv_count = 3;\n"
      "void gf_Spawn ();\n"
      "native void UnitRemove(unit inUnit);\n"
      "bool gt_Init_Func (bool testConds, bool runActions) { return true; }\n");
  REQUIRE(syntax.declarations.size() == 9);
  CHECK(std::get<IncludeDecl>(syntax.declarations[0]).path == "TriggerLibs/NativeLib");
  CHECK(std::get<IncludeDecl>(syntax.declarations[1]).path == "TriggerLibs/AI");

  const auto& timer = std::get<VariableDecl>(syntax.declarations[2]);
  CHECK(timer.type.name == "timer");
  CHECK(timer.name == "gv_timer");
  CHECK_FALSE(timer.is_const);
  CHECK_FALSE(timer.initializer);

  const auto& episode = std::get<VariableDecl>(syntax.declarations[3]);
  CHECK(episode.is_const);
  CHECK(to_text(*episode.initializer) == "900");

  const auto& corners = std::get<VariableDecl>(syntax.declarations[4]);
  CHECK(corners.type.name == "point");
  REQUIRE(corners.type.dimensions.size() == 2);
  CHECK(to_text(*corners.type.dimensions[1]) == "9");
  CHECK(corners.pos.line == 5);
  CHECK(corners.pos.column == 13);

  CHECK(to_text(*std::get<VariableDecl>(syntax.declarations[5]).initializer) == "3");

  const auto& prototype = std::get<FunctionDecl>(syntax.declarations[6]);
  CHECK(prototype.name == "gf_Spawn");
  CHECK(prototype.parameters.empty());
  CHECK_FALSE(prototype.body);
  CHECK_FALSE(prototype.is_native);

  const auto& native = std::get<FunctionDecl>(syntax.declarations[7]);
  CHECK(native.is_native);
  REQUIRE(native.parameters.size() == 1);
  CHECK(native.parameters[0].type.name == "unit");
  CHECK(native.parameters[0].name == "inUnit");

  const auto& trigger = std::get<FunctionDecl>(syntax.declarations[8]);
  CHECK(trigger.return_type.name == "bool");
  REQUIRE(trigger.parameters.size() == 2);
  CHECK(trigger.parameters[1].name == "runActions");
  REQUIRE(trigger.body);
  CHECK(to_text(*trigger.body) == "(block (return true))");
}

TEST_CASE("galaxy parser: statements") {
  CHECK(body("int lv_i;\nfixed lv_d = 99999.0;\nconst int c = 2;\npoint[3] lv_p;") ==
        "(block (local int lv_i) (local fixed lv_d 99999.0) (const int c 2) (local point[3] lv_p))");
  CHECK(body("if (a) { f(); }") == "(block (if a (block (call f))))");
  CHECK(body("if (a) { f(); } else { g(); }") == "(block (if a (block (call f)) (block (call g))))");
  CHECK(body("if (a) f(); else if (b) g(); else h();") ==
        "(block (if a (call f) (if b (call g) (call h))))");
  CHECK(body("while (true) { break; }") == "(block (while true (block (break))))");
  CHECK(body("while (x < 3) { continue; }") == "(block (while (< x 3) (block (continue))))");
  CHECK(body("do { x += 1; } while (x < 3);") == "(block (do (block (+= x 1)) (< x 3)))");
  CHECK(body("for ( ; ; ) { }") == "(block (for _ _ _ (block)))");
  CHECK(body("for ( ; !UnitGroupLoopDone() ; UnitGroupLoopStep() ) { UnitRemove(UnitGroupLoopCurrent()); }") ==
        "(block (for _ (! (call UnitGroupLoopDone)) (call UnitGroupLoopStep) "
        "(block (call UnitRemove (call UnitGroupLoopCurrent)))))");
  CHECK(body("for (i = 0; i < 3; i += 1) f(i);") == "(block (for (= i 0) (< i 3) (+= i 1) (call f i)))");
  CHECK(body("return;") == "(block (return))");
  CHECK(body("return lv_currentPoint;") == "(block (return lv_currentPoint))");
  CHECK(body("{ { f(); } }") == "(block (block (block (call f))))");
  CHECK(body(";") == "(block (block))");
  CHECK(body("gv_points[lv_i][lv_r] = lv_p;") == "(block (= (index (index gv_points lv_i) lv_r) lv_p))");
}

TEST_CASE("galaxy parser: every assignment operator") {
  CHECK(body("a = 1; a += 1; a -= 1; a *= 1; a /= 1; a %= 1;") ==
        "(block (= a 1) (+= a 1) (-= a 1) (*= a 1) (/= a 1) (%= a 1))");
  CHECK(body("a <<= 1; a >>= 1; a &= 1; a |= 1; a ^= 1;") ==
        "(block (<<= a 1) (>>= a 1) (&= a 1) (|= a 1) (^= a 1))");
}

TEST_CASE("galaxy parser: a declaration is told from a statement by its type name") {
  // A known type name starts a declaration, even of an array; an unknown name followed by a
  // name is a declaration of an unknown type (the checker names it).
  CHECK(body("unit u;") == "(block (local unit u))");
  CHECK(body("unitgroup[4] groups;") == "(block (local unitgroup[4] groups))");
  CHECK(body("Foo x;") == "(block (local Foo x))");
  CHECK(body("sound s;") == "(block (local sound s))");
  CHECK(body("a[4] = x;") == "(block (= (index a 4) x))");
}

TEST_CASE("galaxy parser: syntax errors name the place and what was expected") {
  CHECK(syntax_error("int x\nint y;") == "MapScript.galaxy:2:1: expected ';' after the declaration of 'x', got 'int'\n");
  CHECK(syntax_error("void f() { x = 1 }") == "MapScript.galaxy:1:18: expected ';' after the statement, got '}'\n");
  CHECK(syntax_error("void f() {\n  f();\n") ==
        "MapScript.galaxy:3:1: expected '}' to close the block opened at line 1, got end of file\n");
  CHECK(syntax_error("void f() { if x { } }") == "MapScript.galaxy:1:15: expected '(' after 'if', got 'x'\n");
  CHECK(syntax_error("void f() { x = ; }") == "MapScript.galaxy:1:16: expected an expression, got ';'\n");
  CHECK(syntax_error("void f() { f(1, ); }") == "MapScript.galaxy:1:17: expected an expression, got ')'\n");
  CHECK(syntax_error("void f() { i++; }") == "MapScript.galaxy:1:13: '++' is not Galaxy: write 'x += 1;'\n");
  CHECK(syntax_error("void f() { i--; }") == "MapScript.galaxy:1:13: '--' is not Galaxy: write 'x -= 1;'\n");
  CHECK(syntax_error("void f() { a + 1; }") ==
        "MapScript.galaxy:1:12: this expression does nothing: a statement must be a call or an assignment\n");
  CHECK(syntax_error("void f() { for (int i = 0; i < 3; i += 1) {} }") ==
        "MapScript.galaxy:1:17: a 'for' clause cannot declare a variable: declare it before the loop\n");
  CHECK(syntax_error("void f() { void g() {} }") ==
        "MapScript.galaxy:1:18: a function cannot be declared inside a function\n");
  CHECK(syntax_error("native void f() { }") == "MapScript.galaxy:1:17: native 'f' cannot have a body\n");
  CHECK(syntax_error("void f(int) {}") == "MapScript.galaxy:1:11: expected a name for the parameter, got ')'\n");
  CHECK(syntax_error("include NativeLib") ==
        "MapScript.galaxy:1:9: expected 'string' (a file name in quotes) after 'include', got 'NativeLib'\n");
  CHECK(syntax_error("42;") ==
        "MapScript.galaxy:1:1: expected a declaration (a type, 'include', 'const' or 'native'), got '42'\n");
  CHECK(syntax_error("int[3][3][3][3][3] a;") == "MapScript.galaxy:1:16: an array has at most 4 dimensions\n");
  CHECK(syntax_error("void f() { x = \"open; }") ==
        "MapScript.galaxy:1:16: unterminated string: it has no closing '\"' on its line\n");
}

TEST_CASE("galaxy parser: what sc2lite refuses is refused by name") {
  CHECK(syntax_error("struct S { int a; };") == "MapScript.galaxy:1:1: structs are not supported by sc2lite\n");
  CHECK(syntax_error("typedef int myint;") == "MapScript.galaxy:1:1: typedef is not supported by sc2lite\n");
  CHECK(syntax_error("static int x;") == "MapScript.galaxy:1:1: 'static' is not supported by sc2lite\n");
  CHECK(syntax_error("void f() { include \"x\" }") ==
        "MapScript.galaxy:1:12: 'include' cannot appear inside a function\n");
}

TEST_CASE("galaxy parser: it stops at the first syntax error, keeping what came before") {
  std::string errors;
  FileSyntax syntax = parse("int a;\nint b\nint c;\n!!! ### int d", &errors);
  CHECK(errors == "MapScript.galaxy:3:1: expected ';' after the declaration of 'b', got 'int'\n");
  REQUIRE(syntax.declarations.size() == 1);
  CHECK(std::get<VariableDecl>(syntax.declarations[0]).name == "a");
}
