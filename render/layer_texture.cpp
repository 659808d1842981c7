#include "render/layer_texture.h"

namespace sc2::render {

void LayerTexture::update(RenderContext& context, const pysc2::Layer& layer, bool minimap) {
  update(context, layer, style_for_layer(layer.name, minimap));
}

void LayerTexture::update(RenderContext& context, const pysc2::Layer& layer, LayerStyle style) {
  GlStateGuard guard;
  upload_layer_values(values_, layer);
  const bool usable = layer.width > 0 && layer.height > 0;
  target_.resize(usable ? layer.width : 1, usable ? layer.height : 1);
  target_.bind();
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);

  const ShaderProgram& program = context.layer_program();
  program.use();
  glActiveTexture(GL_TEXTURE0);
  values_.bind();
  glActiveTexture(GL_TEXTURE1);
  context.palette_texture(*style.palette).bind();
  glUniform1i(program.uniform("u_values"), 0);
  glUniform1i(program.uniform("u_palette"), 1);
  glUniform1i(program.uniform("u_clip"), style.clip ? 1 : 0);
  context.empty_vertex_array().bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace sc2::render
