#include "client/map_catalog.h"

#include "client/map_catalog_list.h"  // generated from assets/maps/*.json (client/CMakeLists.txt)
#include "client/map_paths.h"

namespace sc2 {

std::span<const MapFacts> map_catalog() { return kMapCatalog; }

const MapFacts* find_map_facts(std::string_view map) {
  const std::string name = map_name_from_path(map);
  for (const MapFacts& facts : kMapCatalog) {
    if (facts.name == name) return &facts;
  }
  return nullptr;
}

}  // namespace sc2
