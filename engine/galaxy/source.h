#pragma once
// Where things are in the script files, and the errors found there. Every error names
// file:line:col and what is wrong, e.g. `MapScript.galaxy:112:5: unknown function 'UnitFoo'`.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sc2::galaxy {

// 1-based line and column (columns count bytes; a tab is one). `file` indexes SourceFiles.
struct SourcePos {
  std::uint32_t file = 0;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

// The names of the files of one compilation (the map script, its includes, the built-in
// library), so a position can be printed with its file name.
class SourceFiles {
 public:
  std::uint32_t add(std::string name);
  const std::string& name(std::uint32_t file) const;
  std::size_t size() const { return names_.size(); }
  // "MapScript.galaxy:12:5"
  std::string describe(SourcePos pos) const;

 private:
  std::vector<std::string> names_;
};

struct Diagnostic {
  SourcePos pos;
  std::string message;
};

// Collects errors up to a limit; past it, one last "too many errors" entry and `full()`, so
// hostile input cannot make a compilation print without end.
class Diagnostics {
 public:
  explicit Diagnostics(std::size_t max_errors = 50) : max_errors_(max_errors) {}

  void error(SourcePos pos, std::string message);
  bool empty() const { return list_.empty(); }
  bool full() const { return full_; }
  std::size_t count() const { return list_.size(); }
  const std::vector<Diagnostic>& list() const { return list_; }
  // One line per error: "file:line:col: message".
  std::string format(const SourceFiles& files) const;

 private:
  std::size_t max_errors_;
  bool full_ = false;
  std::vector<Diagnostic> list_;
};

}  // namespace sc2::galaxy
