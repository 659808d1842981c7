#pragma once
// Little-endian reading of a binary map file with every read checked against its end: a
// truncated or lying file is a MapError naming the file, the offset and the field.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {

class ByteReader {
 public:
  ByteReader(std::string file, std::string_view bytes) : file_(std::move(file)), bytes_(bytes) {}

  std::size_t offset() const { return offset_; }
  std::size_t remaining() const { return bytes_.size() - offset_; }
  const std::string& file() const { return file_; }

  std::uint8_t u8(const char* field) { return static_cast<std::uint8_t>(take(1, field)[0]); }
  std::uint16_t u16(const char* field) {
    const std::string_view b = take(2, field);
    return static_cast<std::uint16_t>(byte(b, 0) | (byte(b, 1) << 8));
  }
  std::uint32_t u32(const char* field) {
    const std::string_view b = take(4, field);
    return byte(b, 0) | (byte(b, 1) << 8) | (byte(b, 2) << 16) | (byte(b, 3) << 24);
  }
  std::int32_t i32(const char* field) { return static_cast<std::int32_t>(u32(field)); }
  std::string_view bytes(std::size_t count, const char* field) { return take(count, field); }
  void skip(std::size_t count, const char* field) { take(count, field); }
  // A NUL-terminated string of at most `max_length` characters.
  std::string cstr(std::size_t max_length, const char* field) {
    field_start_ = offset_;
    const std::size_t end = bytes_.find('\0', offset_);
    if (end == std::string_view::npos) fail(field, "ends inside the string (no terminating NUL)");
    if (end - offset_ > max_length) {
      fail(field, "a string of " + std::to_string(end - offset_) + " characters is over the limit of " +
                      std::to_string(max_length));
    }
    std::string text(bytes_.substr(offset_, end - offset_));
    offset_ = end + 1;
    return text;
  }

  // Names the field last read (or being read) by the byte it starts at.
  [[noreturn]] void fail(const char* field, const std::string& why) const {
    throw MapError(file_, std::string(field) + " at byte " + std::to_string(field_start_) + ": " + why);
  }

 private:
  static std::uint32_t byte(std::string_view b, std::size_t i) { return static_cast<std::uint8_t>(b[i]); }
  std::string_view take(std::size_t count, const char* field) {
    field_start_ = offset_;
    if (count > remaining()) {
      fail(field, "truncated: needs " + std::to_string(count) + " bytes, the file has " +
                      std::to_string(remaining()) + " left of " + std::to_string(bytes_.size()));
    }
    const std::string_view out = bytes_.substr(offset_, count);
    offset_ += count;
    return out;
  }

  std::string file_;
  std::string_view bytes_;
  std::size_t offset_ = 0;
  std::size_t field_start_ = 0;
};

}  // namespace sc2::engine::mapfile
