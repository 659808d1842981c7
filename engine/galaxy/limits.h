#pragma once
// Bounds on what a script may ask of the compiler. A map is untrusted input: past any of these
// the compilation stops with an error that names the limit, it never crashes or runs long.
#include <cstddef>
#include <cstdint>

namespace sc2::galaxy {

struct Limits {
  // Bytes of one source file (the 30 reference scripts are 3..30 KB; big custom maps a few MB).
  std::size_t max_source_bytes = 16u << 20;
  // Depth of the tree: nested statements and expressions together. Also bounds the recursion
  // of everything that walks the tree (the checker, and later the interpreter).
  std::uint32_t max_nesting_depth = 256;
  // Errors reported before the compilation gives up.
  std::size_t max_errors = 50;
  // Script files included (directly or through other includes) besides the built-in library.
  std::size_t max_included_files = 64;
  // Cells of one array variable, and of all global variables together.
  std::int64_t max_array_cells = 1 << 20;
  std::int64_t max_global_cells = 1 << 22;
  // Cells of the locals of one function (its frame, allocated on every call).
  std::int64_t max_frame_cells = 1 << 16;
  // Parameters of one function.
  std::size_t max_parameters = 64;
};

}  // namespace sc2::galaxy
