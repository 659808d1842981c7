// ResponseObservation -> Observation (pysc2-features.md §5).
#include "client/pysc2/features.h"

#include "client/pysc2/actions.h"

namespace sc2::pysc2 {
namespace {

std::vector<Layer> decode_all(const std::vector<LayerSpec>& specs,
                              const SC2APIProtocol::ObservationFeatureLayer& layers, int width, int height) {
  std::vector<Layer> decoded;
  decoded.reserve(specs.size());
  for (const LayerSpec& spec : specs) decoded.push_back(decode_image(spec.image(layers), spec, width, height));
  return decoded;
}

// PySC2's order, which is not the proto's (food_used comes before food_cap).
std::array<std::int64_t, 11> player_vector(const SC2APIProtocol::PlayerCommon& p) {
  return {p.player_id(),    p.minerals(),          p.vespene(),    p.food_used(),
          p.food_cap(),     p.food_army(),         p.food_workers(), p.idle_worker_count(),
          p.army_count(),   p.warp_gate_count(),   p.larva_count()};
}

}  // namespace

Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec) {
  const SC2APIProtocol::Observation& observation = response.observation();
  Observation result;
  const auto& layers = observation.feature_layer_data();
  result.feature_screen = decode_all(screen_layers(), layers, spec.screen_width, spec.screen_height);
  result.feature_minimap = decode_all(minimap_layers(), layers, spec.minimap_width, spec.minimap_height);
  result.player = player_vector(observation.player_common());
  result.game_loop = observation.game_loop();
  result.score = observation.score().score();
  result.available_actions = available_actions(observation, spec.hide_specific_actions);
  for (const auto& action : response.actions()) {
    result.last_actions.push_back(from_proto(action, spec.hide_specific_actions));
  }
  for (const auto& error : response.action_errors()) result.action_result.push_back(error.result());
  result.proto = response;
  return result;
}

}  // namespace sc2::pysc2
