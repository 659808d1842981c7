#pragma once
// Tokens -> syntax tree, by recursive descent. Stops at the first syntax error (reported to
// `diagnostics`), like Galaxy's own compiler; the declarations parsed before it are kept.
// Nesting deeper than Limits::max_nesting_depth (statements and expressions together) is an
// error, so hostile input cannot overflow the stack here or in later walks of the tree.
#include <cstdint>
#include <string_view>

#include "engine/galaxy/limits.h"
#include "engine/galaxy/source.h"
#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

FileSyntax parse_file(std::string_view source, std::uint32_t file, const Limits& limits,
                      Diagnostics& diagnostics);

// One expression and nothing after it (tests and tools); null after an error.
ExprPtr parse_expression(std::string_view source, std::uint32_t file, const Limits& limits,
                         Diagnostics& diagnostics);

}  // namespace sc2::galaxy
