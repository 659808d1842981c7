#pragma once
// The tokens of Galaxy: names, literals, keywords, operators.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/galaxy/source.h"

namespace sc2::galaxy {

enum class TokenKind : std::uint8_t {
  EndOfFile,
  Error,  // the lexer's error; `string_value` holds the message
  Identifier,
  IntLiteral,
  FixedLiteral,
  StringLiteral,
  // Keywords. Type names (int, unit, ...) are identifiers: the parser knows them (types.h).
  KwInclude, KwConst, KwNative, KwStatic, KwStruct, KwTypedef,
  KwIf, KwElse, KwWhile, KwDo, KwFor, KwBreak, KwContinue, KwReturn,
  KwTrue, KwFalse, KwNull,
  // Punctuation.
  LeftParen, RightParen, LeftBrace, RightBrace, LeftBracket, RightBracket,
  Semicolon, Comma, Dot,
  // Operators.
  Plus, Minus, Star, Slash, Percent,
  ShiftLeft, ShiftRight, Ampersand, Pipe, Caret, Tilde, Bang,
  AndAnd, OrOr,
  Equal, NotEqual, Less, LessEqual, Greater, GreaterEqual,
  Assign, PlusAssign, MinusAssign, StarAssign, SlashAssign, PercentAssign,
  ShiftLeftAssign, ShiftRightAssign, AmpersandAssign, PipeAssign, CaretAssign,
  PlusPlus, MinusMinus,  // not Galaxy; lexed so the parser can say so
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourcePos pos;
  std::string_view text;  // the token as written (a view of the source)
  // IntLiteral: 0..2^31 for decimal (the sign is an operator), the 32-bit pattern for hex;
  // FixedLiteral: the raw 20.12 value (arithmetic.h).
  std::int64_t int_value = 0;
  std::string string_value;  // StringLiteral: escapes decoded; Error: the message
};

// How an error message names a token: "';'", "'foo'", "end of file", "string \"abc\"".
std::string describe(const Token& token);
// The spelling of a keyword, punctuation or operator kind: "while", ";", "<<=".
std::string_view spelling(TokenKind kind);

}  // namespace sc2::galaxy
