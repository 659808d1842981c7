#include "agents/function_ids.h"

#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

namespace sc2::agents {

int function_id(std::string_view name) {
  const auto* spec = pysc2::find_function(name);
  if (spec == nullptr) throw std::logic_error("the PySC2 actions table has no function '" + std::string(name) + "'");
  return spec->id;
}

}  // namespace sc2::agents
