#pragma once
// What an MPQ archive's header says about its own length, checked against the bytes there
// are before StormLib opens them (internal to archive_reader.cpp). StormLib opens an archive
// cut short inside its tables and reads whatever entries are left, so a truncated upload could
// pass as a map with files missing or damaged; this names it as truncated instead.
#include <string>
#include <string_view>

namespace sc2::engine::mapfile {

// Throws MapError(name, ...) for bytes that do not start as an MPQ archive ("MPQ\x1A", or
// "MPQ\x1B" user data pointing at one; every .SC2Map does, and a client's random bytes are
// refused here without starting the archive reader), and "truncated: ..." when the header says
// the archive, its hash table or its block table ends past `bytes`, or is itself cut short.
void check_mpq_extent(std::string_view bytes, const std::string& name);

}  // namespace sc2::engine::mapfile
