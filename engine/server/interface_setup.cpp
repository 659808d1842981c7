#include "engine/server/interface_setup.h"

#include <cmath>

namespace sc2::engine {

namespace {

bool valid_size(const SC2APIProtocol::Size2DI& size) {
  return size.x() > 0 && size.y() > 0 && size.x() <= kMaxLayerResolution &&
         size.y() <= kMaxLayerResolution;
}

std::string describe(const char* what, const SC2APIProtocol::Size2DI& size) {
  return std::string(what) + " " + std::to_string(size.x()) + "x" + std::to_string(size.y()) +
         " is not 1.." + std::to_string(kMaxLayerResolution) + " on both axes";
}

}  // namespace

std::optional<InterfaceSetup> parse_interface(const SC2APIProtocol::RequestJoinGame& join,
                                              std::string& error) {
  const auto& options = join.options();
  InterfaceSetup setup;
  setup.echoed = options;  // `render` too: we send the images it asks for (rgb_render.h)
  setup.raw = options.raw();
  setup.score = options.score();
  setup.raw_crop_to_playable_area = options.raw_crop_to_playable_area();
  setup.raw_affects_selection = options.raw_affects_selection();
  if (join.has_race()) setup.race_requested = join.race();
  setup.player_name = join.player_name();

  if (options.has_feature_layer()) {
    const auto& fl = options.feature_layer();
    if (!valid_size(fl.resolution())) {
      error = describe("feature_layer.resolution", fl.resolution());
      return std::nullopt;
    }
    if (!valid_size(fl.minimap_resolution())) {
      error = describe("feature_layer.minimap_resolution", fl.minimap_resolution());
      return std::nullopt;
    }
    if (fl.has_width() && !(std::isfinite(fl.width()) && fl.width() > 0.0f)) {
      error = "feature_layer.width must be a positive number of world units, got " +
              std::to_string(fl.width());
      return std::nullopt;
    }
    setup.feature_layer = true;
    setup.layers.screen_width = fl.resolution().x();
    setup.layers.screen_height = fl.resolution().y();
    setup.layers.minimap_width = fl.minimap_resolution().x();
    setup.layers.minimap_height = fl.minimap_resolution().y();
    setup.layers.camera_width = fl.has_width() ? fl.width() : kDefaultCameraWidth;
    setup.layers.crop_to_playable_area = fl.crop_to_playable_area();
    setup.layers.allow_cheating_layers = fl.allow_cheating_layers();
  }
  if (options.has_render()) {
    // The same limits as the feature layers. PySC2 sends no width for RGB: its 24 stands in.
    const auto& render = options.render();
    if (!valid_size(render.resolution())) {
      error = describe("render.resolution", render.resolution());
      return std::nullopt;
    }
    if (!valid_size(render.minimap_resolution())) {
      error = describe("render.minimap_resolution", render.minimap_resolution());
      return std::nullopt;
    }
    if (render.has_width() && !(std::isfinite(render.width()) && render.width() > 0.0f)) {
      error = "render.width must be a positive number of world units, got " + std::to_string(render.width());
      return std::nullopt;
    }
    RgbSetup rgb;
    rgb.screen_width = render.resolution().x();
    rgb.screen_height = render.resolution().y();
    rgb.minimap_width = render.minimap_resolution().x();
    rgb.minimap_height = render.minimap_resolution().y();
    rgb.camera_width = render.has_width() ? render.width() : kDefaultCameraWidth;
    setup.render = rgb;
  }
  return setup;
}

}  // namespace sc2::engine
