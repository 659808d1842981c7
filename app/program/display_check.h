#pragma once
// sc2studio needs a window someone can see, unless it is run headless on purpose. With no
// display (an ssh session, a server) SDL falls back to a driver that draws nowhere
// ("offscreen"; "dummy"), and the app would run invisibly until killed. Pure logic, tested
// without a display.
#include <optional>
#include <string>
#include <string_view>

#include "app/program/cli_options.h"

namespace sc2::app {

// `driver`: the video driver SDL chose (SDL_GetCurrentVideoDriver); `requested`: the
// SDL_VIDEODRIVER environment value (nullptr when unset). Headless use was asked for when
// SDL_VIDEODRIVER names the driver in use, or with --frames, --screenshot or --video.
// Returns the message to stop with (what to set, how to run headless), nullopt to go on.
std::optional<std::string> display_problem(std::string_view driver, const char* requested, const StudioOptions& options);

}  // namespace sc2::app
