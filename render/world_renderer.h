#pragma once
// The world view: the camera area drawn from raw units over the terrain, into an RGBA
// texture (GL orientation; show with uv0 = (0, 1), uv1 = (1, 0)).
// Background = screen height_map x 0.6, creep, power, times visibility (as PySC2's renderer;
// optionally the player_relative layer painted over it, PySC2's F10);
// units = discs in the owner colour with outline, damage, facing tick, selection ring
// (resources in their kind's look: render/resource_kind.h);
// order paths of selected units; status bars (render/world_scene.h unit_bars).
// Zoom: `view` may be a part of `camera` (the area the screen layers cover); the terrain is
// then sampled from that part of the screen layers.
#include <memory>

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

  // As render(), but keeps the last picture when `source` (what owns the observation, e.g.
  // the TimeStep) is the one drawn last and the areas and size are the same: the UI calls
  // this every frame, while observations arrive a few times a second. Returns true if it drew.
  bool render_if_changed(RenderContext& context, const std::shared_ptr<const void>& source,
                         const pysc2::Observation& observation, const WorldRect& camera, const WorldRect& view,
                         int width_px, int height_px);

  // A rectangle of the bound framebuffer in GL pixels (x, y from the bottom left).
  struct PixelRect {
    int x = 0, y = 0, width = 0, height = 0;
  };
  // Draws `view` (a part of `camera`) straight into `viewport` of the bound framebuffer,
  // clipped to `scissor`, blending state and program restored afterwards. Used from an ImGui
  // draw callback when a new observation is shown anyway: it saves drawing the picture into
  // the texture and then copying the texture into the window, a full-size pass each, which is
  // what a software renderer pays for. The texture is left as it was.
  void draw_direct(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                   const WorldRect& view, const PixelRect& viewport, const PixelRect& scissor);

  // Paint the screen player_relative layer over the terrain (PySC2's F10 toggle). The next
  // render_if_changed draws again.
  void set_player_relative_overlay(bool on);
  bool player_relative_overlay() const { return player_relative_overlay_; }

  GLuint color_texture() const { return target_.texture_id(); }
  int width() const { return target_.width(); }
  int height() const { return target_.height(); }
  bool ready() const { return target_.ready(); }

 private:
  // Terrain, order lines, units and bars of `view` into the current viewport of width_px.
  void draw_scene(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                  const WorldRect& view, int width_px);
  void draw_terrain(RenderContext& context, const pysc2::Observation& observation, const WorldRect& camera,
                    const WorldRect& view);
  void draw_units(RenderContext& context, const std::vector<UnitDisc>& discs, const WorldRect& area, int width_px);
  void draw_lines(RenderContext& context, const std::vector<WorldLine>& lines, const WorldRect& area);
  void draw_quads(RenderContext& context, const std::vector<WorldQuad>& quads, const WorldRect& area);

  ColorTarget target_;
  // The terrain image (render/terrain_image.h) and the layers it was made from: rebuilt and
  // uploaded only when they change (in the mini-games they never do).
  struct TerrainSource {
    int width = -1;
    int height = -1;
    std::vector<std::int32_t> values;
  };
  bool update_terrain(const pysc2::Observation& observation);
  Texture terrain_;
  TerrainSource terrain_sources_[5];  // height_map, visibility_map, creep, power, player_relative
  bool terrain_ready_ = false;
  bool player_relative_overlay_ = false;
  VertexArray unit_vertex_array_;
  Buffer unit_buffer_;
  VertexArray line_vertex_array_;
  Buffer line_buffer_;
  // What render_if_changed drew last.
  std::weak_ptr<const void> drawn_source_;
  WorldRect drawn_camera_;
  WorldRect drawn_view_;
  // Reused every frame so drawing does not allocate.
  std::vector<float> unit_instances_;
  std::vector<float> line_vertices_;
};

}  // namespace sc2::render
