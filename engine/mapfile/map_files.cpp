#include "engine/mapfile/map_files.h"

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {

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
    throw MapError(name.substr(0, 64) + "...", "a file name of " + std::to_string(name.size()) +
                                                   " characters is over the limit of " +
                                                   std::to_string(limits_.max_name_length));
  }
  if (files_.count(key(name))) throw MapError(name, "the map has two files of this name (names ignore case)");
  if (files_.size() >= limits_.max_files) {
    throw MapError(name, "the map has more than " + std::to_string(limits_.max_files) + " files (the limit)");
  }
  if (bytes > limits_.max_file_bytes) {
    throw MapError(name, std::to_string(bytes) + " bytes is over the limit of " +
                             std::to_string(limits_.max_file_bytes) + " bytes for one file");
  }
  if (total_bytes_ + bytes > limits_.max_total_bytes) {
    throw MapError(name, "the map's files come to more than " + std::to_string(limits_.max_total_bytes) +
                             " bytes unpacked (the limit)");
  }
}

void MapFiles::add(std::string name, std::string bytes) {
  check_room(name, bytes.size());
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
