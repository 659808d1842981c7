// Parser: statements.
#include "engine/galaxy/parser_state.h"

namespace sc2::galaxy {

namespace {

std::optional<BinaryOp> compound_operator(TokenKind kind) {
  switch (kind) {
    case TokenKind::PlusAssign: return BinaryOp::Add;
    case TokenKind::MinusAssign: return BinaryOp::Subtract;
    case TokenKind::StarAssign: return BinaryOp::Multiply;
    case TokenKind::SlashAssign: return BinaryOp::Divide;
    case TokenKind::PercentAssign: return BinaryOp::Modulo;
    case TokenKind::ShiftLeftAssign: return BinaryOp::ShiftLeft;
    case TokenKind::ShiftRightAssign: return BinaryOp::ShiftRight;
    case TokenKind::AmpersandAssign: return BinaryOp::BitAnd;
    case TokenKind::PipeAssign: return BinaryOp::BitOr;
    case TokenKind::CaretAssign: return BinaryOp::BitXor;
    default: return std::nullopt;
  }
}

}  // namespace

std::unique_ptr<BlockStmt> Parser::parse_block() {
  const Token open = expect(TokenKind::LeftBrace, "to open a block");
  auto block = std::make_unique<BlockStmt>(open.pos);
  while (peek().kind != TokenKind::RightBrace) {
    if (peek().kind == TokenKind::EndOfFile) {
      fail(peek().pos, "expected '}' to close the block opened at line " + std::to_string(open.pos.line) +
                           ", got end of file");
    }
    block->statements.push_back(parse_statement());
  }
  take();
  return block;
}

StmtPtr Parser::parse_statement() {
  DepthGuard depth(*this, peek().pos);
  switch (peek().kind) {
    case TokenKind::LeftBrace: return parse_block();
    case TokenKind::KwIf: return parse_if();
    case TokenKind::KwWhile: return parse_while();
    case TokenKind::KwDo: return parse_do_while();
    case TokenKind::KwFor: return parse_for();
    case TokenKind::KwReturn: return parse_return();
    case TokenKind::KwBreak: {
      auto statement = std::make_unique<BreakStmt>(take().pos);
      expect(TokenKind::Semicolon, "after 'break'");
      return statement;
    }
    case TokenKind::KwContinue: {
      auto statement = std::make_unique<ContinueStmt>(take().pos);
      expect(TokenKind::Semicolon, "after 'continue'");
      return statement;
    }
    case TokenKind::Semicolon:
      return std::make_unique<BlockStmt>(take().pos);  // the empty statement
    case TokenKind::KwStruct:
    case TokenKind::KwTypedef:
    case TokenKind::KwStatic:
    case TokenKind::KwInclude:
    case TokenKind::KwNative:
      fail(peek().pos, "'" + std::string(spelling(peek().kind)) + "' cannot appear inside a function");
    default:
      break;
  }
  if (starts_declaration()) return parse_local_variable();
  StmtPtr statement = parse_simple_statement();
  expect(TokenKind::Semicolon, "after the statement");
  return statement;
}

StmtPtr Parser::parse_if() {
  auto statement = std::make_unique<IfStmt>(take().pos);
  expect(TokenKind::LeftParen, "after 'if'");
  statement->condition = parse_expression();
  expect(TokenKind::RightParen, "after the condition of 'if'");
  statement->then_branch = parse_statement();
  if (accept(TokenKind::KwElse)) statement->else_branch = parse_statement();
  return statement;
}

StmtPtr Parser::parse_while() {
  auto statement = std::make_unique<WhileStmt>(take().pos);
  expect(TokenKind::LeftParen, "after 'while'");
  statement->condition = parse_expression();
  expect(TokenKind::RightParen, "after the condition of 'while'");
  statement->body = parse_statement();
  return statement;
}

StmtPtr Parser::parse_do_while() {
  auto statement = std::make_unique<DoWhileStmt>(take().pos);
  statement->body = parse_statement();
  expect(TokenKind::KwWhile, "after the body of 'do'");
  expect(TokenKind::LeftParen, "after 'while'");
  statement->condition = parse_expression();
  expect(TokenKind::RightParen, "after the condition of 'do ... while'");
  expect(TokenKind::Semicolon, "after 'do ... while (...)'");
  return statement;
}

StmtPtr Parser::parse_for() {
  auto statement = std::make_unique<ForStmt>(take().pos);
  expect(TokenKind::LeftParen, "after 'for'");
  if (starts_declaration()) fail(peek().pos, "a 'for' clause cannot declare a variable: declare it before the loop");
  if (peek().kind != TokenKind::Semicolon) statement->init = parse_simple_statement();
  expect(TokenKind::Semicolon, "after the first clause of 'for'");
  if (peek().kind != TokenKind::Semicolon) statement->condition = parse_expression();
  expect(TokenKind::Semicolon, "after the condition of 'for'");
  if (peek().kind != TokenKind::RightParen) statement->step = parse_simple_statement();
  expect(TokenKind::RightParen, "after the clauses of 'for'");
  statement->body = parse_statement();
  return statement;
}

StmtPtr Parser::parse_return() {
  auto statement = std::make_unique<ReturnStmt>(take().pos);
  if (peek().kind != TokenKind::Semicolon) statement->value = parse_expression();
  expect(TokenKind::Semicolon, "after 'return'");
  return statement;
}

StmtPtr Parser::parse_local_variable() {
  const SourcePos start = peek().pos;
  const bool is_const = accept(TokenKind::KwConst);
  TypeSyntax type = parse_type(is_const ? "after 'const'" : "");
  SourcePos pos;
  std::string name = expect_name("after the type '" + type.name + "'", &pos);
  if (peek().kind == TokenKind::LeftParen) fail(peek().pos, "a function cannot be declared inside a function");
  VariableDecl decl = parse_variable_rest(std::move(type), std::move(name), pos, is_const);
  return std::make_unique<LocalVariableStmt>(start, std::move(decl));
}

StmtPtr Parser::parse_simple_statement() {
  const SourcePos start = peek().pos;
  ExprPtr target = parse_expression();
  const TokenKind next = peek().kind;
  if (next == TokenKind::Assign || compound_operator(next)) {
    const SourcePos op_pos = take().pos;
    ExprPtr value = parse_expression();
    return std::make_unique<AssignStmt>(op_pos, compound_operator(next), std::move(target), std::move(value));
  }
  if (target->kind != ExprKind::Call) {
    if (next == TokenKind::PlusPlus || next == TokenKind::MinusMinus || next == TokenKind::Error) {
      fail_at_next("");
    }
    fail(start, "this expression does nothing: a statement must be a call or an assignment");
  }
  return std::make_unique<ExpressionStmt>(start, std::move(target));
}

}  // namespace sc2::galaxy
