#pragma once
// Galaxy's types as sc2lite supports them (spec sc2-map-files.md §2.2), and the rules that say
// which value may go where: int -> fixed promotion, `null` for handle types, equality.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sc2::galaxy {

enum class BaseType : std::uint8_t {
  Error,  // an expression that already failed to check; accepted everywhere to avoid cascades
  Null,   // the type of the literal `null`
  Void,
  Bool,
  Int,
  Fixed,
  String,
  Text,
  Point,
  Region,
  Unit,
  UnitGroup,
  UnitFilter,
  UnitRef,
  Order,
  AbilCmd,
  Timer,
  Trigger,
  PlayerGroup,
  CameraInfo,
};

inline constexpr int kMaxArrayRank = 4;

// A base type, or an array of it: `point[9][9]` is {Point, rank 2, dims {9, 9}}. Indexing
// drops the first dimension.
struct Type {
  BaseType base = BaseType::Void;
  std::uint8_t rank = 0;
  std::array<std::int32_t, kMaxArrayRank> dims{};

  bool is_array() const { return rank > 0; }
  bool operator==(const Type&) const = default;
  static Type of(BaseType base) { return Type{base, 0, {}}; }
};

// The name a script writes for a type: "int", "unitgroup", ...
std::string_view type_name(BaseType base);
// "point[9][9]"
std::string type_name(const Type& type);

enum class TypeNameKind { Supported, KnownUnsupported, Unknown };
// What a name written in type position is: one of ours, a real Galaxy type sc2lite does not
// run (sound, actor, bank, ...), or no type at all.
TypeNameKind classify_type_name(std::string_view name, BaseType* base);
// True for every Galaxy type name, supported or not: the parser uses it to tell a
// declaration (`unit u;`) from an expression statement.
bool is_type_name(std::string_view name);

// Types whose values are references and may be `null` (every one but void, bool, int, fixed).
bool is_nullable(BaseType base);
bool is_numeric(BaseType base);  // int or fixed

enum class Conversion { None, IntToFixed, Impossible };
// What it takes for a value of `from` to be stored where `to` is expected (assignment,
// argument, return, initializer). Arrays never convert.
Conversion conversion(const Type& from, const Type& to);

// The common type of the operands of + - * / < <= > >= and == != once int is promoted:
// nullopt when the two cannot meet.
std::optional<BaseType> numeric_common_type(BaseType a, BaseType b);
// The type both sides of == / != are compared as; nullopt when they cannot be compared.
std::optional<BaseType> equality_type(BaseType a, BaseType b);

}  // namespace sc2::galaxy
