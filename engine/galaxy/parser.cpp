// Parser: tokens, errors, depth, entry points and top-level declarations.
#include "engine/galaxy/parser.h"

#include "engine/galaxy/parser_state.h"

namespace sc2::galaxy {

Parser::Parser(std::string_view source, std::uint32_t file, const Limits& limits,
               Diagnostics& diagnostics)
    : lexer_(source, file), limits_(limits), diagnostics_(diagnostics) {}

// [SECTION] Tokens and errors

const Token& Parser::peek(std::size_t ahead) {
  while (lookahead_.size() <= ahead) lookahead_.push_back(lexer_.next());
  return lookahead_[ahead];
}

Token Parser::take() {
  peek();
  if (lookahead_.front().kind == TokenKind::Error) fail(lookahead_.front().pos, lookahead_.front().string_value);
  Token token = std::move(lookahead_.front());
  lookahead_.pop_front();
  return token;
}

bool Parser::accept(TokenKind kind) {
  if (peek().kind != kind) return false;
  take();
  return true;
}

Token Parser::expect(TokenKind kind, std::string_view what_for) {
  if (peek().kind != kind) {
    fail_at_next("expected '" + std::string(spelling(kind)) + "' " + std::string(what_for));
  }
  return take();
}

std::string Parser::expect_name(std::string_view what_for, SourcePos* pos) {
  if (peek().kind != TokenKind::Identifier) fail_at_next("expected a name " + std::string(what_for));
  Token token = take();
  if (pos) *pos = token.pos;
  return std::string(token.text);
}

void Parser::fail(SourcePos pos, std::string message) {
  diagnostics_.error(pos, std::move(message));
  throw SyntaxError{};
}

void Parser::fail_at_next(std::string message) {
  const Token& next = peek();
  if (next.kind == TokenKind::Error) fail(next.pos, next.string_value);  // the lexer's own error
  if (next.kind == TokenKind::PlusPlus || next.kind == TokenKind::MinusMinus) {
    const char sign = next.kind == TokenKind::PlusPlus ? '+' : '-';
    fail(next.pos, "'" + std::string(spelling(next.kind)) + "' is not Galaxy: write 'x " + sign + "= 1;'");
  }
  fail(next.pos, message + ", got " + describe(next));
}

Parser::DepthGuard::DepthGuard(Parser& parser, SourcePos pos) : parser_(parser) {
  if (++parser_.depth_ > parser_.limits_.max_nesting_depth) {
    --parser_.depth_;  // the destructor does not run when the constructor throws
    parser_.fail(pos, parser_.too_deep_message());
  }
}

void Parser::check_height(const Expr& expr) {
  if (depth_ + expr.height > limits_.max_nesting_depth) fail(expr.pos, too_deep_message());
}

std::string Parser::too_deep_message() const {
  return "nesting deeper than " + std::to_string(limits_.max_nesting_depth) +
         " levels (statements and expressions together)";
}

// [SECTION] Declarations

void Parser::parse_declarations(FileSyntax& out) {
  while (peek().kind != TokenKind::EndOfFile) parse_top_level(out);
  take();  // reports a lexer error that stands in for the end
}

void Parser::refuse_unsupported_keyword() {
  const Token& t = peek();
  switch (t.kind) {
    case TokenKind::KwStruct: fail(t.pos, "structs are not supported by sc2lite");
    case TokenKind::KwTypedef: fail(t.pos, "typedef is not supported by sc2lite");
    case TokenKind::KwStatic: fail(t.pos, "'static' is not supported by sc2lite");
    default: fail_at_next("expected a declaration (a type, 'include', 'const' or 'native')");
  }
}

void Parser::parse_top_level(FileSyntax& out) {
  switch (peek().kind) {
    case TokenKind::KwInclude: {
      const SourcePos pos = take().pos;
      Token path = expect(TokenKind::StringLiteral, "(a file name in quotes) after 'include'");
      accept(TokenKind::Semicolon);  // the editor writes none; tolerate one
      out.declarations.emplace_back(IncludeDecl{std::move(path.string_value), pos});
      return;
    }
    case TokenKind::KwNative: {
      take();
      TypeSyntax type = parse_type("after 'native'");
      SourcePos pos;
      std::string name = expect_name("for the native function", &pos);
      out.declarations.emplace_back(parse_function_rest(std::move(type), std::move(name), pos, true));
      return;
    }
    case TokenKind::KwConst: {
      take();
      TypeSyntax type = parse_type("after 'const'");
      SourcePos pos;
      std::string name = expect_name("for the constant", &pos);
      out.declarations.emplace_back(parse_variable_rest(std::move(type), std::move(name), pos, true));
      return;
    }
    case TokenKind::Identifier: {
      TypeSyntax type = parse_type("");
      SourcePos pos;
      std::string name = expect_name("after the type '" + type.name + "'", &pos);
      if (peek().kind == TokenKind::LeftParen) {
        out.declarations.emplace_back(parse_function_rest(std::move(type), std::move(name), pos, false));
      } else {
        out.declarations.emplace_back(parse_variable_rest(std::move(type), std::move(name), pos, false));
      }
      return;
    }
    default:
      refuse_unsupported_keyword();
  }
}

TypeSyntax Parser::parse_type(std::string_view what_for) {
  TypeSyntax type;
  if (peek().kind != TokenKind::Identifier) {
    fail_at_next(what_for.empty() ? std::string("expected a type") : "expected a type " + std::string(what_for));
  }
  Token name = take();
  type.name = std::string(name.text);
  type.pos = name.pos;
  while (peek().kind == TokenKind::LeftBracket) {
    const SourcePos bracket = take().pos;
    if (type.dimensions.size() == kMaxArrayRank) {
      fail(bracket, "an array has at most " + std::to_string(kMaxArrayRank) + " dimensions");
    }
    type.dimensions.push_back(parse_expression());
    expect(TokenKind::RightBracket, "after the array size");
  }
  return type;
}

FunctionDecl Parser::parse_function_rest(TypeSyntax type, std::string name, SourcePos pos, bool is_native) {
  FunctionDecl function;
  function.return_type = std::move(type);
  function.name = std::move(name);
  function.pos = pos;
  function.is_native = is_native;
  expect(TokenKind::LeftParen, "after the function name '" + function.name + "'");
  if (!accept(TokenKind::RightParen)) {
    do {
      if (function.parameters.size() == limits_.max_parameters) {
        fail(peek().pos, "'" + function.name + "' has more than " +
                             std::to_string(limits_.max_parameters) + " parameters");
      }
      ParameterDecl parameter;
      parameter.type = parse_type("for a parameter of '" + function.name + "'");
      parameter.name = expect_name("for the parameter", &parameter.pos);
      function.parameters.push_back(std::move(parameter));
    } while (accept(TokenKind::Comma));
    expect(TokenKind::RightParen, "after the parameters of '" + function.name + "'");
  }
  if (is_native) {
    if (peek().kind == TokenKind::LeftBrace) fail(peek().pos, "native '" + function.name + "' cannot have a body");
    expect(TokenKind::Semicolon, "after the native declaration of '" + function.name + "'");
  } else if (!accept(TokenKind::Semicolon)) {
    if (peek().kind != TokenKind::LeftBrace) {
      fail_at_next("expected '{' or ';' after the parameters of '" + function.name + "'");
    }
    function.body = parse_block();
  }
  return function;
}

VariableDecl Parser::parse_variable_rest(TypeSyntax type, std::string name, SourcePos pos, bool is_const) {
  VariableDecl variable;
  variable.type = std::move(type);
  variable.name = std::move(name);
  variable.pos = pos;
  variable.is_const = is_const;
  if (accept(TokenKind::Assign)) variable.initializer = parse_expression();
  expect(TokenKind::Semicolon, "after the declaration of '" + variable.name + "'");
  return variable;
}

bool Parser::starts_declaration() {
  const Token& first = peek();
  if (first.kind == TokenKind::KwConst) return true;
  if (first.kind != TokenKind::Identifier) return false;
  // A type name, or a name followed by a name (`Foo x;`: a variable of an unknown type).
  return is_type_name(first.text) || peek(1).kind == TokenKind::Identifier;
}

// [SECTION] Entry points

FileSyntax parse_file(std::string_view source, std::uint32_t file, const Limits& limits,
                      Diagnostics& diagnostics) {
  FileSyntax syntax;
  syntax.file = file;
  if (source.size() > limits.max_source_bytes) {
    diagnostics.error({file, 1, 1}, "the file is " + std::to_string(source.size()) +
                                        " bytes: the limit is " + std::to_string(limits.max_source_bytes));
    return syntax;
  }
  Parser parser(source, file, limits, diagnostics);
  try {
    parser.parse_declarations(syntax);
  } catch (const SyntaxError&) {
  }
  return syntax;
}

ExprPtr parse_expression(std::string_view source, std::uint32_t file, const Limits& limits,
                         Diagnostics& diagnostics) {
  if (source.size() > limits.max_source_bytes) {
    diagnostics.error({file, 1, 1}, "the text is too long");
    return nullptr;
  }
  Parser parser(source, file, limits, diagnostics);
  try {
    ExprPtr expr = parser.parse_expression();
    if (parser.peek().kind != TokenKind::EndOfFile) {
      const Token& next = parser.peek();
      diagnostics.error(next.pos, next.kind == TokenKind::Error ? next.string_value
                                                                : "expected the end, got " + describe(next));
      return nullptr;
    }
    return expr;
  } catch (const SyntaxError&) {
    return nullptr;
  }
}

}  // namespace sc2::galaxy
