#pragma once
// GameData (spec sc2-map-files.md §1.6): the map's catalog entries (Base.SC2Data/GameData/
// *.xml), kept in a generic form: an entry is its class ("CUnit"), id and fields, a field its
// element name, attributes in file order (value=, index=, Link=, removed="1", ...) and nested
// fields. Turning CUnit fields into unit stats is the engine's job.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

struct DataField {
  std::string name;  // "LifeMax", "Attributes", "WeaponArray", "CardLayouts"
  std::vector<std::pair<std::string, std::string>> attributes;  // as written, in order
  std::string text;                                              // element text, rarely used
  std::vector<DataField> children;                               // nested fields

  // The attribute's value, or nullptr.
  const std::string* attribute(std::string_view key) const;
  std::string value() const { return attribute_or("value"); }
  std::string index() const { return attribute_or("index"); }
  std::string link() const { return attribute_or("Link"); }
  bool removed() const { return attribute_or("removed") == "1"; }
  std::string attribute_or(std::string_view key, std::string fallback = {}) const;

  bool operator==(const DataField&) const = default;
};

// One field as a path and a value: "LifeMax" = "45", "Attributes[Light]" = "1",
// "WeaponArray.Link" = "GuassRifle", "CardLayouts[0].LayoutButtons[3].Face" = "TerranBuild";
// an entry removed with removed="1" is its path with `removed` set and no value.
struct FlatField {
  std::string path;
  std::string value;
  bool removed = false;
  bool operator==(const FlatField&) const = default;
};

struct DataEntry {
  // Its catalog file, GameData::files[file] ("Base.SC2Data/GameData/UnitData.xml"): an index,
  // as a map has many entries and few files.
  std::uint32_t file = 0;
  std::string class_name;  // "CUnit", "CValidatorCombine", ...
  std::string id;          // "Marine_RL"
  std::string parent;      // parent= when given ("" in every reference map)
  std::vector<std::pair<std::string, std::string>> attributes;  // every attribute of the entry
  std::vector<DataField> fields;

  // The first field of that name (and index, when given), or nullptr.
  const DataField* field(std::string_view name, std::string_view index = {}) const;
  // Its value= ("45" for LifeMax), if present.
  std::optional<std::string> value(std::string_view name, std::string_view index = {}) const;
  std::vector<FlatField> flat_fields() const;

  bool operator==(const DataEntry&) const = default;
};

struct GameData {
  std::vector<std::string> files;  // the catalog files, in name order
  std::vector<DataEntry> entries;  // files in name order, entries in file order

  const std::string& file_of(const DataEntry& entry) const { return files.at(entry.file); }
  // The CUnit entries, in order.
  std::vector<const DataEntry*> units() const;
  const DataEntry* find(std::string_view class_name, std::string_view id) const;

  bool operator==(const GameData&) const = default;
};

// A unit type the map names: a new one, or an override of a type the game already has.
struct UnitTypeDeclaration {
  std::string id;
  bool is_new = false;  // true: gets an id after every built-in one, in this order
  bool operator==(const UnitTypeDeclaration&) const = default;
};
// Each CUnit id once, in the order first seen. Which names are built in is the engine's
// knowledge (its unit table), so the caller says.
std::vector<UnitTypeDeclaration> unit_type_declarations(const GameData& data,
                                                        const std::function<bool(std::string_view)>& is_builtin);

// Adds one catalog file (root <Catalog>) and its entries to `data`. Throws MapError(file, ...)
// for bad XML, an entry without id, fields nested deeper than limits.max_xml_depth, an entry
// of more than limits.max_data_fields fields, or more than limits.max_data_entries entries in
// `data` in all.
void add_catalog(GameData& data, const std::string& file, std::string_view xml_text, const MapLimits& limits = {});
// One catalog file alone.
GameData parse_catalog(const std::string& file, std::string_view xml_text, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
