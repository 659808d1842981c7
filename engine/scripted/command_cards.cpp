#include "engine/scripted/command_cards.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string_view>

#include "engine/mapfile/map_error.h"
#include "engine/sim/abilities.h"
#include "engine/sim/unit_data.h"
#include "engine/sim/world.h"

namespace sc2::engine::scripted {

namespace {

// The commands the game names by a word rather than a number (the reference maps' cards:
// move,Move / move,Patrol / move,HoldPos / stop,Stop / attack,Execute / Explode,Execute /
// SCVHarvest,Gather / SCVHarvest,Return) and their indices in the engine's ability table.
struct NamedCommand {
  std::string_view ability;
  std::string_view command;
  std::uint32_t index;
};
constexpr NamedCommand kNamedCommands[] = {
    {"move", "Move", 0},          {"move", "Patrol", 1},         {"move", "HoldPos", 2},
    {"stop", "Stop", 0},          {"attack", "Execute", 0},      {"Explode", "Execute", 0},
    {"SCVHarvest", "Gather", 0},  {"SCVHarvest", "Return", 1},
};

constexpr std::size_t kMaxCommandDigits = 4;  // the game's numbered commands go to Build30 or so

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// `<Word><n>` -> n - 1 (n >= 1); nullopt for any other text.
std::optional<std::uint32_t> numbered_command(std::string_view command) {
  std::size_t letters = 0;
  while (letters < command.size() && is_letter(command[letters])) ++letters;
  const std::string_view digits = command.substr(letters);
  if (letters == 0 || digits.empty() || digits.size() > kMaxCommandDigits) return std::nullopt;
  if (!std::all_of(digits.begin(), digits.end(), is_digit)) return std::nullopt;
  std::uint32_t n = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (n == 0) return std::nullopt;
  return n - 1;
}

std::optional<std::uint32_t> named_command(std::string_view ability, std::string_view command) {
  for (const NamedCommand& named : kNamedCommands) {
    if (named.ability == ability && named.command == command) return named.index;
  }
  return std::nullopt;
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

// Reading one type's cards; errors name the file and the entry.
class CardReader {
 public:
  CardReader(const mapfile::GameData& data, const UnitTypeStats& type) : data_(data), type_(type) {}

  // The specific ability `abil_cmd` names, which the type must have.
  std::uint32_t ability_of(const mapfile::DataEntry& entry, std::string_view abil_cmd) const {
    const std::size_t comma = abil_cmd.find(',');
    if (comma == std::string_view::npos || comma == 0 || comma + 1 == abil_cmd.size() ||
        abil_cmd.find(',', comma + 1) != std::string_view::npos) {
      fail(entry, abil_cmd, "not '<ability>,<command>' (e.g. 'TerranBuild,Build2')");
    }
    const std::string_view link = abil_cmd.substr(0, comma);
    const std::string_view command = abil_cmd.substr(comma + 1);
    const auto table = ability_table();
    if (std::none_of(table.begin(), table.end(), [&](const AbilityInfo& info) { return info.link_name == link; })) {
      fail(entry, abil_cmd, "sc2lite's ability table (engine/sim/abilities.cpp) has no ability " + quoted(link));
    }
    std::optional<std::uint32_t> index = named_command(link, command);
    if (!index) index = numbered_command(command);
    if (!index) {
      fail(entry, abil_cmd,
           "the command " + quoted(command) +
               " is neither <Word><n> (the n-th command) nor a command name sc2lite knows (move: Move, Patrol, "
               "HoldPos; stop: Stop; attack, Explode: Execute; SCVHarvest: Gather, Return)");
    }
    for (const AbilityInfo& info : table) {
      if (info.link_name != link || info.link_index != *index) continue;
      if (!std::binary_search(type_.abilities.begin(), type_.abilities.end(), info.id)) {
        fail(entry, abil_cmd,
             std::string(type_.name) + " does not have " + quoted(info.friendly_name) + " (ability " +
                 std::to_string(info.id) + ") in sc2lite");
      }
      return info.id;
    }
    fail(entry, abil_cmd,
         "sc2lite's ability table has no command " + std::to_string(*index + 1) + " (index " +
             std::to_string(*index) + ") of " + quoted(link));
  }

 private:
  [[noreturn]] void fail(const mapfile::DataEntry& entry, std::string_view abil_cmd, const std::string& why) const {
    throw mapfile::MapError(data_.file_of(entry),
                            "CUnit " + quoted(entry.id) + ": CardLayouts: AbilCmd " + quoted(abil_cmd) + ": " + why);
  }

  const mapfile::GameData& data_;
  const UnitTypeStats& type_;
};

// index= or removed= on a card or a button: an edit of the game's own card of the type.
bool edits_base_card(const mapfile::DataField& field) {
  return field.attribute("index") != nullptr || field.attribute("removed") != nullptr;
}

// The button's AbilCmd when it names an ability ("" for a submenu, a passive or an empty button).
std::string button_abil_cmd(const mapfile::DataField& button) {
  std::string type = button.attribute_or("Type");
  std::string abil_cmd = button.attribute_or("AbilCmd");
  for (const mapfile::DataField& child : button.children) {
    if (child.name == "Type") type = child.value();
    if (child.name == "AbilCmd") abil_cmd = child.value();
  }
  if (!type.empty() && type != "AbilCmd") return {};
  return abil_cmd;
}

}  // namespace

MapCommandCards read_command_cards(const mapfile::UnitEntries& units, std::span<const mapfile::MapUnitType> types) {
  MapCommandCards out;
  for (const mapfile::MapUnitType& type : types) {
    if (type.is_new) continue;  // a new type plays with its base's abilities
    const UnitTypeStats* stats = find_unit_type(type.id);
    if (stats == nullptr) continue;
    std::vector<const mapfile::DataField*> layouts;
    std::vector<const mapfile::DataEntry*> layout_entries;
    bool edit = false;
    for (const mapfile::DataEntry* entry : units.of(type.name)) {
      for (const mapfile::DataField& field : entry->fields) {
        if (field.name != "CardLayouts") continue;
        layouts.push_back(&field);
        layout_entries.push_back(entry);
        edit = edit || edits_base_card(field) ||
               std::any_of(field.children.begin(), field.children.end(), [](const mapfile::DataField& child) {
                 return child.name == "LayoutButtons" && edits_base_card(child);
               });
      }
    }
    if (layouts.empty()) continue;
    if (edit) {
      out.edits_not_applied.push_back(type.name);
      continue;
    }
    const CardReader reader(units.data(), *stats);
    CommandCard card{type.id, type.name, {ability::kSmart}};
    for (std::size_t i = 0; i < layouts.size(); ++i) {
      for (const mapfile::DataField& button : layouts[i]->children) {
        if (button.name != "LayoutButtons") continue;
        const std::string abil_cmd = button_abil_cmd(button);
        if (!abil_cmd.empty()) card.abilities.push_back(reader.ability_of(*layout_entries[i], abil_cmd));
      }
    }
    std::sort(card.abilities.begin(), card.abilities.end());
    card.abilities.erase(std::unique(card.abilities.begin(), card.abilities.end()), card.abilities.end());
    out.cards.push_back(std::move(card));
  }
  return out;
}

void apply_command_cards(World& world, std::span<const CommandCard> cards) {
  for (const CommandCard& card : cards) world.restrict_abilities(card.unit_type, card.abilities);
}

}  // namespace sc2::engine::scripted
