#pragma once
// The parser's state, shared by parser.cpp (tokens, errors, declarations),
// parser_statements.cpp and parser_expressions.cpp. Internal to the library.
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>

#include "engine/galaxy/lexer.h"
#include "engine/galaxy/limits.h"
#include "engine/galaxy/tree.h"

namespace sc2::galaxy {

// Thrown on the first syntax error (already reported) to unwind the whole parse at once.
struct SyntaxError {};

class Parser {
 public:
  Parser(std::string_view source, std::uint32_t file, const Limits& limits, Diagnostics& diagnostics);

  void parse_declarations(FileSyntax& out);  // until end of file
  ExprPtr parse_expression();
  const Token& peek(std::size_t ahead = 0);

 private:
  // [SECTION] Tokens and errors (parser.cpp)
  Token take();
  bool accept(TokenKind kind);
  Token expect(TokenKind kind, std::string_view what_for);
  std::string expect_name(std::string_view what_for, SourcePos* pos);
  [[noreturn]] void fail(SourcePos pos, std::string message);
  [[noreturn]] void fail_at_next(std::string message);  // at the next token, naming it

  // Nesting depth: one level per statement and per unary/primary expression being parsed.
  class DepthGuard {
   public:
    DepthGuard(Parser& parser, SourcePos pos);
    ~DepthGuard() { --parser_.depth_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

   private:
    Parser& parser_;
  };
  void check_height(const Expr& expr);  // a subtree built by a loop (a + b + c ..., a[1][2] ...)
  std::string too_deep_message() const;

  // [SECTION] Declarations (parser.cpp)
  void parse_top_level(FileSyntax& out);
  void refuse_unsupported_keyword();
  TypeSyntax parse_type(std::string_view what_for);
  FunctionDecl parse_function_rest(TypeSyntax type, std::string name, SourcePos pos, bool is_native);
  VariableDecl parse_variable_rest(TypeSyntax type, std::string name, SourcePos pos, bool is_const);
  bool starts_declaration();

  // [SECTION] Statements (parser_statements.cpp)
  std::unique_ptr<BlockStmt> parse_block();
  StmtPtr parse_statement();
  StmtPtr parse_if();
  StmtPtr parse_while();
  StmtPtr parse_do_while();
  StmtPtr parse_for();
  StmtPtr parse_return();
  StmtPtr parse_local_variable();
  StmtPtr parse_simple_statement();  // assignment or call, without the ';'

  // [SECTION] Expressions (parser_expressions.cpp)
  ExprPtr parse_binary(int min_precedence);
  ExprPtr parse_unary();
  ExprPtr parse_postfix();
  ExprPtr parse_primary();

  Lexer lexer_;
  std::deque<Token> lookahead_;
  const Limits& limits_;
  Diagnostics& diagnostics_;
  std::uint32_t depth_ = 0;
};

}  // namespace sc2::galaxy
