#pragma once
// DocumentInfo (spec sc2-map-files.md §1.8): the kind of document and the Blizzard mods whose
// data the map builds on, which decide the unit data that applies (SMAC's maps: Liberty only).
#include <string>
#include <string_view>
#include <vector>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

// "bnet:Void Multi (Mod)/0.0/999,file:Mods/VoidMulti.SC2Mod"
struct Dependency {
  std::string raw;   // as written
  std::string name;  // "Void Multi (Mod)"
  std::string file;  // "Mods/VoidMulti.SC2Mod"
  bool operator==(const Dependency&) const = default;
};

struct DocumentInfo {
  std::string mod_type;  // "Interface" in the reference maps
  std::vector<Dependency> dependencies;  // in file order
  bool operator==(const DocumentInfo&) const = default;
};

// Throws MapError("DocumentInfo", ...) for bad XML or a root other than <DocInfo>.
DocumentInfo parse_document_info(std::string_view xml_text, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
