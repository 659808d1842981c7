// Checker: expressions (names, calls, indexing, operators), promotion and constant folding.
#include "engine/galaxy/arithmetic.h"
#include "engine/galaxy/checker_state.h"

namespace sc2::galaxy {

namespace {

std::string plural(std::size_t count, std::string_view word) {
  return std::to_string(count) + " " + std::string(word) + (count == 1 ? "" : "s");
}

}  // namespace

SourcePos start_pos(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Binary: return start_pos(*expr.as<BinaryExpr>().left);
    case ExprKind::Index: return start_pos(*expr.as<IndexExpr>().array);
    case ExprKind::Convert: return start_pos(*expr.as<ConvertExpr>().operand);
    default: return expr.pos;
  }
}

void Checker::check_expr(ExprPtr& expr) {
  switch (expr->kind) {
    case ExprKind::IntLiteral: {
      const std::int64_t value = expr->as<IntLiteral>().value;
      if (value < INT32_MIN || value > INT32_MAX) {
        error(expr->pos, "integer " + std::to_string(value) + " does not fit in int");
        expr->type = Type::of(BaseType::Error);
      } else {
        expr->type = Type::of(BaseType::Int);
      }
      return;
    }
    case ExprKind::FixedLiteral: expr->type = Type::of(BaseType::Fixed); return;
    case ExprKind::BoolLiteral: expr->type = Type::of(BaseType::Bool); return;
    case ExprKind::StringLiteral:
      expr->type = Type::of(BaseType::String);
      intern(expr->as<StringLiteral>());
      return;
    case ExprKind::NullLiteral: expr->type = Type::of(BaseType::Null); return;
    case ExprKind::Name: check_name(expr, false); return;
    case ExprKind::Call: check_call(expr->as<CallExpr>()); return;
    case ExprKind::Index: check_index(expr->as<IndexExpr>()); return;
    case ExprKind::Unary: check_unary(expr); return;
    case ExprKind::Binary: check_binary(expr); return;
    case ExprKind::Convert: expr->type = Type::of(BaseType::Fixed); return;  // only the checker makes these
  }
}

void Checker::check_value(ExprPtr& expr) {
  check_expr(expr);
  if (expr->type.base == BaseType::Void && expr->kind == ExprKind::Call) {  // only calls are void
    error(expr->pos, "'" + expr->as<CallExpr>().callee + "' returns void: it has no value to use");
    expr->type = Type::of(BaseType::Error);
  } else if (expr->type.is_array()) {
    error(start_pos(*expr), describe_target(*expr) + " is an array: index it to use an element");
    expr->type = Type::of(BaseType::Error);
  }
}

void Checker::check_name(ExprPtr& expr, bool as_assignment_target) {
  auto& name = expr->as<NameExpr>();
  const auto refuse_assignment = [&] {
    error(name.pos, "'" + name.name + "' is const: it cannot be assigned");
    name.type = Type::of(BaseType::Error);
  };
  if (const LocalName* local = find_local(name.name)) {
    if (local->value) {
      if (as_assignment_target) return refuse_assignment();
      return replace_with_literal(expr, *local->value);
    }
    const Function& function = program_.functions[static_cast<std::size_t>(function_)];
    name.scope = VariableScope::Local;
    name.slot = local->slot;
    name.type = function.slots[static_cast<std::size_t>(local->slot)].type;
    return;
  }
  if (const auto it = globals_.find(name.name); it != globals_.end()) {
    const GlobalName& global = it->second;
    if (global.kind == GlobalName::Kind::Function) {
      error(name.pos, "'" + name.name + "' is a function: call it, as in " + name.name + "(...)");
      name.type = Type::of(BaseType::Error);
      return;
    }
    const GlobalVariable& variable = program_.globals[static_cast<std::size_t>(global.index)];
    if (variable.is_const) {
      if (as_assignment_target) return refuse_assignment();
      if (global.value) return replace_with_literal(expr, *global.value);
      name.type = Type::of(BaseType::Error);  // its own declaration failed and said so
      return;
    }
    name.scope = VariableScope::Global;
    name.slot = global.index;
    name.type = variable.type;
    return;
  }
  if (const LibraryConstant* constant = library_.find_constant(name.name)) {
    if (as_assignment_target) return refuse_assignment();
    return replace_with_literal(expr, constant->value);
  }
  if (library_.find_function(name.name) >= 0) {
    error(name.pos, "'" + name.name + "' is a function: call it, as in " + name.name + "(...)");
  } else if (const auto later = declared_anywhere_.find(name.name); later != declared_anywhere_.end()) {
    error(name.pos, "'" + name.name + "' is used before it is declared (at " + where(later->second) + ")");
  } else {
    error(name.pos, "unknown name '" + name.name + "'");
  }
  name.type = Type::of(BaseType::Error);
}

void Checker::check_call(CallExpr& call) {
  for (ExprPtr& argument : call.arguments) check_value(argument);
  call.type = Type::of(BaseType::Error);

  std::vector<Type> parameter_types;
  Type return_type;
  const LibraryFunction* library_function = nullptr;
  if (const auto it = globals_.find(call.callee); it != globals_.end()) {
    if (it->second.kind == GlobalName::Kind::Variable) {
      error(call.pos, "'" + call.callee + "' is a variable, not a function");
      return;
    }
    const Function& function = program_.functions[static_cast<std::size_t>(it->second.index)];
    for (std::size_t i = 0; i < function.parameter_count; ++i) parameter_types.push_back(function.slots[i].type);
    return_type = function.return_type;
    call.callee_kind = CalleeKind::Script;
    call.function = it->second.index;
  } else if (const std::int32_t index = library_.find_function(call.callee); index >= 0) {
    library_function = &library_.functions()[static_cast<std::size_t>(index)];
    const std::string_view part = library_.part_name(library_function->part);
    if (library_.part_needs_include(library_function->part) && !library_included_ &&
        !library_declared_[static_cast<std::size_t>(index)]) {
      error(call.pos, "unknown function '" + call.callee + "' (it is in " + std::string(part) +
                          ": add include \"" + std::string(part) + "\")");
      return;
    }
    for (const LibraryParameter& parameter : library_function->parameters) parameter_types.push_back(parameter.type);
    return_type = library_function->return_type;
    call.callee_kind = CalleeKind::Library;
    call.function = index;
  } else if (const auto later = declared_anywhere_.find(call.callee); later != declared_anywhere_.end()) {
    error(call.pos, "function '" + call.callee + "' is used before it is declared (at " + where(later->second) +
                        "): declare it above its first use");
    return;
  } else {
    error(call.pos, "unknown function '" + call.callee + "'");
    return;
  }

  call.type = return_type;
  if (call.arguments.size() != parameter_types.size()) {
    error(call.pos, "'" + call.callee + "' takes " + plural(parameter_types.size(), "argument") + ", got " +
                        std::to_string(call.arguments.size()));
    return;
  }
  for (std::size_t i = 0; i < parameter_types.size(); ++i) {
    coerce(call.arguments[i], parameter_types[i],
           [&] { return "argument " + std::to_string(i + 1) + " of '" + call.callee + "'"; });
  }
  if (library_function && library_function->function_name_parameter >= 0) {
    const ExprPtr& named = call.arguments[static_cast<std::size_t>(library_function->function_name_parameter)];
    if (named->kind == ExprKind::StringLiteral) {
      pending_function_names_.push_back({&call, named->as<StringLiteral>().value, named->pos});
    }
  }
}

void Checker::check_index(IndexExpr& index) {
  check_expr(index.array);
  check_value(index.index);
  index.type = Type::of(BaseType::Error);
  const Type& array_type = index.array->type;
  const BaseType index_type = index.index->type.base;
  if (index_type != BaseType::Int && index_type != BaseType::Error) {
    error(start_pos(*index.index), "an array index must be int, got " + type_name(index.index->type));
  }
  if (array_type.base == BaseType::Error) return;
  if (!array_type.is_array()) {
    error(index.pos, describe_target(*index.array) + " is not an array");
    return;
  }
  if (const std::optional<ConstantValue> constant = literal_value(*index.index);
      constant && constant->type == BaseType::Int && (constant->number < 0 || constant->number >= array_type.dims[0])) {
    error(index.index->pos, "index " + std::to_string(constant->number) + " is outside " +
                                describe_target(*index.array) + " (0 to " +
                                std::to_string(array_type.dims[0] - 1) + ")");
  }
  Type element = array_type;
  for (int i = 1; i < element.rank; ++i) element.dims[i - 1] = element.dims[i];
  element.dims[--element.rank] = 0;
  index.type = element;
}

void Checker::check_unary(ExprPtr& expr) {
  auto& unary = expr->as<UnaryExpr>();
  if (unary.op == UnaryOp::Negate && unary.operand->kind == ExprKind::IntLiteral) {
    // -2147483648 is a valid int although 2147483648 is not: negate before the range check.
    ExprPtr negated = std::make_unique<IntLiteral>(unary.pos, -unary.operand->as<IntLiteral>().value);
    expr = std::move(negated);
    return check_expr(expr);
  }
  check_value(unary.operand);
  const BaseType operand = unary.operand->type.base;
  unary.type = Type::of(BaseType::Error);
  if (operand == BaseType::Error) return;
  const auto needs = [&](bool ok, std::string_view what) {
    if (!ok) {
      error(unary.pos, "operator '" + std::string(spelling(unary.op)) + "' needs " + std::string(what) + ", got " +
                           type_name(unary.operand->type));
    }
    return ok;
  };
  const bool ok = unary.op == UnaryOp::Negate ? needs(is_numeric(operand), "int or fixed")
                  : unary.op == UnaryOp::Not  ? needs(operand == BaseType::Bool, "bool")
                                              : needs(operand == BaseType::Int, "int");
  if (!ok) return;
  unary.type = unary.operand->type;
  if (const std::optional<ConstantValue> value = literal_value(*unary.operand)) {
    if (const std::optional<ConstantValue> folded = fold_unary(unary.op, *value)) replace_with_literal(expr, *folded);
  }
}

std::optional<BaseType> Checker::binary_operand_type(BinaryOp op, BaseType left, BaseType right) const {
  switch (op) {
    case BinaryOp::Add:
      if (left == right && (left == BaseType::String || left == BaseType::Text)) return left;
      return numeric_common_type(left, right);
    case BinaryOp::Subtract:
    case BinaryOp::Multiply:
    case BinaryOp::Divide:
    case BinaryOp::Less:
    case BinaryOp::LessEqual:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEqual:
      return numeric_common_type(left, right);
    case BinaryOp::Modulo:
    case BinaryOp::ShiftLeft:
    case BinaryOp::ShiftRight:
    case BinaryOp::BitAnd:
    case BinaryOp::BitOr:
    case BinaryOp::BitXor:
      if (left == BaseType::Int && right == BaseType::Int) return BaseType::Int;
      return std::nullopt;
    case BinaryOp::And:
    case BinaryOp::Or:
      if (left == BaseType::Bool && right == BaseType::Bool) return BaseType::Bool;
      return std::nullopt;
    case BinaryOp::Equal:
    case BinaryOp::NotEqual:
      return equality_type(left, right);
  }
  return std::nullopt;
}

void Checker::check_binary(ExprPtr& expr) {
  auto& binary = expr->as<BinaryExpr>();
  check_value(binary.left);
  check_value(binary.right);
  binary.type = Type::of(BaseType::Error);
  const BaseType left = binary.left->type.base;
  const BaseType right = binary.right->type.base;
  if (left == BaseType::Error || right == BaseType::Error) return;
  const std::optional<BaseType> operand = binary_operand_type(binary.op, left, right);
  if (!operand) {
    error(binary.pos, "operator '" + std::string(spelling(binary.op)) + "' cannot take " +
                          type_name(binary.left->type) + " and " + type_name(binary.right->type));
    return;
  }
  promote(binary.left, *operand);
  promote(binary.right, *operand);
  binary.operand_type = *operand;
  const bool gives_bool = is_comparison(binary.op) || binary.op == BinaryOp::And || binary.op == BinaryOp::Or;
  binary.type = Type::of(gives_bool ? BaseType::Bool : *operand);

  const std::optional<ConstantValue> a = literal_value(*binary.left);
  const std::optional<ConstantValue> b = literal_value(*binary.right);
  if (!a || !b) return;
  FoldFailure failure = FoldFailure::None;
  if (const std::optional<ConstantValue> folded = fold_binary(binary.op, *a, *b, &failure)) {
    replace_with_literal(expr, *folded);
  } else if (failure == FoldFailure::DivisionByZero) {
    error(binary.pos, "division by zero");
    binary.type = Type::of(BaseType::Error);
  }
}

void Checker::coerce(ExprPtr& expr, const Type& to, const std::function<std::string()>& what) {
  if (expr->type.base == BaseType::Error || to.base == BaseType::Error) return;
  switch (conversion(expr->type, to)) {
    case Conversion::None:
      return;
    case Conversion::IntToFixed:
      promote(expr, BaseType::Fixed);
      return;
    case Conversion::Impossible:
      error(start_pos(*expr), what() + " must be " + type_name(to) + ", got " + type_name(expr->type));
      return;
  }
}

void Checker::promote(ExprPtr& expr, BaseType to) {
  if (to != BaseType::Fixed || expr->type.base != BaseType::Int) return;
  if (expr->kind == ExprKind::IntLiteral) {
    const std::int64_t value = expr->as<IntLiteral>().value;
    if (const std::optional<std::int32_t> raw = fixed_from_int(value)) {
      return replace_with_literal(expr, ConstantValue{BaseType::Fixed, *raw, {}});
    }
    error(expr->pos, "int " + std::to_string(value) + " does not fit in fixed (largest 524287)");
    expr->type = Type::of(BaseType::Error);
    return;
  }
  const SourcePos pos = expr->pos;
  const std::uint32_t height = expr->height + 1;
  expr = std::make_unique<ConvertExpr>(pos, std::move(expr));
  expr->type = Type::of(BaseType::Fixed);
  expr->height = height;
}

void Checker::replace_with_literal(ExprPtr& expr, const ConstantValue& value) {
  const SourcePos pos = start_pos(*expr);  // a folded `2 + 2` is where its text starts
  expr = make_literal(value, pos);
  if (expr->kind == ExprKind::StringLiteral) intern(expr->as<StringLiteral>());
}

void Checker::intern(StringLiteral& literal) {
  const auto [it, added] = string_ids_.emplace(literal.value, static_cast<std::uint32_t>(program_.strings.size()));
  if (added) program_.strings.push_back(literal.value);
  literal.string_id = it->second;
}

}  // namespace sc2::galaxy
