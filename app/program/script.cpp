#include "app/program/script.h"

#include "client/pysc2/actions.h"

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

bool names_layer(const std::string& word) {
  return (word.starts_with("screen/") || word.starts_with("minimap/") || word.starts_with("raw/")) &&
         word.find('/') + 1 < word.size();
}

// One line's words and the command they make. Each parse_* fills `command` and sets `next`
// (the first word it did not use) or returns why the line is wrong.
struct Line {
  std::vector<std::string> words;
  ScriptCommand command;
  std::size_t next = 1;

  const std::string& op() const { return words[0]; }
  std::optional<int> number_at(std::size_t i) const { return i < words.size() ? to_int(words[i]) : std::nullopt; }
};

using Error = std::optional<std::string>;

Error parse_bare(Line& line) {
  static const std::pair<const char*, ScriptOp> kBare[] = {
      {"wait_game", ScriptOp::wait_game},     {"quit", ScriptOp::quit},         {"kill_game", ScriptOp::kill_game},
      {"freeze_game", ScriptOp::freeze_game}, {"thaw_game", ScriptOp::thaw_game}, {"wait_failed", ScriptOp::wait_failed},
      {"wait_result", ScriptOp::wait_result}, {"leave_window", ScriptOp::leave_window}};
  for (const auto& [name, op] : kBare) {
    if (line.op() == name) line.command.op = op;
  }
  return std::nullopt;
}

Error parse_count(Line& line) {  // wait_frames N, wait_loops N, seek LOOP
  line.command.op = line.op() == "wait_frames" ? ScriptOp::wait_frames
                    : line.op() == "seek"      ? ScriptOp::seek
                                               : ScriptOp::wait_loops;
  const auto count = line.number_at(1);
  if (!count) return line.op() + " needs a count (a whole number >= 0)";
  line.command.count = *count;
  line.next = 2;
  return std::nullopt;
}

Error parse_key(Line& line) {
  line.command.op = ScriptOp::key;
  if (line.words.size() < 2) return "key needs a key, e.g. 'key F2'";
  std::string error;
  const auto chord = parse_chord(line.words[1], &error);
  if (!chord || chord->key.empty()) return error.empty() ? "key needs a key" : error;
  line.command.chord = *chord;
  line.next = 2;
  return std::nullopt;
}

// click / right_click TARGET: a pixel "X Y" or a player_relative name (not on raw layers).
Error parse_click_target(Line& line) {
  static const std::pair<const char*, int> kRelative[] = {{"self", 1}, {"ally", 2}, {"neutral", 3}, {"enemy", 4}};
  const auto& words = line.words;
  for (const auto& [name, value] : kRelative) {
    if (words.size() > 2 && words[2] == name) line.command.relative = value;
  }
  if (line.command.relative) {
    if (words[1].starts_with("raw/")) return line.op() + " on a raw layer needs a pixel: X Y";
    line.next = 3;
    return std::nullopt;
  }
  const auto x = line.number_at(2), y = line.number_at(3);
  if (!x || !y) return line.op() + " needs a target: X Y, self, ally, neutral or enemy";
  line.command.from = {*x, *y};
  line.next = 4;
  return std::nullopt;
}

Error parse_modifiers(Line& line) {
  for (; line.next < line.words.size(); ++line.next) {
    const std::string& word = line.words[line.next];
    if (word == "shift") {
      line.command.modifiers.shift = true;
    } else if (word == "ctrl") {
      line.command.modifiers.ctrl = true;
    } else if (word == "alt") {
      line.command.modifiers.alt = true;
    } else {
      return "unknown modifier '" + word + "' (shift, ctrl, alt)";
    }
  }
  return std::nullopt;
}

// click / right_click / drag on a surface: the world view, the minimap, or one layer image of
// the Feature layers grid.
Error parse_pointer(Line& line) {
  const std::string& op = line.op();
  ScriptCommand& command = line.command;
  command.op = op == "click"   ? ScriptOp::click
               : op == "drag"  ? ScriptOp::drag
               : op == "hover" ? ScriptOp::hover
                               : ScriptOp::right_click;
  const auto& words = line.words;
  const bool layer_image = words.size() >= 2 && names_layer(words[1]);
  if (words.size() < 2 || (words[1] != "world" && words[1] != "minimap" && !layer_image)) {
    return op + " needs a surface: world, minimap, screen/<layer>, minimap/<layer> or raw/<layer>";
  }
  command.minimap = words[1] == "minimap" || words[1].starts_with("minimap/");
  if (layer_image) command.layer = words[1];
  if (command.op == ScriptOp::drag) {
    const auto x0 = line.number_at(2), y0 = line.number_at(3), x1 = line.number_at(4), y1 = line.number_at(5);
    if (!x0 || !y0 || !x1 || !y1) return "drag needs four pixel coordinates: X0 Y0 X1 Y1";
    command.from = {*x0, *y0};
    command.to = {*x1, *y1};
    line.next = 6;
  } else if (Error error = parse_click_target(line)) {
    return error;
  }
  return parse_modifiers(line);
}

Error parse_click_layer(Line& line) {
  line.command.op = ScriptOp::click_layer;
  if (line.words.size() < 2 || !names_layer(line.words[1])) {
    return "click_layer needs a layer: screen/<name>, minimap/<name> or raw/<name>";
  }
  line.command.layer = line.words[1];
  line.next = 2;
  return std::nullopt;
}

Error parse_wheel(Line& line) {
  ScriptCommand& command = line.command;
  command.op = ScriptOp::wheel;
  const auto& words = line.words;
  if (words.size() < 2 || (words[1] != "world" && words[1] != "minimap")) return "wheel needs a surface: world or minimap";
  command.minimap = words[1] == "minimap";
  const auto x = line.number_at(2), y = line.number_at(3);
  int notches = 0;
  if (words.size() > 4) {
    const std::string& word = words[4];
    const bool negative = word.starts_with('-');
    if (const auto magnitude = to_int(negative ? word.substr(1) : word)) notches = negative ? -*magnitude : *magnitude;
  }
  if (!x || !y || notches == 0) return "wheel needs a pixel and a non-zero count of notches: X Y N";
  command.from = {*x, *y};
  command.count = notches;
  line.next = 5;
  return std::nullopt;
}

Error parse_setting(Line& line) {
  line.command.op = ScriptOp::setting;
  const auto& words = line.words;
  const bool sized = words.size() > 1 && (words[1] == "screen" || words[1] == "minimap");
  if (words.size() < 3 || (!sized && words[1] != "map" && words[1] != "opponent" && words[1] != "map_file")) {
    return "setting needs a name (screen, minimap, map, opponent or map_file) and a value";
  }
  if (sized && !line.number_at(2)) return "setting " + words[1] + " needs a size in pixels";
  line.command.name = words[1];
  line.command.value = words[2];
  line.next = 3;
  return std::nullopt;
}

Error parse_click_button(Line& line) {
  line.command.op = ScriptOp::click_button;
  if (line.words.size() < 2) return "click_button needs a button name, e.g. settings/apply";
  line.command.name = line.words[1];
  line.next = 2;
  return std::nullopt;
}

Error parse_expect_size(Line& line) {
  line.command.op = ScriptOp::expect_size;
  const auto& words = line.words;
  if (words.size() < 2 || (words[1] != "screen" && words[1] != "minimap")) {
    return "expect_size needs a surface: screen or minimap";
  }
  const auto width = line.number_at(2), height = line.number_at(3);
  if (!width || !height) return "expect_size needs a width and a height: W H";
  line.command.minimap = words[1] == "minimap";
  line.command.to = {*width, *height};
  line.next = 4;
  return std::nullopt;
}

Error parse_wait_available(Line& line) {
  line.command.op = ScriptOp::wait_available;
  if (line.words.size() < 2) return "wait_available needs a PySC2 function's name, e.g. Attack_screen";
  const pysc2::FunctionSpec* function = pysc2::find_function(line.words[1]);
  if (!function) return "wait_available: no PySC2 function is named '" + line.words[1] + "'";
  line.command.name = line.words[1];
  line.command.count = function->id;
  line.next = 2;
  return std::nullopt;
}

using Parser = Error (*)(Line&);

// The parser of a command word, nullptr when there is no such command.
Parser parser_for(const std::string& op) {
  static const std::pair<const char*, Parser> kParsers[] = {
      {"wait_game", parse_bare},       {"quit", parse_bare},           {"kill_game", parse_bare},
      {"freeze_game", parse_bare},     {"thaw_game", parse_bare},      {"wait_failed", parse_bare},
      {"wait_result", parse_bare},     {"leave_window", parse_bare},   {"hover", parse_pointer},
      {"wait_frames", parse_count},    {"wait_loops", parse_count},    {"seek", parse_count},
      {"key", parse_key},              {"click", parse_pointer},       {"right_click", parse_pointer},
      {"drag", parse_pointer},         {"click_layer", parse_click_layer}, {"wheel", parse_wheel},
      {"setting", parse_setting},      {"click_button", parse_click_button}, {"expect_size", parse_expect_size},
      {"wait_available", parse_wait_available}};
  for (const auto& [name, parser] : kParsers) {
    if (op == name) return parser;
  }
  return nullptr;
}

std::vector<std::string> words_of(std::string line) {
  if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

}  // namespace

ParsedScript parse_script(std::string_view text, const std::string& file_name) {
  ParsedScript script;
  std::istringstream lines{std::string(text)};
  std::string text_line;
  for (int number = 1; std::getline(lines, text_line); ++number) {
    Line line{words_of(text_line), {}, 1};
    if (line.words.empty()) continue;
    line.command.line = number;
    const Parser parser = parser_for(line.op());
    Error error = parser ? parser(line) : Error("unknown command '" + line.op() + "'");
    if (!error && line.next < line.words.size()) error = "unexpected '" + line.words[line.next] + "' after " + line.op();
    if (error) {
      script.commands.clear();
      script.error = file_name + ":" + std::to_string(number) + ": " + *error;
      return script;
    }
    script.commands.push_back(std::move(line.command));
  }
  return script;
}

}  // namespace sc2::app
