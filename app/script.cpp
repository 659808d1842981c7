#include "app/script.h"

#include <charconv>
#include <sstream>

namespace sc2::app {

namespace {

std::optional<int> to_int(const std::string& word) {
  int value = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error != std::errc() || end != word.data() + word.size() || value < 0) return std::nullopt;
  return value;
}

}  // namespace

ParsedScript parse_script(std::string_view text, const std::string& file_name) {
  ParsedScript script;
  std::istringstream lines{std::string(text)};
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& message) {
    script.commands.clear();
    script.error = file_name + ":" + std::to_string(number) + ": " + message;
    return script;
  };
  while (std::getline(lines, line)) {
    ++number;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    if (words.empty()) continue;
    ScriptCommand command;
    command.line = number;
    const std::string& op = words[0];
    std::size_t next = 1;
    auto number_at = [&](std::size_t i) -> std::optional<int> { return i < words.size() ? to_int(words[i]) : std::nullopt; };
    if (op == "wait_game" || op == "quit") {
      command.op = op == "quit" ? ScriptOp::quit : ScriptOp::wait_game;
    } else if (op == "wait_frames" || op == "wait_loops" || op == "seek") {
      command.op = op == "wait_frames" ? ScriptOp::wait_frames : (op == "seek" ? ScriptOp::seek : ScriptOp::wait_loops);
      const auto count = number_at(1);
      if (!count) return fail(op + " needs a count (a whole number >= 0)");
      command.count = *count;
      next = 2;
    } else if (op == "key") {
      command.op = ScriptOp::key;
      if (words.size() < 2) return fail("key needs a key, e.g. 'key F2'");
      std::string error;
      const auto chord = parse_chord(words[1], &error);
      if (!chord || chord->key.empty()) return fail(error.empty() ? "key needs a key" : error);
      command.chord = *chord;
      next = 2;
    } else if (op == "click" || op == "right_click" || op == "drag") {
      command.op = op == "click" ? ScriptOp::click : (op == "drag" ? ScriptOp::drag : ScriptOp::right_click);
      // A surface: the world view, the minimap, or one layer image of the Feature layers grid.
      const bool layer_image = words.size() >= 2 &&
                               (words[1].starts_with("screen/") || words[1].starts_with("minimap/") ||
                                words[1].starts_with("raw/")) &&
                               words[1].find('/') + 1 < words[1].size();
      if (words.size() < 2 || (words[1] != "world" && words[1] != "minimap" && !layer_image)) {
        return fail(op + " needs a surface: world, minimap, screen/<layer>, minimap/<layer> or raw/<layer>");
      }
      command.minimap = words[1] == "minimap" || words[1].starts_with("minimap/");
      if (layer_image) command.layer = words[1];
      if (command.op == ScriptOp::drag) {
        const auto x0 = number_at(2), y0 = number_at(3), x1 = number_at(4), y1 = number_at(5);
        if (!x0 || !y0 || !x1 || !y1) return fail("drag needs four pixel coordinates: X0 Y0 X1 Y1");
        command.from = {*x0, *y0};
        command.to = {*x1, *y1};
        next = 6;
      } else {
        static const std::pair<const char*, int> kRelative[] = {{"self", 1}, {"ally", 2}, {"neutral", 3}, {"enemy", 4}};
        bool named = false;
        for (const auto& [name, value] : kRelative) {
          if (words.size() > 2 && words[2] == name) {
            command.relative = value;
            named = true;
          }
        }
        if (named && words[1].starts_with("raw/")) return fail(op + " on a raw layer needs a pixel: X Y");
        if (named) {
          next = 3;
        } else {
          const auto x = number_at(2), y = number_at(3);
          if (!x || !y) return fail(op + " needs a target: X Y, self, ally, neutral or enemy");
          command.from = {*x, *y};
          next = 4;
        }
      }
      for (; next < words.size(); ++next) {
        if (words[next] == "shift") {
          command.modifiers.shift = true;
        } else if (words[next] == "ctrl") {
          command.modifiers.ctrl = true;
        } else if (words[next] == "alt") {
          command.modifiers.alt = true;
        } else {
          return fail("unknown modifier '" + words[next] + "' (shift, ctrl, alt)");
        }
      }
    } else if (op == "click_layer") {
      command.op = ScriptOp::click_layer;
      if (words.size() < 2 ||
          !(words[1].starts_with("screen/") || words[1].starts_with("minimap/") || words[1].starts_with("raw/")) ||
          words[1].find('/') + 1 == words[1].size()) {
        return fail("click_layer needs a layer: screen/<name>, minimap/<name> or raw/<name>");
      }
      command.layer = words[1];
      next = 2;
    } else if (op == "wheel") {
      command.op = ScriptOp::wheel;
      if (words.size() < 2 || (words[1] != "world" && words[1] != "minimap")) {
        return fail("wheel needs a surface: world or minimap");
      }
      command.minimap = words[1] == "minimap";
      const auto x = number_at(2), y = number_at(3);
      int notches = 0;
      bool notches_ok = false;
      if (words.size() > 4) {
        const std::string& word = words[4];
        const bool negative = word.starts_with('-');
        if (const auto magnitude = to_int(negative ? word.substr(1) : word)) {
          notches = negative ? -*magnitude : *magnitude;
          notches_ok = notches != 0;
        }
      }
      if (!x || !y || !notches_ok) return fail("wheel needs a pixel and a non-zero count of notches: X Y N");
      command.from = {*x, *y};
      command.count = notches;
      next = 5;
    } else if (op == "setting") {
      command.op = ScriptOp::setting;
      if (words.size() < 3 || (words[1] != "screen" && words[1] != "minimap" && words[1] != "map")) {
        return fail("setting needs a name (screen, minimap or map) and a value");
      }
      if (words[1] != "map" && !number_at(2)) return fail("setting " + words[1] + " needs a size in pixels");
      command.name = words[1];
      command.value = words[2];
      next = 3;
    } else if (op == "click_button") {
      command.op = ScriptOp::click_button;
      if (words.size() < 2) return fail("click_button needs a button name, e.g. settings/apply");
      command.name = words[1];
      next = 2;
    } else if (op == "kill_game" || op == "freeze_game" || op == "thaw_game" || op == "wait_failed") {
      command.op = op == "kill_game"     ? ScriptOp::kill_game
                   : op == "freeze_game" ? ScriptOp::freeze_game
                   : op == "thaw_game"   ? ScriptOp::thaw_game
                                         : ScriptOp::wait_failed;
    } else if (op == "expect_size") {
      command.op = ScriptOp::expect_size;
      if (words.size() < 2 || (words[1] != "screen" && words[1] != "minimap")) {
        return fail("expect_size needs a surface: screen or minimap");
      }
      const auto width = number_at(2), height = number_at(3);
      if (!width || !height) return fail("expect_size needs a width and a height: W H");
      command.minimap = words[1] == "minimap";
      command.to = {*width, *height};
      next = 4;
    } else {
      return fail("unknown command '" + op + "'");
    }
    if (next < words.size()) return fail("unexpected '" + words[next] + "' after " + op);
    script.commands.push_back(command);
  }
  return script;
}

}  // namespace sc2::app
