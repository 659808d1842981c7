#pragma once
// The run time's strings and texts, interned: one id per distinct content, so `==` on strings
// compares ids and a string value is 32 bits. Id 0 is null. The program's literals are interned
// first, in order (literal i has id i + 1), so the bytecode pushes their ids as constants.
// Strings are kept for the runtime's life; the total size is bounded (RuntimeLimits).
#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "engine/galaxy/value.h"

namespace sc2::galaxy {

class StringTable {
 public:
  explicit StringTable(std::size_t max_bytes) : max_bytes_(max_bytes) { strings_.emplace_back(); }

  // The id of `text`, adding it when new; nullopt when the table's byte budget is spent.
  std::optional<StringId> intern(std::string_view text);
  // The id of `text` if it is already interned (no allocation), else nullopt.
  std::optional<StringId> find(std::string_view text) const;
  // The text of an id; "" for null (0).
  std::string_view view(StringId id) const { return id < strings_.size() ? std::string_view(strings_[id]) : ""; }
  std::size_t size() const { return strings_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::deque<std::string> strings_;  // a deque never moves its elements, so the views stay valid
  std::unordered_map<std::string_view, StringId> ids_;
};

}  // namespace sc2::galaxy
