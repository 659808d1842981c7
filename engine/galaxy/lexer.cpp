#include "engine/galaxy/lexer.h"

#include <array>
#include <cstdio>
#include <utility>

#include "engine/galaxy/arithmetic.h"

namespace sc2::galaxy {

namespace {

bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
int hex_value(unsigned char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return c - 'A' + 10;
}
bool is_name_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_name_part(unsigned char c) { return is_name_start(c) || is_digit(c); }
bool is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

struct Keyword {
  std::string_view word;
  TokenKind kind;
};
constexpr std::array kKeywords = {
    Keyword{"include", TokenKind::KwInclude},   Keyword{"const", TokenKind::KwConst},
    Keyword{"native", TokenKind::KwNative},     Keyword{"static", TokenKind::KwStatic},
    Keyword{"struct", TokenKind::KwStruct},     Keyword{"typedef", TokenKind::KwTypedef},
    Keyword{"if", TokenKind::KwIf},             Keyword{"else", TokenKind::KwElse},
    Keyword{"while", TokenKind::KwWhile},       Keyword{"do", TokenKind::KwDo},
    Keyword{"for", TokenKind::KwFor},           Keyword{"break", TokenKind::KwBreak},
    Keyword{"continue", TokenKind::KwContinue}, Keyword{"return", TokenKind::KwReturn},
    Keyword{"true", TokenKind::KwTrue},         Keyword{"false", TokenKind::KwFalse},
    Keyword{"null", TokenKind::KwNull},
};

// Operators, longest first so "<<=" wins over "<<" and "<".
struct OperatorSpelling {
  std::string_view text;
  TokenKind kind;
};
constexpr std::array kOperators = {
    OperatorSpelling{"<<=", TokenKind::ShiftLeftAssign}, OperatorSpelling{">>=", TokenKind::ShiftRightAssign},
    OperatorSpelling{"<<", TokenKind::ShiftLeft},        OperatorSpelling{">>", TokenKind::ShiftRight},
    OperatorSpelling{"&&", TokenKind::AndAnd},           OperatorSpelling{"||", TokenKind::OrOr},
    OperatorSpelling{"==", TokenKind::Equal},            OperatorSpelling{"!=", TokenKind::NotEqual},
    OperatorSpelling{"<=", TokenKind::LessEqual},        OperatorSpelling{">=", TokenKind::GreaterEqual},
    OperatorSpelling{"+=", TokenKind::PlusAssign},       OperatorSpelling{"-=", TokenKind::MinusAssign},
    OperatorSpelling{"*=", TokenKind::StarAssign},       OperatorSpelling{"/=", TokenKind::SlashAssign},
    OperatorSpelling{"%=", TokenKind::PercentAssign},    OperatorSpelling{"&=", TokenKind::AmpersandAssign},
    OperatorSpelling{"|=", TokenKind::PipeAssign},       OperatorSpelling{"^=", TokenKind::CaretAssign},
    OperatorSpelling{"++", TokenKind::PlusPlus},         OperatorSpelling{"--", TokenKind::MinusMinus},
    OperatorSpelling{"(", TokenKind::LeftParen},         OperatorSpelling{")", TokenKind::RightParen},
    OperatorSpelling{"{", TokenKind::LeftBrace},         OperatorSpelling{"}", TokenKind::RightBrace},
    OperatorSpelling{"[", TokenKind::LeftBracket},       OperatorSpelling{"]", TokenKind::RightBracket},
    OperatorSpelling{";", TokenKind::Semicolon},         OperatorSpelling{",", TokenKind::Comma},
    OperatorSpelling{".", TokenKind::Dot},               OperatorSpelling{"+", TokenKind::Plus},
    OperatorSpelling{"-", TokenKind::Minus},             OperatorSpelling{"*", TokenKind::Star},
    OperatorSpelling{"/", TokenKind::Slash},             OperatorSpelling{"%", TokenKind::Percent},
    OperatorSpelling{"&", TokenKind::Ampersand},         OperatorSpelling{"|", TokenKind::Pipe},
    OperatorSpelling{"^", TokenKind::Caret},             OperatorSpelling{"~", TokenKind::Tilde},
    OperatorSpelling{"!", TokenKind::Bang},              OperatorSpelling{"<", TokenKind::Less},
    OperatorSpelling{">", TokenKind::Greater},           OperatorSpelling{"=", TokenKind::Assign},
};

std::string quoted_prefix(std::string_view text) {
  const std::string_view shown = text.substr(0, 40);
  return "'" + std::string(shown) + (text.size() > 40 ? "...'" : "'");
}

}  // namespace

Lexer::Lexer(std::string_view source, std::uint32_t file) : source_(source) {
  pos_ = {file, 1, 1};
  // A UTF-8 byte order mark (some editors write one) is not part of the script.
  if (source_.substr(0, 3) == "\xEF\xBB\xBF") offset_ = 3;
}

unsigned char Lexer::peek(std::size_t ahead) const {
  const std::size_t at = offset_ + ahead;
  return at < source_.size() ? static_cast<unsigned char>(source_[at]) : 0;
}

void Lexer::advance() {
  if (at_end()) return;
  if (source_[offset_] == '\n') {
    ++pos_.line;
    pos_.column = 1;
  } else {
    ++pos_.column;
  }
  ++offset_;
}

Token Lexer::make(TokenKind kind, SourcePos start, std::size_t start_offset) const {
  Token token;
  token.kind = kind;
  token.pos = start;
  token.text = source_.substr(start_offset, offset_ - start_offset);
  return token;
}

Token Lexer::error(SourcePos pos, std::string message) {
  failure_ = Token{};
  failure_.kind = TokenKind::Error;
  failure_.pos = pos;
  failure_.string_value = std::move(message);
  failed_ = true;
  return failure_;
}

// False (and `error` set) on an unterminated block comment.
bool Lexer::skip_space_and_comments(Token& error_token) {
  while (!at_end()) {
    const unsigned char c = peek();
    if (is_space(c)) {
      advance();
    } else if (c == '/' && peek(1) == '/') {
      while (!at_end() && peek() != '\n') advance();
    } else if (c == '/' && peek(1) == '*') {
      const SourcePos start = pos_;
      advance();
      advance();
      while (!at_end() && !(peek() == '*' && peek(1) == '/')) advance();
      if (at_end()) {
        error_token = error(start, "unterminated comment: '/*' has no '*/'");
        return false;
      }
      advance();
      advance();
    } else {
      break;
    }
  }
  return true;
}

Token Lexer::next() {
  if (failed_) return failure_;
  Token comment_error;
  if (!skip_space_and_comments(comment_error)) return comment_error;
  const SourcePos start = pos_;
  const std::size_t start_offset = offset_;
  if (at_end()) return make(TokenKind::EndOfFile, start, start_offset);
  const unsigned char c = peek();
  if (is_digit(c) || (c == '.' && is_digit(peek(1)))) return lex_number(start, start_offset);
  if (c == '"') return lex_string(start, start_offset);
  if (is_name_start(c)) return lex_identifier_or_keyword(start, start_offset);
  return lex_operator(start, start_offset);
}

Token Lexer::lex_number(SourcePos start, std::size_t start_offset) {
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
    advance();
    advance();
    std::uint64_t value = 0;
    std::size_t digits = 0;
    while (is_hex_digit(peek())) {
      value = value * 16 + static_cast<std::uint64_t>(hex_value(peek()));
      if (value > 0xFFFFFFFFull) value = 0x100000000ull;  // saturate: reported below
      ++digits;
      advance();
    }
    while (is_name_part(peek())) advance();
    const std::string_view text = source_.substr(start_offset, offset_ - start_offset);
    if (digits == 0 || digits + 2 != text.size()) return error(start, "malformed number " + quoted_prefix(text));
    if (value > 0xFFFFFFFFull) return error(start, "integer " + quoted_prefix(text) + " does not fit in 32 bits");
    Token token = make(TokenKind::IntLiteral, start, start_offset);
    token.int_value = static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
    return token;
  }
  bool is_fixed = false;
  while (is_digit(peek())) advance();
  if (peek() == '.') {
    is_fixed = true;
    advance();
    while (is_digit(peek())) advance();
  }
  const std::size_t number_end = offset_;
  while (is_name_part(peek()) || peek() == '.') advance();  // "12abc" or "1.2.3" is one bad token
  const std::string_view text = source_.substr(start_offset, offset_ - start_offset);
  if (offset_ != number_end) return error(start, "malformed number " + quoted_prefix(text));
  if (is_fixed) {
    const auto raw = fixed_from_decimal(text);
    if (!raw) {
      return error(start, "fixed number " + quoted_prefix(text) +
                              " is out of range (the largest fixed is 524287.999755859375)");
    }
    Token token = make(TokenKind::FixedLiteral, start, start_offset);
    token.int_value = *raw;
    return token;
  }
  std::int64_t value = 0;
  for (const char digit : text) {
    value = value * 10 + (digit - '0');
    if (value > (std::int64_t{1} << 31)) {
      return error(start, "integer " + quoted_prefix(text) + " is too large for int");
    }
  }
  Token token = make(TokenKind::IntLiteral, start, start_offset);
  token.int_value = value;
  return token;
}

Token Lexer::lex_string(SourcePos start, std::size_t start_offset) {
  advance();  // the opening quote
  std::string value;
  while (true) {
    if (at_end() || peek() == '\n') {
      return error(start, "unterminated string: it has no closing '\"' on its line");
    }
    const unsigned char c = peek();
    if (c == '"') {
      advance();
      break;
    }
    if (c != '\\') {
      value += static_cast<char>(c);
      advance();
      continue;
    }
    const SourcePos escape_pos = pos_;
    advance();
    if (at_end() || peek() == '\n') continue;  // reported as unterminated above
    const unsigned char e = peek();
    advance();
    switch (e) {
      case 'n': value += '\n'; break;
      case 't': value += '\t'; break;
      case 'r': value += '\r'; break;
      case '0': value += '\0'; break;
      case 'b': value += '\b'; break;
      case 'f': value += '\f'; break;
      case 'v': value += '\v'; break;
      case 'x': {
        if (!is_hex_digit(peek()) || !is_hex_digit(peek(1))) {
          return error(escape_pos, "'\\x' in a string needs two hex digits");
        }
        value += static_cast<char>(hex_value(peek()) * 16 + hex_value(peek(1)));
        advance();
        advance();
        break;
      }
      default: value += static_cast<char>(e); break;  // \" \\ \' and any other: the character
    }
  }
  Token token = make(TokenKind::StringLiteral, start, start_offset);
  token.string_value = std::move(value);
  return token;
}

Token Lexer::lex_identifier_or_keyword(SourcePos start, std::size_t start_offset) {
  while (is_name_part(peek())) advance();
  Token token = make(TokenKind::Identifier, start, start_offset);
  for (const Keyword& keyword : kKeywords) {
    if (keyword.word == token.text) {
      token.kind = keyword.kind;
      break;
    }
  }
  return token;
}

Token Lexer::lex_operator(SourcePos start, std::size_t start_offset) {
  const std::string_view rest = source_.substr(offset_, 3);
  for (const OperatorSpelling& op : kOperators) {
    if (rest.substr(0, op.text.size()) == op.text) {
      for (std::size_t i = 0; i < op.text.size(); ++i) advance();
      return make(op.kind, start, start_offset);
    }
  }
  const unsigned char c = peek();
  if (c >= 0x21 && c < 0x7F) {
    return error(start, std::string("unexpected character '") + static_cast<char>(c) + "'");
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", c);
  return error(start, std::string("unexpected byte ") + hex);
}

std::vector<Token> tokenize(std::string_view source, std::uint32_t file) {
  Lexer lexer(source, file);
  std::vector<Token> tokens;
  while (true) {
    tokens.push_back(lexer.next());
    const TokenKind kind = tokens.back().kind;
    if (kind == TokenKind::EndOfFile || kind == TokenKind::Error) return tokens;
  }
}

}  // namespace sc2::galaxy
