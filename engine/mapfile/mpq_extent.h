#pragma once
// What an MPQ archive's header says about its own length, checked against the bytes there
// are before StormLib opens them (internal to archive_reader.cpp). StormLib opens an archive
// cut short inside its tables and reads whatever entries are left, so a truncated upload could
// pass as a map with files missing or damaged; this names it as truncated instead.
#include <string>
#include <string_view>

namespace sc2::engine::mapfile {

// Throws MapError(name, "truncated: ...") when the header at the archive's start (or where its
// "MPQ\x1B" user data points) says the archive, its hash table or its block table ends past
// `bytes`; also when a header itself is cut short. Bytes that start as no MPQ archive at all are
// left to StormLib (it looks for a header at later 512-byte boundaries too).
void check_mpq_extent(std::string_view bytes, const std::string& name);

}  // namespace sc2::engine::mapfile
