#include "render/backends/gl_window.h"

// Order matters: epoxy must come before anything that includes GL headers.
#include <epoxy/gl.h>

#include <cstdio>

#include "backends/imgui_impl_opengl3.h"
#include "backends/imgui_impl_sdl.h"
#include "imgui.h"
#include "render/backends/imgui_gl.h"
#include "render/backends/keep_libraries_loaded.h"

namespace sc2::render::backends {

GlWindow::~GlWindow() {
  imgui_renderer_.shutdown();  // while the GL context and ImGui still exist
  if (imgui_gl_) ImGui_ImplOpenGL3_Shutdown();
  if (imgui_sdl_) ImGui_ImplSDL2_Shutdown();
  if (imgui_context_) ImGui::DestroyContext();
  keep_loaded_libraries_for_leak_reports();  // those loaded while drawing, too
  if (context_) SDL_GL_DeleteContext(context_);
  if (window_) SDL_DestroyWindow(window_);
  if (sdl_) SDL_Quit();
}

std::string GlWindow::open(const GlWindowOptions& options) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) return std::string("SDL_Init failed: ") + SDL_GetError();
  sdl_ = true;
  if (options.check_video_driver) {
    const char* driver = SDL_GetCurrentVideoDriver();
    if (std::string error = options.check_video_driver(driver ? driver : ""); !error.empty()) return error;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  if (!options.depth_buffer) {
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
  }
  const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI | (options.resizable ? SDL_WINDOW_RESIZABLE : 0);
  window_ = SDL_CreateWindow(options.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.width,
                             options.height, flags);
  if (!window_) return std::string("SDL_CreateWindow failed: ") + SDL_GetError();
  context_ = SDL_GL_CreateContext(window_);
  if (!context_) return std::string("creating an OpenGL 3.3 core context failed: ") + SDL_GetError();
  keep_loaded_libraries_for_leak_reports();
  SDL_GL_MakeCurrent(window_, context_);
  vsync_ = !options.vsync;  // so that set_vsync sets it
  set_vsync(options.vsync);
  if (epoxy_gl_version() < 33) return "OpenGL 3.3 is required, the driver offers " + std::to_string(epoxy_gl_version());

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_context_ = true;
  ini_path_ = options.imgui_ini;
  ImGui::GetIO().IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
  if (options.configure_imgui) options.configure_imgui();
  imgui_sdl_ = ImGui_ImplSDL2_InitForOpenGL(window_, context_);
  if (!imgui_sdl_) return "ImGui's SDL2 backend failed to start";
  imgui_gl_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!imgui_gl_) return "ImGui's OpenGL 3 backend failed to start";
  sample_font_nearest();
  // Should its shaders fail, ImGui's backend draws the frames.
  if (options.soft_imgui_renderer) {
    if (const std::string error = imgui_renderer_.init(); !error.empty()) std::fprintf(stderr, "%s\n", error.c_str());
  }
  return {};
}

std::pair<int, int> GlWindow::drawable_size() const {
  int width = 0, height = 0;
  SDL_GL_GetDrawableSize(window_, &width, &height);
  return {width, height};
}

void GlWindow::begin_imgui_frame() {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
}

void GlWindow::draw(const ImDrawData* data, const float backdrop[4]) {
  const auto [width, height] = drawable_size();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  clear_to(backdrop);
  if (imgui_renderer_.ready()) {
    imgui_renderer_.render(data);
  } else {
    ImGui_ImplOpenGL3_RenderDrawData(const_cast<ImDrawData*>(data));
  }
  glFlush();
}

void GlWindow::set_vsync(bool on) {
  if (on == vsync_) return;
  vsync_ = on;
  SDL_GL_SetSwapInterval(on ? 1 : 0);
}

}  // namespace sc2::render::backends
