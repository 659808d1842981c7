// ResponseObservation (+ ResponseGameInfo) -> Observation (pysc2-features.md §5).
#include "client/pysc2/features.h"

#include <atomic>
#include <memory>
#include <stdexcept>
#include <utility>

#include "client/pysc2/actions.h"
#include "client/pysc2/observation_keys.h"

namespace sc2::pysc2 {
namespace {

std::atomic<std::uint64_t> observation_count{0};

bool same_image(const SC2APIProtocol::ImageData& a, const SC2APIProtocol::ImageData& b) {
  return a.size().x() == b.size().x() && a.size().y() == b.size().y() && a.bits_per_pixel() == b.bits_per_pixel() &&
         a.data() == b.data();
}

// Every layer of `specs`. With `recycled` (layers decoded from `recycled_from` with the same
// specs), their arrays are reused, and a layer whose image equals the one it was decoded from
// is kept as it is.
std::vector<Layer> decode_all(const std::vector<LayerSpec>& specs, const SC2APIProtocol::ObservationFeatureLayer& layers,
                              int width, int height, std::vector<Layer>&& recycled,
                              const SC2APIProtocol::ObservationFeatureLayer* recycled_from) {
  std::vector<Layer> decoded = std::move(recycled);
  const bool comparable = recycled_from != nullptr && decoded.size() == specs.size();
  decoded.resize(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const LayerSpec& spec = specs[i];
    const SC2APIProtocol::ImageData& image = spec.image(layers);
    Layer& layer = decoded[i];
    if (comparable && layer.name == spec.name && layer.width == width && layer.height == height &&
        same_image(image, spec.image(*recycled_from))) {
      continue;  // the values are those of this very image
    }
    decode_image_into(image, spec, width, height, layer);
  }
  return decoded;
}

// PySC2's order, which is not the proto's (food_used comes before food_cap).
std::array<std::int64_t, 11> player_vector(const SC2APIProtocol::PlayerCommon& p) {
  return {p.player_id(),    p.minerals(),          p.vespene(),    p.food_used(),
          p.food_cap(),     p.food_army(),         p.food_workers(), p.idle_worker_count(),
          p.army_count(),   p.warp_gate_count(),   p.larva_count()};
}

void fill_races(const GameView& game, std::uint32_t own_id, Observation& result) {
  for (const PlayerSetup& player : game.players) {
    if (player.player_id == own_id) {
      result.home_race_requested = static_cast<int>(player.race_requested);
    } else if (player.type != PlayerType::observer && result.away_race_requested == 0) {
      result.away_race_requested = static_cast<int>(player.race_requested);
    }
  }
}

// Keys read from raw_data (the raw interface must be on; see observation.h).
void fill_raw_keys(const SC2APIProtocol::ObservationRaw& raw, const ObservationSpec& spec, const GameView& game,
                   Observation& result) {
  const double camera_width = game.camera_width > 0.0f ? game.camera_width : spec.camera_width;
  const auto& camera = raw.player().camera();
  const PixelMapping screen =
      PixelMapping::screen(camera.x(), camera.y(), camera_width, spec.screen_width, spec.screen_height);
  const PixelMapping minimap = PixelMapping::minimap(game, spec.minimap_width, spec.minimap_height);

  result.feature_units = unit_table(raw.units(), screen, {true, false, spec.add_cargo_to_units});
  result.feature_minimap_units = unit_table(raw.units(), minimap, {false, false, false});
  result.feature_effects = effect_table(raw.effects(), screen);
  const PixelMapping raw_pixels = PixelMapping::raw(game);
  result.radar = radar_table(raw.radar(), raw_pixels);
  result.raw_units = unit_table(raw.units(), raw_pixels, {false, true, spec.add_cargo_to_units});
  result.raw_effects = effect_table(raw.effects(), raw_pixels, false);
  result.unit_counts = unit_count_table(raw.units());
  result.upgrades.assign(raw.player().upgrade_ids().begin(), raw.player().upgrade_ids().end());
  result.raw_view = raw_view(raw);
}

// camera_position / camera_size (raw-resolution pixels). Like PySC2 they only need the map
// size: without raw data the camera is world (0,0).
void fill_camera_keys(const SC2APIProtocol::Observation& observation, const ObservationSpec& spec,
                      const GameView& game, Observation& result) {
  const PixelMapping raw_pixels = PixelMapping::raw(game);
  if (!raw_pixels.valid()) return;
  const auto& camera = observation.raw_data().player().camera();
  result.camera_position = raw_pixels.pixel(camera.x(), camera.y());
  result.camera_size = raw_pixels.extent(game.camera_width > 0.0f ? game.camera_width : spec.camera_width);
}

// Every key but `proto`, which the callers share in. The one full decode of an observation.
Observation decode_keys(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec,
                        std::shared_ptr<const GameView> game_view, Observation* recycled = nullptr) {
  observation_count.fetch_add(1, std::memory_order_relaxed);
  static const GameView kNoGame;  // without game info: no map size, no players, no camera width
  const GameView& game = game_view ? *game_view : kNoGame;
  const SC2APIProtocol::Observation& observation = response.observation();
  Observation result;
  const auto& layers = observation.feature_layer_data();
  std::vector<Layer> recycled_screen, recycled_minimap;
  const SC2APIProtocol::ObservationFeatureLayer* recycled_from = nullptr;
  if (recycled != nullptr) {
    recycled_screen = std::move(recycled->feature_screen);
    recycled_minimap = std::move(recycled->feature_minimap);
    if (recycled->shared_proto) recycled_from = &recycled->shared_proto->observation().feature_layer_data();
  }
  result.feature_screen = decode_all(screen_layers(), layers, spec.screen_width, spec.screen_height,
                                     std::move(recycled_screen), recycled_from);
  result.feature_minimap = decode_all(minimap_layers(), layers, spec.minimap_width, spec.minimap_height,
                                      std::move(recycled_minimap), recycled_from);
  result.player = player_vector(observation.player_common());
  result.game_loop = observation.game_loop();
  result.score = observation.score().score();
  result.score_cumulative = score_cumulative(observation.score());
  result.score_by_category = score_by_category(observation.score());
  result.score_by_vital = score_by_vital(observation.score());
  result.available_actions = available_actions(observation, spec.hide_specific_actions);
  for (const auto& action : response.actions()) {
    result.last_actions.push_back(from_proto(action, spec.hide_specific_actions));
  }
  for (const auto& error : response.action_errors()) result.action_result.push_back(error.result());
  fill_ui_keys(observation.ui_data(), result);
  result.ui_view = ui_view(observation.ui_data());
  result.alerts.assign(observation.alerts().begin(), observation.alerts().end());
  if (observation.has_raw_data()) fill_raw_keys(observation.raw_data(), spec, game, result);
  fill_camera_keys(observation, spec, game, result);
  if (observation.has_render_data()) {
    result.rgb_screen = decode_rgb(observation.render_data().map(), "rgb_screen (render_data.map)");
    result.rgb_minimap = decode_rgb(observation.render_data().minimap(), "rgb_minimap (render_data.minimap)");
  }
  result.map_name = spec.map_name.empty() ? game.map_name : spec.map_name;
  fill_races(game, observation.player_common().player_id(), result);
  result.game_view = std::move(game_view);
  return result;
}

}  // namespace

Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec) {
  return to_observation(response, spec, std::shared_ptr<const GameView>());
}

Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, std::shared_ptr<const GameView> game) {
  if (!response) throw std::invalid_argument("to_observation: no response");
  Observation result = decode_keys(*response, spec, std::move(game));
  result.shared_proto = std::move(response);
  return result;
}

Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, std::shared_ptr<const GameView> game, Observation&& recycled) {
  if (!response) throw std::invalid_argument("to_observation: no response");
  Observation result = decode_keys(*response, spec, std::move(game), &recycled);
  result.shared_proto = std::move(response);
  return result;
}

Observation to_observation(SC2APIProtocol::ResponseObservation&& response, const ObservationSpec& spec,
                           std::shared_ptr<const GameView> game) {
  return to_observation(std::make_shared<const SC2APIProtocol::ResponseObservation>(std::move(response)), spec,
                        std::move(game));
}

Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec,
                           std::shared_ptr<const GameView> game) {
  return to_observation(std::make_shared<const SC2APIProtocol::ResponseObservation>(response), spec, std::move(game));
}

Observation to_observation(const SC2APIProtocol::ResponseObservation& response, const ObservationSpec& spec,
                           const SC2APIProtocol::ResponseGameInfo& game_info) {
  return to_observation(response, spec, to_game_view(game_info));
}

Observation to_observation(SC2APIProtocol::ResponseObservation&& response, const ObservationSpec& spec,
                           const SC2APIProtocol::ResponseGameInfo& game_info) {
  return to_observation(std::move(response), spec, to_game_view(game_info));
}

Observation to_observation(std::shared_ptr<const SC2APIProtocol::ResponseObservation> response,
                           const ObservationSpec& spec, const SC2APIProtocol::ResponseGameInfo& game_info) {
  return to_observation(std::move(response), spec, to_game_view(game_info));
}

std::uint64_t observation_decodes() { return observation_count.load(std::memory_order_relaxed); }

const SC2APIProtocol::ResponseObservation& observation_proto(const Observation& observation) {
  return observation.shared_proto ? *observation.shared_proto
                                  : SC2APIProtocol::ResponseObservation::default_instance();
}

}  // namespace sc2::pysc2
