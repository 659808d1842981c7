#pragma once
// The keymap: which key chord triggers which action (assets/keymap.txt documents the
// format). The default file is compiled in; the user's <config dir>/keymap.txt overrides
// the actions it names. A broken file never half-applies: its first error (file:line and
// what is wrong) is reported and the defaults stay in force.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sc2::app {

struct KeyChord {
  std::string key;  // canonical key name ("A", "7", "F1", "Left", "Plus", ...)
  bool ctrl = false;
  bool shift = false;
  bool alt = false;
  friend bool operator==(const KeyChord&, const KeyChord&) = default;
};

// "Ctrl+Shift+A"; "none" for an empty key.
std::string to_string(const KeyChord& chord);

// Canonical name of a key name in any case ("f1" -> "F1", "esc" -> "Escape"), nullopt when
// the name is not a key the keymap knows.
std::optional<std::string> canonical_key_name(std::string_view name);
// Parses "[Ctrl+][Shift+][Alt+]<key>" (any order, any case); nullopt with `error` set.
std::optional<KeyChord> parse_chord(std::string_view text, std::string* error = nullptr);

// The actions a keymap may bind besides "ability:<Name>".
const std::vector<std::string_view>& keymap_actions();
// True for a known action or "ability:<Name>" where <Name>_quick, _screen or _minimap is a
// PySC2 function.
bool is_known_action(std::string_view action);

struct KeyBinding {
  std::string action;
  KeyChord chord;
};

class Keymap {
 public:
  Keymap() = default;
  explicit Keymap(std::vector<KeyBinding> bindings) : bindings_(std::move(bindings)) {}

  const std::vector<KeyBinding>& bindings() const { return bindings_; }
  // The action for a pressed chord: the binding on that key with the most modifiers, all of
  // which are held (so "select_army = F2" also matches Shift+F2). Empty when none.
  std::string action_for(const KeyChord& pressed) const;
  // Every action on the chord action_for picks, the latest binding first: several
  // abilities may share a key (the selection can do at most one of them, e.g. S is Stop for
  // units and Train_SCV for a Command Center).
  std::vector<std::string> actions_for(const KeyChord& pressed) const;
  // Display text of the keys bound to `action` ("F1", "A / Ctrl+K"), empty when unbound.
  std::string keys_for(std::string_view action) const;
  // The bindings of `other` replace this keymap's bindings of the same actions.
  void override_with(const Keymap& other);

 private:
  std::vector<KeyBinding> bindings_;
};

struct KeymapParse {
  std::optional<Keymap> keymap;  // empty when the text has an error
  std::string error;             // "<file>:<line>: <what>"
};

KeymapParse parse_keymap(std::string_view text, const std::string& file_name);

// assets/keymap.txt as compiled in.
std::string_view default_keymap_text();

struct LoadedKeymap {
  Keymap keymap;
  std::vector<std::string> messages;  // what was loaded, or why a file was ignored
  bool user_file_used = false;
};

// Defaults, overridden by <config_dir>/keymap.txt when it exists and parses.
LoadedKeymap load_keymap(const std::optional<std::filesystem::path>& config_dir);

}  // namespace sc2::app
