// The MPQ header layout (the public description of the format that StormLib implements):
//   user data "MPQ\x1B": +4 u32 user data size, +8 u32 offset of the archive header;
//   header "MPQ\x1A": +4 u32 header size, +8 u32 archive size, +12 u16 format version (0..3),
//   +16 u32 hash table position, +20 u32 block table position, +24 u32 hash table entries,
//   +28 u32 block table entries (16 bytes each); version 1 adds +40/+42 u16 high words of the
//   two positions; version 2 +44 u64 archive size; version 3 +68/+76 u64 hash/block table
//   sizes (those tables may be compressed). Positions count from the header.
#include "engine/mapfile/mpq_extent.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {
namespace {

constexpr std::size_t kHeaderV1 = 32;
constexpr std::size_t kHeaderV2 = 44;
constexpr std::size_t kHeaderV3 = 68;
constexpr std::size_t kHeaderV4 = 0xD0;
constexpr std::uint64_t kTableEntryBytes = 16;

std::uint64_t little(std::string_view bytes, std::size_t at, int width) {
  std::uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(bytes[at + static_cast<std::size_t>(i)]);
  return v;
}

// a + b, or the largest value when that overflows (a lying header's sizes may be anything).
std::uint64_t sum(std::uint64_t a, std::uint64_t b) {
  return b > std::numeric_limits<std::uint64_t>::max() - a ? std::numeric_limits<std::uint64_t>::max() : a + b;
}

// Where an archive piece claims to end, checked against the bytes present.
void expect_within(std::uint64_t end, std::uint64_t size, const char* what, const std::string& name) {
  if (end > size) {
    throw MapError(name, "truncated: its header says " + std::string(what) + " ends at byte " + std::to_string(end) +
                             ", but the archive has " + std::to_string(size) + " bytes");
  }
}

}  // namespace

void check_mpq_extent(std::string_view bytes, const std::string& name) {
  const std::uint64_t size = bytes.size();
  std::size_t header = 0;
  if (bytes.substr(0, 4) == std::string_view("MPQ\x1B", 4)) {
    expect_within(16, size, "the user data header", name);
    header = static_cast<std::size_t>(std::min<std::uint64_t>(little(bytes, 8, 4), size));
    expect_within(std::uint64_t{header} + 4, size, "the archive header", name);
  }
  if (bytes.substr(header, 4) != std::string_view("MPQ\x1A", 4)) {
    throw MapError(name, header == 0 ? "not an MPQ archive (it does not start with \"MPQ\\x1A\" or \"MPQ\\x1B\")"
                                     : "not an MPQ archive (its user data points at no archive header)");
  }
  expect_within(std::uint64_t{header} + kHeaderV1, size, "the archive header", name);
  const auto version = static_cast<unsigned>(little(bytes, header + 12, 2));
  const std::size_t header_size = version == 0 ? kHeaderV1 : version == 1 ? kHeaderV2 : version == 2 ? kHeaderV3 : kHeaderV4;
  expect_within(std::uint64_t{header} + header_size, size, "the archive header", name);

  std::uint64_t archive_size = little(bytes, header + 8, 4);
  std::uint64_t hash_position = little(bytes, header + 16, 4);
  std::uint64_t block_position = little(bytes, header + 20, 4);
  std::uint64_t hash_bytes = little(bytes, header + 24, 4) * kTableEntryBytes;
  std::uint64_t block_bytes = little(bytes, header + 28, 4) * kTableEntryBytes;
  if (version >= 1) {
    hash_position |= little(bytes, header + 40, 2) << 32;
    block_position |= little(bytes, header + 42, 2) << 32;
  }
  if (version >= 2) archive_size = little(bytes, header + 44, 8);
  if (version >= 3) {
    hash_bytes = little(bytes, header + 68, 8);
    block_bytes = little(bytes, header + 76, 8);
  }
  const std::uint64_t base = header;
  expect_within(sum(base, archive_size), size, "the archive", name);
  if (hash_bytes > 0) expect_within(sum(sum(base, hash_position), hash_bytes), size, "the hash table", name);
  if (block_bytes > 0) expect_within(sum(sum(base, block_position), block_bytes), size, "the block table", name);
}

}  // namespace sc2::engine::mapfile
