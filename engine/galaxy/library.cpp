#include "engine/galaxy/library.h"

#include "engine/galaxy/library_declarations.h"
#include "engine/galaxy/parser.h"

namespace sc2::galaxy {

namespace {

// Library functions whose string parameter names a script function.
struct FunctionNameParameter {
  std::string_view function;
  std::int32_t parameter;
};
constexpr FunctionNameParameter kFunctionNameParameters[] = {{"TriggerCreate", 0}};

std::optional<Type> plain_type(const TypeSyntax& syntax) {
  BaseType base = BaseType::Error;
  if (!syntax.dimensions.empty() || classify_type_name(syntax.name, &base) != TypeNameKind::Supported) {
    return std::nullopt;
  }
  return Type::of(base);
}

// A constant's value: a literal, or a negated int or fixed literal.
std::optional<ConstantValue> declared_value(const Expr* initializer) {
  if (!initializer) return std::nullopt;
  if (initializer->kind == ExprKind::Unary) {
    const auto& unary = initializer->as<UnaryExpr>();
    const std::optional<ConstantValue> operand = literal_value(*unary.operand);
    return operand ? fold_unary(unary.op, *operand) : std::nullopt;
  }
  return literal_value(*initializer);
}

}  // namespace

const Library& Library::builtin() {
  static const Library library;
  return library;
}

Library::Library() {
  const auto parts = library_parts();
  SourceFiles files;
  for (const LibraryPart& part : parts) files.add(std::string(part.file_name));
  Diagnostics diagnostics;
  for (std::uint32_t part = 0; part < parts.size(); ++part) {
    FileSyntax syntax = parse_file(parts[part].source, part, Limits{}, diagnostics);
    for (TopLevelDecl& decl : syntax.declarations) {
      if (auto* function = std::get_if<FunctionDecl>(&decl)) {
        LibraryFunction entry;
        entry.name = function->name;
        entry.part = part;
        const std::optional<Type> result = plain_type(function->return_type);
        bool ok = function->is_native && result.has_value();
        if (result) entry.return_type = *result;
        for (const ParameterDecl& parameter : function->parameters) {
          const std::optional<Type> type = plain_type(parameter.type);
          ok = ok && type && type->base != BaseType::Void;
          entry.parameters.push_back({parameter.name, type.value_or(Type::of(BaseType::Error))});
        }
        if (!ok || function_index_.count(entry.name) != 0) {
          diagnostics.error(function->pos, "bad or repeated library function '" + entry.name + "'");
          continue;
        }
        function_index_.emplace(entry.name, static_cast<std::int32_t>(functions_.size()));
        functions_.push_back(std::move(entry));
      } else if (auto* variable = std::get_if<VariableDecl>(&decl)) {
        const std::optional<Type> type = plain_type(variable->type);
        const std::optional<ConstantValue> value = declared_value(variable->initializer.get());
        if (!variable->is_const || !type || !value || value->type != type->base ||
            constant_index_.count(variable->name) != 0) {
          diagnostics.error(variable->pos, "bad or repeated library constant '" + variable->name + "'");
          continue;
        }
        constant_index_.emplace(variable->name, static_cast<std::int32_t>(constants_.size()));
        constants_.push_back({variable->name, *value, part});
      } else {
        diagnostics.error(std::get<IncludeDecl>(decl).pos, "the library cannot include files");
      }
    }
  }
  for (const FunctionNameParameter& named : kFunctionNameParameters) {
    const std::int32_t index = find_function(named.function);
    if (index >= 0) functions_[static_cast<std::size_t>(index)].function_name_parameter = named.parameter;
  }
  build_errors_ = diagnostics.format(files);
}

std::int32_t Library::find_function(std::string_view name) const {
  const auto it = function_index_.find(name);
  return it == function_index_.end() ? -1 : it->second;
}

const LibraryConstant* Library::find_constant(std::string_view name) const {
  const auto it = constant_index_.find(name);
  return it == constant_index_.end() ? nullptr : &constants_[static_cast<std::size_t>(it->second)];
}

std::string_view Library::part_name(std::uint32_t part) const {
  const auto parts = library_parts();
  return part < parts.size() ? parts[part].file_name : std::string_view("?");
}

bool Library::part_needs_include(std::uint32_t part) const {
  const auto parts = library_parts();
  return part < parts.size() && parts[part].needs_include;
}

std::string Library::signature(const LibraryFunction& function) const {
  std::string text = type_name(function.return_type) + " " + function.name + "(";
  for (std::size_t i = 0; i < function.parameters.size(); ++i) {
    if (i > 0) text += ", ";
    text += type_name(function.parameters[i].type) + " " + function.parameters[i].name;
  }
  return text + ")";
}

}  // namespace sc2::galaxy
