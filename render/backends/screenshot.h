#pragma once
// Writes the default framebuffer (what the window shows) to a PNG file.
#include <filesystem>
#include <string>

namespace sc2::render::backends {

// Reads width x height pixels of the current read buffer (call before swapping) and
// writes them top row first as an RGB PNG. Returns an error message, empty on success.
std::string write_framebuffer_png(const std::filesystem::path& file, int width, int height);

}  // namespace sc2::render::backends
