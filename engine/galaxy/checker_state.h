#pragma once
// The checker's state, shared by checker.cpp (declarations, types, the end checks),
// checker_statements.cpp and checker_expressions.cpp. Internal to the library.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/galaxy/checker.h"
#include "engine/galaxy/constant_folding.h"

namespace sc2::galaxy {

// Where an expression starts (its leftmost token), for messages about the whole expression.
SourcePos start_pos(const Expr& expr);

class Checker {
 public:
  Checker(const Library& library, const Limits& limits, Program& program, Diagnostics& diagnostics);
  void run(std::vector<TopLevelDecl>& declarations);

 private:
  // A name at the top level: a script global variable or function.
  struct GlobalName {
    enum class Kind { Variable, Function } kind;
    std::int32_t index;                  // Program::globals or Program::functions
    SourcePos pos;
    std::optional<ConstantValue> value;  // a const variable's value
  };
  struct LocalName {
    std::int32_t slot;
    std::optional<ConstantValue> value;  // a const local's value
  };
  struct PendingFunctionName {  // TriggerCreate("f"): resolved once every function is known
    CallExpr* call;
    std::string name;
    SourcePos pos;
  };

  // [SECTION] Declarations (checker.cpp)
  void prescan(const std::vector<TopLevelDecl>& declarations);
  void declare_global_variable(VariableDecl& decl);
  void declare_function(FunctionDecl& decl);
  void declare_native(const FunctionDecl& decl);
  bool claim_global_name(const std::string& name, SourcePos pos);
  std::optional<Type> resolve_type(TypeSyntax& syntax, std::string_view what, bool allow_array);
  std::optional<ConstantValue> constant_initializer(VariableDecl& decl, const Type& type);
  void finish();
  std::string where(SourcePos pos) const;  // "line 12" or "OtherFile.galaxy:12:3"

  // [SECTION] Statements (checker_statements.cpp)
  void check_function_body(std::int32_t function_index);
  void check_block(BlockStmt& block, bool new_scope);
  void check_statement(Stmt& statement);
  void check_local_variable(LocalVariableStmt& statement);
  void check_assignment(AssignStmt& statement);
  void check_return(ReturnStmt& statement);
  void check_condition(ExprPtr& condition, std::string_view statement_name);
  std::string describe_target(const Expr& target) const;
  void check_loop_body(Stmt& body);
  const LocalName* find_local(std::string_view name) const;

  // [SECTION] Expressions (checker_expressions.cpp)
  void check_expr(ExprPtr& expr);          // any expression, arrays and void calls included
  void check_value(ExprPtr& expr);         // an expression used as a value
  void check_name(ExprPtr& expr, bool as_assignment_target);
  void check_call(CallExpr& call);
  void check_index(IndexExpr& index);
  void check_unary(ExprPtr& expr);
  void check_binary(ExprPtr& expr);
  std::optional<BaseType> binary_operand_type(BinaryOp op, BaseType left, BaseType right) const;
  // Stores `expr` where `to` is expected: converts int -> fixed, or reports
  // "<what> must be <to>, got <from>".
  void coerce(ExprPtr& expr, const Type& to, const std::function<std::string()>& what);
  void promote(ExprPtr& expr, BaseType to);  // int -> fixed when `to` is fixed
  void replace_with_literal(ExprPtr& expr, const ConstantValue& value);
  void intern(StringLiteral& literal);
  void error(SourcePos pos, std::string message) { diagnostics_.error(pos, std::move(message)); }

  const Library& library_;
  const Limits& limits_;
  Program& program_;
  Diagnostics& diagnostics_;

  std::map<std::string, GlobalName, std::less<>> globals_;
  std::map<std::string, SourcePos, std::less<>> declared_anywhere_;  // every top-level name
  std::vector<bool> library_declared_;  // library functions made visible by a `native` line
  bool library_included_ = false;
  std::int64_t global_cells_ = 0;
  std::vector<std::optional<SourcePos>> definitions_;  // per function: where its body is
  std::map<std::string, std::uint32_t, std::less<>> string_ids_;
  std::vector<PendingFunctionName> pending_function_names_;

  // The function whose body is being checked (-1 at the top level).
  std::int32_t function_ = -1;
  std::vector<std::map<std::string, LocalName, std::less<>>> local_scopes_;
  int loop_depth_ = 0;
  std::int64_t frame_cells_ = 0;
};

}  // namespace sc2::galaxy
