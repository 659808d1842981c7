#pragma once
// The checked tree compiled to a small stack bytecode (bytecode_compiler.h), which the
// interpreter runs (interpreter.cpp). Why bytecode and not a tree walk: a thread's whole state is
// then plain data (pc, value stack, frames), so `Wait` can suspend it anywhere, even inside
// nested script calls, and a script's recursion never recurses on the C++ stack.
//
// Every instruction is 8 bytes; each has a source position (for error messages) in a parallel
// array. A function's frame lives on its thread's value stack: its parameters (pushed by the
// caller), then its locals (each variable one cell, an array its cells in row-major order),
// then its operand stack, at most `max_operands` deep (computed here, so a call checks the
// stack's room once and no instruction checks it again).
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/galaxy/source.h"
#include "engine/galaxy/tree.h"
#include "engine/galaxy/value.h"

namespace sc2::galaxy {

enum class Op : std::uint8_t {
  PushInt,       // a: int32 sign-extended (int, raw fixed, bool, string id; 0 is every null)
  LoadLocal,     // a: frame cell
  StoreLocal,    // a: frame cell; pops the value
  LoadGlobal,    // a: global cell
  StoreGlobal,   // a: global cell; pops the value
  IndexStep,     // a: index_steps index; pops index and cell address, pushes address + index * stride
  LoadLocalAt,   // pops a frame cell address, pushes the cell
  StoreLocalAt,  // pops the value, then a frame cell address
  LoadGlobalAt,
  StoreGlobalAt,
  ClearLocals,   // a: local_arrays index: resets a local array when its declaration runs
  Dup,
  Pop,
  // int (wrapping; / and % fail on 0)
  AddInt, SubtractInt, MultiplyInt, DivideInt, ModuloInt,
  ShiftLeft, ShiftRight, BitAnd, BitOr, BitXor, NegateInt, BitNot,
  // fixed (raw 20.12)
  AddFixed, SubtractFixed, MultiplyFixed, DivideFixed, NegateFixed, IntToFixed,
  // int and fixed order alike (raw fixed compares as int)
  Less, LessEqual, Greater, GreaterEqual,
  Equal, NotEqual,  // bits (every type's values are canonical: interned strings, packed points)
  Not,
  Concat,           // string + string, text + text
  Jump,             // a: target pc
  JumpIfFalse,      // pops the condition
  JumpIfTrue,
  AndJump,          // `&&`: if the top is false, jump keeping it; else pop it
  OrJump,           // `||`: if the top is true, jump keeping it; else pop it
  Call,             // a: script function; its parameters are on the stack
  CallNative,       // a: library function index, b: argument count
  CreateTrigger,    // a: script function (TriggerCreate("f") with f resolved by the checker)
  Return,           // pops the return value, leaves the frame, pushes it for the caller
  ReturnVoid,
};

struct Instruction {
  Op op;
  std::uint8_t unused = 0;
  std::uint16_t b = 0;
  std::int32_t a = 0;
};
static_assert(sizeof(Instruction) == 8);

struct CompiledFunction {
  std::string name;
  std::int32_t tree_index = -1;  // Program::functions index; -1 for the global initializers
  Type return_type;
  std::uint32_t entry = 0;       // first instruction
  std::uint32_t parameter_cells = 0;
  std::uint32_t frame_cells = 0;   // parameters + locals
  std::uint32_t max_operands = 0;  // operand stack depth above the frame
  std::vector<BaseType> cell_types;   // per frame cell (for hosts that scan for live handles)
  bool trigger_shaped = false;        // bool f(bool, bool)
};

struct IndexStep {
  std::int32_t size;    // the dimension being indexed
  std::int32_t stride;  // cells per element of that dimension
  std::string array;    // how an error names the array: "'gv_points'"
};

struct LocalArray {
  std::uint32_t cell;
  std::uint32_t count;
};

struct CompiledProgram {
  const Program* program = nullptr;  // the tree it was made from (names, files); must outlive this
  std::vector<Instruction> code;
  std::vector<SourcePos> positions;  // per instruction
  std::vector<CompiledFunction> functions;  // Program::functions order, then the global initializers
  std::vector<IndexStep> index_steps;
  std::vector<LocalArray> local_arrays;
  std::uint32_t global_cells = 0;
  std::vector<BaseType> global_cell_types;  // per global cell
  std::vector<std::uint32_t> global_first_cell;  // per Program::globals entry
  std::int32_t global_initializers = -1;  // functions index of the synthetic initializer function
  std::int32_t init_map = -1;             // functions index of InitMap, -1 when absent
  // Trigger-shaped functions by name, for TriggerCreate with a non-literal name (rare: the
  // editor always writes a literal, which the checker resolves).
  std::unordered_map<std::string, std::int32_t> trigger_functions;

  std::string describe(std::uint32_t pc) const { return program->files.describe(positions[pc]); }
};

}  // namespace sc2::galaxy
