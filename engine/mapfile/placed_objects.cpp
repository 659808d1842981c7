#include "engine/mapfile/placed_objects.h"

#include <set>

#include "engine/mapfile/map_error.h"
#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

const std::string kFile = "Objects";

std::uint32_t read_id(pugi::xml_node node, const char* kind, std::set<std::uint32_t>& ids) {
  const auto id = static_cast<std::uint32_t>(
      xml::integer(kFile, std::string(kind) + " Id", node.attribute("Id").as_string(), 0, 0xFFFFFFFFll));
  if (!ids.insert(id).second) throw MapError(kFile, std::string("two ") + kind + "s have Id " + std::to_string(id));
  return id;
}

MapPoint3 read_position(pugi::xml_node node, const std::string& where) {
  const auto xyz = xml::numbers(kFile, where + " Position", node.attribute("Position").as_string(), 2, 3);
  return {xyz[0], xyz[1], xyz.size() > 2 ? xyz[2] : 0.0f};
}

float read_rotation(pugi::xml_node node, const std::string& where) {
  const pugi::xml_attribute rotation = node.attribute("Rotation");
  return rotation ? xml::number(kFile, where + " Rotation", rotation.as_string()) : 0.0f;
}

}  // namespace

PlacedObjects parse_objects(std::string_view xml_text, const MapLimits& limits) {
  pugi::xml_document document;
  xml::load(document, kFile, xml_text, limits, "PlacedObjects");
  const pugi::xml_node root = document.document_element();
  PlacedObjects objects;
  if (const pugi::xml_attribute version = root.attribute("Version")) {
    objects.version = static_cast<int>(xml::integer(kFile, "Version", version.as_string(), 0, 1 << 20));
  }
  std::set<std::uint32_t> point_ids;
  std::set<std::uint32_t> unit_ids;
  for (const pugi::xml_node node : root.children()) {
    const std::string_view kind = node.name();
    if (kind == "ObjectPoint") {
      PlacedPoint point;
      point.id = read_id(node, "ObjectPoint", point_ids);
      const std::string where = "ObjectPoint " + std::to_string(point.id);
      point.name = node.attribute("Name").as_string();
      point.type = node.attribute("Type").as_string("Normal");
      point.position = read_position(node, where);
      point.rotation = read_rotation(node, where);
      objects.points.push_back(std::move(point));
    } else if (kind == "ObjectUnit") {
      PlacedUnit unit;
      unit.id = read_id(node, "ObjectUnit", unit_ids);
      const std::string where = "ObjectUnit " + std::to_string(unit.id);
      unit.unit_type = node.attribute("UnitType").as_string();
      if (unit.unit_type.empty()) throw MapError(kFile, where + ": no UnitType");
      if (const pugi::xml_attribute player = node.attribute("Player")) {
        unit.owner = static_cast<int>(xml::integer(kFile, where + " Player", player.as_string(), 0, 15));
      }
      if (const pugi::xml_attribute variation = node.attribute("Variation")) {
        unit.variation = static_cast<int>(xml::integer(kFile, where + " Variation", variation.as_string(), 0, 1 << 20));
      }
      unit.position = read_position(node, where);
      unit.rotation = read_rotation(node, where);
      for (const pugi::xml_node flag : node.children("Flag")) {
        if (std::string_view(flag.attribute("Value").as_string()) == "1") unit.flags.push_back(flag.attribute("Index").as_string());
      }
      objects.units.push_back(std::move(unit));
    }
  }
  return objects;
}

const PlacedPoint* PlacedObjects::point(std::uint32_t id) const {
  for (const PlacedPoint& p : points) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

const PlacedUnit* PlacedObjects::unit(std::uint32_t id) const {
  for (const PlacedUnit& u : units) {
    if (u.id == id) return &u;
  }
  return nullptr;
}

std::vector<PlacedPoint> PlacedObjects::start_locations() const {
  std::vector<PlacedPoint> starts;
  for (const PlacedPoint& p : points) {
    if (p.is_start_location()) starts.push_back(p);
  }
  return starts;
}

}  // namespace sc2::engine::mapfile
