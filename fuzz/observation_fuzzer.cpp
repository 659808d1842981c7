// Fuzz target: the client's observation decoding (client/pysc2/features): a Response from
// the game -> ImageData layers, RGB renders and the whole ResponseObservation -> Observation.
// Input: a serialized SC2APIProtocol::Response (the corpus holds recorded observations).
// Oracle: decoding either succeeds or throws std::runtime_error (what the Env reports as a
// clear error); anything else (crash, other exception, UB, leak) is a finding.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "client/pysc2/features.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace {

namespace api = SC2APIProtocol;
using namespace sc2::pysc2;

// The layer size the observation claims, kept small so one input stays cheap.
int claimed(int value) { return value > 0 && value <= 256 ? value : 64; }

// The game info a MoveToBeacon client holds (camera width, map size, playable area).
api::ResponseGameInfo game_info() {
  api::ResponseGameInfo info;
  info.set_map_name("MoveToBeacon");
  auto* layer = info.mutable_options()->mutable_feature_layer();
  layer->set_width(24);
  layer->mutable_resolution()->set_x(64);
  layer->mutable_resolution()->set_y(64);
  layer->mutable_minimap_resolution()->set_x(64);
  layer->mutable_minimap_resolution()->set_y(64);
  auto* raw = info.mutable_start_raw();
  raw->mutable_map_size()->set_x(64);
  raw->mutable_map_size()->set_y(64);
  raw->mutable_playable_area()->mutable_p0()->set_x(0);
  raw->mutable_playable_area()->mutable_p0()->set_y(0);
  raw->mutable_playable_area()->mutable_p1()->set_x(64);
  raw->mutable_playable_area()->mutable_p1()->set_y(64);
  auto* player = info.add_player_info();
  player->set_player_id(1);
  player->set_race_requested(api::Terran);
  return info;
}

template <class F>
void expect_clear_error(F&& decode) {
  try {
    decode();
  } catch (const std::runtime_error&) {
    // A clear refusal of bad data is the contract.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const api::ResponseGameInfo info = game_info();
  api::Response response;
  if (!response.ParseFromArray(data, static_cast<int>(size)) || !response.has_observation()) return 0;
  const api::ResponseObservation& observation = response.observation();
  const api::ObservationFeatureLayer& layers = observation.observation().feature_layer_data();

  // Every layer on its own, at the size it claims.
  for (const LayerSpec& spec : screen_layers()) {
    const api::ImageData& image = spec.image(layers);
    expect_clear_error([&] { decode_image(image, spec, claimed(image.size().x()), claimed(image.size().y())); });
  }
  for (const LayerSpec& spec : minimap_layers()) {
    const api::ImageData& image = spec.image(layers);
    expect_clear_error([&] { decode_image(image, spec, claimed(image.size().x()), claimed(image.size().y())); });
  }
  expect_clear_error([&] { decode_rgb(observation.observation().render_data().map(), "rgb_screen"); });
  expect_clear_error([&] { decode_rgb(observation.observation().render_data().minimap(), "rgb_minimap"); });

  // The whole observation, with and without game info, at the size of its first layers.
  ObservationSpec spec;
  const auto& screen = screen_layers().front().image(layers).size();
  const auto& minimap = minimap_layers().front().image(layers).size();
  spec.screen_width = claimed(screen.x());
  spec.screen_height = claimed(screen.y());
  spec.minimap_width = claimed(minimap.x());
  spec.minimap_height = claimed(minimap.y());
  expect_clear_error([&] { to_observation(observation, spec); });
  spec.hide_specific_actions = false;
  spec.add_cargo_to_units = true;
  expect_clear_error([&] { to_observation(observation, spec, info); });
  return 0;
}
