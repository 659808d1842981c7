// Observation layer lookups by PySC2 name; raw units by tag.
#include <algorithm>

#include "client/pysc2/observation.h"

namespace sc2::pysc2 {
namespace {

const Layer* find_layer(const std::vector<Layer>& layers, std::string_view name) {
  auto it = std::find_if(layers.begin(), layers.end(), [&](const Layer& layer) { return layer.name == name; });
  return it == layers.end() ? nullptr : &*it;
}

}  // namespace

const Layer* Observation::screen(std::string_view name) const { return find_layer(feature_screen, name); }
const Layer* Observation::minimap(std::string_view name) const { return find_layer(feature_minimap, name); }

const RawUnit* RawView::find(std::uint64_t tag) const {
  auto it = std::find_if(units.begin(), units.end(), [&](const RawUnit& unit) { return unit.tag == tag; });
  return it == units.end() ? nullptr : &*it;
}

std::vector<int> Observation::last_action_ids() const {
  std::vector<int> ids;
  ids.reserve(last_actions.size());
  for (const FunctionCall& call : last_actions) ids.push_back(call.function);
  return ids;
}

}  // namespace sc2::pysc2
