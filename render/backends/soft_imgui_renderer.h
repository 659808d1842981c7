#pragma once
// Draws ImGui's draw data as ImGui_ImplOpenGL3_RenderDrawData does (same buffers, state,
// clip rectangles, callbacks, texture and blending: the same pixels), except that its two
// varyings are `noperspective`. ImGui's projection is orthographic (w = 1), so the values are
// the same, but with perspective-correct varyings Mesa's llvmpipe computes 1/w and multiplies
// every varying by it for every pixel: ~2.4% of the instructions of a frame_time_bench frame
// (issue 5, bench/RESULTS.md). ImGui_ImplOpenGL3 still creates the font texture and starts
// frames. Header-only so frame_time_bench draws exactly what the app draws.
#include <epoxy/gl.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "imgui.h"

namespace sc2::render::backends {

class SoftImGuiRenderer {
 public:
  SoftImGuiRenderer() = default;
  SoftImGuiRenderer(const SoftImGuiRenderer&) = delete;
  SoftImGuiRenderer& operator=(const SoftImGuiRenderer&) = delete;
  ~SoftImGuiRenderer() { shutdown(); }

  // Needs a current GL 3.3 context. Returns an error text, empty on success.
  std::string init() {
    program_ = link_program();
    if (!program_) return "SoftImGuiRenderer: the shaders did not compile or link";
    projection_location_ = glGetUniformLocation(program_, "u_projection");
    texture_location_ = glGetUniformLocation(program_, "u_atlas");
    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &vertex_buffer_);
    glGenBuffers(1, &index_buffer_);
    GLint last_vertex_array = 0, last_array_buffer = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &last_vertex_array);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &last_array_buffer);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(ImDrawVert), reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(ImDrawVert), reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(static_cast<GLuint>(last_vertex_array));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(last_array_buffer));
    return {};
  }

  void shutdown() {
    if (index_buffer_) glDeleteBuffers(1, &index_buffer_);
    if (vertex_buffer_) glDeleteBuffers(1, &vertex_buffer_);
    if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
    if (program_) glDeleteProgram(program_);
    index_buffer_ = vertex_buffer_ = vertex_array_ = program_ = 0;
  }

  bool ready() const { return program_ != 0; }

  // Draws `data` into the bound framebuffer, as ImGui_ImplOpenGL3_RenderDrawData would.
  void render(const ImDrawData* data) {
    if (!data || !program_) return;
    const int fb_width = static_cast<int>(data->DisplaySize.x * data->FramebufferScale.x);
    const int fb_height = static_cast<int>(data->DisplaySize.y * data->FramebufferScale.y);
    if (fb_width <= 0 || fb_height <= 0) return;
    const SavedState saved = SavedState::capture();
    setup_state(*data, fb_width, fb_height);
    const ImVec2 clip_off = data->DisplayPos;
    const ImVec2 clip_scale = data->FramebufferScale;
    for (int n = 0; n < data->CmdListsCount; ++n) {
      const ImDrawList* list = data->CmdLists[n];
      glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->VtxBuffer.Size) * static_cast<GLsizeiptr>(sizeof(ImDrawVert)),
                   list->VtxBuffer.Data, GL_STREAM_DRAW);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(list->IdxBuffer.Size) * static_cast<GLsizeiptr>(sizeof(ImDrawIdx)),
                   list->IdxBuffer.Data, GL_STREAM_DRAW);
      for (const ImDrawCmd& cmd : list->CmdBuffer) {
        if (cmd.UserCallback) {
          if (cmd.UserCallback == ImDrawCallback_ResetRenderState) {
            setup_state(*data, fb_width, fb_height);
          } else {
            cmd.UserCallback(list, &cmd);
          }
          continue;
        }
        const ImVec2 clip_min((cmd.ClipRect.x - clip_off.x) * clip_scale.x, (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
        const ImVec2 clip_max((cmd.ClipRect.z - clip_off.x) * clip_scale.x, (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
        if (clip_max.x <= clip_min.x || clip_max.y <= clip_min.y) continue;
        glScissor(static_cast<int>(clip_min.x), static_cast<int>(static_cast<float>(fb_height) - clip_max.y),
                  static_cast<int>(clip_max.x - clip_min.x), static_cast<int>(clip_max.y - clip_min.y));
        glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::intptr_t>(cmd.GetTexID())));
        glDrawElementsBaseVertex(GL_TRIANGLES, static_cast<GLsizei>(cmd.ElemCount),
                                 sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                                 reinterpret_cast<void*>(static_cast<std::intptr_t>(cmd.IdxOffset * sizeof(ImDrawIdx))),
                                 static_cast<GLint>(cmd.VtxOffset));
      }
    }
    saved.restore();
  }

 private:
  // The GL state this renderer changes, put back afterwards (as ImGui's backend does), so
  // whatever draws next finds what it left.
  struct SavedState {
    GLint program = 0, texture = 0, active_texture = 0, vertex_array = 0, array_buffer = 0;
    GLint viewport[4] = {}, scissor[4] = {};
    GLint blend_src_rgb = 0, blend_dst_rgb = 0, blend_src_alpha = 0, blend_dst_alpha = 0;
    GLint blend_equation_rgb = 0, blend_equation_alpha = 0;
    GLboolean blend = 0, cull = 0, depth = 0, stencil = 0, scissor_test = 0;

    static SavedState capture() {
      SavedState s;
      glGetIntegerv(GL_ACTIVE_TEXTURE, &s.active_texture);
      glActiveTexture(GL_TEXTURE0);
      glGetIntegerv(GL_CURRENT_PROGRAM, &s.program);
      glGetIntegerv(GL_TEXTURE_BINDING_2D, &s.texture);
      glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &s.vertex_array);
      glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s.array_buffer);
      glGetIntegerv(GL_VIEWPORT, s.viewport);
      glGetIntegerv(GL_SCISSOR_BOX, s.scissor);
      glGetIntegerv(GL_BLEND_SRC_RGB, &s.blend_src_rgb);
      glGetIntegerv(GL_BLEND_DST_RGB, &s.blend_dst_rgb);
      glGetIntegerv(GL_BLEND_SRC_ALPHA, &s.blend_src_alpha);
      glGetIntegerv(GL_BLEND_DST_ALPHA, &s.blend_dst_alpha);
      glGetIntegerv(GL_BLEND_EQUATION_RGB, &s.blend_equation_rgb);
      glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &s.blend_equation_alpha);
      s.blend = glIsEnabled(GL_BLEND);
      s.cull = glIsEnabled(GL_CULL_FACE);
      s.depth = glIsEnabled(GL_DEPTH_TEST);
      s.stencil = glIsEnabled(GL_STENCIL_TEST);
      s.scissor_test = glIsEnabled(GL_SCISSOR_TEST);
      return s;
    }

    void restore() const {
      glUseProgram(static_cast<GLuint>(program));
      glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture));
      glActiveTexture(static_cast<GLenum>(active_texture));
      glBindVertexArray(static_cast<GLuint>(vertex_array));
      glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(array_buffer));
      glBlendEquationSeparate(static_cast<GLenum>(blend_equation_rgb), static_cast<GLenum>(blend_equation_alpha));
      glBlendFuncSeparate(static_cast<GLenum>(blend_src_rgb), static_cast<GLenum>(blend_dst_rgb),
                          static_cast<GLenum>(blend_src_alpha), static_cast<GLenum>(blend_dst_alpha));
      enable(GL_BLEND, blend);
      enable(GL_CULL_FACE, cull);
      enable(GL_DEPTH_TEST, depth);
      enable(GL_STENCIL_TEST, stencil);
      enable(GL_SCISSOR_TEST, scissor_test);
      glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
      glScissor(scissor[0], scissor[1], scissor[2], scissor[3]);
    }

    static void enable(GLenum capability, GLboolean on) {
      if (on) {
        glEnable(capability);
      } else {
        glDisable(capability);
      }
    }
  };

  void setup_state(const ImDrawData& data, int fb_width, int fb_height) const {
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, fb_width, fb_height);
    // ImGui's space, DisplayPos (top left) to DisplayPos + DisplaySize, as the backend maps it.
    const float l = data.DisplayPos.x, r = data.DisplayPos.x + data.DisplaySize.x;
    const float t = data.DisplayPos.y, b = data.DisplayPos.y + data.DisplaySize.y;
    const float projection[4][4] = {
        {2.0f / (r - l), 0.0f, 0.0f, 0.0f},
        {0.0f, 2.0f / (t - b), 0.0f, 0.0f},
        {0.0f, 0.0f, -1.0f, 0.0f},
        {(r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f},
    };
    glUseProgram(program_);
    glUniform1i(texture_location_, 0);
    glUniformMatrix4fv(projection_location_, 1, GL_FALSE, &projection[0][0]);
    glBindSampler(0, 0);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
  }

  // Our shaders for ImGui's vertices (position in ImGui's space, atlas coordinates, RGBA8
  // colour): colour times the texel, with noperspective varyings.
  static GLuint link_program() {
    static const char* const vertex_source =
        "#version 330 core\n"
        "layout(location = 0) in vec2 a_position;\n"
        "layout(location = 1) in vec2 a_uv;\n"
        "layout(location = 2) in vec4 a_colour;\n"
        "uniform mat4 u_projection;\n"
        "noperspective out vec2 v_uv;\n"
        "noperspective out vec4 v_colour;\n"
        "void main() {\n"
        "  v_uv = a_uv;\n"
        "  v_colour = a_colour;\n"
        "  gl_Position = u_projection * vec4(a_position, 0.0, 1.0);\n"
        "}\n";
    static const char* const fragment_source =
        "#version 330 core\n"
        "noperspective in vec2 v_uv;\n"
        "noperspective in vec4 v_colour;\n"
        "uniform sampler2D u_atlas;\n"
        "out vec4 frag_colour;\n"
        "void main() { frag_colour = v_colour * texture(u_atlas, v_uv); }\n";
    const GLuint vertex = compile(GL_VERTEX_SHADER, vertex_source);
    const GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source);
    GLuint program = 0;
    if (vertex && fragment) {
      program = glCreateProgram();
      glAttachShader(program, vertex);
      glAttachShader(program, fragment);
      glLinkProgram(program);
      GLint linked = 0;
      glGetProgramiv(program, GL_LINK_STATUS, &linked);
      if (!linked) {
        glDeleteProgram(program);
        program = 0;
      }
    }
    if (vertex) glDeleteShader(vertex);
    if (fragment) glDeleteShader(fragment);
    return program;
  }

  static GLuint compile(GLenum kind, const char* source) {
    const GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint compiled = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    if (!compiled) {
      glDeleteShader(shader);
      return 0;
    }
    return shader;
  }

  GLuint program_ = 0, vertex_array_ = 0, vertex_buffer_ = 0, index_buffer_ = 0;
  GLint projection_location_ = -1, texture_location_ = -1;
};

}  // namespace sc2::render::backends
