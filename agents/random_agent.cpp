#include "agents/random_agent.h"

#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

namespace sc2::agents {
int RandomAgent::uniform(int size) {
  if (size <= 0) return 0;
  return std::uniform_int_distribution<int>(0, size - 1)(random_);
}

pysc2::FunctionCall RandomAgent::step(const pysc2::TimeStep& time_step) {
  const auto& available = time_step.observation.available_actions;
  if (available.empty()) return {};  // nothing offered: no_op is always safe
  const int function = available[static_cast<std::size_t>(uniform(static_cast<int>(available.size())))];
  const pysc2::FunctionSpec* spec = pysc2::find_function(function);
  if (spec == nullptr) {
    throw std::invalid_argument("random agent: the game offered function id " + std::to_string(function) +
                                ", which is not in the PySC2 actions table");
  }
  pysc2::FunctionCall call{function, {}};
  for (const int argument : spec->args) {
    const auto& type = pysc2::argument_type(argument);
    if (type.is_point) {
      const int size = argument == pysc2::arg::minimap ? spec_.feature_minimap_size : spec_.feature_screen_size;
      const int x = uniform(size);
      const int y = uniform(size);
      call.arguments.push_back({x, y});
    } else {
      call.arguments.push_back({uniform(type.size)});
    }
  }
  return call;
}

}  // namespace sc2::agents
