#include "render/rgba_texture.h"

namespace sc2::render {

bool RgbaTexture::upload(const std::vector<std::uint8_t>& rgba, int width, int height) {
  if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * height * 4) return false;
  if (!texture_) texture_ = std::make_unique<Texture>();
  upload_8bit_image(*texture_, rgba.data(), width, height, 4, GL_NEAREST);
  width_ = width;
  height_ = height;
  return true;
}

}  // namespace sc2::render
