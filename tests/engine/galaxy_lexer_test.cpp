// The Galaxy lexer: every token kind, literals (fixed, escapes), comments, positions, errors.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/galaxy/arithmetic.h"
#include "engine/galaxy/lexer.h"

using namespace sc2::galaxy;

namespace {

std::vector<TokenKind> kinds(std::string_view source) {
  std::vector<TokenKind> out;
  for (const Token& token : tokenize(source)) out.push_back(token.kind);
  return out;
}

// The error a source stops at: "line:col: message", or "" when it lexes cleanly.
std::string lex_error(std::string_view source) {
  const Token last = tokenize(source).back();
  if (last.kind != TokenKind::Error) return "";
  return std::to_string(last.pos.line) + ":" + std::to_string(last.pos.column) + ": " + last.string_value;
}

Token single(std::string_view source) {
  const std::vector<Token> tokens = tokenize(source);
  REQUIRE(tokens.size() == 2);
  REQUIRE(tokens[1].kind == TokenKind::EndOfFile);
  return tokens[0];
}

}  // namespace

TEST_CASE("galaxy lexer: the include line of every map script") {
  const std::vector<Token> tokens = tokenize("include \"TriggerLibs/NativeLib\"\n");
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0].kind == TokenKind::KwInclude);
  CHECK(tokens[1].kind == TokenKind::StringLiteral);
  CHECK(tokens[1].string_value == "TriggerLibs/NativeLib");
  CHECK(tokens[1].text == "\"TriggerLibs/NativeLib\"");
  CHECK(tokens[2].kind == TokenKind::EndOfFile);
}

TEST_CASE("galaxy lexer: keywords, names and type names") {
  using K = TokenKind;
  CHECK(kinds("include const native static struct typedef if else while do for break continue return true false null") ==
        std::vector<K>{K::KwInclude, K::KwConst, K::KwNative, K::KwStatic, K::KwStruct, K::KwTypedef, K::KwIf,
                       K::KwElse, K::KwWhile, K::KwDo, K::KwFor, K::KwBreak, K::KwContinue, K::KwReturn,
                       K::KwTrue, K::KwFalse, K::KwNull, K::EndOfFile});
  // Type names are names (the parser knows them); so are names that start like keywords.
  const std::vector<Token> tokens = tokenize("unitgroup gv_marines iffy _x9");
  REQUIRE(tokens.size() == 5);
  for (int i = 0; i < 4; ++i) CHECK(tokens[i].kind == K::Identifier);
  CHECK(tokens[0].text == "unitgroup");
  CHECK(tokens[2].text == "iffy");
  CHECK(tokens[3].text == "_x9");
}

TEST_CASE("galaxy lexer: operators take the longest spelling") {
  using K = TokenKind;
  CHECK(kinds("<<= << <= < >>= >> >= > && & || | == = != ! += -= *= /= %= &= |= ^= ^ ~ ++ -- + - * / %") ==
        std::vector<K>{K::ShiftLeftAssign, K::ShiftLeft, K::LessEqual, K::Less, K::ShiftRightAssign, K::ShiftRight,
                       K::GreaterEqual, K::Greater, K::AndAnd, K::Ampersand, K::OrOr, K::Pipe, K::Equal, K::Assign,
                       K::NotEqual, K::Bang, K::PlusAssign, K::MinusAssign, K::StarAssign, K::SlashAssign,
                       K::PercentAssign, K::AmpersandAssign, K::PipeAssign, K::CaretAssign, K::Caret, K::Tilde,
                       K::PlusPlus, K::MinusMinus, K::Plus, K::Minus, K::Star, K::Slash, K::Percent, K::EndOfFile});
  CHECK(kinds("(){}[];,.") == std::vector<K>{K::LeftParen, K::RightParen, K::LeftBrace, K::RightBrace,
                                              K::LeftBracket, K::RightBracket, K::Semicolon, K::Comma, K::Dot,
                                              K::EndOfFile});
  // No spaces needed: "1<<c_x" is three tokens.
  CHECK(kinds("1<<c_x") == std::vector<K>{K::IntLiteral, K::ShiftLeft, K::Identifier, K::EndOfFile});
}

TEST_CASE("galaxy lexer: int literals, decimal and hex") {
  CHECK(single("0").int_value == 0);
  CHECK(single("900").int_value == 900);
  CHECK(single("316113603").int_value == 316113603);
  // 2^31 lexes (the sign is an operator: -2147483648 is a valid int); the checker refuses it alone.
  CHECK(single("2147483648").int_value == 2147483648LL);
  CHECK(single("0x1F").int_value == 31);
  CHECK(single("0XfF").int_value == 255);
  CHECK(single("0xFFFFFFFF").int_value == -1);  // the 32-bit pattern
  CHECK(single("0x80000000").int_value == INT32_MIN);
}

TEST_CASE("galaxy lexer: fixed literals are exact 20.12 fixed point") {
  const Token quarter_loop = single("0.0625");
  CHECK(quarter_loop.kind == TokenKind::FixedLiteral);
  CHECK(quarter_loop.int_value == 256);  // 0.0625 * 4096
  CHECK(single("120.0").int_value == 120 * 4096);
  CHECK(single("99999.0").int_value == 99999 * 4096);
  CHECK(single(".5").int_value == 2048);
  CHECK(single("1.").int_value == 4096);
  CHECK(single("0.000244140625").int_value == 1);  // the smallest step
  CHECK(single("524287.999755859375").int_value == INT32_MAX);
  // Not a multiple of 1/4096: the nearest step (0.1 * 4096 = 409.6 -> 410).
  CHECK(single("0.1").int_value == 410);
  CHECK(single("0.00012207031250").int_value == 1);  // exactly half a step rounds up
  // Digits past the 15th are read and passed over: 16 or more never overflow the rounding.
  CHECK(single("0.9999999999999999").int_value == 4096);
  CHECK(single("0.99999999999999999999999999").int_value == 4096);
  CHECK(single("0.1000000000000000000001").int_value == 410);
  CHECK(single("0.000122070312500000001").int_value == 1);
  CHECK(single("0.000122070312499999999").int_value == 0);
  CHECK(single("524287.9997558593750000000").int_value == INT32_MAX);
  CHECK(fixed_to_string(256) == "0.0625");
  CHECK(fixed_to_string(-6 * 4096 - 2048) == "-6.5");
  CHECK(fixed_to_string(INT32_MAX) == "524287.999755859375");
}

TEST_CASE("galaxy lexer: strings decode their escapes") {
  CHECK(single(R"("Param/Value/39CEF857")").string_value == "Param/Value/39CEF857");
  CHECK(single(R"("")").string_value.empty());
  CHECK(single(R"("a\"b\\c\nd\te\x41\'")").string_value == "a\"b\\c\nd\teA'");
  CHECK(single(R"("\0")").string_value == std::string(1, '\0'));
  CHECK(single(R"("\q")").string_value == "q");  // an unknown escape keeps its character
  CHECK(single("\"caf\xC3\xA9\"").string_value == "caf\xC3\xA9");  // UTF-8 inside strings is text
}

TEST_CASE("galaxy lexer: comments and whitespace are skipped, positions are line and column") {
  const std::vector<Token> tokens = tokenize("// header\r\nint x; // tail\r\n/* block\n   comment */ fixed\ty;\n");
  REQUIRE(tokens.size() == 7);
  CHECK(tokens[0].text == "int");
  CHECK(tokens[0].pos.line == 2);
  CHECK(tokens[0].pos.column == 1);
  CHECK(tokens[1].text == "x");
  CHECK(tokens[1].pos.column == 5);
  CHECK(tokens[3].text == "fixed");
  CHECK(tokens[3].pos.line == 4);
  CHECK(tokens[3].pos.column == 15);
  CHECK(tokens[4].text == "y");
  CHECK(tokens[4].pos.column == 21);  // a tab is one column
  CHECK(tokens[6].kind == TokenKind::EndOfFile);
  CHECK(tokens[6].pos.line == 5);
  CHECK(kinds("// only a comment, no newline") == std::vector<TokenKind>{TokenKind::EndOfFile});
}

TEST_CASE("galaxy lexer: malformed tokens are errors with their position") {
  CHECK(lex_error("x = \"abc") == "1:5: unterminated string: it has no closing '\"' on its line");
  CHECK(lex_error("x = \"abc\ndef\"") == "1:5: unterminated string: it has no closing '\"' on its line");
  CHECK(lex_error("x = \"abc\\") == "1:5: unterminated string: it has no closing '\"' on its line");
  CHECK(lex_error("int a;\n  /* never closed") == "2:3: unterminated comment: '/*' has no '*/'");
  CHECK(lex_error("a @ b") == "1:3: unexpected character '@'");
  CHECK(lex_error("a # b") == "1:3: unexpected character '#'");
  CHECK(lex_error(std::string_view("a \0 b", 5)) == "1:3: unexpected byte 0x00");
  CHECK(lex_error("caf\xC3\xA9") == "1:4: unexpected byte 0xC3");
  CHECK(lex_error("'c'") == "1:1: unexpected character '''");
  CHECK(lex_error("x = 12abc;") == "1:5: malformed number '12abc'");
  CHECK(lex_error("x = 1.2.3;") == "1:5: malformed number '1.2.3'");
  CHECK(lex_error("x = 0x;") == "1:5: malformed number '0x'");
  CHECK(lex_error("x = 0x1G;") == "1:5: malformed number '0x1G'");
  CHECK(lex_error("2147483649") == "1:1: integer '2147483649' is too large for int");
  CHECK(lex_error("0x100000000") == "1:1: integer '0x100000000' does not fit in 32 bits");
  CHECK(lex_error("524288.0") ==
        "1:1: fixed number '524288.0' is out of range (the largest fixed is 524287.999755859375)");
  CHECK(lex_error("\"\\x4\"") == "1:2: '\\x' in a string needs two hex digits");
  CHECK(lex_error("99999999999999999999999999999") ==
        "1:1: integer '99999999999999999999999999999' is too large for int");
}

TEST_CASE("galaxy lexer: after an error every call returns the same error") {
  Lexer lexer("a $ b c", 0);
  CHECK(lexer.next().kind == TokenKind::Identifier);
  const Token first = lexer.next();
  CHECK(first.kind == TokenKind::Error);
  for (int i = 0; i < 3; ++i) {
    const Token again = lexer.next();
    CHECK(again.kind == TokenKind::Error);
    CHECK(again.string_value == first.string_value);
    CHECK(again.pos.column == 3);
  }
}
