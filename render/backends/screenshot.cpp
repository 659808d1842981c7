#include "render/backends/screenshot.h"

#include <epoxy/gl.h>
#include <stb_image_write.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace sc2::render::backends {

std::string write_framebuffer_png(const std::filesystem::path& file, int width, int height) {
  if (width <= 0 || height <= 0) return "the window has no pixels to save";
  const std::size_t row = static_cast<std::size_t>(width) * 3;
  std::vector<std::uint8_t> pixels(row * static_cast<std::size_t>(height));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL's row 0 is the bottom of the window; PNG's is the top.
  std::vector<std::uint8_t> flipped(pixels.size());
  for (int y = 0; y < height; ++y) {
    std::memcpy(flipped.data() + static_cast<std::size_t>(y) * row,
                pixels.data() + static_cast<std::size_t>(height - 1 - y) * row, row);
  }
  if (file.has_parent_path()) {
    std::error_code ignored;
    std::filesystem::create_directories(file.parent_path(), ignored);
  }
  if (!stbi_write_png(file.c_str(), width, height, 3, flipped.data(), static_cast<int>(row))) {
    return "could not write the screenshot to " + file.string();
  }
  return {};
}

}  // namespace sc2::render::backends
