#include "app/input/keymap.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "app/keymap_default.h"  // generated from assets/keymap.txt
#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

const std::vector<std::string>& named_keys() {
  static const std::vector<std::string> keys = [] {
    std::vector<std::string> list;
    for (char c = 'A'; c <= 'Z'; ++c) list.emplace_back(1, c);
    for (char c = '0'; c <= '9'; ++c) list.emplace_back(1, c);
    for (int f = 1; f <= 12; ++f) list.push_back("F" + std::to_string(f));
    for (const char* name : {"Left", "Right", "Up", "Down", "Escape", "Space", "Enter", "Tab", "Backspace", "Delete",
                             "Insert", "Home", "End", "PageUp", "PageDown", "Plus", "Minus", "Period", "Comma",
                             "Slash"}) {
      list.emplace_back(name);
    }
    return list;
  }();
  return keys;
}

}  // namespace

std::string to_string(const KeyChord& chord) {
  if (chord.key.empty()) return "none";
  std::string text;
  if (chord.ctrl) text += "Ctrl+";
  if (chord.shift) text += "Shift+";
  if (chord.alt) text += "Alt+";
  return text + chord.key;
}

std::optional<std::string> canonical_key_name(std::string_view name) {
  const std::string wanted = lower(trim(name));
  if (wanted.empty()) return std::nullopt;
  static const std::pair<std::string_view, std::string_view> kAliases[] = {
      {"esc", "Escape"}, {"return", "Enter"}, {"=", "Plus"},  {"+", "Plus"},   {"-", "Minus"},
      {".", "Period"},   {",", "Comma"},      {"/", "Slash"}, {"pgup", "PageUp"}, {"pgdown", "PageDown"},
      {"del", "Delete"}, {"ins", "Insert"}};
  for (const auto& [alias, key] : kAliases) {
    if (wanted == alias) return std::string(key);
  }
  for (const std::string& key : named_keys()) {
    if (lower(key) == wanted) return key;
  }
  return std::nullopt;
}

std::optional<KeyChord> parse_chord(std::string_view text, std::string* error) {
  auto fail = [&](std::string message) -> std::optional<KeyChord> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  text = trim(text);
  if (text.empty()) return fail("no key given");
  if (lower(text) == "none") return KeyChord{};
  KeyChord chord;
  // Split on '+' but keep a trailing "+" (the Plus key, as in "Ctrl++").
  std::vector<std::string> parts;
  std::string current;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+' && !current.empty() && i + 1 < text.size()) {
      parts.push_back(current);
      current.clear();
    } else {
      current += text[i];
    }
  }
  parts.push_back(current);
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    const std::string modifier = lower(trim(parts[i]));
    if (modifier == "ctrl" || modifier == "control") {
      chord.ctrl = true;
    } else if (modifier == "shift") {
      chord.shift = true;
    } else if (modifier == "alt") {
      chord.alt = true;
    } else {
      return fail("unknown modifier '" + std::string(trim(parts[i])) + "' (use Ctrl, Shift, Alt)");
    }
  }
  const auto key = canonical_key_name(parts.back());
  if (!key) return fail("unknown key '" + std::string(trim(parts.back())) + "'");
  chord.key = *key;
  return chord;
}

const std::vector<std::string_view>& keymap_actions() {
  static const std::vector<std::string_view> actions = {
      "control_group_0", "control_group_1", "control_group_2", "control_group_3", "control_group_4",
      "control_group_5", "control_group_6", "control_group_7", "control_group_8", "control_group_9",
      "select_idle_worker", "select_army", "select_larva_or_warp_gates", "camera_left", "camera_right", "camera_up", "camera_down",
      "cancel", "pause", "step", "speed_up", "speed_down", "restart", "save_replay", "help", "screenshot",
      "toggle_control", "quit", "step_mul_up", "step_mul_down", "toggle_player_relative",
      "toggle_render_sync", "toggle_raw_actions", "toggle_rgb", "ui_zoom_in", "ui_zoom_out"};
  return actions;
}

bool is_known_action(std::string_view action) {
  const auto& actions = keymap_actions();
  if (std::find(actions.begin(), actions.end(), action) != actions.end()) return true;
  constexpr std::string_view kAbility = "ability:";
  if (!action.starts_with(kAbility)) return false;
  const std::string name(action.substr(kAbility.size()));
  if (name.empty()) return false;
  for (const char* suffix : {"_quick", "_screen", "_minimap"}) {
    if (pysc2::find_function(name + suffix)) return true;
  }
  return false;
}

std::string Keymap::action_for(const KeyChord& pressed) const {
  const KeyBinding* best = nullptr;
  int best_modifiers = -1;
  for (const KeyBinding& binding : bindings_) {
    const KeyChord& chord = binding.chord;
    if (chord.key.empty() || chord.key != pressed.key) continue;
    if ((chord.ctrl && !pressed.ctrl) || (chord.shift && !pressed.shift) || (chord.alt && !pressed.alt)) continue;
    const int modifiers = int(chord.ctrl) + int(chord.shift) + int(chord.alt);
    if (modifiers >= best_modifiers) {  // later bindings (the user's) win ties
      best = &binding;
      best_modifiers = modifiers;
    }
  }
  return best ? best->action : std::string();
}

std::vector<std::string> Keymap::actions_for(const KeyChord& pressed) const {
  const std::string picked = action_for(pressed);
  std::vector<std::string> actions;
  if (picked.empty()) return actions;
  const KeyChord* picked_chord = nullptr;
  for (const KeyBinding& binding : bindings_) {
    if (binding.action == picked && binding.chord.key == pressed.key) picked_chord = &binding.chord;
  }
  for (auto it = bindings_.rbegin(); it != bindings_.rend(); ++it) {
    if (picked_chord && it->chord == *picked_chord &&
        std::find(actions.begin(), actions.end(), it->action) == actions.end()) {
      actions.push_back(it->action);
    }
  }
  return actions;
}

std::string Keymap::keys_for(std::string_view action) const {
  std::string text;
  for (const KeyBinding& binding : bindings_) {
    if (binding.action != action || binding.chord.key.empty()) continue;
    text += (text.empty() ? "" : " / ") + to_string(binding.chord);
  }
  return text;
}

void Keymap::override_with(const Keymap& other) {
  std::erase_if(bindings_, [&](const KeyBinding& mine) {
    return std::any_of(other.bindings_.begin(), other.bindings_.end(),
                       [&](const KeyBinding& theirs) { return theirs.action == mine.action; });
  });
  bindings_.insert(bindings_.end(), other.bindings_.begin(), other.bindings_.end());
}

KeymapParse parse_keymap(std::string_view text, const std::string& file_name) {
  std::vector<KeyBinding> bindings;
  std::istringstream lines{std::string(text)};
  std::string line;
  int number = 0;
  auto error = [&](const std::string& message) {
    return KeymapParse{std::nullopt, file_name + ":" + std::to_string(number) + ": " + message};
  };
  while (std::getline(lines, line)) {
    ++number;
    std::string_view content(line);
    if (const auto hash = content.find('#'); hash != std::string_view::npos) content = content.substr(0, hash);
    content = trim(content);
    if (content.empty()) continue;
    const auto equals = content.find('=');
    if (equals == std::string_view::npos) {
      return error("expected '<action> = <key>', got '" + std::string(content) + "'");
    }
    const std::string action(trim(content.substr(0, equals)));
    if (action.empty()) return error("no action before '='");
    if (!is_known_action(action)) return error("unknown action '" + action + "'");
    std::string chord_error;
    const auto chord = parse_chord(content.substr(equals + 1), &chord_error);
    if (!chord) return error(chord_error + " for " + action);
    // Two actions on the same chord would make one of them unreachable, except abilities:
    // the one the selection can do is used (no selection can do two that share a key).
    const bool ability = action.starts_with("ability:");
    for (const KeyBinding& earlier : bindings) {
      if (ability && earlier.action.starts_with("ability:")) continue;
      if (!chord->key.empty() && earlier.chord == *chord && earlier.action != action) {
        return error(to_string(*chord) + " is already bound to " + earlier.action);
      }
    }
    bindings.push_back(KeyBinding{action, *chord});
  }
  return KeymapParse{Keymap(std::move(bindings)), {}};
}

std::string_view default_keymap_text() { return embedded::keymap_txt; }

LoadedKeymap load_keymap(const std::optional<std::filesystem::path>& config_dir) {
  LoadedKeymap loaded;
  KeymapParse defaults = parse_keymap(default_keymap_text(), "assets/keymap.txt (built in)");
  if (defaults.keymap) {
    loaded.keymap = std::move(*defaults.keymap);
  } else {
    loaded.messages.push_back("the built-in keymap is broken: " + defaults.error);
  }
  if (!config_dir) return loaded;
  const std::filesystem::path file = *config_dir / "keymap.txt";
  std::error_code ignored;
  if (!std::filesystem::exists(file, ignored)) return loaded;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    loaded.messages.push_back("cannot read " + file.string() + "; using the default keys");
    return loaded;
  }
  std::ostringstream content;
  content << in.rdbuf();
  const KeymapParse user = parse_keymap(content.str(), file.string());
  if (!user.keymap) {
    loaded.messages.push_back("keymap ignored, using the default keys: " + user.error);
    return loaded;
  }
  // The user's bindings come last, so on a chord shared with a default they win.
  Keymap merged = loaded.keymap;
  merged.override_with(*user.keymap);
  loaded.keymap = std::move(merged);
  loaded.user_file_used = true;
  loaded.messages.push_back("keymap: " + file.string() + " (" + std::to_string(user.keymap->bindings().size()) +
                            " bindings over the defaults)");
  return loaded;
}

}  // namespace sc2::app
