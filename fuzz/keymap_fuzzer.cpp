// Fuzz target: the keymap parser (app/keymap.cpp), the format of <config dir>/keymap.txt.
// Input: the file's text. Oracle: no crash and no exception; a parsed keymap answers
// lookups for every chord it binds.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/input/keymap.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sc2::app::KeymapParse parsed = sc2::app::parse_keymap(text, "keymap.txt");
  (void)sc2::app::parse_chord(text);
  (void)sc2::app::canonical_key_name(text);
  if (!parsed.keymap) return 0;
  sc2::app::Keymap keymap = sc2::app::parse_keymap(sc2::app::default_keymap_text(), "default").keymap.value();
  keymap.override_with(*parsed.keymap);
  for (const auto& binding : parsed.keymap->bindings()) {
    (void)keymap.action_for(binding.chord);
    (void)keymap.keys_for(binding.action);
    (void)sc2::app::to_string(binding.chord);
  }
  return 0;
}
