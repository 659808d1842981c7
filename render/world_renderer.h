#pragma once
// The world view: the camera area drawn from raw units over the terrain, into an RGBA
// texture (GL orientation; show with uv0 = (0, 1), uv1 = (1, 0)).
// Background = screen height_map x 0.6, creep, times visibility (as PySC2's renderer);
// units = discs in the owner colour with outline, damage, facing tick, selection ring;
// order paths of selected units; status bars (render/world_scene.h unit_bars).
// Zoom: `view` may be a part of `camera` (the area the screen layers cover); the terrain is
// then sampled from that part of the screen layers.
#include "client/pysc2/observation.h"
#include "render/gl_objects.h"
#include "render/render_context.h"
#include "render/world_scene.h"

namespace sc2::render {

class WorldRenderer {
 public:
  WorldRenderer();

  // Draws `area` (world units, = the camera area) into a width_px x height_px texture.
  void render(RenderContext& context, const pysc2::Observation& observation, const WorldRect& area, int width_px,
              int height_px);
  // Draws `view` (a part of `camera`, e.g. render::zoomed_view) into the texture.
  void render(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
              const WorldRect& view, int width_px, int height_px);

  GLuint color_texture() const { return target_.texture_id(); }
  int width() const { return target_.width(); }
  int height() const { return target_.height(); }
  bool ready() const { return target_.ready(); }

 private:
  void draw_terrain(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                    const WorldRect& view);
  void draw_units(RenderContext& context, const std::vector<UnitDisc>& discs, const WorldRect& area);
  void draw_lines(RenderContext& context, const std::vector<WorldLine>& lines, const WorldRect& area);
  void draw_quads(RenderContext& context, const std::vector<WorldQuad>& quads, const WorldRect& area);

  ColorTarget target_;
  Texture height_;
  Texture visibility_;
  Texture creep_;
  VertexArray unit_vertex_array_;
  Buffer unit_buffer_;
  VertexArray line_vertex_array_;
  Buffer line_buffer_;
  // Reused every frame so drawing does not allocate.
  std::vector<float> unit_instances_;
  std::vector<float> line_vertices_;
};

}  // namespace sc2::render
