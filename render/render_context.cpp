#include "render/render_context.h"

#include "render/shader_sources.h"

namespace sc2::render {

RenderContext::RenderContext()
    : terrain_program_("terrain", shaders::terrain_vert, shaders::terrain_frag),
      unit_program_("unit_disc", shaders::unit_disc_vert, shaders::unit_disc_frag),
      line_program_("line", shaders::line_vert, shaders::line_frag) {}

}  // namespace sc2::render
