#pragma once
// The syntax tree. The parser builds it; the checker completes it in place so that an
// interpreter can compile it once and run it without looking anything up by name:
// * every expression carries its type (`Expr::type`);
// * every variable use names its slot (a global's index, or a local's slot in its function's
//   frame); constants are folded into literals;
// * every call names its target (a script function's index, or a library function's index
//   in library.h), and TriggerCreate("f")'s literal names its function's index;
// * int -> fixed promotions are explicit ConvertExpr nodes, and each operator node says which
//   type it works on (`operand_type`);
// * string literals are interned (`StringLiteral::string_id` into Program::strings);
// * the tree's depth is bounded (Limits::max_nesting_depth), so recursive walks are safe.
//
// [SECTION] Expressions  [SECTION] Statements  [SECTION] Declarations  [SECTION] Program
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/galaxy/source.h"
#include "engine/galaxy/types.h"

namespace sc2::galaxy {

// [SECTION] Expressions ------------------------------------------------------------------------

enum class ExprKind : std::uint8_t {
  IntLiteral, FixedLiteral, BoolLiteral, StringLiteral, NullLiteral,
  Name, Call, Index, Unary, Binary, Convert,
};

enum class UnaryOp : std::uint8_t { Negate, Not, BitNot };

enum class BinaryOp : std::uint8_t {
  Add, Subtract, Multiply, Divide, Modulo,
  ShiftLeft, ShiftRight, BitAnd, BitOr, BitXor,
  And, Or,  // short-circuit
  Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual,
};

std::string_view spelling(UnaryOp op);
std::string_view spelling(BinaryOp op);
bool is_comparison(BinaryOp op);  // == != < <= > >= (result bool)

struct Expr {
  Expr(ExprKind kind_, SourcePos pos_) : kind(kind_), pos(pos_) {}
  virtual ~Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  template <class T> T& as() { return static_cast<T&>(*this); }
  template <class T> const T& as() const { return static_cast<const T&>(*this); }

  ExprKind kind;
  SourcePos pos;  // operators: the operator; calls: the function's name
  Type type;      // set by the checker
  std::uint32_t height = 1;  // levels of this subtree
};
using ExprPtr = std::unique_ptr<Expr>;

struct IntLiteral : Expr {
  IntLiteral(SourcePos p, std::int64_t v) : Expr(ExprKind::IntLiteral, p), value(v) {}
  std::int64_t value;  // within int32 once checked
};

struct FixedLiteral : Expr {
  FixedLiteral(SourcePos p, std::int32_t r) : Expr(ExprKind::FixedLiteral, p), raw(r) {}
  std::int32_t raw;  // 20.12 fixed point (arithmetic.h)
};

struct BoolLiteral : Expr {
  BoolLiteral(SourcePos p, bool v) : Expr(ExprKind::BoolLiteral, p), value(v) {}
  bool value;
};

struct StringLiteral : Expr {
  StringLiteral(SourcePos p, std::string v) : Expr(ExprKind::StringLiteral, p), value(std::move(v)) {}
  std::string value;
  std::uint32_t string_id = 0;  // index into Program::strings, set by the checker
};

struct NullLiteral : Expr {
  explicit NullLiteral(SourcePos p) : Expr(ExprKind::NullLiteral, p) {}
};

enum class VariableScope : std::uint8_t { Unresolved, Global, Local };

struct NameExpr : Expr {
  NameExpr(SourcePos p, std::string n) : Expr(ExprKind::Name, p), name(std::move(n)) {}
  std::string name;
  VariableScope scope = VariableScope::Unresolved;
  std::int32_t slot = -1;  // Program::globals index, or Function::slots index
};

enum class CalleeKind : std::uint8_t { Unresolved, Script, Library };

struct CallExpr : Expr {
  CallExpr(SourcePos p, std::string c) : Expr(ExprKind::Call, p), callee(std::move(c)) {}
  std::string callee;
  std::vector<ExprPtr> arguments;
  CalleeKind callee_kind = CalleeKind::Unresolved;
  std::int32_t function = -1;        // Program::functions or Library::functions index
  std::int32_t named_function = -1;  // TriggerCreate("f"): f's Program::functions index
};

struct IndexExpr : Expr {
  IndexExpr(SourcePos p, ExprPtr a, ExprPtr i)
      : Expr(ExprKind::Index, p), array(std::move(a)), index(std::move(i)) {}
  ExprPtr array;
  ExprPtr index;
};

struct UnaryExpr : Expr {
  UnaryExpr(SourcePos p, UnaryOp o, ExprPtr e) : Expr(ExprKind::Unary, p), op(o), operand(std::move(e)) {}
  UnaryOp op;
  ExprPtr operand;
};

struct BinaryExpr : Expr {
  BinaryExpr(SourcePos p, BinaryOp o, ExprPtr l, ExprPtr r)
      : Expr(ExprKind::Binary, p), op(o), left(std::move(l)), right(std::move(r)) {}
  BinaryOp op;
  ExprPtr left;
  ExprPtr right;
  BaseType operand_type = BaseType::Error;  // both sides have this type once checked
};

// int -> fixed, inserted by the checker where Galaxy promotes implicitly.
struct ConvertExpr : Expr {
  ConvertExpr(SourcePos p, ExprPtr e) : Expr(ExprKind::Convert, p), operand(std::move(e)) {}
  ExprPtr operand;
};

// [SECTION] Statements -------------------------------------------------------------------------

enum class StmtKind : std::uint8_t {
  Block, LocalVariable, If, While, DoWhile, For, Break, Continue, Return, Expression, Assign,
};

struct Stmt {
  Stmt(StmtKind kind_, SourcePos pos_) : kind(kind_), pos(pos_) {}
  virtual ~Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  template <class T> T& as() { return static_cast<T&>(*this); }
  template <class T> const T& as() const { return static_cast<const T&>(*this); }

  StmtKind kind;
  SourcePos pos;
};
using StmtPtr = std::unique_ptr<Stmt>;

// A type as written: `point[9][9]` is name "point" and two dimension expressions.
struct TypeSyntax {
  std::string name;
  SourcePos pos;
  std::vector<ExprPtr> dimensions;
};

// `[const] type name [= initializer];`, global or local.
struct VariableDecl {
  TypeSyntax type;
  std::string name;
  SourcePos pos;  // the name
  bool is_const = false;
  ExprPtr initializer;
};

struct BlockStmt : Stmt {
  explicit BlockStmt(SourcePos p) : Stmt(StmtKind::Block, p) {}
  std::vector<StmtPtr> statements;
};

struct LocalVariableStmt : Stmt {
  LocalVariableStmt(SourcePos p, VariableDecl d) : Stmt(StmtKind::LocalVariable, p), decl(std::move(d)) {}
  VariableDecl decl;
  std::int32_t slot = -1;  // Function::slots index; the statement sets it to its initializer or the default
};

struct IfStmt : Stmt {
  explicit IfStmt(SourcePos p) : Stmt(StmtKind::If, p) {}
  ExprPtr condition;
  StmtPtr then_branch;
  StmtPtr else_branch;  // may be null
};

struct WhileStmt : Stmt {
  explicit WhileStmt(SourcePos p) : Stmt(StmtKind::While, p) {}
  ExprPtr condition;
  StmtPtr body;
};

struct DoWhileStmt : Stmt {
  explicit DoWhileStmt(SourcePos p) : Stmt(StmtKind::DoWhile, p) {}
  StmtPtr body;
  ExprPtr condition;
};

struct ForStmt : Stmt {
  explicit ForStmt(SourcePos p) : Stmt(StmtKind::For, p) {}
  StmtPtr init;        // an assignment or call statement, or null
  ExprPtr condition;   // null: always true
  StmtPtr step;        // an assignment or call statement, or null
  StmtPtr body;
};

struct BreakStmt : Stmt {
  explicit BreakStmt(SourcePos p) : Stmt(StmtKind::Break, p) {}
};

struct ContinueStmt : Stmt {
  explicit ContinueStmt(SourcePos p) : Stmt(StmtKind::Continue, p) {}
};

struct ReturnStmt : Stmt {
  explicit ReturnStmt(SourcePos p) : Stmt(StmtKind::Return, p) {}
  ExprPtr value;  // null for `return;`
};

// A call whose value, if any, is dropped (the only expression Galaxy lets stand alone).
struct ExpressionStmt : Stmt {
  ExpressionStmt(SourcePos p, ExprPtr e) : Stmt(StmtKind::Expression, p), expression(std::move(e)) {}
  ExprPtr expression;
};

// `target = value;` or `target op= value;` (target: a variable or an indexed array element).
// Galaxy's assignment is a statement, not an expression.
struct AssignStmt : Stmt {
  AssignStmt(SourcePos p, std::optional<BinaryOp> o, ExprPtr t, ExprPtr v)
      : Stmt(StmtKind::Assign, p), op(o), target(std::move(t)), value(std::move(v)) {}
  std::optional<BinaryOp> op;  // nullopt for plain `=`
  ExprPtr target;
  ExprPtr value;  // converted to the target's type (plain) or to operand_type (compound)
  BaseType operand_type = BaseType::Error;
};

// [SECTION] Declarations (top level of a file) ----------------------------------------------------

struct IncludeDecl {
  std::string path;
  SourcePos pos;
};

struct ParameterDecl {
  TypeSyntax type;
  std::string name;
  SourcePos pos;
};

// A definition (with body), a prototype (`f();`) or a `native` declaration.
struct FunctionDecl {
  TypeSyntax return_type;
  std::string name;
  SourcePos pos;  // the name
  std::vector<ParameterDecl> parameters;
  std::unique_ptr<BlockStmt> body;  // null for prototypes and natives
  bool is_native = false;
};

using TopLevelDecl = std::variant<IncludeDecl, VariableDecl, FunctionDecl>;

struct FileSyntax {
  std::uint32_t file = 0;
  std::vector<TopLevelDecl> declarations;
};

// [SECTION] Program (the checked result) ---------------------------------------------------------

struct GlobalVariable {
  std::string name;
  Type type;
  SourcePos pos;
  bool is_const = false;
  ExprPtr initializer;  // null: the type's default (0, 0.0, false, null; arrays element-wise)
};

struct LocalSlot {
  std::string name;
  Type type;
  SourcePos pos;
};

struct Function {
  std::string name;
  Type return_type;
  SourcePos pos;  // the first declaration
  // The frame: parameters first (in order), then every local of the body, each its own slot.
  std::vector<LocalSlot> slots;
  std::uint32_t parameter_count = 0;
  std::unique_ptr<BlockStmt> body;  // always set in a checked program
};

struct Program {
  SourceFiles files;
  std::vector<GlobalVariable> globals;  // declaration order, which is initialization order
  std::vector<Function> functions;      // declaration order
  std::vector<std::string> strings;     // interned string literals

  // -1 when absent. For one-time lookups when a map loads (e.g. "InitMap").
  std::int32_t find_function(std::string_view name) const;
  std::int32_t find_global(std::string_view name) const;
};

}  // namespace sc2::galaxy
