#include "engine/galaxy/constant_folding.h"

#include "engine/galaxy/arithmetic.h"

namespace sc2::galaxy {

namespace {

ConstantValue int_value(std::int32_t v) { return {BaseType::Int, v, {}}; }
ConstantValue bool_value(bool v) { return {BaseType::Bool, v ? 1 : 0, {}}; }

}  // namespace

std::optional<ConstantValue> literal_value(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral: {
      const std::int64_t v = expr.as<IntLiteral>().value;
      if (v < INT32_MIN || v > INT32_MAX) return std::nullopt;
      return int_value(static_cast<std::int32_t>(v));
    }
    case ExprKind::FixedLiteral: return ConstantValue{BaseType::Fixed, expr.as<FixedLiteral>().raw, {}};
    case ExprKind::BoolLiteral: return bool_value(expr.as<BoolLiteral>().value);
    case ExprKind::StringLiteral: return ConstantValue{BaseType::String, 0, expr.as<StringLiteral>().value};
    case ExprKind::NullLiteral: return ConstantValue{BaseType::Null, 0, {}};
    default: return std::nullopt;
  }
}

ExprPtr make_literal(const ConstantValue& value, SourcePos pos) {
  ExprPtr literal;
  switch (value.type) {
    case BaseType::Int: literal = std::make_unique<IntLiteral>(pos, value.number); break;
    case BaseType::Fixed: literal = std::make_unique<FixedLiteral>(pos, value.number); break;
    case BaseType::Bool: literal = std::make_unique<BoolLiteral>(pos, value.number != 0); break;
    case BaseType::String: literal = std::make_unique<StringLiteral>(pos, value.text); break;
    default: literal = std::make_unique<NullLiteral>(pos); break;
  }
  literal->type = Type::of(value.type == BaseType::Error ? BaseType::Null : value.type);
  return literal;
}

std::optional<ConstantValue> fold_unary(UnaryOp op, const ConstantValue& operand) {
  switch (op) {
    case UnaryOp::Negate:
      if (operand.type == BaseType::Int) return int_value(int_negate(operand.number));
      if (operand.type == BaseType::Fixed) return ConstantValue{BaseType::Fixed, int_negate(operand.number), {}};
      return std::nullopt;
    case UnaryOp::Not:
      if (operand.type == BaseType::Bool) return bool_value(operand.number == 0);
      return std::nullopt;
    case UnaryOp::BitNot:
      if (operand.type == BaseType::Int) return int_value(~operand.number);
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<ConstantValue> fold_binary(BinaryOp op, const ConstantValue& left,
                                         const ConstantValue& right, FoldFailure* failure) {
  *failure = FoldFailure::NotConstant;
  if (left.type == BaseType::Bool && right.type == BaseType::Bool) {
    const bool a = left.number != 0;
    const bool b = right.number != 0;
    *failure = FoldFailure::None;
    switch (op) {
      case BinaryOp::And: return bool_value(a && b);
      case BinaryOp::Or: return bool_value(a || b);
      case BinaryOp::Equal: return bool_value(a == b);
      case BinaryOp::NotEqual: return bool_value(a != b);
      default: *failure = FoldFailure::NotConstant; return std::nullopt;
    }
  }
  if (left.type != BaseType::Int || right.type != BaseType::Int) return std::nullopt;
  const std::int32_t a = left.number;
  const std::int32_t b = right.number;
  if ((op == BinaryOp::Divide || op == BinaryOp::Modulo) && b == 0) {
    *failure = FoldFailure::DivisionByZero;
    return std::nullopt;
  }
  *failure = FoldFailure::None;
  switch (op) {
    case BinaryOp::Add: return int_value(int_add(a, b));
    case BinaryOp::Subtract: return int_value(int_subtract(a, b));
    case BinaryOp::Multiply: return int_value(int_multiply(a, b));
    case BinaryOp::Divide: return int_value(int_divide(a, b));
    case BinaryOp::Modulo: return int_value(int_modulo(a, b));
    case BinaryOp::ShiftLeft: return int_value(int_shift_left(a, b));
    case BinaryOp::ShiftRight: return int_value(int_shift_right(a, b));
    case BinaryOp::BitAnd: return int_value(a & b);
    case BinaryOp::BitOr: return int_value(a | b);
    case BinaryOp::BitXor: return int_value(a ^ b);
    case BinaryOp::Equal: return bool_value(a == b);
    case BinaryOp::NotEqual: return bool_value(a != b);
    case BinaryOp::Less: return bool_value(a < b);
    case BinaryOp::LessEqual: return bool_value(a <= b);
    case BinaryOp::Greater: return bool_value(a > b);
    case BinaryOp::GreaterEqual: return bool_value(a >= b);
    case BinaryOp::And:
    case BinaryOp::Or:
      break;
  }
  *failure = FoldFailure::NotConstant;
  return std::nullopt;
}

}  // namespace sc2::galaxy
