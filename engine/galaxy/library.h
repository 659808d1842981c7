#pragma once
// The built-in library a script sees: its functions (with indices the interpreter's natives
// will be registered under) and constants, built once from library_declarations.cpp.
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/constant_folding.h"
#include "engine/galaxy/types.h"

namespace sc2::galaxy {

struct LibraryParameter {
  std::string name;
  Type type;
};

struct LibraryFunction {
  std::string name;
  Type return_type;
  std::vector<LibraryParameter> parameters;
  std::uint32_t part = 0;  // library_parts() index
  // >= 0 when that parameter takes the name of a script function (TriggerCreate's
  // "gt_X_Func"): the checker resolves a literal name to the function's index.
  std::int32_t function_name_parameter = -1;
};

struct LibraryConstant {
  std::string name;
  ConstantValue value;
  std::uint32_t part = 0;
};

class Library {
 public:
  // The library, built on first use (thread-safe).
  static const Library& builtin();

  const std::vector<LibraryFunction>& functions() const { return functions_; }
  const std::vector<LibraryConstant>& constants() const { return constants_; }
  std::int32_t find_function(std::string_view name) const;  // -1 when absent
  const LibraryConstant* find_constant(std::string_view name) const;
  std::string_view part_name(std::uint32_t part) const;
  bool part_needs_include(std::uint32_t part) const;
  // "void UnitRemove(unit inUnit)"
  std::string signature(const LibraryFunction& function) const;
  // Errors in our own declarations (a test keeps this empty).
  const std::string& build_errors() const { return build_errors_; }

 private:
  Library();
  std::vector<LibraryFunction> functions_;
  std::vector<LibraryConstant> constants_;
  std::map<std::string, std::int32_t, std::less<>> function_index_;
  std::map<std::string, std::int32_t, std::less<>> constant_index_;
  std::string build_errors_;
};

}  // namespace sc2::galaxy
