#pragma once
// Where F12 writes its screenshot: <dir>/sc2studio-YYYYmmdd-HHMMSS.png at the local time
// `now`, or the first free "...-2.png", "...-3.png" when that second already has one (two
// presses within a second keep both pictures).
#include <ctime>
#include <filesystem>

namespace sc2::app {

std::filesystem::path next_screenshot_path(const std::filesystem::path& dir, std::time_t now);

}  // namespace sc2::app
