// Parser: expressions, by precedence climbing. Precedence is C's, loosest first:
// ||, &&, |, ^, &, == !=, < <= > >=, << >>, + -, * / %, then unary - ! ~, then [] and calls.
#include <algorithm>

#include "engine/galaxy/parser_state.h"

namespace sc2::galaxy {

namespace {

struct BinaryOperator {
  BinaryOp op;
  int precedence;
};

std::optional<BinaryOperator> binary_operator(TokenKind kind) {
  switch (kind) {
    case TokenKind::OrOr: return BinaryOperator{BinaryOp::Or, 1};
    case TokenKind::AndAnd: return BinaryOperator{BinaryOp::And, 2};
    case TokenKind::Pipe: return BinaryOperator{BinaryOp::BitOr, 3};
    case TokenKind::Caret: return BinaryOperator{BinaryOp::BitXor, 4};
    case TokenKind::Ampersand: return BinaryOperator{BinaryOp::BitAnd, 5};
    case TokenKind::Equal: return BinaryOperator{BinaryOp::Equal, 6};
    case TokenKind::NotEqual: return BinaryOperator{BinaryOp::NotEqual, 6};
    case TokenKind::Less: return BinaryOperator{BinaryOp::Less, 7};
    case TokenKind::LessEqual: return BinaryOperator{BinaryOp::LessEqual, 7};
    case TokenKind::Greater: return BinaryOperator{BinaryOp::Greater, 7};
    case TokenKind::GreaterEqual: return BinaryOperator{BinaryOp::GreaterEqual, 7};
    case TokenKind::ShiftLeft: return BinaryOperator{BinaryOp::ShiftLeft, 8};
    case TokenKind::ShiftRight: return BinaryOperator{BinaryOp::ShiftRight, 8};
    case TokenKind::Plus: return BinaryOperator{BinaryOp::Add, 9};
    case TokenKind::Minus: return BinaryOperator{BinaryOp::Subtract, 9};
    case TokenKind::Star: return BinaryOperator{BinaryOp::Multiply, 10};
    case TokenKind::Slash: return BinaryOperator{BinaryOp::Divide, 10};
    case TokenKind::Percent: return BinaryOperator{BinaryOp::Modulo, 10};
    default: return std::nullopt;
  }
}

std::optional<UnaryOp> unary_operator(TokenKind kind) {
  switch (kind) {
    case TokenKind::Minus: return UnaryOp::Negate;
    case TokenKind::Bang: return UnaryOp::Not;
    case TokenKind::Tilde: return UnaryOp::BitNot;
    default: return std::nullopt;
  }
}

}  // namespace

ExprPtr Parser::parse_expression() { return parse_binary(1); }

ExprPtr Parser::parse_binary(int min_precedence) {
  ExprPtr left = parse_unary();
  while (true) {
    const std::optional<BinaryOperator> op = binary_operator(peek().kind);
    if (!op || op->precedence < min_precedence) return left;
    const SourcePos pos = take().pos;
    ExprPtr right = parse_binary(op->precedence + 1);  // left-associative
    const std::uint32_t height = 1 + std::max(left->height, right->height);
    left = std::make_unique<BinaryExpr>(pos, op->op, std::move(left), std::move(right));
    left->height = height;
    check_height(*left);
  }
}

ExprPtr Parser::parse_unary() {
  DepthGuard depth(*this, peek().pos);
  if (const std::optional<UnaryOp> op = unary_operator(peek().kind)) {
    const SourcePos pos = take().pos;
    ExprPtr operand = parse_unary();
    const std::uint32_t height = 1 + operand->height;
    ExprPtr result = std::make_unique<UnaryExpr>(pos, *op, std::move(operand));
    result->height = height;
    return result;
  }
  return parse_postfix();
}

ExprPtr Parser::parse_postfix() {
  ExprPtr expr = parse_primary();
  while (peek().kind == TokenKind::LeftBracket) {
    const SourcePos pos = take().pos;
    ExprPtr index = parse_expression();
    expect(TokenKind::RightBracket, "after the array index");
    const std::uint32_t height = 1 + std::max(expr->height, index->height);
    expr = std::make_unique<IndexExpr>(pos, std::move(expr), std::move(index));
    expr->height = height;
    check_height(*expr);
  }
  return expr;
}

ExprPtr Parser::parse_primary() {
  const Token& next = peek();
  switch (next.kind) {
    case TokenKind::IntLiteral: {
      const Token token = take();
      return std::make_unique<IntLiteral>(token.pos, token.int_value);
    }
    case TokenKind::FixedLiteral: {
      const Token token = take();
      return std::make_unique<FixedLiteral>(token.pos, static_cast<std::int32_t>(token.int_value));
    }
    case TokenKind::StringLiteral: {
      Token token = take();
      return std::make_unique<StringLiteral>(token.pos, std::move(token.string_value));
    }
    case TokenKind::KwTrue: return std::make_unique<BoolLiteral>(take().pos, true);
    case TokenKind::KwFalse: return std::make_unique<BoolLiteral>(take().pos, false);
    case TokenKind::KwNull: return std::make_unique<NullLiteral>(take().pos);
    case TokenKind::LeftParen: {
      take();
      ExprPtr inner = parse_expression();
      expect(TokenKind::RightParen, "to close the parenthesis");
      return inner;
    }
    case TokenKind::Identifier: {
      const Token name = take();
      if (peek().kind != TokenKind::LeftParen) return std::make_unique<NameExpr>(name.pos, std::string(name.text));
      take();
      auto call = std::make_unique<CallExpr>(name.pos, std::string(name.text));
      std::uint32_t height = 1;
      if (!accept(TokenKind::RightParen)) {
        do {
          call->arguments.push_back(parse_expression());
          height = std::max(height, 1 + call->arguments.back()->height);
        } while (accept(TokenKind::Comma));
        expect(TokenKind::RightParen, "after the arguments of '" + call->callee + "'");
      }
      call->height = height;
      return call;
    }
    default:
      fail_at_next("expected an expression");
  }
}

}  // namespace sc2::galaxy
