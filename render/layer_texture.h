#pragma once
// One feature layer on the GPU: its raw int values as an integer texture, coloured with
// the layer's PySC2 palette into an RGBA texture that ImGui::Image can show.
// The colour texture is in GL orientation (row 0 at the bottom): show it with
// uv0 = (0, 1), uv1 = (1, 0) (see render/texture_view.h).
#include "client/pysc2/observation.h"
#include "render/gl_objects.h"
#include "render/palette.h"
#include "render/render_context.h"

namespace sc2::render {

class LayerTexture {
 public:
  LayerTexture() = default;

  // Uploads the values and recolours them (style from style_for_layer(name, minimap)).
  void update(RenderContext& context, const pysc2::Layer& layer, bool minimap);
  void update(RenderContext& context, const pysc2::Layer& layer, LayerStyle style);

  GLuint color_texture() const { return target_.texture_id(); }
  int width() const { return target_.width(); }
  int height() const { return target_.height(); }
  bool ready() const { return target_.ready(); }

 private:
  Texture values_;
  ColorTarget target_;
};

}  // namespace sc2::render
