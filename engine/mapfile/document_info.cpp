#include "engine/mapfile/document_info.h"

#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

// The name is what follows "bnet:" up to the "/major/minor" version at its end.
Dependency read_dependency(std::string raw) {
  Dependency dependency;
  std::string_view rest = raw;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    if (part.substr(0, 5) == "bnet:") {
      std::string_view name = part.substr(5);
      for (int i = 0; i < 2; ++i) {
        const std::size_t slash = name.rfind('/');
        if (slash != std::string_view::npos) name = name.substr(0, slash);
      }
      dependency.name = name;
    } else if (part.substr(0, 5) == "file:") {
      dependency.file = part.substr(5);
    }
    rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
  }
  dependency.raw = std::move(raw);
  return dependency;
}

}  // namespace

DocumentInfo parse_document_info(std::string_view xml_text, const MapLimits& limits) {
  pugi::xml_document document;
  xml::load(document, "DocumentInfo", xml_text, limits, "DocInfo");
  const pugi::xml_node root = document.document_element();
  DocumentInfo info;
  info.mod_type = root.child("ModType").child("Value").text().as_string();
  for (const pugi::xml_node value : root.child("Dependencies").children("Value")) {
    info.dependencies.push_back(read_dependency(value.text().as_string()));
  }
  return info;
}

}  // namespace sc2::engine::mapfile
