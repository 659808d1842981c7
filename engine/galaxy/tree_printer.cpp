#include "engine/galaxy/tree_printer.h"

#include "engine/galaxy/arithmetic.h"

namespace sc2::galaxy {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string maybe(const StmtPtr& stmt) { return stmt ? to_text(*stmt) : "_"; }
std::string maybe(const ExprPtr& expr) { return expr ? to_text(*expr) : "_"; }

std::string type_text(const TypeSyntax& type) {
  std::string text = type.name;
  for (const ExprPtr& dimension : type.dimensions) text += "[" + to_text(*dimension) + "]";
  return text;
}

}  // namespace

std::string to_text(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral: return std::to_string(expr.as<IntLiteral>().value);
    case ExprKind::FixedLiteral: {
      std::string text = fixed_to_string(expr.as<FixedLiteral>().raw);
      return text.find('.') == std::string::npos ? text + ".0" : text;
    }
    case ExprKind::BoolLiteral: return expr.as<BoolLiteral>().value ? "true" : "false";
    case ExprKind::StringLiteral: return quoted(expr.as<StringLiteral>().value);
    case ExprKind::NullLiteral: return "null";
    case ExprKind::Name: {
      const auto& name = expr.as<NameExpr>();
      switch (name.scope) {
        case VariableScope::Global: return "g:" + name.name;
        case VariableScope::Local: return "l:" + name.name;
        case VariableScope::Unresolved: return name.name;
      }
      return name.name;
    }
    case ExprKind::Call: {
      const auto& call = expr.as<CallExpr>();
      std::string text = "(call " + call.callee;
      for (const ExprPtr& argument : call.arguments) text += " " + to_text(*argument);
      return text + ")";
    }
    case ExprKind::Index: {
      const auto& index = expr.as<IndexExpr>();
      return "(index " + to_text(*index.array) + " " + to_text(*index.index) + ")";
    }
    case ExprKind::Unary: {
      const auto& unary = expr.as<UnaryExpr>();
      return "(" + std::string(spelling(unary.op)) + " " + to_text(*unary.operand) + ")";
    }
    case ExprKind::Binary: {
      const auto& binary = expr.as<BinaryExpr>();
      return "(" + std::string(spelling(binary.op)) + " " + to_text(*binary.left) + " " + to_text(*binary.right) + ")";
    }
    case ExprKind::Convert: return "(fixed " + to_text(*expr.as<ConvertExpr>().operand) + ")";
  }
  return "?";
}

std::string to_text(const Stmt& stmt) {
  switch (stmt.kind) {
    case StmtKind::Block: {
      std::string text = "(block";
      for (const StmtPtr& statement : stmt.as<BlockStmt>().statements) text += " " + to_text(*statement);
      return text + ")";
    }
    case StmtKind::LocalVariable: {
      const VariableDecl& decl = stmt.as<LocalVariableStmt>().decl;
      std::string text = std::string(decl.is_const ? "(const " : "(local ") + type_text(decl.type) + " " + decl.name;
      if (decl.initializer) text += " " + to_text(*decl.initializer);
      return text + ")";
    }
    case StmtKind::If: {
      const auto& s = stmt.as<IfStmt>();
      std::string text = "(if " + to_text(*s.condition) + " " + to_text(*s.then_branch);
      if (s.else_branch) text += " " + to_text(*s.else_branch);
      return text + ")";
    }
    case StmtKind::While: {
      const auto& s = stmt.as<WhileStmt>();
      return "(while " + to_text(*s.condition) + " " + to_text(*s.body) + ")";
    }
    case StmtKind::DoWhile: {
      const auto& s = stmt.as<DoWhileStmt>();
      return "(do " + to_text(*s.body) + " " + to_text(*s.condition) + ")";
    }
    case StmtKind::For: {
      const auto& s = stmt.as<ForStmt>();
      return "(for " + maybe(s.init) + " " + maybe(s.condition) + " " + maybe(s.step) + " " + to_text(*s.body) + ")";
    }
    case StmtKind::Break: return "(break)";
    case StmtKind::Continue: return "(continue)";
    case StmtKind::Return: {
      const auto& s = stmt.as<ReturnStmt>();
      return s.value ? "(return " + to_text(*s.value) + ")" : "(return)";
    }
    case StmtKind::Expression: return to_text(*stmt.as<ExpressionStmt>().expression);
    case StmtKind::Assign: {
      const auto& s = stmt.as<AssignStmt>();
      const std::string op = s.op ? std::string(spelling(*s.op)) + "=" : "=";
      return "(" + op + " " + to_text(*s.target) + " " + to_text(*s.value) + ")";
    }
  }
  return "?";
}

}  // namespace sc2::galaxy
