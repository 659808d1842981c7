#pragma once
// A small RGBA image made on the UI thread (the policy heat-map, app/policy_overlay.h) as a GL
// texture drawn with blending over a layer: uploaded only when the image changes, sampled
// nearest so that each image pixel stays one square over the layer's pixel. Needs the GL context.
#include <cstdint>
#include <memory>
#include <vector>

#include "render/gl_objects.h"

namespace sc2::render {

class RgbaTexture {
 public:
  // Uploads `rgba` (4 bytes a pixel, row 0 at the top: draw with uv (0, 0) at the top left).
  // False, and nothing uploaded, when its size is not width x height x 4 or it is empty.
  bool upload(const std::vector<std::uint8_t>& rgba, int width, int height);
  void clear() { width_ = height_ = 0; }  // nothing to draw until the next upload
  bool ready() const { return texture_ && width_ > 0 && height_ > 0; }
  GLuint id() const { return texture_ ? texture_->id() : 0; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  std::unique_ptr<Texture> texture_;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace sc2::render
