#pragma once
// The bytecode compiler's state, shared by bytecode_compiler.cpp (layout, functions,
// statements) and bytecode_compiler_expressions.cpp. Internal to the library. Its recursion
// follows the tree, whose depth the parser bounds (Limits::max_nesting_depth).
#include <cstdint>
#include <vector>

#include "engine/galaxy/bytecode.h"
#include "engine/galaxy/library.h"

namespace sc2::galaxy {

class BytecodeCompiler {
 public:
  BytecodeCompiler(const Program& program, CompiledProgram& out);
  void compile_all();

 private:
  struct Loop {
    std::vector<std::uint32_t> breaks;
    std::vector<std::uint32_t> continues;
  };

  // [SECTION] Layout and functions (bytecode_compiler.cpp)
  void lay_out_globals();
  void compile_function(std::int32_t index);
  void compile_global_initializers();
  void begin_function(CompiledFunction& function);
  void end_function(CompiledFunction& function);

  // [SECTION] Statements (bytecode_compiler.cpp)
  void statement(const Stmt& statement);
  void local_variable(const LocalVariableStmt& statement);
  void if_statement(const IfStmt& statement);
  void while_statement(const WhileStmt& statement);
  void do_while_statement(const DoWhileStmt& statement);
  void for_statement(const ForStmt& statement);
  void assignment(const AssignStmt& statement);
  void loop_body(const Stmt& body, Loop& loop);

  // [SECTION] Expressions (bytecode_compiler_expressions.cpp)
  void expression(const Expr& expr);  // pushes its value
  void call(const CallExpr& call);    // pushes the value unless the callee is void
  // Pushes the cell address of an indexed element; true when it is in the frame (a local).
  bool element_address(const IndexExpr& index);
  void unary(const UnaryExpr& unary);
  void binary(const BinaryExpr& binary);
  void binary_operator(BinaryOp op, BaseType operand_type, SourcePos pos);  // both operands pushed
  void load_element(const IndexExpr& index);

  // [SECTION] Emission (bytecode_compiler.cpp)
  std::uint32_t emit(Op op, SourcePos pos, std::int32_t a = 0, std::uint16_t b = 0);
  std::uint32_t here() const { return static_cast<std::uint32_t>(out_.code.size()); }
  void patch(std::uint32_t jump, std::uint32_t target) { out_.code[jump].a = static_cast<std::int32_t>(target); }
  void patch_all(const std::vector<std::uint32_t>& jumps, std::uint32_t target);
  void adjust_depth(std::int32_t delta);
  std::uint32_t local_cell(std::int32_t slot) const { return slot_cells_[static_cast<std::size_t>(slot)]; }
  std::uint32_t global_cell(std::int32_t slot) const {
    return out_.global_first_cell[static_cast<std::size_t>(slot)];
  }

  const Program& program_;
  const Library& library_;
  CompiledProgram& out_;
  const std::vector<LocalSlot>* slots_ = nullptr;  // the current function's slots
  std::vector<std::uint32_t> slot_cells_;          // ... and their first frame cells
  std::int32_t depth_ = 0;                 // operand stack depth at the current instruction
  std::int32_t max_depth_ = 0;
  std::vector<Loop> loops_;
};

}  // namespace sc2::galaxy
