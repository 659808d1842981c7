#include "app/input/call_target.h"

#include "client/pysc2/actions.h"

namespace sc2::app {

std::optional<CallTarget> call_target(const pysc2::FunctionCall& call) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(call.function);
  if (spec == nullptr || call.arguments.size() != spec->args.size()) return std::nullopt;
  std::optional<LayerPixel> screen, screen2, minimap;
  for (std::size_t i = 0; i < spec->args.size(); ++i) {
    const std::vector<int>& values = call.arguments[i];
    const int type = spec->args[i];
    if (type != pysc2::arg::screen && type != pysc2::arg::screen2 && type != pysc2::arg::minimap) continue;
    if (values.size() != 2) return std::nullopt;
    const LayerPixel pixel{values[0], values[1]};
    if (type == pysc2::arg::screen) screen = pixel;
    if (type == pysc2::arg::screen2) screen2 = pixel;
    if (type == pysc2::arg::minimap) minimap = pixel;
  }
  if (screen && screen2) return CallTarget{TargetKind::screen_rect, *screen, *screen2};
  if (screen) return CallTarget{TargetKind::screen_point, *screen, *screen};
  if (minimap) return CallTarget{TargetKind::minimap_point, *minimap, *minimap};
  return std::nullopt;
}

}  // namespace sc2::app
