#include "app/program/display_check.h"

namespace sc2::app {

namespace {

bool draws_nowhere(std::string_view driver) { return driver == "offscreen" || driver == "dummy"; }

}  // namespace

std::optional<std::string> display_problem(std::string_view driver, const char* requested,
                                           const StudioOptions& options) {
  if (!draws_nowhere(driver)) return std::nullopt;
  if (requested != nullptr && std::string_view(requested) == driver) return std::nullopt;
  if (options.frames > 0 || !options.screenshot.empty() || !options.video.empty()) return std::nullopt;
  return "no display to open a window on: SDL found none (DISPLAY and WAYLAND_DISPLAY are not set or not "
         "reachable) and chose its \"" +
         std::string(driver) +
         "\" driver, which shows nothing.\n"
         "  To see the app: run it on a desktop, with DISPLAY set (ssh -X forwards one), or in a virtual\n"
         "  display: xvfb-run -a ./run\n"
         "  To run it headless on purpose: SDL_VIDEODRIVER=offscreen with --frames N, --screenshot FILE\n"
         "  or --video DIR, e.g. SDL_VIDEODRIVER=offscreen ./run --frames 300 --screenshot shot.png";
}

}  // namespace sc2::app
