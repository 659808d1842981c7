#pragma once
// The keymap's names of SDL keys (assets/keymap.txt: "A".."Z", "0".."9", "F1".."F12",
// "Left", "Enter", "Plus", ...).
#include <SDL.h>

#include <string>

namespace sc2::app::ui {

// Empty for keys the keymap does not know.
std::string key_name(SDL_Keycode key);

}  // namespace sc2::app::ui
