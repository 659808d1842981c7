#pragma once
// An RGB observation image (rgb_screen / rgb_minimap: the game's render_data, 24 bits per
// pixel, row 0 at the top) as a GL texture for the world view and the minimap, uploaded only
// when a new observation brings it. Needs the GL context.
#include <cstdint>
#include <memory>

#include "client/pysc2/observation.h"
#include "render/gl_objects.h"

namespace sc2::render {

class RgbTexture {
 public:
  // Uploads `image` unless the observation `version` was uploaded already; false when the
  // image is empty (the game sent no render data). Draw with uv (0, 0) at the top left.
  bool update(const pysc2::RgbImage& image, std::uint64_t version);
  GLuint id() const { return texture_ ? texture_->id() : 0; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  std::unique_ptr<Texture> texture_;
  std::uint64_t version_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace sc2::render
