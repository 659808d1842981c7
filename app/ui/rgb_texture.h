#pragma once
// An RGB observation image (rgb_screen / rgb_minimap: the game's render_data, 24 bits per
// pixel, row 0 at the top) as a GL texture for the world view and the minimap, uploaded only
// when a new observation brings it. Needs the GL context.
#include <cstdint>
#include <memory>

#include "client/pysc2/observation.h"
#include "render/gl_objects.h"

namespace sc2::app::ui {

class RgbTexture {
 public:
  // Uploads `image` unless the observation `version` was uploaded already; false when the
  // image is empty (the game sent no render data). Draw with uv (0, 0) at the top left.
  bool update(const pysc2::RgbImage& image, std::uint64_t version) {
    if (image.empty() || image.width <= 0 || image.height <= 0 ||
        image.rgb.size() != static_cast<std::size_t>(image.width) * image.height * 3) {
      return false;
    }
    if (texture_ && version == version_) return true;
    if (!texture_) texture_ = std::make_unique<render::Texture>();
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
  GLuint id() const { return texture_ ? texture_->id() : 0; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  std::unique_ptr<render::Texture> texture_;
  std::uint64_t version_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace sc2::app::ui
