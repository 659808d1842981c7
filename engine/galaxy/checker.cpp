// Checker: the top level (globals, functions, natives, types) and the checks at the end.
#include "engine/galaxy/checker_state.h"

namespace sc2::galaxy {

Checker::Checker(const Library& library, const Limits& limits, Program& program, Diagnostics& diagnostics)
    : library_(library), limits_(limits), program_(program), diagnostics_(diagnostics) {
  library_declared_.assign(library.functions().size(), false);
}

void Checker::run(std::vector<TopLevelDecl>& declarations) {
  prescan(declarations);
  for (TopLevelDecl& decl : declarations) {
    if (diagnostics_.full()) return;
    if (std::holds_alternative<IncludeDecl>(decl)) {
      library_included_ = true;  // only built-in includes are left at this point
    } else if (auto* variable = std::get_if<VariableDecl>(&decl)) {
      declare_global_variable(*variable);
    } else {
      auto& function = std::get<FunctionDecl>(decl);
      if (function.is_native) {
        declare_native(function);
      } else {
        declare_function(function);
      }
    }
  }
  finish();
}

// Every top-level name and where it first appears, so a use above its declaration can be told
// from a name that does not exist.
void Checker::prescan(const std::vector<TopLevelDecl>& declarations) {
  for (const TopLevelDecl& decl : declarations) {
    if (const auto* variable = std::get_if<VariableDecl>(&decl)) {
      declared_anywhere_.emplace(variable->name, variable->pos);
    } else if (const auto* function = std::get_if<FunctionDecl>(&decl)) {
      if (!function->is_native) declared_anywhere_.emplace(function->name, function->pos);
    }
  }
}

std::string Checker::where(SourcePos pos) const { return program_.files.describe(pos); }

bool Checker::claim_global_name(const std::string& name, SourcePos pos) {
  if (const auto it = globals_.find(name); it != globals_.end()) {
    error(pos, "'" + name + "' is already declared at " + where(it->second.pos));
    return false;
  }
  if (const LibraryConstant* constant = library_.find_constant(name)) {
    error(pos, "'" + name + "' is a constant of the built-in library (" +
                   std::string(library_.part_name(constant->part)) + ")");
    return false;
  }
  if (const std::int32_t index = library_.find_function(name); index >= 0) {
    const LibraryFunction& function = library_.functions()[static_cast<std::size_t>(index)];
    if (!library_.part_needs_include(function.part) || library_included_ ||
        library_declared_[static_cast<std::size_t>(index)]) {
      error(pos, "'" + name + "' is a function of the built-in library (" +
                     std::string(library_.part_name(function.part)) + ")");
      return false;
    }
  }
  return true;
}

std::optional<Type> Checker::resolve_type(TypeSyntax& syntax, std::string_view what, bool allow_array) {
  BaseType base = BaseType::Error;
  switch (classify_type_name(syntax.name, &base)) {
    case TypeNameKind::Unknown:
      error(syntax.pos, "unknown type '" + syntax.name + "'");
      return std::nullopt;
    case TypeNameKind::KnownUnsupported:
      error(syntax.pos, "type '" + syntax.name + "' is not supported by sc2lite");
      return std::nullopt;
    case TypeNameKind::Supported:
      break;
  }
  Type type = Type::of(base);
  if (syntax.dimensions.empty()) return type;
  if (!allow_array) {
    error(syntax.pos, std::string(what) + " cannot be an array");
    return std::nullopt;
  }
  if (base == BaseType::Void) {
    error(syntax.pos, "an array cannot be of void");
    return std::nullopt;
  }
  std::int64_t cells = 1;
  for (ExprPtr& dimension : syntax.dimensions) {
    check_value(dimension);
    const std::optional<ConstantValue> size = literal_value(*dimension);
    if (dimension->type.base == BaseType::Error) return std::nullopt;
    if (!size || size->type != BaseType::Int) {
      error(dimension->pos, "an array size must be a constant int");
      return std::nullopt;
    }
    if (size->number < 1) {
      error(dimension->pos, "an array size must be at least 1, got " + std::to_string(size->number));
      return std::nullopt;
    }
    cells *= size->number;
    if (cells > limits_.max_array_cells) {
      error(syntax.pos, std::string(what) + " has more than " + std::to_string(limits_.max_array_cells) +
                            " cells (the limit of one array)");
      return std::nullopt;
    }
    type.dims[type.rank++] = size->number;
  }
  return type;
}

std::optional<ConstantValue> Checker::constant_initializer(VariableDecl& decl, const Type& type) {
  if (!decl.initializer) {
    error(decl.pos, "const '" + decl.name + "' needs a value");
    return std::nullopt;
  }
  if (type.is_array()) {
    error(decl.pos, "const '" + decl.name + "' cannot be an array");
    return std::nullopt;
  }
  check_value(decl.initializer);
  coerce(decl.initializer, type, [&] { return "the value of const '" + decl.name + "'"; });
  if (decl.initializer->type.base == BaseType::Error || type.base == BaseType::Error) return std::nullopt;
  std::optional<ConstantValue> value = literal_value(*decl.initializer);
  if (!value) {
    error(decl.initializer->pos, "the value of const '" + decl.name +
                                     "' must be a constant (literals, constants and operators on them)");
  }
  return value;
}

namespace {

std::int64_t cells_of(const Type& type) {
  std::int64_t cells = 1;
  for (int i = 0; i < type.rank; ++i) cells *= type.dims[i];
  return cells;
}

}  // namespace

void Checker::declare_global_variable(VariableDecl& decl) {
  Type type = resolve_type(decl.type, "variable '" + decl.name + "'", true).value_or(Type::of(BaseType::Error));
  if (type.base == BaseType::Void) {
    error(decl.type.pos, "variable '" + decl.name + "' cannot be void");
    type = Type::of(BaseType::Error);
  }
  if (!claim_global_name(decl.name, decl.pos)) return;
  std::optional<ConstantValue> value;
  if (decl.is_const) {
    value = constant_initializer(decl, type);
  } else if (decl.initializer) {
    if (type.is_array()) {
      error(decl.initializer->pos, "array '" + decl.name + "' cannot have an initial value");
      decl.initializer.reset();
    } else {
      check_value(decl.initializer);
      coerce(decl.initializer, type, [&] { return "the initial value of '" + decl.name + "'"; });
    }
  }
  global_cells_ += cells_of(type);
  if (global_cells_ > limits_.max_global_cells) {
    error(decl.pos, "the global variables need more than " + std::to_string(limits_.max_global_cells) +
                        " cells (with '" + decl.name + "')");
  }
  const auto index = static_cast<std::int32_t>(program_.globals.size());
  program_.globals.push_back({decl.name, type, decl.pos, decl.is_const, std::move(decl.initializer)});
  globals_.emplace(decl.name, GlobalName{GlobalName::Kind::Variable, index, decl.pos, value});
}

void Checker::declare_function(FunctionDecl& decl) {
  const Type return_type = resolve_type(decl.return_type, "the return type of '" + decl.name + "'", false)
                               .value_or(Type::of(BaseType::Error));
  std::vector<LocalSlot> parameters;
  for (ParameterDecl& parameter : decl.parameters) {
    Type type = resolve_type(parameter.type, "parameter '" + parameter.name + "'", false)
                    .value_or(Type::of(BaseType::Error));
    if (type.base == BaseType::Void) {
      error(parameter.type.pos, "parameter '" + parameter.name + "' cannot be void");
      type = Type::of(BaseType::Error);
    }
    parameters.push_back({parameter.name, type, parameter.pos});
  }

  std::int32_t index = -1;
  if (const auto it = globals_.find(decl.name); it != globals_.end() && it->second.kind == GlobalName::Kind::Function) {
    index = it->second.index;
    Function& earlier = program_.functions[static_cast<std::size_t>(index)];
    bool same = earlier.return_type == return_type && earlier.parameter_count == parameters.size();
    for (std::size_t i = 0; same && i < parameters.size(); ++i) same = earlier.slots[i].type == parameters[i].type;
    if (!same) {
      error(decl.pos, "'" + decl.name + "' does not match its declaration at " + where(earlier.pos));
      if (decl.body) definitions_[static_cast<std::size_t>(index)] = decl.pos;  // no second error for it
      return;
    }
    if (decl.body && definitions_[static_cast<std::size_t>(index)]) {
      error(decl.pos, "function '" + decl.name + "' is already defined at " +
                          where(*definitions_[static_cast<std::size_t>(index)]));
      return;
    }
  } else {
    if (!claim_global_name(decl.name, decl.pos)) return;
    index = static_cast<std::int32_t>(program_.functions.size());
    Function function;
    function.name = decl.name;
    function.return_type = return_type;
    function.pos = decl.pos;
    function.parameter_count = static_cast<std::uint32_t>(parameters.size());
    function.slots = parameters;
    program_.functions.push_back(std::move(function));
    definitions_.emplace_back();
    globals_.emplace(decl.name, GlobalName{GlobalName::Kind::Function, index, decl.pos, std::nullopt});
  }
  if (!decl.body) return;
  Function& function = program_.functions[static_cast<std::size_t>(index)];
  function.slots = std::move(parameters);  // the definition's parameter names
  function.body = std::move(decl.body);
  definitions_[static_cast<std::size_t>(index)] = decl.pos;
  check_function_body(index);
}

void Checker::declare_native(const FunctionDecl& decl) {
  const std::int32_t index = library_.find_function(decl.name);
  if (index < 0) {
    error(decl.pos, "native '" + decl.name + "' is not provided by sc2lite");
    return;
  }
  const LibraryFunction& native = library_.functions()[static_cast<std::size_t>(index)];
  BaseType base = BaseType::Error;
  const auto type_of = [&](const TypeSyntax& syntax) {
    return syntax.dimensions.empty() && classify_type_name(syntax.name, &base) == TypeNameKind::Supported
               ? Type::of(base)
               : Type::of(BaseType::Error);
  };
  bool same = type_of(decl.return_type) == native.return_type && decl.parameters.size() == native.parameters.size();
  for (std::size_t i = 0; same && i < decl.parameters.size(); ++i) {
    same = type_of(decl.parameters[i].type) == native.parameters[i].type;
  }
  if (!same) {
    error(decl.pos, "native '" + decl.name + "' does not match sc2lite's declaration: " + library_.signature(native));
    return;
  }
  library_declared_[static_cast<std::size_t>(index)] = true;
}

void Checker::finish() {
  for (std::size_t i = 0; i < program_.functions.size(); ++i) {
    if (!definitions_[i]) {
      error(program_.functions[i].pos, "function '" + program_.functions[i].name + "' is declared but never defined");
    }
  }
  for (const PendingFunctionName& pending : pending_function_names_) {
    const auto it = globals_.find(pending.name);
    if (it == globals_.end() || it->second.kind != GlobalName::Kind::Function) {
      error(pending.pos, "'" + pending.call->callee + "' names '" + pending.name +
                             "', which is not a function of the script");
      continue;
    }
    const Function& function = program_.functions[static_cast<std::size_t>(it->second.index)];
    const bool trigger_shape = function.return_type == Type::of(BaseType::Bool) && function.parameter_count == 2 &&
                               function.slots[0].type == Type::of(BaseType::Bool) &&
                               function.slots[1].type == Type::of(BaseType::Bool);
    if (!trigger_shape) {
      error(pending.pos, "trigger function '" + pending.name + "' must be declared 'bool " + pending.name +
                             "(bool testConds, bool runActions)'");
      continue;
    }
    pending.call->named_function = it->second.index;
  }
}

bool check(std::vector<TopLevelDecl>& declarations, const Library& library, const Limits& limits,
           Program& program, Diagnostics& diagnostics) {
  const std::size_t errors_before = diagnostics.count();
  Checker checker(library, limits, program, diagnostics);
  checker.run(declarations);
  return diagnostics.count() == errors_before;
}

}  // namespace sc2::galaxy
