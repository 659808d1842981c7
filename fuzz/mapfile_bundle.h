#pragma once
// The mapfile_archive fuzz target's second input form: a map's files without an archive
// around them, so that mutations reach the parsers directly (StormLib reads archives in a
// child process, whose coverage libFuzzer never sees). A bundle is a list of records:
// u8 name length, the name, u16 (little-endian) length, the bytes. Input left over at the
// end is ignored.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sc2::fuzz::mapfile_bundle {

using Files = std::vector<std::pair<std::string, std::string>>;

inline std::string encode(const Files& files) {
  std::string out;
  for (const auto& [name, bytes] : files) {
    const std::string_view n = std::string_view(name).substr(0, 255);
    const std::string_view b = std::string_view(bytes).substr(0, 65535);
    out.push_back(static_cast<char>(n.size()));
    out += n;
    out.push_back(static_cast<char>(b.size() & 0xFF));
    out.push_back(static_cast<char>(b.size() >> 8));
    out += b;
  }
  return out;
}

inline Files decode(std::string_view in) {
  Files files;
  while (!in.empty()) {
    const std::size_t name_length = static_cast<std::uint8_t>(in[0]);
    if (in.size() < 1 + name_length + 2) break;
    std::string name(in.substr(1, name_length));
    in.remove_prefix(1 + name_length);
    const std::size_t length = static_cast<std::uint8_t>(in[0]) | (std::size_t{static_cast<std::uint8_t>(in[1])} << 8);
    in.remove_prefix(2);
    const std::string_view bytes = in.substr(0, length);
    in.remove_prefix(bytes.size());
    files.emplace_back(std::move(name), std::string(bytes));
  }
  return files;
}

}  // namespace sc2::fuzz::mapfile_bundle
