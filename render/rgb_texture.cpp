#include "render/rgb_texture.h"

namespace sc2::render {

bool RgbTexture::update(const pysc2::RgbImage& image, std::uint64_t version) {
  if (image.empty() || image.width <= 0 || image.height <= 0 ||
      image.rgb.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
    return false;
  }
  if (texture_ && version == version_) return true;
  if (!texture_) texture_ = std::make_unique<Texture>();
  upload_8bit_image(*texture_, image.rgb.data(), image.width, image.height, 3, GL_LINEAR);
  version_ = version;
  width_ = image.width;
  height_ = image.height;
  return true;
}

}  // namespace sc2::render
