#include "engine/galaxy/token.h"

namespace sc2::galaxy {

std::string_view spelling(TokenKind kind) {
  switch (kind) {
    case TokenKind::EndOfFile: return "end of file";
    case TokenKind::Error: return "error";
    case TokenKind::Identifier: return "name";
    case TokenKind::IntLiteral: return "integer";
    case TokenKind::FixedLiteral: return "fixed number";
    case TokenKind::StringLiteral: return "string";
    case TokenKind::KwInclude: return "include";
    case TokenKind::KwConst: return "const";
    case TokenKind::KwNative: return "native";
    case TokenKind::KwStatic: return "static";
    case TokenKind::KwStruct: return "struct";
    case TokenKind::KwTypedef: return "typedef";
    case TokenKind::KwIf: return "if";
    case TokenKind::KwElse: return "else";
    case TokenKind::KwWhile: return "while";
    case TokenKind::KwDo: return "do";
    case TokenKind::KwFor: return "for";
    case TokenKind::KwBreak: return "break";
    case TokenKind::KwContinue: return "continue";
    case TokenKind::KwReturn: return "return";
    case TokenKind::KwTrue: return "true";
    case TokenKind::KwFalse: return "false";
    case TokenKind::KwNull: return "null";
    case TokenKind::LeftParen: return "(";
    case TokenKind::RightParen: return ")";
    case TokenKind::LeftBrace: return "{";
    case TokenKind::RightBrace: return "}";
    case TokenKind::LeftBracket: return "[";
    case TokenKind::RightBracket: return "]";
    case TokenKind::Semicolon: return ";";
    case TokenKind::Comma: return ",";
    case TokenKind::Dot: return ".";
    case TokenKind::Plus: return "+";
    case TokenKind::Minus: return "-";
    case TokenKind::Star: return "*";
    case TokenKind::Slash: return "/";
    case TokenKind::Percent: return "%";
    case TokenKind::ShiftLeft: return "<<";
    case TokenKind::ShiftRight: return ">>";
    case TokenKind::Ampersand: return "&";
    case TokenKind::Pipe: return "|";
    case TokenKind::Caret: return "^";
    case TokenKind::Tilde: return "~";
    case TokenKind::Bang: return "!";
    case TokenKind::AndAnd: return "&&";
    case TokenKind::OrOr: return "||";
    case TokenKind::Equal: return "==";
    case TokenKind::NotEqual: return "!=";
    case TokenKind::Less: return "<";
    case TokenKind::LessEqual: return "<=";
    case TokenKind::Greater: return ">";
    case TokenKind::GreaterEqual: return ">=";
    case TokenKind::Assign: return "=";
    case TokenKind::PlusAssign: return "+=";
    case TokenKind::MinusAssign: return "-=";
    case TokenKind::StarAssign: return "*=";
    case TokenKind::SlashAssign: return "/=";
    case TokenKind::PercentAssign: return "%=";
    case TokenKind::ShiftLeftAssign: return "<<=";
    case TokenKind::ShiftRightAssign: return ">>=";
    case TokenKind::AmpersandAssign: return "&=";
    case TokenKind::PipeAssign: return "|=";
    case TokenKind::CaretAssign: return "^=";
    case TokenKind::PlusPlus: return "++";
    case TokenKind::MinusMinus: return "--";
  }
  return "?";
}

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::EndOfFile: return "end of file";
    case TokenKind::Error: return token.string_value;
    case TokenKind::Identifier:
    case TokenKind::IntLiteral:
    case TokenKind::FixedLiteral: {
      // Long names or numbers are cut so a message stays one readable line.
      const std::string_view shown = token.text.substr(0, 40);
      return "'" + std::string(shown) + (token.text.size() > 40 ? "...'" : "'");
    }
    case TokenKind::StringLiteral: return "a string";
    default: return "'" + std::string(spelling(token.kind)) + "'";
  }
}

}  // namespace sc2::galaxy
