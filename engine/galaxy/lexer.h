#pragma once
// Source text -> tokens, one at a time. Skips whitespace, `//` comments and (an extension of
// ours, for hand-written maps) `/* */` comments. The first malformed token (unterminated
// string or comment, a byte that starts no token, a number out of range) comes back as an
// Error token with the message, and every later call returns it again.
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/galaxy/token.h"

namespace sc2::galaxy {

class Lexer {
 public:
  Lexer(std::string_view source, std::uint32_t file);
  Token next();

 private:
  bool at_end() const { return offset_ >= source_.size(); }
  unsigned char peek(std::size_t ahead = 0) const;
  void advance();  // one byte, keeping line and column
  bool skip_space_and_comments(Token& error);
  Token make(TokenKind kind, SourcePos start, std::size_t start_offset) const;
  Token error(SourcePos pos, std::string message);
  Token lex_number(SourcePos start, std::size_t start_offset);
  Token lex_string(SourcePos start, std::size_t start_offset);
  Token lex_identifier_or_keyword(SourcePos start, std::size_t start_offset);
  Token lex_operator(SourcePos start, std::size_t start_offset);

  std::string_view source_;
  std::size_t offset_ = 0;
  SourcePos pos_;
  bool failed_ = false;
  Token failure_;
};

// Every token through the first EndOfFile or Error (included). For tests and tools.
std::vector<Token> tokenize(std::string_view source, std::uint32_t file = 0);

}  // namespace sc2::galaxy
