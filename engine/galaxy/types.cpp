#include "engine/galaxy/types.h"

namespace sc2::galaxy {

namespace {

struct NamedType {
  std::string_view name;
  BaseType base;
};
constexpr std::array kSupportedTypes = {
    NamedType{"void", BaseType::Void},           NamedType{"bool", BaseType::Bool},
    NamedType{"int", BaseType::Int},             NamedType{"fixed", BaseType::Fixed},
    NamedType{"string", BaseType::String},       NamedType{"text", BaseType::Text},
    NamedType{"point", BaseType::Point},         NamedType{"region", BaseType::Region},
    NamedType{"unit", BaseType::Unit},           NamedType{"unitgroup", BaseType::UnitGroup},
    NamedType{"unitfilter", BaseType::UnitFilter}, NamedType{"unitref", BaseType::UnitRef},
    NamedType{"order", BaseType::Order},         NamedType{"abilcmd", BaseType::AbilCmd},
    NamedType{"timer", BaseType::Timer},         NamedType{"trigger", BaseType::Trigger},
    NamedType{"playergroup", BaseType::PlayerGroup}, NamedType{"camerainfo", BaseType::CameraInfo},
};

// Galaxy's other built-in types (the natives' declarations use them; the reference maps do not).
constexpr std::array<std::string_view, 26> kUnsupportedTypes = {
    "actor",      "actorscope", "aifilter",      "animfilter", "bank",          "bitmask",
    "byte",       "char",       "color",         "datetime",   "doodad",        "effecthistory",
    "generichandle", "handle",  "marker",        "revealer",   "sound",         "soundlink",
    "transmissionsource", "wave", "waveinfo",    "wavetarget", "arrayref",      "structref",
    "funcref",    "userinstance",
};

}  // namespace

std::string_view type_name(BaseType base) {
  switch (base) {
    case BaseType::Error: return "<error>";
    case BaseType::Null: return "null";
    default: break;
  }
  for (const NamedType& t : kSupportedTypes) {
    if (t.base == base) return t.name;
  }
  return "?";
}

std::string type_name(const Type& type) {
  std::string text(type_name(type.base));
  for (int i = 0; i < type.rank; ++i) text += "[" + std::to_string(type.dims[i]) + "]";
  return text;
}

TypeNameKind classify_type_name(std::string_view name, BaseType* base) {
  for (const NamedType& t : kSupportedTypes) {
    if (t.name == name) {
      if (base) *base = t.base;
      return TypeNameKind::Supported;
    }
  }
  for (const std::string_view unsupported : kUnsupportedTypes) {
    if (unsupported == name) return TypeNameKind::KnownUnsupported;
  }
  return TypeNameKind::Unknown;
}

bool is_type_name(std::string_view name) {
  return classify_type_name(name, nullptr) != TypeNameKind::Unknown;
}

bool is_nullable(BaseType base) {
  switch (base) {
    case BaseType::Void:
    case BaseType::Bool:
    case BaseType::Int:
    case BaseType::Fixed:
      return false;
    default:
      return true;
  }
}

bool is_numeric(BaseType base) { return base == BaseType::Int || base == BaseType::Fixed; }

Conversion conversion(const Type& from, const Type& to) {
  if (from.base == BaseType::Error || to.base == BaseType::Error) return Conversion::None;
  if (from.is_array() || to.is_array()) return Conversion::Impossible;
  if (from.base == to.base) return to.base == BaseType::Void ? Conversion::Impossible : Conversion::None;
  if (from.base == BaseType::Int && to.base == BaseType::Fixed) return Conversion::IntToFixed;
  if (from.base == BaseType::Null && is_nullable(to.base)) return Conversion::None;
  return Conversion::Impossible;
}

std::optional<BaseType> numeric_common_type(BaseType a, BaseType b) {
  if (a == BaseType::Error || b == BaseType::Error) return BaseType::Error;
  if (!is_numeric(a) || !is_numeric(b)) return std::nullopt;
  return a == BaseType::Int && b == BaseType::Int ? BaseType::Int : BaseType::Fixed;
}

std::optional<BaseType> equality_type(BaseType a, BaseType b) {
  if (a == BaseType::Error || b == BaseType::Error) return BaseType::Error;
  if (a == BaseType::Void || b == BaseType::Void) return std::nullopt;
  if (a == b) return a;  // includes null == null
  if (is_numeric(a) && is_numeric(b)) return BaseType::Fixed;
  if (a == BaseType::Null && is_nullable(b)) return b;
  if (b == BaseType::Null && is_nullable(a)) return a;
  return std::nullopt;
}

}  // namespace sc2::galaxy
