// to_string(FunctionCall) in PySC2's notation, e.g. Attack_screen("now", [23, 38]).
#include <sstream>

#include "client/pysc2/actions.h"
#include "client/pysc2/function_call.h"

namespace sc2::pysc2 {
namespace {

void write_list(std::ostream& out, const std::vector<int>& values) {
  out << '[';
  for (std::size_t i = 0; i < values.size(); ++i) out << (i ? ", " : "") << values[i];
  out << ']';
}

// One argument as PySC2 prints it; anything malformed is shown as its raw list.
void write_argument(std::ostream& out, const ArgumentType* type, const std::vector<int>& values) {
  if (type && !type->is_point && values.size() == 1) {
    const int value = values[0];
    if (type->kind == ArgumentKind::enumeration && value >= 0 && value < static_cast<int>(type->values.size())) {
      out << '"' << type->values[static_cast<std::size_t>(value)] << '"';
    } else {
      out << value;
    }
    return;
  }
  write_list(out, values);
}

}  // namespace

std::string to_string(const FunctionCall& call) {
  std::ostringstream out;
  const FunctionSpec* function = find_function(call.function);
  if (function) {
    out << function->name;
  } else {
    out << "fn#" << call.function;
  }
  out << '(';
  for (std::size_t i = 0; i < call.arguments.size(); ++i) {
    const ArgumentType* type =
        function && i < function->args.size() ? &argument_type(function->args[i]) : nullptr;
    if (i) out << ", ";
    write_argument(out, type, call.arguments[i]);
  }
  out << ')';
  return out.str();
}

}  // namespace sc2::pysc2
