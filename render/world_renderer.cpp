#include "render/world_renderer.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace sc2::render {

namespace {

// Per-instance attributes of unit_disc.vert.glsl.
struct UnitInstance {
  float center[2];
  float radius;
  float fill[3];
  float damage;
  float flags;
  float facing;
};

struct LineVertex {
  float position[2];
  float color[3];
};

void float_attribute(GLuint index, int components, std::size_t stride, std::size_t offset, bool per_instance) {
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, components, GL_FLOAT, GL_FALSE, static_cast<GLsizei>(stride),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribDivisor(index, per_instance ? 1 : 0);
}

void set_view(const ShaderProgram& program, const WorldRect& area) {
  glUniform4f(program.uniform("u_view"), area.left, area.bottom, area.width, area.height);
}

}  // namespace

WorldRenderer::WorldRenderer() {
  unit_vertex_array_.bind();
  unit_buffer_.bind(GL_ARRAY_BUFFER);
  float_attribute(0, 2, sizeof(UnitInstance), offsetof(UnitInstance, center), true);
  float_attribute(1, 1, sizeof(UnitInstance), offsetof(UnitInstance, radius), true);
  float_attribute(2, 3, sizeof(UnitInstance), offsetof(UnitInstance, fill), true);
  float_attribute(3, 1, sizeof(UnitInstance), offsetof(UnitInstance, damage), true);
  float_attribute(4, 1, sizeof(UnitInstance), offsetof(UnitInstance, flags), true);
  float_attribute(5, 1, sizeof(UnitInstance), offsetof(UnitInstance, facing), true);

  line_vertex_array_.bind();
  line_buffer_.bind(GL_ARRAY_BUFFER);
  float_attribute(0, 2, sizeof(LineVertex), offsetof(LineVertex, position), false);
  float_attribute(1, 3, sizeof(LineVertex), offsetof(LineVertex, color), false);
  glBindVertexArray(0);
}

void WorldRenderer::render(RenderContext& context, const pysc2::Observation& observation, const WorldRect& area,
                           int width_px, int height_px) {
  render(context, observation, area, area, width_px, height_px);
}

void WorldRenderer::render(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                           const WorldRect& area, int width_px, int height_px) {
  GlStateGuard guard;
  target_.resize(width_px, height_px);
  target_.bind();
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  draw_terrain(context, observation, camera, area);
  glEnable(GL_BLEND);
  // Keep the target opaque: colour blends normally, alpha accumulates to 1.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  const SC2APIProtocol::ObservationRaw& raw = observation.proto.observation().raw_data();
  draw_lines(context, order_lines(raw), area);
  draw_units(context, unit_discs(raw, area), area);
  draw_quads(context, unit_bars(raw, area, area.width / static_cast<float>(std::max(1, target_.width()))), area);
}

void WorldRenderer::draw_terrain(RenderContext& context, const pysc2::Observation& observation,
                                 const WorldRect& camera, const WorldRect& view) {
  const pysc2::Layer* height = observation.screen("height_map");
  const pysc2::Layer* visibility = observation.screen("visibility_map");
  const pysc2::Layer* creep = observation.screen("creep");
  const pysc2::Layer none;
  const bool height_all_zero =
      !height || std::all_of(height->values.begin(), height->values.end(), [](std::int32_t v) { return v == 0; });

  const ShaderProgram& program = context.terrain_program();
  program.use();
  glActiveTexture(GL_TEXTURE0);
  upload_layer_values(height_, height ? *height : none);
  glActiveTexture(GL_TEXTURE1);
  upload_layer_values(visibility_, visibility ? *visibility : none);
  glActiveTexture(GL_TEXTURE2);
  upload_layer_values(creep_, creep ? *creep : none);
  glActiveTexture(GL_TEXTURE3);
  context.palette_texture(palette_for_layer("height_map", false)).bind();
  glUniform1i(program.uniform("u_height"), 0);
  glUniform1i(program.uniform("u_visibility"), 1);
  glUniform1i(program.uniform("u_creep"), 2);
  glUniform1i(program.uniform("u_height_palette"), 3);
  const Rgb creep_color = palette_for_layer("creep", false).color(1);
  glUniform3f(program.uniform("u_creep_color"), creep_color.r / 255.0f, creep_color.g / 255.0f,
              creep_color.b / 255.0f);
  glUniform1i(program.uniform("u_has_visibility"), visibility && !visibility->empty() ? 1 : 0);
  glUniform1i(program.uniform("u_has_creep"), creep && !creep->empty() ? 1 : 0);
  glUniform1i(program.uniform("u_height_all_zero"), height_all_zero ? 1 : 0);
  // Which part of the screen layers the view shows (uv of the camera area, y up).
  const float cw = camera.width > 0 ? camera.width : 1.0f, ch = camera.height > 0 ? camera.height : 1.0f;
  glUniform4f(program.uniform("u_uv_rect"), (view.left - camera.left) / cw, (view.bottom - camera.bottom) / ch,
              view.width / cw, view.height / ch);
  context.empty_vertex_array().bind();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glActiveTexture(GL_TEXTURE0);
}

void WorldRenderer::draw_units(RenderContext& context, const std::vector<UnitDisc>& discs, const WorldRect& area) {
  if (discs.empty()) return;
  static_assert(sizeof(UnitInstance) == 9 * sizeof(float));
  unit_instances_.clear();
  for (const UnitDisc& disc : discs) {
    const float flags = (disc.selected ? 1.0f : 0.0f) + (disc.facing_tick ? 2.0f : 0.0f);
    unit_instances_.insert(unit_instances_.end(),
                           {disc.center.x, disc.center.y, disc.radius, disc.fill.r / 255.0f, disc.fill.g / 255.0f,
                            disc.fill.b / 255.0f, disc.fraction_damaged, flags, disc.facing});
  }
  const ShaderProgram& program = context.unit_program();
  program.use();
  set_view(program, area);
  glUniform1f(program.uniform("u_pixel"), area.width / static_cast<float>(std::max(1, target_.width())));
  unit_vertex_array_.bind();
  unit_buffer_.bind(GL_ARRAY_BUFFER);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(unit_instances_.size() * sizeof(float)),
               unit_instances_.data(), GL_STREAM_DRAW);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(discs.size()));
}

void WorldRenderer::draw_lines(RenderContext& context, const std::vector<WorldLine>& lines, const WorldRect& area) {
  if (lines.empty()) return;
  static_assert(sizeof(LineVertex) == 5 * sizeof(float));
  line_vertices_.clear();
  for (const WorldLine& line : lines) {
    const float r = line.color.r / 255.0f, g = line.color.g / 255.0f, b = line.color.b / 255.0f;
    line_vertices_.insert(line_vertices_.end(), {line.from.x, line.from.y, r, g, b, line.to.x, line.to.y, r, g, b});
  }
  const ShaderProgram& program = context.line_program();
  program.use();
  set_view(program, area);
  line_vertex_array_.bind();
  line_buffer_.bind(GL_ARRAY_BUFFER);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(line_vertices_.size() * sizeof(float)), line_vertices_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(line_vertices_.size() / 5));
}

void WorldRenderer::draw_quads(RenderContext& context, const std::vector<WorldQuad>& quads, const WorldRect& area) {
  if (quads.empty()) return;
  // Two triangles per quad through the line program (world position + colour per vertex).
  line_vertices_.clear();
  for (const WorldQuad& quad : quads) {
    const float r = quad.color.r / 255.0f, g = quad.color.g / 255.0f, b = quad.color.b / 255.0f;
    const float x0 = quad.rect.left, y0 = quad.rect.bottom, x1 = quad.rect.right(), y1 = quad.rect.top();
    line_vertices_.insert(line_vertices_.end(), {x0, y0, r, g, b, x1, y0, r, g, b, x1, y1, r, g, b,
                                                 x0, y0, r, g, b, x1, y1, r, g, b, x0, y1, r, g, b});
  }
  const ShaderProgram& program = context.line_program();
  program.use();
  set_view(program, area);
  line_vertex_array_.bind();
  line_buffer_.bind(GL_ARRAY_BUFFER);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(line_vertices_.size() * sizeof(float)), line_vertices_.data(),
               GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(line_vertices_.size() / 5));
}

}  // namespace sc2::render
