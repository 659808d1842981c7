#pragma once
// Helpers for the Galaxy library's tests: compile a snippet, read its errors or its tree.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "engine/galaxy/galaxy.h"
#include "engine/galaxy/parser.h"
#include "engine/galaxy/tree_printer.h"

namespace sc2::galaxy::test {

// The snippets' own file name, as the errors print it.
inline constexpr const char* kScript = "MapScript.galaxy";

// Every error of compiling `source`, one "file:line:col: message" line each ("" when it compiles).
inline std::string errors_of(std::string_view source, const CompileOptions& options = {}) {
  return compile(kScript, source, options).error_text();
}

// The one expression `source` holds, as S-expressions (parser only), or its error.
inline std::string parsed(std::string_view source) {
  Diagnostics diagnostics;
  ExprPtr expr = parse_expression(source, 0, Limits{}, diagnostics);
  if (!expr) {
    SourceFiles files;
    files.add(kScript);
    return diagnostics.format(files);
  }
  return to_text(*expr);
}

// A checked program from `source`; fails the test (printing the errors) when it does not compile.
inline CompileResult compiled(std::string_view source) {
  CompileResult result = compile(kScript, source);
  INFO(result.error_text());
  REQUIRE(result.ok());
  return result;
}

// The checked body of function `name` of `result`, as S-expressions.
inline std::string body_of(const CompileResult& result, std::string_view name) {
  const std::int32_t index = result.program->find_function(name);
  REQUIRE(index >= 0);
  return to_text(*result.program->functions[static_cast<std::size_t>(index)].body);
}

// The script-level wrapper most checker tests use: `statements` inside `void f() { ... }`,
// after the NativeLib include.
inline std::string in_function(std::string_view statements) {
  return "include \"TriggerLibs/NativeLib\"\nvoid f() {\n" + std::string(statements) + "\n}\n";
}

}  // namespace sc2::galaxy::test
