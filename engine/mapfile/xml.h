#pragma once
// pugixml behind the map reader's XML files (internal: only mapfile .cpp files include it).
// pugixml never expands entities declared in a DTD nor fetches anything, and builds its tree
// without recursion; on top of that load() refuses any DTD, entity declaration or undeclared
// entity reference, reads UTF-8 only (the reference maps' XML is UTF-8 or ASCII), and bounds
// the file's size and element count, so a hostile file costs memory within MapLimits.
#include <pugixml.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile::xml {

// Parses `text` into `document`; throws MapError(file, "<line>:<col>: bad XML: <what pugixml
// found>"), or for a DTD or an entity XML does not define, a file over max_xml_bytes or
// max_xml_elements, or a root element other than `root`.
void load(pugi::xml_document& document, const std::string& file, std::string_view text, const MapLimits& limits,
          const char* root);

// A finite number within +-1e7 (map coordinates, radii, rotations); MapError otherwise.
float number(const std::string& file, const std::string& what, std::string_view text);
// "x,y" or "x,y,z": between `min_count` and `max_count` numbers separated by commas.
std::vector<float> numbers(const std::string& file, const std::string& what, std::string_view text,
                           std::size_t min_count, std::size_t max_count);
// A whole number in [min, max].
long long integer(const std::string& file, const std::string& what, std::string_view text, long long min,
                  long long max);

}  // namespace sc2::engine::mapfile::xml
