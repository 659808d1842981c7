#include "engine/mapfile/regions.h"

#include <algorithm>
#include <set>

#include "engine/mapfile/map_error.h"
#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

const std::string kFile = "Regions";

std::string value_of(pugi::xml_node parent, const char* child) {
  return parent.child(child).attribute("value").as_string();
}

RegionShape read_shape(pugi::xml_node shape, const std::string& where) {
  RegionShape out;
  const std::string_view type = shape.attribute("type").as_string();
  out.negative = static_cast<bool>(shape.child("negative"));
  if (type == "rect") {
    out.kind = RegionShape::Kind::rect;
    const auto quad = xml::numbers(kFile, where + " quad", value_of(shape, "quad"), 4, 4);
    out.min = {quad[0], quad[1]};
    out.max = {quad[2], quad[3]};
    if (out.min.x > out.max.x || out.min.y > out.max.y) {
      throw MapError(kFile, where + " quad: min x,y must not be greater than max x,y");
    }
  } else if (type == "circle") {
    out.kind = RegionShape::Kind::circle;
    const auto center = xml::numbers(kFile, where + " center", value_of(shape, "center"), 2, 2);
    out.center = {center[0], center[1]};
    out.radius = xml::number(kFile, where + " radius", value_of(shape, "radius"));
    if (out.radius < 0) throw MapError(kFile, where + " radius: negative");
  } else {
    throw MapError(kFile, where + ": shape type '" + std::string(type.substr(0, 32)) +
                              "' is not supported (rect, circle)");
  }
  return out;
}

}  // namespace

bool RegionShape::contains(MapPoint p) const {
  if (kind == Kind::rect) return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y;
  const float dx = p.x - center.x;
  const float dy = p.y - center.y;
  return dx * dx + dy * dy <= radius * radius;
}

bool Region::contains(MapPoint p) const {
  bool inside = false;
  for (const RegionShape& shape : shapes) {
    if (shape.negative && shape.contains(p)) return false;
    if (!shape.negative && !inside) inside = shape.contains(p);
  }
  return inside;
}

std::optional<RegionBounds> Region::bounds() const {
  std::optional<RegionBounds> box;
  for (const RegionShape& shape : shapes) {
    if (shape.negative) continue;
    const RegionBounds own = shape.kind == RegionShape::Kind::rect
                                 ? RegionBounds{shape.min, shape.max}
                                 : RegionBounds{{shape.center.x - shape.radius, shape.center.y - shape.radius},
                                                {shape.center.x + shape.radius, shape.center.y + shape.radius}};
    if (!box) {
      box = own;
    } else {
      box->min = {std::min(box->min.x, own.min.x), std::min(box->min.y, own.min.y)};
      box->max = {std::max(box->max.x, own.max.x), std::max(box->max.y, own.max.y)};
    }
  }
  return box;
}

std::optional<MapPoint> Region::random_point(const std::function<float()>& uniform01, int max_tries) const {
  const std::optional<RegionBounds> box = bounds();
  if (!box) return std::nullopt;
  for (int attempt = 0; attempt < max_tries; ++attempt) {
    const float u = uniform01();
    const float v = uniform01();
    const MapPoint p{box->min.x + (box->max.x - box->min.x) * u, box->min.y + (box->max.y - box->min.y) * v};
    if (contains(p)) return p;
  }
  return std::nullopt;
}

std::vector<Region> parse_regions(std::string_view xml_text, const MapLimits& limits) {
  pugi::xml_document document;
  xml::load(document, kFile, xml_text, limits, "Regions");
  std::vector<Region> regions;
  std::set<int> ids;
  for (const pugi::xml_node node : document.document_element().children("region")) {
    Region region;
    region.id = static_cast<int>(xml::integer(kFile, "region id", node.attribute("id").as_string(), 0, 0x7FFFFFFF));
    const std::string where = "region " + std::to_string(region.id);
    if (!ids.insert(region.id).second) throw MapError(kFile, "two regions have id " + std::to_string(region.id));
    region.name = value_of(node, "name");
    region.color = value_of(node, "color");
    region.invisible = static_cast<bool>(node.child("invisible"));
    for (const pugi::xml_node shape : node.children("shape")) {
      if (region.shapes.size() >= limits.max_region_shapes) {
        throw MapError(kFile, where + ": more than " + std::to_string(limits.max_region_shapes) + " shapes");
      }
      region.shapes.push_back(read_shape(shape, where + " shape " + std::to_string(region.shapes.size() + 1)));
    }
    regions.push_back(std::move(region));
  }
  return regions;
}

const Region* find_region(const std::vector<Region>& regions, int id) {
  for (const Region& region : regions) {
    if (region.id == id) return &region;
  }
  return nullptr;
}

}  // namespace sc2::engine::mapfile
