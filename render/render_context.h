#pragma once
// GL resources every renderer shares: the compiled shader programs and an empty vertex array
// for attribute-less draws. Create once after the GL context exists; use only on the UI
// thread. (Feature layers are coloured on the CPU: render/layer_atlas.h.)
#include "render/gl_objects.h"

namespace sc2::render {

class RenderContext {
 public:
  RenderContext();  // compiles every program; throws GlError with the compiler log

  const ShaderProgram& terrain_program() const { return terrain_program_; }
  const ShaderProgram& unit_program() const { return unit_program_; }
  const ShaderProgram& line_program() const { return line_program_; }
  const VertexArray& empty_vertex_array() const { return empty_vertex_array_; }

 private:
  ShaderProgram terrain_program_;
  ShaderProgram unit_program_;
  ShaderProgram line_program_;
  VertexArray empty_vertex_array_;
};

}  // namespace sc2::render
