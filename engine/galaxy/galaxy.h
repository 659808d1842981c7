#pragma once
// The Galaxy library's entry point: a map script's text in, a checked Program (tree.h) or
// errors out. Each error names file:line:col and what is wrong, e.g.
//   MapScript.galaxy:112:5: unknown function 'UnitFoo'
//
//   CompileResult result = galaxy::compile("MapScript.galaxy", text);
//   if (!result.ok()) return fail(result.error_text());
//   run(*result.program);   // the interpreter (a later part) starts at find_function("InitMap")
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/limits.h"
#include "engine/galaxy/source.h"
#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

// Supplies the text of an included script file that is not one of the built-in
// "TriggerLibs/..." files (e.g. from the map archive); nullopt when there is none.
using IncludeLoader = std::function<std::optional<std::string>(std::string_view path)>;

struct CompileOptions {
  Limits limits;
  IncludeLoader include_loader;  // empty: only built-in includes
};

struct CompileResult {
  std::unique_ptr<Program> program;  // null when there were errors
  SourceFiles files;                 // the names the diagnostics' positions refer to
  std::vector<Diagnostic> diagnostics;

  bool ok() const { return program != nullptr; }
  // One line per error: "file:line:col: message".
  std::string error_text() const;
};

CompileResult compile(std::string_view file_name, std::string_view source, const CompileOptions& options = {});

// True for an include path the built-in library answers ("TriggerLibs/NativeLib", ...).
bool is_builtin_include(std::string_view path);

}  // namespace sc2::galaxy
