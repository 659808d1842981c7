// Fuzz target: the GUI script parser (app/script.cpp, sc2studio --script FILE).
// Input: the script's text. Oracle: no crash and no exception (errors come back as text).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/program/script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)sc2::app::parse_script(text, "fuzz.script");
  return 0;
}
