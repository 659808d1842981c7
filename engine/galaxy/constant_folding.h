#pragma once
// Values known while compiling: literals, constants (`const int x = 5;`, the library's c_*),
// and operators on them. The checker replaces such expressions by literals, so the
// interpreter never evaluates a constant. Int operations fold with arithmetic.h's rules;
// fixed arithmetic is left to the run time (only negation folds).
#include <cstdint>
#include <optional>
#include <string>

#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

struct ConstantValue {
  BaseType type = BaseType::Error;  // Int, Fixed, Bool, String or Null
  std::int32_t number = 0;          // Int: the value; Fixed: raw 20.12; Bool: 0 or 1
  std::string text;                 // String
};

// The value of a literal expression; nullopt for anything else.
std::optional<ConstantValue> literal_value(const Expr& expr);
// A typed literal node for a value.
ExprPtr make_literal(const ConstantValue& value, SourcePos pos);

enum class FoldFailure { None, NotConstant, DivisionByZero };
std::optional<ConstantValue> fold_unary(UnaryOp op, const ConstantValue& operand);
// Both operands already have `operand_type`'s type.
std::optional<ConstantValue> fold_binary(BinaryOp op, const ConstantValue& left,
                                         const ConstantValue& right, FoldFailure* failure);

}  // namespace sc2::galaxy
