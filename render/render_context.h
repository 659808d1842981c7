#pragma once
// GL resources every renderer shares: the compiled shader programs, an empty vertex
// array for attribute-less draws, and one texture per palette (uploaded on first use).
// Create once after the GL context exists; use only on the UI thread.
#include <map>
#include <string_view>

#include "client/pysc2/observation.h"
#include "render/gl_objects.h"
#include "render/palette.h"

namespace sc2::render {

class RenderContext {
 public:
  RenderContext();  // compiles every program; throws GlError with the compiler log

  const ShaderProgram& layer_program() const { return layer_program_; }
  const ShaderProgram& terrain_program() const { return terrain_program_; }
  const ShaderProgram& unit_program() const { return unit_program_; }
  const ShaderProgram& line_program() const { return line_program_; }
  const VertexArray& empty_vertex_array() const { return empty_vertex_array_; }

  // The palette as a (size x 1) RGB8 texture.
  const Texture& palette_texture(const Palette& palette);

 private:
  ShaderProgram layer_program_;
  ShaderProgram terrain_program_;
  ShaderProgram unit_program_;
  ShaderProgram line_program_;
  VertexArray empty_vertex_array_;
  std::map<std::string_view, Texture> palette_textures_;
};

// Uploads a layer's values as a GL_R32I texture (row 0 = layer row 0); an empty layer
// becomes a 1x1 zero texture.
void upload_layer_values(const Texture& texture, const pysc2::Layer& layer);

}  // namespace sc2::render
