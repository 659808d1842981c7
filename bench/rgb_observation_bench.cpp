// Cost of the RGB images per observation, side by side with the feature layers of the same
// step. One Game of a mini-game (in-process, no transport); every step_mul loops (the
// Marines sent to random points, so units move) the same state is observed with:
//   features: build_observation with raw + score + feature layers (the usual PySC2 setup),
//   both:     the same + render (RGB map + minimap),
// each built and then serialised (what GameServer sends; timed apart),
// and the rasterisers alone: feature layers (render_screen + render_minimap) vs RGB
// (render_rgb: map + minimap). Each with its own FeatureLayerCache and reused
// messages, as GameServer does; the order alternates every step so warm caches favour
// neither. Prints microseconds per observation (mean, median) and the ratios.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/maps/mini_game_registry.h"
#include "engine/raster/feature_layers.h"
#include "engine/raster/rgb_render.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"

namespace {

using Clock = std::chrono::steady_clock;
namespace eng = sc2::engine;
namespace api = SC2APIProtocol;

struct Samples {
  std::vector<double> us;
  double mean() const {
    double sum = 0;
    for (double v : us) sum += v;
    return us.empty() ? 0 : sum / static_cast<double>(us.size());
  }
  double median() const {
    std::vector<double> sorted = us;
    std::sort(sorted.begin(), sorted.end());
    return sorted.empty() ? 0 : sorted[sorted.size() / 2];
  }
};

template <class Fn>
void timed(Samples& samples, Fn&& fn) {
  const auto start = Clock::now();
  fn();
  samples.us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
}

eng::InterfaceSetup interface(int feature, int rgb_w, int rgb_h, int rgb_minimap, bool with_rgb) {
  api::RequestJoinGame join;
  auto* o = join.mutable_options();
  o->set_raw(true);
  o->set_score(true);
  auto* fl = o->mutable_feature_layer();
  fl->set_width(24.0f);
  fl->mutable_resolution()->set_x(feature);
  fl->mutable_resolution()->set_y(feature);
  fl->mutable_minimap_resolution()->set_x(feature);
  fl->mutable_minimap_resolution()->set_y(feature);
  if (with_rgb) {
    auto* render = o->mutable_render();
    render->mutable_resolution()->set_x(rgb_w);
    render->mutable_resolution()->set_y(rgb_h);
    render->mutable_minimap_resolution()->set_x(rgb_minimap);
    render->mutable_minimap_resolution()->set_y(rgb_minimap);
  }
  std::string error;
  auto setup = eng::parse_interface(join, error);
  if (!setup) throw std::runtime_error("bad interface: " + error);
  return *setup;
}

// Every own unit that can move goes to a random point of the playable area.
void scatter(eng::World& world, std::mt19937& rng) {
  const eng::CellRect area = world.map().playable;
  std::uniform_real_distribution<float> x(static_cast<float>(area.x0) + 1.0f, static_cast<float>(area.x1) - 1.0f);
  std::uniform_real_distribution<float> y(static_cast<float>(area.y0) + 1.0f, static_cast<float>(area.y1) - 1.0f);
  for (eng::Unit* u : world.units()) {
    if (u->owner != eng::kAgentPlayer || u->stats->movement_speed <= 0.0f) continue;
    eng::issue_command(world, *u, eng::ability::kMoveMove, {eng::Vec2{x(rng), y(rng)}, {}}, false);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"RGB observation cost vs feature layers, per observation of the same step"};
  std::string map = "CollectMineralShards";
  int steps = 2000, step_mul = 8, feature = 64, rgb_w = 256, rgb_h = 192, rgb_minimap = 128;
  std::uint64_t seed = 1;
  bool move_camera = false;
  app.add_option("--map", map, "mini-game");
  app.add_option("--steps", steps, "observations per setup");
  app.add_option("--step-mul", step_mul, "game loops between observations");
  app.add_option("--feature", feature, "feature screen and minimap size (square)");
  app.add_option("--rgb-width", rgb_w, "RGB map width");
  app.add_option("--rgb-height", rgb_h, "RGB map height");
  app.add_option("--rgb-minimap", rgb_minimap, "RGB minimap size (square)");
  app.add_option("--seed", seed, "game seed");
  app.add_flag("--move-camera", move_camera,
               "put the camera on a random point of the playable area every observation (no cached view stays valid)");
  CLI11_PARSE(app, argc, argv);

  eng::GameConfig config;
  config.map = eng::find_mini_game(map);
  if (config.map == nullptr) {
    std::fprintf(stderr, "unknown map %s\n", map.c_str());
    return 2;
  }
  config.map_path = "mini_games/" + map + ".SC2Map";
  auto game = std::make_unique<eng::Game>(config, seed);
  const eng::InterfaceSetup features = interface(feature, rgb_w, rgb_h, rgb_minimap, false);
  const eng::InterfaceSetup both = interface(feature, rgb_w, rgb_h, rgb_minimap, true);

  eng::FeatureLayerCache cache_features, cache_both, cache_layers, cache_rgb;
  api::ResponseObservation obs_features, obs_both;
  api::FeatureLayers screen;
  api::FeatureLayersMinimap minimap;
  api::ObservationRender rgb_images;
  Samples t_features, t_both, t_layers, t_rgb, t_send_features, t_send_both;
  std::string wire_features, wire_both;
  std::size_t bytes_features = 0, bytes_both = 0;
  std::mt19937 rng(static_cast<std::uint32_t>(seed));

  for (int i = 0; i < steps; ++i) {
    if (game->ended()) game = std::make_unique<eng::Game>(config, seed + static_cast<std::uint64_t>(i));
    if (i % 4 == 0) scatter(game->world(), rng);
    game->step(static_cast<std::uint32_t>(step_mul));
    if (move_camera) {
      const eng::CellRect area = game->world().map().playable;
      std::uniform_real_distribution<float> x(static_cast<float>(area.x0), static_cast<float>(area.x1));
      std::uniform_real_distribution<float> y(static_cast<float>(area.y0), static_cast<float>(area.y1));
      game->world().player(eng::kAgentPlayer).camera = {x(rng), y(rng)};
    }
    const eng::World& world = game->world();
    const auto observe_features = [&] {
      timed(t_features, [&] {
        obs_features.Clear();
        eng::build_observation(*game, features, &obs_features, &cache_features);
      });
      timed(t_send_features, [&] { obs_features.SerializeToString(&wire_features); });
    };
    const auto observe_both = [&] {
      timed(t_both, [&] {
        obs_both.Clear();
        eng::build_observation(*game, both, &obs_both, &cache_both);
      });
      timed(t_send_both, [&] { obs_both.SerializeToString(&wire_both); });
    };
    const auto layers = [&] {
      timed(t_layers, [&] {
        eng::render_screen(world, eng::kAgentPlayer, features.layers, &screen, &cache_layers);
        eng::render_minimap(world, eng::kAgentPlayer, features.layers, &minimap, &cache_layers);
      });
    };
    const auto rgb = [&] {
      timed(t_rgb, [&] {
        eng::render_rgb(world, eng::kAgentPlayer, *both.render, &rgb_images, &cache_rgb);
      });
    };
    if (i % 2 == 0) {
      observe_features();
      observe_both();
      layers();
      rgb();
    } else {
      rgb();
      layers();
      observe_both();
      observe_features();
    }
    bytes_features += wire_features.size();
    bytes_both += wire_both.size();
  }

  std::printf("%s, %d observations every %d loops, feature layers %dx%d (screen and minimap), RGB %dx%d + %dx%d%s\n\n",
              map.c_str(), steps, step_mul, feature, feature, rgb_w, rgb_h, rgb_minimap, rgb_minimap,
              move_camera ? ", camera moved every observation" : "");
  std::printf("| what | us / observation (mean) | median | serialised: us (median) | bytes / observation |\n"
              "|---|---:|---:|---:|---:|\n");
  std::printf("| observation: raw + score + feature layers | %.1f | %.1f | %.1f | %zu |\n", t_features.mean(),
              t_features.median(), t_send_features.median(), bytes_features / static_cast<std::size_t>(steps));
  std::printf("| observation: the same + RGB | %.1f | %.1f | %.1f | %zu |\n", t_both.mean(), t_both.median(),
              t_send_both.median(), bytes_both / static_cast<std::size_t>(steps));
  std::printf("| feature layers alone (render_screen + render_minimap) | %.1f | %.1f | | |\n", t_layers.mean(),
              t_layers.median());
  std::printf("| RGB alone (render_rgb: map + minimap) | %.1f | %.1f | | |\n", t_rgb.mean(),
              t_rgb.median());
  const double built_and_sent_features = t_features.median() + t_send_features.median();
  const double built_and_sent_both = t_both.median() + t_send_both.median();
  std::printf("\nratios (medians): observation with RGB / without %.2f (built and serialised %.2f); "
              "RGB / feature layers %.2f\n",
              t_both.median() / std::max(t_features.median(), 1e-9),
              built_and_sent_both / std::max(built_and_sent_features, 1e-9),
              t_rgb.median() / std::max(t_layers.median(), 1e-9));
  return 0;
}
