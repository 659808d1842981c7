// Checker: function bodies, local scopes and statements.
#include "engine/galaxy/checker_state.h"

namespace sc2::galaxy {

void Checker::check_function_body(std::int32_t function_index) {
  function_ = function_index;
  loop_depth_ = 0;
  frame_cells_ = 0;
  local_scopes_.clear();
  local_scopes_.emplace_back();  // the parameters and the body's own locals share one scope
  Function& function = program_.functions[static_cast<std::size_t>(function_index)];
  for (std::size_t i = 0; i < function.parameter_count; ++i) {
    const LocalSlot& parameter = function.slots[i];
    const auto [it, added] = local_scopes_.back().emplace(parameter.name, LocalName{static_cast<std::int32_t>(i), {}});
    if (!added) error(parameter.pos, "parameter '" + parameter.name + "' is declared twice");
    ++frame_cells_;
  }
  check_block(*function.body, false);
  local_scopes_.clear();
  function_ = -1;
}

const Checker::LocalName* Checker::find_local(std::string_view name) const {
  for (auto scope = local_scopes_.rbegin(); scope != local_scopes_.rend(); ++scope) {
    if (const auto it = scope->find(name); it != scope->end()) return &it->second;
  }
  return nullptr;
}

void Checker::check_block(BlockStmt& block, bool new_scope) {
  if (new_scope) local_scopes_.emplace_back();
  for (StmtPtr& statement : block.statements) {
    if (diagnostics_.full()) break;
    check_statement(*statement);
  }
  if (new_scope) local_scopes_.pop_back();
}

void Checker::check_loop_body(Stmt& body) {
  ++loop_depth_;
  check_statement(body);
  --loop_depth_;
}

void Checker::check_statement(Stmt& statement) {
  switch (statement.kind) {
    case StmtKind::Block:
      check_block(statement.as<BlockStmt>(), true);
      return;
    case StmtKind::LocalVariable:
      check_local_variable(statement.as<LocalVariableStmt>());
      return;
    case StmtKind::If: {
      auto& s = statement.as<IfStmt>();
      check_condition(s.condition, "if");
      check_statement(*s.then_branch);
      if (s.else_branch) check_statement(*s.else_branch);
      return;
    }
    case StmtKind::While: {
      auto& s = statement.as<WhileStmt>();
      check_condition(s.condition, "while");
      check_loop_body(*s.body);
      return;
    }
    case StmtKind::DoWhile: {
      auto& s = statement.as<DoWhileStmt>();
      check_loop_body(*s.body);
      check_condition(s.condition, "do ... while");
      return;
    }
    case StmtKind::For: {
      auto& s = statement.as<ForStmt>();
      if (s.init) check_statement(*s.init);
      if (s.condition) check_condition(s.condition, "for");
      if (s.step) check_statement(*s.step);
      check_loop_body(*s.body);
      return;
    }
    case StmtKind::Break:
    case StmtKind::Continue:
      if (loop_depth_ == 0) {
        error(statement.pos,
              statement.kind == StmtKind::Break ? "'break' outside a loop" : "'continue' outside a loop");
      }
      return;
    case StmtKind::Return:
      check_return(statement.as<ReturnStmt>());
      return;
    case StmtKind::Expression:
      check_expr(statement.as<ExpressionStmt>().expression);  // a call; its value, if any, is dropped
      return;
    case StmtKind::Assign:
      check_assignment(statement.as<AssignStmt>());
      return;
  }
}

void Checker::check_condition(ExprPtr& condition, std::string_view statement_name) {
  check_value(condition);
  const BaseType type = condition->type.base;
  if (type != BaseType::Bool && type != BaseType::Error) {
    error(start_pos(*condition), "the condition of '" + std::string(statement_name) + "' must be bool, got " +
                                     type_name(condition->type));
  }
}

void Checker::check_local_variable(LocalVariableStmt& statement) {
  VariableDecl& decl = statement.decl;
  Function& function = program_.functions[static_cast<std::size_t>(function_)];
  Type type = resolve_type(decl.type, "variable '" + decl.name + "'", true).value_or(Type::of(BaseType::Error));
  if (type.base == BaseType::Void) {
    error(decl.type.pos, "variable '" + decl.name + "' cannot be void");
    type = Type::of(BaseType::Error);
  }
  // The initial value is checked before the name exists: `int x = x;` reads an outer x.
  std::optional<ConstantValue> value;
  if (decl.is_const) {
    value = constant_initializer(decl, type);
  } else if (decl.initializer) {
    if (type.is_array()) {
      error(decl.initializer->pos, "array '" + decl.name + "' cannot have an initial value");
      decl.initializer.reset();
    } else {
      check_value(decl.initializer);
      coerce(decl.initializer, type, [&] { return "the initial value of '" + decl.name + "'"; });
    }
  }
  auto& scope = local_scopes_.back();
  if (const auto it = scope.find(decl.name); it != scope.end()) {
    error(decl.pos, "'" + decl.name + "' is already declared at " +
                        where(function.slots[static_cast<std::size_t>(it->second.slot)].pos));
    return;
  }
  std::int64_t cells = 1;
  for (int i = 0; i < type.rank; ++i) cells *= type.dims[i];
  frame_cells_ += cells;
  if (frame_cells_ > limits_.max_frame_cells) {
    error(decl.pos, "the locals of '" + function.name + "' need more than " +
                        std::to_string(limits_.max_frame_cells) + " cells (with '" + decl.name + "')");
  }
  statement.slot = static_cast<std::int32_t>(function.slots.size());
  function.slots.push_back({decl.name, type, decl.pos});
  scope.emplace(decl.name, LocalName{statement.slot, value});
}

std::string Checker::describe_target(const Expr& target) const {
  if (target.kind == ExprKind::Name) return "'" + target.as<NameExpr>().name + "'";
  if (target.kind == ExprKind::Index) return "an element of " + describe_target(*target.as<IndexExpr>().array);
  return "the expression";
}

void Checker::check_assignment(AssignStmt& statement) {
  ExprPtr& target = statement.target;
  if (target->kind == ExprKind::Name) {
    check_name(target, true);
  } else if (target->kind == ExprKind::Index) {
    check_expr(target);
  } else {
    error(start_pos(*target), "only a variable or an array element can be assigned");
    check_value(statement.value);
    return;
  }
  const Type& target_type = target->type;
  if (target_type.is_array()) {
    error(start_pos(*target), describe_target(*target) + " is an array: it cannot be assigned as a whole");
    return;
  }
  check_value(statement.value);
  if (!statement.op) {
    statement.operand_type = target_type.base;
    coerce(statement.value, target_type, [&] { return "the value assigned to " + describe_target(*target); });
    return;
  }
  const BaseType value_type = statement.value->type.base;
  if (target_type.base == BaseType::Error || value_type == BaseType::Error) return;
  const std::string op = std::string(spelling(*statement.op)) + "=";
  const std::optional<BaseType> operand = binary_operand_type(*statement.op, target_type.base, value_type);
  if (!operand || is_comparison(*statement.op)) {
    error(statement.pos, "operator '" + op + "' cannot take " + type_name(target_type) + " and " +
                             type_name(statement.value->type));
    return;
  }
  if (*operand != target_type.base) {
    error(statement.pos, "operator '" + op + "' would store a " + std::string(type_name(*operand)) + " in " +
                             describe_target(*target) + ", which is " + type_name(target_type));
    return;
  }
  promote(statement.value, *operand);
  statement.operand_type = *operand;
}

void Checker::check_return(ReturnStmt& statement) {
  const Function& function = program_.functions[static_cast<std::size_t>(function_)];
  const Type& expected = function.return_type;
  if (expected.base == BaseType::Void) {
    if (statement.value) error(statement.pos, "'" + function.name + "' returns void: 'return' cannot give a value");
    return;
  }
  if (!statement.value) {
    if (expected.base != BaseType::Error) {
      error(statement.pos, "'" + function.name + "' must return " + type_name(expected) + ": 'return;' gives no value");
    }
    return;
  }
  check_value(statement.value);
  coerce(statement.value, expected, [&] { return "the return value of '" + function.name + "'"; });
}

}  // namespace sc2::galaxy
