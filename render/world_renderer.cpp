#include "render/world_renderer.h"

#include "render/terrain_image.h"

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
  float core[3];
  float core_fraction;
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
  float_attribute(6, 3, sizeof(UnitInstance), offsetof(UnitInstance, core), true);
  float_attribute(7, 1, sizeof(UnitInstance), offsetof(UnitInstance, core_fraction), true);

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
  draw_scene(context, observation, camera, area, target_.width());
}

void WorldRenderer::draw_direct(RenderContext& context, const pysc2::Observation& observation,
                                const WorldRect& camera, const WorldRect& view, const PixelRect& viewport,
                                const PixelRect& scissor) {
  if (viewport.width <= 0 || viewport.height <= 0 || scissor.width <= 0 || scissor.height <= 0) return;
  GlStateGuard guard;
  glViewport(viewport.x, viewport.y, viewport.width, viewport.height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(scissor.x, scissor.y, scissor.width, scissor.height);
  glDisable(GL_BLEND);
  draw_scene(context, observation, camera, view, viewport.width);
}

void WorldRenderer::draw_scene(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                               const WorldRect& area, int width_px) {
  draw_terrain(context, observation, camera, area);
  glEnable(GL_BLEND);
  // Keep the target opaque: colour blends normally, alpha accumulates to 1.
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  const pysc2::RawView& raw = observation.raw_view;
  draw_lines(context, order_lines(raw), area);
  draw_units(context, unit_discs(raw, area), area, width_px);
  draw_quads(context, unit_bars(raw, area, area.width / static_cast<float>(std::max(1, width_px))), area);
}

bool WorldRenderer::render_if_changed(RenderContext& context, const std::shared_ptr<const void>& source,
                                      const pysc2::Observation& observation, const WorldRect& camera,
                                      const WorldRect& view, int width_px, int height_px) {
  auto same_rect = [](const WorldRect& a, const WorldRect& b) {
    return a.left == b.left && a.bottom == b.bottom && a.width == b.width && a.height == b.height;
  };
  const bool same_source = source && !drawn_source_.expired() && !drawn_source_.owner_before(source) &&
                           !source.owner_before(drawn_source_);
  if (same_source && target_.ready() && target_.width() == std::max(1, width_px) &&
      target_.height() == std::max(1, height_px) && same_rect(camera, drawn_camera_) && same_rect(view, drawn_view_)) {
    return false;
  }
  render(context, observation, camera, view, width_px, height_px);
  drawn_source_ = source;
  drawn_camera_ = camera;
  drawn_view_ = view;
  return true;
}

void WorldRenderer::set_player_relative_overlay(bool on) {
  if (on == player_relative_overlay_) return;
  player_relative_overlay_ = on;
  terrain_ready_ = false;
  drawn_source_.reset();
}

bool WorldRenderer::update_terrain(const pysc2::Observation& observation) {
  const pysc2::Layer* layers[5] = {observation.screen("height_map"), observation.screen("visibility_map"),
                                   observation.screen("creep"), observation.screen("power"),
                                   player_relative_overlay_ ? observation.screen("player_relative") : nullptr};
  bool same = terrain_ready_;
  for (int i = 0; i < 5 && same; ++i) {
    const TerrainSource& source = terrain_sources_[i];
    const pysc2::Layer* layer = layers[i];
    same = layer ? source.width == layer->width && source.height == layer->height && source.values == layer->values
                 : source.width == -1;
  }
  if (same) return false;
  for (int i = 0; i < 5; ++i) {
    terrain_sources_[i] = layers[i] ? TerrainSource{layers[i]->width, layers[i]->height, layers[i]->values} : TerrainSource{};
  }
  const TerrainImage image = terrain_image(TerrainLayers{layers[0], layers[1], layers[2], layers[3], layers[4]});
  terrain_.bind();
  GLint row_length = 0;
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image.width, image.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  terrain_ready_ = true;
  return true;
}

void WorldRenderer::draw_terrain(RenderContext& context, const pysc2::Observation& observation,
                                 const WorldRect& camera, const WorldRect& view) {
  update_terrain(observation);
  const ShaderProgram& program = context.terrain_program();
  program.use();
  glActiveTexture(GL_TEXTURE0);
  terrain_.bind();
  glUniform1i(program.uniform("u_terrain"), 0);
  // Which part of the screen layers the view shows (uv of the camera area, y up).
  const float cw = camera.width > 0 ? camera.width : 1.0f, ch = camera.height > 0 ? camera.height : 1.0f;
  glUniform4f(program.uniform("u_uv_rect"), (view.left - camera.left) / cw, (view.bottom - camera.bottom) / ch,
              view.width / cw, view.height / ch);
  context.empty_vertex_array().bind();
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // terrain.vert.glsl: one quad
}

void WorldRenderer::draw_units(RenderContext& context, const std::vector<UnitDisc>& discs, const WorldRect& area,
                               int width_px) {
  if (discs.empty()) return;
  static_assert(sizeof(UnitInstance) == 13 * sizeof(float));
  unit_instances_.clear();
  for (const UnitDisc& disc : discs) {
    const float flags = (disc.selected ? 1.0f : 0.0f) + (disc.facing_tick ? 2.0f : 0.0f);
    unit_instances_.insert(unit_instances_.end(),
                           {disc.center.x, disc.center.y, disc.radius, disc.fill.r / 255.0f, disc.fill.g / 255.0f,
                            disc.fill.b / 255.0f, disc.fraction_damaged, flags, disc.facing, disc.core.r / 255.0f,
                            disc.core.g / 255.0f, disc.core.b / 255.0f, disc.core_fraction});
  }
  const ShaderProgram& program = context.unit_program();
  program.use();
  set_view(program, area);
  glUniform1f(program.uniform("u_pixel"), area.width / static_cast<float>(std::max(1, width_px)));
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
