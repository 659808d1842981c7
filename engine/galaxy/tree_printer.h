#pragma once
// The tree as compact S-expressions, for tests and debugging:
//   a + b * -2      ->  (+ a (* b -2))
//   if (x) { f(); } ->  (if x (block (call f)))
// Literals print as written (fixed with a '.', strings quoted); a checked tree also shows
// promotions as (fixed e) and resolved names as g:name / l:name.
#include <string>

#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

std::string to_text(const Expr& expr);
std::string to_text(const Stmt& stmt);

}  // namespace sc2::galaxy
