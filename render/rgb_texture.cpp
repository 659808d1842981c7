#include "render/rgb_texture.h"

namespace sc2::render {

bool RgbTexture::update(const pysc2::RgbImage& image, std::uint64_t version) {
  if (image.empty() || image.width <= 0 || image.height <= 0 ||
      image.rgb.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
    return false;
  }
  if (texture_ && version == version_) return true;
  if (!texture_) texture_ = std::make_unique<Texture>();
  GLint bound = 0, alignment = 0, row_length = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  texture_->bind();
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of 3 * width bytes are not 4-byte aligned
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, image.width, image.height, 0, GL_RGB, GL_UNSIGNED_BYTE, image.rgb.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
  version_ = version;
  width_ = image.width;
  height_ = image.height;
  return true;
}

}  // namespace sc2::render
