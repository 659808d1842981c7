// app/ui/key_names.h: the names sc2studio gives SDL keys are exactly the keymap's names, so
// every key a keymap can bind reaches the UI and nothing the UI sends is unknown to it.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "app/input/keymap.h"
#include "app/ui/key_names.h"

namespace {

// Every SDL key code a keyboard can send that the keymap could care about.
std::vector<SDL_Keycode> candidate_keys() {
  std::vector<SDL_Keycode> keys;
  for (SDL_Keycode ascii = 0; ascii < 128; ++ascii) keys.push_back(ascii);
  for (SDL_Keycode f = SDLK_F1; f <= SDLK_F12; ++f) keys.push_back(f);
  for (SDL_Keycode key : {SDLK_LEFT, SDLK_RIGHT, SDLK_UP, SDLK_DOWN, SDLK_HOME, SDLK_END, SDLK_INSERT, SDLK_PAGEUP,
                          SDLK_PAGEDOWN, SDLK_KP_ENTER, SDLK_KP_PLUS, SDLK_KP_MINUS, SDLK_F13, SDLK_LSHIFT,
                          SDLK_CAPSLOCK, SDLK_KP_5}) {
    keys.push_back(key);
  }
  return keys;
}

}  // namespace

TEST_CASE("key names: letters, digits, function keys and the named keys") {
  using sc2::app::ui::key_name;
  CHECK(key_name(SDLK_a) == "A");
  CHECK(key_name(SDLK_z) == "Z");
  CHECK(key_name(SDLK_0) == "0");
  CHECK(key_name(SDLK_9) == "9");
  CHECK(key_name(SDLK_F1) == "F1");
  CHECK(key_name(SDLK_F12) == "F12");
  CHECK(key_name(SDLK_RETURN) == "Enter");
  CHECK(key_name(SDLK_KP_ENTER) == "Enter");
  CHECK(key_name(SDLK_EQUALS) == "Plus");  // the unshifted '+' key
  CHECK(key_name(SDLK_KP_PLUS) == "Plus");
  CHECK(key_name(SDLK_KP_MINUS) == "Minus");
  CHECK(key_name(SDLK_PAGEDOWN) == "PageDown");
  CHECK(key_name(SDLK_LSHIFT).empty());  // modifiers arrive as the chord's flags
  CHECK(key_name(SDLK_F13).empty());
}

TEST_CASE("key names: the UI and the keymap know the same keys") {
  std::set<std::string> sent;
  for (SDL_Keycode key : candidate_keys()) {
    const std::string name = sc2::app::ui::key_name(key);
    if (name.empty()) continue;
    sent.insert(name);
    // A name the keymap does not know could never be bound.
    CHECK_MESSAGE(sc2::app::canonical_key_name(name) == name, "the keymap does not know '" << name << "'");
  }
  // Every key name the keymap file documents (assets/keymap.txt) can be pressed.
  std::vector<std::string> documented = {"Left",   "Right",  "Up",     "Down",     "Escape", "Space", "Enter",
                                         "Tab",    "Backspace", "Delete", "Insert", "Home",   "End",   "PageUp",
                                         "PageDown", "Plus", "Minus",  "Period",   "Comma",  "Slash"};
  for (char c = 'A'; c <= 'Z'; ++c) documented.emplace_back(1, c);
  for (char c = '0'; c <= '9'; ++c) documented.emplace_back(1, c);
  for (int f = 1; f <= 12; ++f) documented.push_back("F" + std::to_string(f));
  for (const std::string& name : documented) CHECK_MESSAGE(sent.count(name) == 1, "no SDL key sends '" << name << "'");
}
