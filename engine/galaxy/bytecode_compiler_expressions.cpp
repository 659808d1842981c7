// Bytecode compiler: expressions (literals, variables, array elements, operators, calls).
#include "engine/galaxy/bytecode_compiler_state.h"

namespace sc2::galaxy {

namespace {

std::string describe_array(const Expr& expr) {
  if (expr.kind == ExprKind::Name) return "'" + expr.as<NameExpr>().name + "'";
  if (expr.kind == ExprKind::Index) return "an element of " + describe_array(*expr.as<IndexExpr>().array);
  return "the array";
}

}  // namespace

void BytecodeCompiler::expression(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral:
      emit(Op::PushInt, expr.pos, static_cast<std::int32_t>(expr.as<IntLiteral>().value));
      return;
    case ExprKind::FixedLiteral: emit(Op::PushInt, expr.pos, expr.as<FixedLiteral>().raw); return;
    case ExprKind::BoolLiteral: emit(Op::PushInt, expr.pos, expr.as<BoolLiteral>().value ? 1 : 0); return;
    case ExprKind::StringLiteral:
      // The runtime interns Program::strings first, in order, after the null id 0.
      emit(Op::PushInt, expr.pos, static_cast<std::int32_t>(expr.as<StringLiteral>().string_id + 1));
      return;
    case ExprKind::NullLiteral: emit(Op::PushInt, expr.pos, 0); return;
    case ExprKind::Name: {
      const auto& name = expr.as<NameExpr>();
      if (name.scope == VariableScope::Local) {
        emit(Op::LoadLocal, expr.pos, static_cast<std::int32_t>(local_cell(name.slot)));
      } else {
        emit(Op::LoadGlobal, expr.pos, static_cast<std::int32_t>(global_cell(name.slot)));
      }
      return;
    }
    case ExprKind::Call: return call(expr.as<CallExpr>());
    case ExprKind::Index: return load_element(expr.as<IndexExpr>());
    case ExprKind::Unary: return unary(expr.as<UnaryExpr>());
    case ExprKind::Binary: return binary(expr.as<BinaryExpr>());
    case ExprKind::Convert:
      expression(*expr.as<ConvertExpr>().operand);
      emit(Op::IntToFixed, expr.pos);
      return;
  }
}

void BytecodeCompiler::call(const CallExpr& call) {
  if (call.callee_kind == CalleeKind::Library && call.named_function >= 0) {
    // TriggerCreate("gt_X_Func"): the checker resolved the name; no string is looked up.
    emit(Op::CreateTrigger, call.pos, call.named_function);
    return;
  }
  for (const ExprPtr& argument : call.arguments) expression(*argument);
  const auto arguments = static_cast<std::int32_t>(call.arguments.size());
  const std::int32_t result = call.type.base == BaseType::Void ? 0 : 1;
  if (call.callee_kind == CalleeKind::Script) {
    emit(Op::Call, call.pos, call.function);
  } else {
    emit(Op::CallNative, call.pos, call.function, static_cast<std::uint16_t>(arguments));
  }
  adjust_depth(result - arguments);
}

bool BytecodeCompiler::element_address(const IndexExpr& index) {
  bool local = false;
  const Expr& array = *index.array;
  if (array.kind == ExprKind::Name) {
    const auto& name = array.as<NameExpr>();
    local = name.scope == VariableScope::Local;
    const std::uint32_t cell = local ? local_cell(name.slot) : global_cell(name.slot);
    emit(Op::PushInt, array.pos, static_cast<std::int32_t>(cell));
  } else {
    local = element_address(array.as<IndexExpr>());  // the checker allows only names and indexing here
  }
  const Type& type = array.type;
  std::int32_t stride = 1;
  for (int i = 1; i < type.rank; ++i) stride *= type.dims[i];
  out_.index_steps.push_back({type.dims[0], stride, describe_array(array)});
  expression(*index.index);
  emit(Op::IndexStep, index.pos, static_cast<std::int32_t>(out_.index_steps.size() - 1));
  return local;
}

void BytecodeCompiler::load_element(const IndexExpr& index) {
  const bool local = element_address(index);
  emit(local ? Op::LoadLocalAt : Op::LoadGlobalAt, index.pos);
}

void BytecodeCompiler::unary(const UnaryExpr& unary) {
  expression(*unary.operand);
  switch (unary.op) {
    case UnaryOp::Negate:
      emit(unary.type.base == BaseType::Fixed ? Op::NegateFixed : Op::NegateInt, unary.pos);
      return;
    case UnaryOp::Not: emit(Op::Not, unary.pos); return;
    case UnaryOp::BitNot: emit(Op::BitNot, unary.pos); return;
  }
}

void BytecodeCompiler::binary(const BinaryExpr& binary) {
  if (binary.op == BinaryOp::And || binary.op == BinaryOp::Or) {
    // Short-circuit: the right side runs only when the left does not decide.
    expression(*binary.left);
    const std::uint32_t jump = emit(binary.op == BinaryOp::And ? Op::AndJump : Op::OrJump, binary.pos);
    expression(*binary.right);
    patch(jump, here());
    return;
  }
  expression(*binary.left);
  expression(*binary.right);
  binary_operator(binary.op, binary.operand_type, binary.pos);
}

void BytecodeCompiler::binary_operator(BinaryOp op, BaseType operand_type, SourcePos pos) {
  const bool fixed = operand_type == BaseType::Fixed;
  switch (op) {
    case BinaryOp::Add:
      emit(fixed ? Op::AddFixed : operand_type == BaseType::Int ? Op::AddInt : Op::Concat, pos);
      return;
    case BinaryOp::Subtract: emit(fixed ? Op::SubtractFixed : Op::SubtractInt, pos); return;
    case BinaryOp::Multiply: emit(fixed ? Op::MultiplyFixed : Op::MultiplyInt, pos); return;
    case BinaryOp::Divide: emit(fixed ? Op::DivideFixed : Op::DivideInt, pos); return;
    case BinaryOp::Modulo: emit(Op::ModuloInt, pos); return;
    case BinaryOp::ShiftLeft: emit(Op::ShiftLeft, pos); return;
    case BinaryOp::ShiftRight: emit(Op::ShiftRight, pos); return;
    case BinaryOp::BitAnd: emit(Op::BitAnd, pos); return;
    case BinaryOp::BitOr: emit(Op::BitOr, pos); return;
    case BinaryOp::BitXor: emit(Op::BitXor, pos); return;
    case BinaryOp::Equal: emit(Op::Equal, pos); return;
    case BinaryOp::NotEqual: emit(Op::NotEqual, pos); return;
    case BinaryOp::Less: emit(Op::Less, pos); return;
    case BinaryOp::LessEqual: emit(Op::LessEqual, pos); return;
    case BinaryOp::Greater: emit(Op::Greater, pos); return;
    case BinaryOp::GreaterEqual: emit(Op::GreaterEqual, pos); return;
    case BinaryOp::And:
    case BinaryOp::Or:
      return;  // handled by binary() (never compound: the checker refuses `&&=`)
  }
}

}  // namespace sc2::galaxy
