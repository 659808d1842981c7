#include "engine/galaxy/source.h"

namespace sc2::galaxy {

std::uint32_t SourceFiles::add(std::string name) {
  names_.push_back(std::move(name));
  return static_cast<std::uint32_t>(names_.size() - 1);
}

const std::string& SourceFiles::name(std::uint32_t file) const {
  static const std::string unknown = "<unknown>";
  return file < names_.size() ? names_[file] : unknown;
}

std::string SourceFiles::describe(SourcePos pos) const {
  return name(pos.file) + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

void Diagnostics::error(SourcePos pos, std::string message) {
  if (full_) return;
  if (list_.size() >= max_errors_) {
    list_.push_back({pos, "too many errors; stopping"});
    full_ = true;
    return;
  }
  list_.push_back({pos, std::move(message)});
}

std::string Diagnostics::format(const SourceFiles& files) const {
  std::string text;
  for (const Diagnostic& d : list_) {
    text += files.describe(d.pos) + ": " + d.message + "\n";
  }
  return text;
}

}  // namespace sc2::galaxy
