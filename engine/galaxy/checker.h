#pragma once
// Names, types and calls: checks the declarations of a compilation (in order, includes already
// expanded; a built-in `include "TriggerLibs/..."` stays in place and opens the library) and
// completes their trees into `program` (tree.h says what an interpreter finds there).
// Galaxy is single-pass: a name must be declared above its use (hence the scripts' prototypes).
#include <vector>

#include "engine/galaxy/library.h"
#include "engine/galaxy/limits.h"
#include "engine/galaxy/source.h"
#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

// False when an error was reported. `declarations` are consumed (moved into `program`).
bool check(std::vector<TopLevelDecl>& declarations, const Library& library, const Limits& limits,
           Program& program, Diagnostics& diagnostics);

}  // namespace sc2::galaxy
