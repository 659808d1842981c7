#include "engine/galaxy/string_table.h"

namespace sc2::galaxy {

std::optional<StringId> StringTable::intern(std::string_view text) {
  if (const auto it = ids_.find(text); it != ids_.end()) return it->second;
  if (bytes_ + text.size() + 1 > max_bytes_) return std::nullopt;
  const auto id = static_cast<StringId>(strings_.size());
  const std::string& stored = strings_.emplace_back(text);
  bytes_ += stored.size() + 1;
  ids_.emplace(std::string_view(stored), id);
  return id;
}

std::optional<StringId> StringTable::find(std::string_view text) const {
  if (const auto it = ids_.find(text); it != ids_.end()) return it->second;
  return std::nullopt;
}

}  // namespace sc2::galaxy
