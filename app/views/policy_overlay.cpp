#include "app/views/policy_overlay.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

#include "client/pysc2/actions.h"
#include "client/pysc2/pixel_mapping.h"

namespace sc2::app {

const char* to_string(HeatArgument argument) {
  switch (argument) {
    case HeatArgument::screen: return "screen";
    case HeatArgument::minimap: return "minimap";
    case HeatArgument::screen2: return "screen2";
    case HeatArgument::automatic: break;
  }
  return "the call's";
}

int heat_argument_type(HeatArgument choice, const pysc2::FunctionCall& chosen) {
  switch (choice) {
    case HeatArgument::screen: return pysc2::arg::screen;
    case HeatArgument::minimap: return pysc2::arg::minimap;
    case HeatArgument::screen2: return pysc2::arg::screen2;
    case HeatArgument::automatic: break;
  }
  if (const pysc2::FunctionSpec* spec = pysc2::find_function(chosen.function)) {
    for (int type : spec->args) {
      if (type == pysc2::arg::screen || type == pysc2::arg::minimap || type == pysc2::arg::screen2) return type;
    }
  }
  return pysc2::arg::screen;
}

bool is_minimap_argument(int argument_type) { return argument_type == pysc2::arg::minimap; }

float HeatMap::at(LayerPixel pixel) const {
  if (pixel.x < 0 || pixel.y < 0 || pixel.x >= width || pixel.y >= height) return 0.0f;
  return probabilities[static_cast<std::size_t>(pixel.y) * width + pixel.x];
}

namespace {
HeatMap nothing_for(int argument_type) {
  HeatMap heat;
  heat.argument_type = argument_type;
  return heat;
}

// Normalises `heat.probabilities` to sum to one and finds the peak; empties it when it cannot.
void normalise(HeatMap& heat) {
  double sum = 0.0;
  for (float p : heat.probabilities) {
    if (!std::isfinite(p) || p < 0.0f) {
      heat.probabilities.clear();
      return;
    }
    sum += p;
  }
  if (!(sum > 0.0)) {
    heat.probabilities.clear();
    return;
  }
  heat.peak = 0.0f;
  for (std::size_t i = 0; i < heat.probabilities.size(); ++i) {
    float& p = heat.probabilities[i];
    p = static_cast<float>(p / sum);
    if (p > heat.peak) {
      heat.peak = p;
      heat.peak_at = LayerPixel{static_cast<int>(i % heat.width), static_cast<int>(i / heat.width)};
    }
  }
  heat.hot = std::max(heat.peak, kHotOverUniform / static_cast<float>(heat.probabilities.size()));
}
}  // namespace

HeatMap policy_heat_map(const agents::PolicyView& view, int argument_type) {
  HeatMap heat;
  heat.argument_type = argument_type;
  heat.probabilities = agents::heat_map(view, argument_type, &heat.width, &heat.height);
  if (heat.width <= 0 || heat.height <= 0 ||
      heat.probabilities.size() != static_cast<std::size_t>(heat.width) * heat.height) {
    return nothing_for(argument_type);
  }
  normalise(heat);
  if (heat.empty()) return nothing_for(argument_type);
  return heat;
}

ImageRect screen_pixel_rect(const ImageRect& camera_image, int screen_width, int screen_height, LayerPixel pixel) {
  const float cell_w = camera_image.width / static_cast<float>(std::max(1, screen_width));
  const float cell_h = camera_image.height / static_cast<float>(std::max(1, screen_height));
  return ImageRect{camera_image.x + static_cast<float>(pixel.x) * cell_w, camera_image.y + static_cast<float>(pixel.y) * cell_h,
                   cell_w, cell_h};
}

std::optional<LayerPixel> screen_pixel_on_minimap(const render::WorldRect& camera_area, int screen_width,
                                                  int screen_height, LayerPixel pixel, const pysc2::GameView& game,
                                                  int minimap_width, int minimap_height) {
  const pysc2::PixelMapping minimap = pysc2::PixelMapping::minimap(game, minimap_width, minimap_height);
  if (!minimap.valid() || screen_width <= 0 || screen_height <= 0) return std::nullopt;
  const render::WorldPoint centre = render::screen_to_world(
      camera_area, {static_cast<float>(pixel.x) + 0.5f, static_cast<float>(pixel.y) + 0.5f}, screen_width, screen_height);
  const std::array<std::int64_t, 2> at = minimap.pixel(centre.x, centre.y);
  if (!minimap.inside(at)) return std::nullopt;
  return LayerPixel{static_cast<int>(at[0]), static_cast<int>(at[1])};
}

HeatMap screen_heat_on_minimap(const HeatMap& screen, const render::WorldRect& camera_area, const pysc2::GameView& game,
                               int minimap_width, int minimap_height) {
  HeatMap heat;
  heat.argument_type = screen.argument_type;
  if (screen.empty() || minimap_width <= 0 || minimap_height <= 0) return heat;
  heat.width = minimap_width;
  heat.height = minimap_height;
  heat.probabilities.assign(static_cast<std::size_t>(minimap_width) * minimap_height, 0.0f);
  // The minimap pixels the screen covers: a distribution uniform over them is drawn faint.
  std::vector<bool> covered(heat.probabilities.size(), false);
  std::size_t covered_count = 0;
  bool landed = false;
  for (int y = 0; y < screen.height; ++y) {
    for (int x = 0; x < screen.width; ++x) {
      const auto at = screen_pixel_on_minimap(camera_area, screen.width, screen.height, LayerPixel{x, y}, game,
                                              minimap_width, minimap_height);
      if (!at) continue;
      const std::size_t index = static_cast<std::size_t>(at->y) * minimap_width + at->x;
      if (!covered[index]) covered[index] = true, ++covered_count;
      const float p = screen.probabilities[static_cast<std::size_t>(y) * screen.width + x];
      if (p <= 0.0f) continue;
      heat.probabilities[index] += p;
      landed = true;
    }
  }
  if (!landed) return nothing_for(screen.argument_type);
  for (std::size_t i = 0; i < heat.probabilities.size(); ++i) {
    if (heat.probabilities[i] > heat.peak) {
      heat.peak = heat.probabilities[i];
      heat.peak_at = LayerPixel{static_cast<int>(i % minimap_width), static_cast<int>(i / minimap_width)};
    }
  }
  heat.hot = std::max(heat.peak, kHotOverUniform / static_cast<float>(covered_count));
  return heat;
}

HeatColour heat_colour(float relative) {
  if (!(relative >= kHeatThreshold)) return HeatColour{};  // NaN too
  const float t = std::min(relative, 1.0f);
  // Three stops: dark red (0), orange (0.5), pale yellow (1).
  struct Stop {
    float r, g, b;
  };
  constexpr Stop kLow{170, 20, 0}, kMid{255, 140, 0}, kHigh{255, 245, 150};
  const Stop& a = t < 0.5f ? kLow : kMid;
  const Stop& b = t < 0.5f ? kMid : kHigh;
  const float u = t < 0.5f ? t / 0.5f : (t - 0.5f) / 0.5f;
  auto mix = [u](float from, float to) { return static_cast<std::uint8_t>(std::lround(from + (to - from) * u)); };
  return HeatColour{mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b),
                    static_cast<std::uint8_t>(std::lround(t * kHeatMaxAlpha))};
}

std::vector<std::uint8_t> heat_rgba(const HeatMap& heat) {
  std::vector<std::uint8_t> rgba(heat.probabilities.size() * 4, 0);
  if (heat.empty() || !(heat.hot > 0.0f)) return rgba;
  for (std::size_t i = 0; i < heat.probabilities.size(); ++i) {
    const HeatColour colour = heat_colour(heat.probabilities[i] / heat.hot);
    rgba[4 * i] = colour.r;
    rgba[4 * i + 1] = colour.g;
    rgba[4 * i + 2] = colour.b;
    rgba[4 * i + 3] = colour.a;
  }
  return rgba;
}

std::vector<FunctionChoice> top_functions(const agents::PolicyView& view, std::size_t count) {
  const std::vector<float>& p = view.function_probabilities;
  std::vector<int> ids;
  for (std::size_t id = 0; id < p.size(); ++id) {
    if (p[id] > 0.0f) ids.push_back(static_cast<int>(id));  // NaN is not > 0
  }
  const std::size_t shown = std::min(count, ids.size());
  std::partial_sort(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(shown), ids.end(),
                    [&](int a, int b) { return p[a] != p[b] ? p[a] > p[b] : a < b; });
  std::vector<FunctionChoice> top;
  bool chosen_listed = false;
  for (std::size_t i = 0; i < shown; ++i) {
    const bool chosen = ids[i] == view.chosen.function;
    chosen_listed = chosen_listed || chosen;
    top.push_back(FunctionChoice{ids[i], p[ids[i]], chosen});
  }
  if (!chosen_listed && count > 0) {
    const int id = view.chosen.function;
    const float probability = id >= 0 && static_cast<std::size_t>(id) < p.size() ? p[id] : 0.0f;
    top.push_back(FunctionChoice{id, probability, true});
  }
  return top;
}

}  // namespace sc2::app
