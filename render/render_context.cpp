#include "render/render_context.h"

#include <cstdint>

#include "render/shader_sources.h"

namespace sc2::render {

RenderContext::RenderContext()
    : layer_program_("layer_colour", shaders::fullscreen_vert, shaders::layer_colour_frag),
      terrain_program_("terrain", shaders::fullscreen_vert, shaders::terrain_frag),
      unit_program_("unit_disc", shaders::unit_disc_vert, shaders::unit_disc_frag),
      line_program_("line", shaders::line_vert, shaders::line_frag) {}

const Texture& RenderContext::palette_texture(const Palette& palette) {
  auto found = palette_textures_.find(palette.name);
  if (found != palette_textures_.end()) return found->second;
  Texture& texture = palette_textures_[palette.name];
  texture.bind();
  GLint alignment = 4;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, palette.size(), 1, 0, GL_RGB, GL_UNSIGNED_BYTE, palette.rgb.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return texture;
}

void upload_layer_values(const Texture& texture, const pysc2::Layer& layer) {
  static const std::int32_t zero = 0;
  const bool usable = layer.width > 0 && layer.height > 0 &&
                      layer.values.size() == static_cast<std::size_t>(layer.width) * static_cast<std::size_t>(layer.height);
  texture.bind();
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32I, usable ? layer.width : 1, usable ? layer.height : 1, 0, GL_RED_INTEGER,
               GL_INT, usable ? layer.values.data() : &zero);
  // Integer textures cannot be filtered.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

}  // namespace sc2::render
