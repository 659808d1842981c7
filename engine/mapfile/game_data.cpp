#include "engine/mapfile/game_data.h"

#include <set>

#include "engine/mapfile/map_error.h"
#include "engine/mapfile/xml.h"

namespace sc2::engine::mapfile {
namespace {

std::vector<std::pair<std::string, std::string>> attributes_of(pugi::xml_node node) {
  std::vector<std::pair<std::string, std::string>> attributes;
  for (const pugi::xml_attribute attribute : node.attributes()) attributes.emplace_back(attribute.name(), attribute.value());
  return attributes;
}

// Depth-limited, so a hostile nesting cannot overflow the stack.
DataField read_field(pugi::xml_node node, const std::string& file, const std::string& where, std::size_t depth,
                     const MapLimits& limits) {
  if (depth > limits.max_xml_depth) {
    throw MapError(file, where + ": fields nested deeper than " + std::to_string(limits.max_xml_depth) + " levels");
  }
  DataField field;
  field.name = node.name();
  field.attributes = attributes_of(node);
  for (const pugi::xml_node child : node.children()) {
    if (child.type() == pugi::node_element) {
      field.children.push_back(read_field(child, file, where, depth + 1, limits));
    } else if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
      field.text += child.value();
    }
  }
  return field;
}

void flatten(const DataField& field, const std::string& prefix, std::vector<FlatField>& out) {
  std::string path = prefix.empty() ? field.name : prefix + "." + field.name;
  if (const std::string* index = field.attribute("index")) path += "[" + *index + "]";
  if (field.removed()) {
    out.push_back({path, {}, true});
    return;
  }
  for (const auto& [key, value] : field.attributes) {
    if (key == "index" || key == "removed") continue;
    out.push_back({key == "value" ? path : path + "." + key, value, false});
  }
  if (!field.text.empty()) out.push_back({path, field.text, false});
  for (const DataField& child : field.children) flatten(child, path, out);
}

}  // namespace

const std::string* DataField::attribute(std::string_view key) const {
  for (const auto& [name, value] : attributes) {
    if (name == key) return &value;
  }
  return nullptr;
}

std::string DataField::attribute_or(std::string_view key, std::string fallback) const {
  const std::string* found = attribute(key);
  return found ? *found : fallback;
}

const DataField* DataEntry::field(std::string_view name, std::string_view index) const {
  for (const DataField& f : fields) {
    if (f.name == name && (index.empty() || f.index() == index)) return &f;
  }
  return nullptr;
}

std::optional<std::string> DataEntry::value(std::string_view name, std::string_view index) const {
  const DataField* f = field(name, index);
  if (!f) return std::nullopt;
  if (const std::string* v = f->attribute("value")) return *v;
  return std::nullopt;
}

std::vector<FlatField> DataEntry::flat_fields() const {
  std::vector<FlatField> out;
  for (const DataField& f : fields) flatten(f, "", out);
  return out;
}

std::vector<const DataEntry*> GameData::units() const {
  std::vector<const DataEntry*> units;
  for (const DataEntry& entry : entries) {
    if (entry.class_name == "CUnit") units.push_back(&entry);
  }
  return units;
}

const DataEntry* GameData::find(std::string_view class_name, std::string_view id) const {
  for (const DataEntry& entry : entries) {
    if (entry.class_name == class_name && entry.id == id) return &entry;
  }
  return nullptr;
}

std::vector<UnitTypeDeclaration> unit_type_declarations(const GameData& data,
                                                        const std::function<bool(std::string_view)>& is_builtin) {
  std::vector<UnitTypeDeclaration> declarations;
  std::set<std::string> seen;
  for (const DataEntry* unit : data.units()) {
    if (seen.insert(unit->id).second) declarations.push_back({unit->id, !is_builtin(unit->id)});
  }
  return declarations;
}

void add_catalog(GameData& data, const std::string& file, std::string_view xml_text, const MapLimits& limits) {
  pugi::xml_document document;
  xml::load(document, file, xml_text, limits, "Catalog");
  const auto file_index = static_cast<std::uint32_t>(data.files.size());
  data.files.push_back(file);
  for (const pugi::xml_node node : document.document_element().children()) {
    if (node.type() != pugi::node_element) continue;
    if (data.entries.size() >= limits.max_data_entries) {
      throw MapError(file, "more than " + std::to_string(limits.max_data_entries) + " GameData entries in the map");
    }
    DataEntry entry;
    entry.file = file_index;
    entry.class_name = node.name();
    entry.id = node.attribute("id").as_string();
    if (entry.id.empty()) throw MapError(file, "a <" + entry.class_name + "> entry has no id");
    entry.parent = node.attribute("parent").as_string();
    entry.attributes = attributes_of(node);
    const std::string where = entry.class_name + " '" + entry.id + "'";
    for (const pugi::xml_node child : node.children()) {
      if (child.type() != pugi::node_element) continue;
      if (entry.fields.size() >= limits.max_data_fields) {
        throw MapError(file, where + ": more than " + std::to_string(limits.max_data_fields) + " fields");
      }
      entry.fields.push_back(read_field(child, file, where, 1, limits));
    }
    data.entries.push_back(std::move(entry));
  }
}

GameData parse_catalog(const std::string& file, std::string_view xml_text, const MapLimits& limits) {
  GameData data;
  add_catalog(data, file, xml_text, limits);
  return data;
}

}  // namespace sc2::engine::mapfile
