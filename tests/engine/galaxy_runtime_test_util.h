#pragma once
// Helpers for the interpreter and runtime tests: a script compiled to bytecode and run by a
// Runtime over a small test host (seeded random numbers, unit groups as lists, a call log).
#include <doctest/doctest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/bytecode_compiler.h"
#include "engine/galaxy/galaxy.h"
#include "engine/galaxy/runtime.h"
#include "engine/galaxy/world_natives.h"

namespace sc2::galaxy::test {

// xorshift64*: deterministic, seeded.
class TestHost : public Host {
 public:
  std::uint32_t random_u32() override {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return static_cast<std::uint32_t>((state_ * 0x2545F4914F6CDD1Dull) >> 32);
  }
  void unit_group_units(Handle group, std::vector<Handle>& out) override {
    if (const auto it = groups.find(group); it != groups.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  }
  std::map<Handle, std::vector<Handle>> groups;

 private:
  std::uint64_t state_ = 0x9E3779B97F4A7C15ull;
};

// A script ready to run: compiled (the test fails on compile errors), its runtime made, the
// headless natives registered. Add natives, then init().
struct Script {
  explicit Script(std::string_view source, RuntimeLimits limits = {}) {
    compiled = compile("MapScript.galaxy", source);
    INFO(compiled.error_text());
    REQUIRE(compiled.ok());
    code = compile_bytecode(*compiled.program);
    runtime = std::make_unique<Runtime>(code, host, limits);
    register_headless_natives(runtime->natives());
    // A log any test can write to from its natives, e.g. log("UnitRemove 5").
  }

  bool init(std::int64_t loop = 0) { return runtime->run_map_init(loop); }
  std::int32_t int_global(std::string_view name, std::uint32_t element = 0) const {
    return runtime->global(name, element).as_int();
  }
  bool bool_global(std::string_view name, std::uint32_t element = 0) const {
    return runtime->global(name, element).as_bool();
  }
  std::string string_global(std::string_view name) const {
    return std::string(runtime->strings().view(runtime->global(name).as_id()));
  }
  std::string errors() const {
    std::string text;
    for (const std::string& error : runtime->errors()) text += error + "\n";
    return text;
  }
  // Registers a native that appends "Name arg" (its first int argument, if any) to `log`.
  void log_calls(std::string_view name) {
    runtime->natives().add(name, [this](NativeCall& call) {
      std::string entry(call.name());
      if (call.argument_count() > 0) entry += " " + std::to_string(call.int_arg(0));
      log.push_back(entry);
    });
  }

  CompileResult compiled;
  std::shared_ptr<const CompiledProgram> code;
  TestHost host;
  std::unique_ptr<Runtime> runtime;
  std::vector<std::string> log;
};

// `body` inside `void InitMap() { ... }` after the NativeLib include and `declarations`.
inline std::string program_with(std::string_view declarations, std::string_view body) {
  return "include \"TriggerLibs/NativeLib\"\n" + std::string(declarations) + "\nvoid InitMap() {\n" +
         std::string(body) + "\n}\n";
}

// Globals whose values the checker cannot fold, so expressions on them run in the interpreter.
inline constexpr std::string_view kOperands =
    "int a = 7; int b = 3; int big = 2147483647; fixed x = 1.5; fixed y = -0.25; bool t = true; bool f = false;\n"
    "string s = \"ab\";\n";

// The value of one expression of type `type` ("int", "fixed", "bool", "string", ...), evaluated
// by InitMap into a global g after kOperands and `declarations`; fails the test if the script
// reports an error.
inline Value value_of(std::string_view type, std::string_view expression, Script** keep = nullptr,
                      std::string_view declarations = "") {
  static std::unique_ptr<Script> last;
  last = std::make_unique<Script>(program_with(std::string(kOperands) + std::string(declarations) + std::string(type) + " g;",
                                               "g = " + std::string(expression) + ";"));
  const bool ok = last->init();
  INFO(last->errors());
  CHECK(ok);
  if (keep) *keep = last.get();
  return last->runtime->global("g");
}

inline std::int32_t int_of(std::string_view expression) { return value_of("int", expression).as_int(); }
inline std::int32_t fixed_raw_of(std::string_view expression) { return value_of("fixed", expression).as_int(); }
inline double fixed_of(std::string_view expression) { return fixed_to_double(fixed_raw_of(expression)); }
inline bool bool_of(std::string_view expression) { return value_of("bool", expression).as_bool(); }
inline std::string string_of(std::string_view expression) {
  Script* script = nullptr;
  const Value value = value_of("string", expression, &script);
  return std::string(script->runtime->strings().view(value.as_id()));
}

// The first error a script's run reports ("" when none).
inline std::string first_error(Script& script) {
  return script.runtime->errors().empty() ? "" : script.runtime->errors().front();
}

}  // namespace sc2::galaxy::test
