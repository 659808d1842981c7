#include "render/backends/imgui_gl.h"

#include <epoxy/gl.h>

#include <cstdint>

#include "backends/imgui_impl_opengl3.h"

namespace sc2::render::backends {

void blending_off(const ImDrawList*, const ImDrawCmd*) { glDisable(GL_BLEND); }
void blending_on(const ImDrawList*, const ImDrawCmd*) { glEnable(GL_BLEND); }

void clear_to(const float rgba[4]) {
  glClearColor(rgba[0], rgba[1], rgba[2], rgba[3]);
  glClear(GL_COLOR_BUFFER_BIT);
}

void sample_font_nearest() {
  if (!ImGui_ImplOpenGL3_CreateDeviceObjects()) return;
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(ImGui::GetIO().Fonts->TexID)));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

}  // namespace sc2::render::backends
