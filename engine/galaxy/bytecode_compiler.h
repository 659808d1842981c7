#pragma once
// Checked tree (tree.h) -> bytecode (bytecode.h), once per map: the interpreter then runs
// without looking at the tree or anything by name. The compiled program points into the
// Program (names, source files), which must outlive it. Many runtimes (one per game) can share
// one compiled program.
#include <memory>

#include "engine/galaxy/bytecode.h"

namespace sc2::galaxy {

std::shared_ptr<const CompiledProgram> compile_bytecode(const Program& program);

}  // namespace sc2::galaxy
