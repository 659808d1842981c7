#include "engine/mapfile/map_files.h"

#include <algorithm>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {
namespace {

// Why a name cannot be a file of a map, or "" when it can. Names are relative paths inside
// the map: never absolute, never "." or ".." (a name that climbs out of the map would be a
// path traversal wherever the files are written out or looked up), no empty part, no
// control characters.
std::string bad_name_reason(const std::string& name) {
  for (const char c : name) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return "a file name holds a control character";
  }
  std::string_view rest = name;
  for (;;) {
    const std::size_t slash = rest.find_first_of("/\\");
    const std::string_view part = rest.substr(0, slash);
    if (part.empty()) return "a file name has an empty part (a leading, doubled or trailing '/')";
    if (part == "." || part == "..") return "a file name has a '" + std::string(part) + "' part (paths must stay inside the map)";
    if (slash == std::string_view::npos) return {};
    rest.remove_prefix(slash + 1);
  }
}

// A name as it may appear in an error: '/' separators, printable, at most 64 characters.
std::string shown(const std::string& name) {
  std::string out;
  for (const char c : name.substr(0, 64)) {
    out.push_back(static_cast<unsigned char>(c) < 0x20 || c == 0x7F ? '?' : c == '\\' ? '/' : c);
  }
  return name.size() > 64 ? out + "..." : out;
}

}  // namespace

std::string MapFiles::key(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c == '\\') c = '/';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return key;
}

void MapFiles::check_room(const std::string& name, std::uint64_t bytes) const {
  if (name.empty()) throw MapError("(unnamed file)", "a file of the map has an empty name");
  if (name.size() > limits_.max_name_length) {
    throw MapError(shown(name), "a file name of " + std::to_string(name.size()) +
                                    " characters is over the limit of " + std::to_string(limits_.max_name_length));
  }
  if (const std::string reason = bad_name_reason(name); !reason.empty()) throw MapError(shown(name), reason);
  const std::string file = shown(name);
  if (files_.count(key(name))) throw MapError(file, "the map has two files of this name (names ignore case)");
  if (files_.size() >= limits_.max_files) {
    throw MapError(file, "the map has more than " + std::to_string(limits_.max_files) + " files (the limit)");
  }
  if (bytes > limits_.max_file_bytes) {
    throw MapError(file, std::to_string(bytes) + " bytes is over the limit of " +
                             std::to_string(limits_.max_file_bytes) + " bytes for one file");
  }
  if (total_bytes_ + bytes > limits_.max_total_bytes) {
    throw MapError(file, "the map's files come to more than " + std::to_string(limits_.max_total_bytes) +
                             " bytes unpacked (the limit)");
  }
}

void MapFiles::add(std::string name, std::string bytes) {
  check_room(name, bytes.size());
  std::replace(name.begin(), name.end(), '\\', '/');  // archives store "Base.SC2Data\GameData\..."
  total_bytes_ += bytes.size();
  std::string lookup = key(name);
  files_.emplace(std::move(lookup), File{std::move(name), std::move(bytes)});
}

void MapFiles::put(std::string name, std::string bytes) {
  remove(name);
  add(std::move(name), std::move(bytes));
}

bool MapFiles::remove(std::string_view name) {
  const auto found = files_.find(key(name));
  if (found == files_.end()) return false;
  total_bytes_ -= found->second.bytes.size();
  files_.erase(found);
  return true;
}

const std::string* MapFiles::find(std::string_view name) const {
  const auto found = files_.find(key(name));
  return found == files_.end() ? nullptr : &found->second.bytes;
}

const std::string& MapFiles::require(std::string_view name) const {
  if (const std::string* bytes = find(name)) return *bytes;
  throw MapError(std::string(name), "missing from the map");
}

std::vector<std::string> MapFiles::names() const {
  std::vector<std::string> names;
  names.reserve(files_.size());
  for (const auto& [lookup, file] : files_) names.push_back(file.name);
  return names;
}

std::vector<std::string> MapFiles::names_under(std::string_view folder, std::string_view suffix) const {
  const std::string prefix = key(folder);
  const std::string ending = key(suffix);
  std::vector<std::string> names;
  for (const auto& [lookup, file] : files_) {
    if (lookup.size() >= prefix.size() + ending.size() && lookup.compare(0, prefix.size(), prefix) == 0 &&
        lookup.compare(lookup.size() - ending.size(), ending.size(), ending) == 0) {
      names.push_back(file.name);
    }
  }
  return names;
}

}  // namespace sc2::engine::mapfile
