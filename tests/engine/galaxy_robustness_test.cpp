// A map script is untrusted input: deep nesting, garbage bytes, huge files and damaged
// scripts must end in a clear error, never a crash, a hang or a stack overflow.
#include <doctest/doctest.h>
#include <pthread.h>

#include <chrono>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tests/engine/galaxy_test_util.h"

using namespace sc2::galaxy;
using sc2::galaxy::test::errors_of;
using sc2::galaxy::test::in_function;

namespace {

std::string repeat(std::string_view text, int times) {
  std::string out;
  out.reserve(text.size() * static_cast<std::size_t>(times));
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

// A script in the reference maps' style, used as the seed of the mutation test.
constexpr std::string_view kSample = R"galaxy(include "TriggerLibs/NativeLib"
timer gv_episodeTimer;
unitgroup gv_marines;
point[9][9] gv_corners;
const int gv_episodeTimeSec = 120;
void gf_Spawn ();
void gf_Spawn () {
    int lv_i;
    lv_i = 1;
    for ( ; ( (1 >= 0 && lv_i <= 3) || (1 <= 0 && lv_i >= 3) ) ; lv_i += 1 ) {
        libNtve_gf_CreateUnitsWithDefaultFacing(1, "Marine", 0, 1, PointWithOffsetPolar(RegionGetCenter(RegionFromId(1)), 1.0, ((120 * lv_i) + 90)));
        UnitGroupAdd(gv_marines, UnitLastCreated());
    }
}
bool gt_Init_Func (bool testConds, bool runActions) {
    if (testConds) {
        if (!((UnitGroupCount(UnitGroup(null, 1, RegionEntireMap(), UnitFilter(0, 0, (1 << c_targetFilterMissile), (1 << (c_targetFilterDead - 32)) | (1 << (c_targetFilterHidden - 32))), 0), c_unitCountAlive) == 0))) {
            return false;
        }
    }
    if (!runActions) {
        return true;
    }
    gf_Spawn();
    while (true) {
        if ((UnitGetType(UnitLastCreated()) == "Marine")) { break; }
        Wait(0.0625, c_timeGame);
    }
    TimerStart(gv_episodeTimer, gv_episodeTimeSec, false, c_timeGame);
    return true;
}
void InitMap () {
    TriggerAddEventMapInit(TriggerCreate("gt_Init_Func"));
}
)galaxy";

// Runs `work` on a thread with a stack of `bytes` (a game server's thread may have less than
// the main thread's 8 MiB).
template <class Work>
void on_small_stack(std::size_t bytes, Work work) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  REQUIRE(pthread_attr_setstacksize(&attributes, bytes) == 0);
  pthread_t thread;
  auto trampoline = [](void* argument) -> void* {
    (*static_cast<Work*>(argument))();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attributes, trampoline, &work) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
}

std::string nesting_error(std::string_view source) {
  const CompileResult result = compile("MapScript.galaxy", source);
  REQUIRE(result.diagnostics.size() == 1);
  return result.diagnostics[0].message;
}

}  // namespace

TEST_CASE("galaxy robustness: the sample script compiles (the mutation test's seed)") {
  CHECK(errors_of(kSample).empty());
}

TEST_CASE("galaxy robustness: nesting deeper than the limit is one clear error") {
  const std::string too_deep = "nesting deeper than 256 levels (statements and expressions together)";
  // Parentheses, unary operators, blocks, if-else chains: the parser's own recursion.
  CHECK(nesting_error(in_function("int x = " + repeat("(", 100000) + "1" + repeat(")", 100000) + ";")) == too_deep);
  CHECK(nesting_error(in_function("bool b = " + repeat("!", 100000) + "true;")) == too_deep);
  CHECK(nesting_error(in_function("int x = " + repeat("- ", 100000) + "1;")) == too_deep);
  CHECK(nesting_error(in_function(repeat("{", 100000) + repeat("}", 100000))) == too_deep);
  CHECK(nesting_error(in_function(repeat("if (true) ", 100000) + "f();")) == too_deep);
  CHECK(nesting_error(in_function(repeat("if (true) {} else ", 100000) + "f();")) == too_deep);
  CHECK(nesting_error(in_function(repeat("while (true) ", 100000) + "f();")) == too_deep);
  CHECK(nesting_error(in_function("f(" + repeat("g(", 100000) + repeat(")", 100000) + ");")) == too_deep);
  // Chains built by loops make deep trees too: a + a + ... and a[0][0]...
  CHECK(nesting_error(in_function("int x = 1" + repeat(" + 1", 100000) + ";")) == too_deep);
  CHECK(nesting_error(in_function("int x = 1" + repeat(" || 1", 100000) + ";")) == too_deep);
  CHECK(nesting_error(in_function("a" + repeat("[0]", 100000) + " = 1;")) == too_deep);
  // Unclosed nesting stops at the limit too, before the end of the file.
  CHECK(nesting_error(in_function("int x = " + repeat("(", 100000))) == too_deep);
  CHECK(nesting_error("void f() " + repeat("{", 100000)) == too_deep);
}

TEST_CASE("galaxy robustness: nesting within the limit compiles, and the limit can be set") {
  CHECK(errors_of(in_function("int x = " + repeat("(", 100) + "1" + repeat(")", 100) + ";")).empty());
  CHECK(errors_of(in_function("int x = 1" + repeat(" + 1", 200) + ";")).empty());
  CHECK(errors_of(in_function(repeat("if (true) { ", 60) + repeat("} ", 60))).empty());
  CompileOptions options;
  options.limits.max_nesting_depth = 10;
  CHECK(errors_of(in_function("int x = ((((((((((((1))))))))))));"), options) ==
        "MapScript.galaxy:3:18: nesting deeper than 10 levels (statements and expressions together)\n");
}

TEST_CASE("galaxy robustness: nesting at the limit fits in a 1 MiB stack") {
  // About 200 KiB are used at 256 levels in a release build; sanitizer builds need ~2 MiB.
#if defined(__SANITIZE_ADDRESS__)
  const std::size_t stack = 8u << 20;
#else
  const std::size_t stack = 1u << 20;
#endif
  const std::vector<std::string> inputs = {
      in_function("int x = " + repeat("(", 250) + "1" + repeat(")", 250) + ";"),
      in_function("int x = 1" + repeat(" + 1", 250) + ";"),
      in_function(repeat("{", 250) + repeat("}", 250)),
      in_function(repeat("if (true) ", 250) + "UnitRemove(null);"),
      in_function("bool b = " + repeat("!", 250) + "true;"),
      in_function("int x = " + repeat("(", 100000)),
  };
  std::vector<std::string> results;
  on_small_stack(stack, [&] {
    for (const std::string& input : inputs) results.push_back(errors_of(input));
  });
  REQUIRE(results.size() == inputs.size());
  for (std::size_t i = 0; i + 1 < results.size(); ++i) CHECK(results[i].empty());
  CHECK(results.back().find("nesting deeper than 256 levels") != std::string::npos);
}

TEST_CASE("galaxy robustness: unterminated strings and comments, stray bytes") {
  CHECK(errors_of("include \"TriggerLibs/NativeLib") ==
        "MapScript.galaxy:1:9: unterminated string: it has no closing '\"' on its line\n");
  CHECK(errors_of("int x;\n/* a comment to the end") == "MapScript.galaxy:2:1: unterminated comment: '/*' has no '*/'\n");
  CHECK(errors_of(std::string("int x;\0int y;", 13)) == "MapScript.galaxy:1:7: unexpected byte 0x00\n");
  CHECK(errors_of("\xEF\xBB\xBFint x;").empty());  // a leading UTF-8 byte order mark is skipped
  CHECK(errors_of("int x;\xEF\xBB\xBF") == "MapScript.galaxy:1:7: unexpected byte 0xEF\n");
  CHECK(errors_of("").empty());  // an empty script is a valid (empty) program
  CHECK(errors_of("   \n\t// nothing\n").empty());
}

TEST_CASE("galaxy robustness: a huge file is refused by size, a big valid one compiles") {
  CompileOptions options;
  options.limits.max_source_bytes = 1 << 20;
  const std::string huge(options.limits.max_source_bytes + 1, ' ');
  CHECK(errors_of(huge, options) == "MapScript.galaxy:1:1: the file is 1048577 bytes: the limit is 1048576\n");
  CHECK(errors_of(std::string((16u << 20) + 1, '/')) ==
        "MapScript.galaxy:1:1: the file is 16777217 bytes: the limit is 16777216\n");

  std::string big = "include \"TriggerLibs/NativeLib\"\n";
  for (int i = 0; i < 5000; ++i) {
    big += "int gf_F" + std::to_string(i) + "(int a) { int b = a * 2; if (b > 3) { return b; } return a + " +
           std::to_string(i) + "; }\n";
  }
  const auto start = std::chrono::steady_clock::now();
  CHECK(errors_of(big).empty());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
}

TEST_CASE("galaxy robustness: huge arrays are refused before anything is allocated") {
  CHECK(errors_of("int[2147483647][2147483647] gv_a;") ==
        "MapScript.galaxy:1:1: variable 'gv_a' has more than 1048576 cells (the limit of one array)\n");
  std::string globals;
  for (int i = 0; i < 5; ++i) globals += "int[1000000] gv_a" + std::to_string(i) + ";\n";
  CHECK(errors_of(globals) ==
        "MapScript.galaxy:5:14: the global variables need more than 4194304 cells (with 'gv_a4')\n");
  CHECK(errors_of("void f() { int[60000] a; int[60000] b; }") ==
        "MapScript.galaxy:1:37: the locals of 'f' need more than 65536 cells (with 'b')\n");
}

TEST_CASE("galaxy robustness: includes cannot loop or multiply without bound") {
  CompileOptions options;
  int loads = 0;
  // Every file includes two new ones: a tree that would never end.
  options.include_loader = [&](std::string_view path) -> std::optional<std::string> {
    ++loads;
    return "include \"" + std::string(path) + "a\"\ninclude \"" + std::string(path) + "b\"\n";
  };
  const CompileResult result = compile("MapScript.galaxy", "include \"x\"\n", options);
  CHECK_FALSE(result.ok());
  CHECK(result.error_text().find("more than 64 included files") != std::string::npos);
  CHECK(loads == 64);
}

TEST_CASE("galaxy robustness: random bytes never crash the compiler") {
  std::mt19937 rng(1234);
  const std::string alphabet = "(){}[];,.+-*/%<>=!&|^~\"'\\ \n\tabcxyzint fixed if while for 0123456789.";
  for (int round = 0; round < 3000; ++round) {
    std::string input(rng() % 300, ' ');
    const bool printable = round % 2 == 0;
    for (char& c : input) {
      c = printable ? alphabet[rng() % alphabet.size()] : static_cast<char>(rng() % 256);
    }
    const CompileResult result = compile("fuzz.galaxy", input);
    CHECK((result.ok() || !result.diagnostics.empty()));
    CHECK(result.diagnostics.size() <= 51);
  }
}

TEST_CASE("galaxy robustness: damaged copies of a real-style script give errors, not crashes") {
  std::mt19937 rng(99);
  int failed = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string input(kSample);
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !input.empty(); ++e) {
      const std::size_t at = rng() % input.size();
      switch (rng() % 4) {
        case 0: input[at] = static_cast<char>(rng() % 256); break;            // flip a byte
        case 1: input.erase(at, 1 + rng() % 20); break;                        // cut a piece
        case 2: input.insert(at, input.substr(rng() % input.size(), rng() % 40)); break;  // duplicate one
        default: input.resize(at); break;                                       // truncate
      }
    }
    const CompileResult result = compile("MapScript.galaxy", input);
    if (!result.ok()) {
      ++failed;
      for (const Diagnostic& d : result.diagnostics) {
        CHECK(d.pos.line >= 1);
        CHECK_FALSE(d.message.empty());
      }
    }
  }
  CHECK(failed > 1000);  // most damage is detected (some edits land in comments or strings)
}
