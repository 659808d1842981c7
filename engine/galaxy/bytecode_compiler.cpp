// Bytecode compiler: cell layout of globals and frames, functions, statements, emission.
#include "engine/galaxy/bytecode_compiler.h"

#include "engine/galaxy/bytecode_compiler_state.h"

namespace sc2::galaxy {

namespace {

std::uint32_t cells_of(const Type& type) {
  std::uint32_t cells = 1;
  for (int i = 0; i < type.rank; ++i) cells *= static_cast<std::uint32_t>(type.dims[i]);
  return cells;
}

bool is_trigger_shaped(const Function& function) {
  return function.return_type == Type::of(BaseType::Bool) && function.parameter_count == 2 &&
         function.slots[0].type == Type::of(BaseType::Bool) && function.slots[1].type == Type::of(BaseType::Bool);
}

// Operand stack change of an instruction that is not a call.
std::int32_t stack_effect(Op op) {
  switch (op) {
    case Op::PushInt: case Op::LoadLocal: case Op::LoadGlobal: case Op::Dup: case Op::CreateTrigger:
      return 1;
    case Op::StoreLocalAt: case Op::StoreGlobalAt:
      return -2;
    case Op::StoreLocal: case Op::StoreGlobal: case Op::Pop: case Op::JumpIfFalse: case Op::JumpIfTrue:
    case Op::IndexStep: case Op::AndJump: case Op::OrJump: case Op::Return:
    case Op::AddInt: case Op::SubtractInt: case Op::MultiplyInt: case Op::DivideInt: case Op::ModuloInt:
    case Op::ShiftLeft: case Op::ShiftRight: case Op::BitAnd: case Op::BitOr: case Op::BitXor:
    case Op::AddFixed: case Op::SubtractFixed: case Op::MultiplyFixed: case Op::DivideFixed:
    case Op::Less: case Op::LessEqual: case Op::Greater: case Op::GreaterEqual:
    case Op::Equal: case Op::NotEqual: case Op::Concat:
      return -1;
    default:
      return 0;
  }
}

}  // namespace

std::shared_ptr<const CompiledProgram> compile_bytecode(const Program& program) {
  auto out = std::make_shared<CompiledProgram>();
  BytecodeCompiler(program, *out).compile_all();
  return out;
}

BytecodeCompiler::BytecodeCompiler(const Program& program, CompiledProgram& out)
    : program_(program), library_(Library::builtin()), out_(out) {}

void BytecodeCompiler::compile_all() {
  out_.program = &program_;
  lay_out_globals();
  out_.functions.resize(program_.functions.size() + 1);
  for (std::size_t i = 0; i < program_.functions.size(); ++i) compile_function(static_cast<std::int32_t>(i));
  compile_global_initializers();
  out_.init_map = program_.find_function("InitMap");
  if (out_.init_map >= 0) {
    const CompiledFunction& init_map = out_.functions[static_cast<std::size_t>(out_.init_map)];
    if (init_map.parameter_cells != 0) out_.init_map = -1;  // not the entry point the game calls
  }
}

void BytecodeCompiler::lay_out_globals() {
  std::uint32_t cell = 0;
  for (const GlobalVariable& global : program_.globals) {
    out_.global_first_cell.push_back(cell);
    const std::uint32_t cells = cells_of(global.type);
    out_.global_cell_types.insert(out_.global_cell_types.end(), cells, global.type.base);
    cell += cells;
  }
  out_.global_cells = cell;
}

void BytecodeCompiler::begin_function(CompiledFunction& function) {
  function.entry = here();
  depth_ = 0;
  max_depth_ = 0;
  loops_.clear();
}

void BytecodeCompiler::end_function(CompiledFunction& function) {
  // Falling off the end returns the type's default (the checker does no flow analysis).
  const SourcePos end = out_.positions.empty() ? SourcePos{} : out_.positions.back();
  if (function.return_type.base == BaseType::Void) {
    emit(Op::ReturnVoid, end);
  } else {
    emit(Op::PushInt, end, 0);
    emit(Op::Return, end);
  }
  function.max_operands = static_cast<std::uint32_t>(max_depth_);
}

void BytecodeCompiler::compile_function(std::int32_t index) {
  const Function& source = program_.functions[static_cast<std::size_t>(index)];
  CompiledFunction& function = out_.functions[static_cast<std::size_t>(index)];
  function.name = source.name;
  function.tree_index = index;
  function.return_type = source.return_type;
  function.parameter_cells = source.parameter_count;
  function.trigger_shaped = is_trigger_shaped(source);
  if (function.trigger_shaped) out_.trigger_functions.emplace(source.name, index);

  slots_ = &source.slots;
  slot_cells_.clear();
  std::uint32_t cell = 0;
  for (const LocalSlot& slot : source.slots) {
    slot_cells_.push_back(cell);
    const std::uint32_t cells = cells_of(slot.type);
    function.cell_types.insert(function.cell_types.end(), cells, slot.type.base);
    cell += cells;
  }
  function.frame_cells = cell;

  begin_function(function);
  statement(*source.body);
  end_function(function);
}

void BytecodeCompiler::compile_global_initializers() {
  CompiledFunction& function = out_.functions.back();
  function.name = "<global initializers>";
  function.return_type = Type::of(BaseType::Void);
  out_.global_initializers = static_cast<std::int32_t>(out_.functions.size() - 1);
  slot_cells_.clear();
  begin_function(function);
  for (std::size_t i = 0; i < program_.globals.size(); ++i) {
    const GlobalVariable& global = program_.globals[i];
    if (!global.initializer || global.type.is_array()) continue;
    expression(*global.initializer);
    emit(Op::StoreGlobal, global.pos, static_cast<std::int32_t>(out_.global_first_cell[i]));
  }
  end_function(function);
}

// [SECTION] Statements

void BytecodeCompiler::statement(const Stmt& stmt) {
  switch (stmt.kind) {
    case StmtKind::Block:
      for (const StmtPtr& s : stmt.as<BlockStmt>().statements) statement(*s);
      return;
    case StmtKind::LocalVariable: return local_variable(stmt.as<LocalVariableStmt>());
    case StmtKind::If: return if_statement(stmt.as<IfStmt>());
    case StmtKind::While: return while_statement(stmt.as<WhileStmt>());
    case StmtKind::DoWhile: return do_while_statement(stmt.as<DoWhileStmt>());
    case StmtKind::For: return for_statement(stmt.as<ForStmt>());
    case StmtKind::Break: loops_.back().breaks.push_back(emit(Op::Jump, stmt.pos)); return;
    case StmtKind::Continue: loops_.back().continues.push_back(emit(Op::Jump, stmt.pos)); return;
    case StmtKind::Return: {
      const auto& ret = stmt.as<ReturnStmt>();
      if (ret.value) {
        expression(*ret.value);
        emit(Op::Return, stmt.pos);
      } else {
        emit(Op::ReturnVoid, stmt.pos);
      }
      return;
    }
    case StmtKind::Expression: {
      const Expr& expr = *stmt.as<ExpressionStmt>().expression;
      expression(expr);
      if (expr.type.base != BaseType::Void) emit(Op::Pop, stmt.pos);
      return;
    }
    case StmtKind::Assign: return assignment(stmt.as<AssignStmt>());
  }
}

void BytecodeCompiler::local_variable(const LocalVariableStmt& stmt) {
  const std::uint32_t cell = local_cell(stmt.slot);
  if (stmt.decl.initializer) {
    expression(*stmt.decl.initializer);
    emit(Op::StoreLocal, stmt.pos, static_cast<std::int32_t>(cell));
    return;
  }
  // A declaration resets its variable each time it runs (a loop body's locals start fresh).
  const Type& type = (*slots_)[static_cast<std::size_t>(stmt.slot)].type;
  if (type.is_array()) {
    out_.local_arrays.push_back({cell, cells_of(type)});
    emit(Op::ClearLocals, stmt.pos, static_cast<std::int32_t>(out_.local_arrays.size() - 1));
    return;
  }
  emit(Op::PushInt, stmt.pos, 0);
  emit(Op::StoreLocal, stmt.pos, static_cast<std::int32_t>(cell));
}

void BytecodeCompiler::if_statement(const IfStmt& stmt) {
  expression(*stmt.condition);
  const std::uint32_t to_else = emit(Op::JumpIfFalse, stmt.pos);
  statement(*stmt.then_branch);
  if (!stmt.else_branch) {
    patch(to_else, here());
    return;
  }
  const std::uint32_t to_end = emit(Op::Jump, stmt.pos);
  patch(to_else, here());
  statement(*stmt.else_branch);
  patch(to_end, here());
}

void BytecodeCompiler::loop_body(const Stmt& body, Loop& loop) {
  loops_.emplace_back();
  statement(body);
  loop = std::move(loops_.back());
  loops_.pop_back();
}

void BytecodeCompiler::while_statement(const WhileStmt& stmt) {
  const std::uint32_t top = here();
  expression(*stmt.condition);
  const std::uint32_t to_end = emit(Op::JumpIfFalse, stmt.pos);
  Loop loop;
  loop_body(*stmt.body, loop);
  patch(emit(Op::Jump, stmt.pos), top);
  patch(to_end, here());
  patch_all(loop.continues, top);
  patch_all(loop.breaks, here());
}

void BytecodeCompiler::do_while_statement(const DoWhileStmt& stmt) {
  const std::uint32_t top = here();
  Loop loop;
  loop_body(*stmt.body, loop);
  const std::uint32_t condition = here();
  expression(*stmt.condition);
  patch(emit(Op::JumpIfTrue, stmt.pos), top);
  patch_all(loop.continues, condition);
  patch_all(loop.breaks, here());
}

void BytecodeCompiler::for_statement(const ForStmt& stmt) {
  if (stmt.init) statement(*stmt.init);
  const std::uint32_t top = here();
  std::uint32_t to_end = 0;
  if (stmt.condition) {
    expression(*stmt.condition);
    to_end = emit(Op::JumpIfFalse, stmt.pos);
  }
  Loop loop;
  loop_body(*stmt.body, loop);
  const std::uint32_t step = here();
  if (stmt.step) statement(*stmt.step);
  patch(emit(Op::Jump, stmt.pos), top);
  if (stmt.condition) patch(to_end, here());
  patch_all(loop.continues, step);
  patch_all(loop.breaks, here());
}

void BytecodeCompiler::assignment(const AssignStmt& stmt) {
  const Expr& target = *stmt.target;
  if (target.kind == ExprKind::Name) {
    const auto& name = target.as<NameExpr>();
    const bool local = name.scope == VariableScope::Local;
    const std::int32_t cell = static_cast<std::int32_t>(local ? local_cell(name.slot) : global_cell(name.slot));
    if (stmt.op) emit(local ? Op::LoadLocal : Op::LoadGlobal, name.pos, cell);
    expression(*stmt.value);
    if (stmt.op) binary_operator(*stmt.op, stmt.operand_type, stmt.pos);
    emit(local ? Op::StoreLocal : Op::StoreGlobal, stmt.pos, cell);
    return;
  }
  const auto& index = target.as<IndexExpr>();
  const bool local = element_address(index);
  if (stmt.op) {
    emit(Op::Dup, stmt.pos);
    emit(local ? Op::LoadLocalAt : Op::LoadGlobalAt, index.pos);
  }
  expression(*stmt.value);
  if (stmt.op) binary_operator(*stmt.op, stmt.operand_type, stmt.pos);
  emit(local ? Op::StoreLocalAt : Op::StoreGlobalAt, stmt.pos);
}

// [SECTION] Emission

std::uint32_t BytecodeCompiler::emit(Op op, SourcePos pos, std::int32_t a, std::uint16_t b) {
  const std::uint32_t pc = here();
  out_.code.push_back(Instruction{op, 0, b, a});
  out_.positions.push_back(pos);
  if (op != Op::Call && op != Op::CallNative) adjust_depth(stack_effect(op));
  return pc;
}

void BytecodeCompiler::patch_all(const std::vector<std::uint32_t>& jumps, std::uint32_t target) {
  for (const std::uint32_t jump : jumps) patch(jump, target);
}

void BytecodeCompiler::adjust_depth(std::int32_t delta) {
  depth_ += delta;
  if (depth_ > max_depth_) max_depth_ = depth_;
}

}  // namespace sc2::galaxy
