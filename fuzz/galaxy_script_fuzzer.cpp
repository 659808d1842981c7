// Fuzz target: a Galaxy map script (engine/galaxy, issue 34 item 4: a map is untrusted input):
// lexer, parser and checker; when it compiles, the bytecode compiler and the runtime over a fake
// world with small budgets (galaxy_script_target.h). Input: the script's text. Oracle: no crash,
// no sanitizer report, no hang; every error comes back as text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/galaxy_script_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)sc2::galaxy::fuzz::run_script(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
