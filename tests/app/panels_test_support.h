#pragma once
// The real panels (StudioUi) in the test process, fed by a RecordedSession: the app's window
// offscreen (SDL's offscreen driver), one frame at a time, and the frame's pixels.
#include <doctest/doctest.h>
#include <stb_image.h>

#include <SDL.h>

#include "backends/imgui_impl_sdl.h"

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/session/recorded_session.h"
#include "app/ui/studio_ui.h"
#include "app/ui/studio_window.h"
#include "render/backends/gl_window.h"
#include "render/backends/screenshot.h"
#include "render/palette.h"
#include "tests/app/app_test_support.h"

namespace sc2::test {

using sc2::app::RecordedSession;
using sc2::app::RecordedSessionOptions;
using sc2::app::RecordedStep;

struct Picture {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  // Pixels of exactly this colour inside the rectangle.
  int count(sc2::render::Rgb colour, const sc2::app::ImageRect& area) const {
    int found = 0;
    for (int y = static_cast<int>(area.y); y < static_cast<int>(area.y + area.height) && y < height; ++y) {
      for (int x = static_cast<int>(area.x); x < static_cast<int>(area.x + area.width) && x < width; ++x) {
        const unsigned char* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
        if (p[0] == colour.r && p[1] == colour.g && p[2] == colour.b) ++found;
      }
    }
    return found;
  }
};

inline sc2::render::Rgb owner_colour(int owner) { return sc2::render::find_palette("player_absolute")->color(owner); }

// The app's window with the panels on it, offscreen, drawing a RecordedSession.
class Panels {
 public:
  // `loop`: after the last step the first comes again (else the last one stays on screen).
  explicit Panels(std::vector<RecordedStep> steps, std::string agent = {}, std::string map = "Recorded",
                  bool loop = true)
      : session_(std::move(steps), RecordedSessionOptions{std::move(map), std::move(agent), 8, loop}) {
    setenv("SDL_VIDEODRIVER", "offscreen", 1);
    setenv("XDG_CONFIG_HOME", (dir_.path() / "config").c_str(), 1);  // the default keymap
    setenv("XDG_DATA_HOME", (dir_.path() / "data").c_str(), 1);
    sc2::app::StudioOptions options;
    options.screenshot = (dir_.path() / "unused.png").string();  // headless on purpose
    error_ = window_.open(sc2::app::ui::studio_window_options(options));
    if (error_.empty()) ui_ = std::make_unique<sc2::app::ui::StudioUi>(session_, options);
  }
  ~Panels() { ui_.reset(); }  // GL objects before the window's context

  const std::string& error() const { return error_; }
  RecordedSession& session() { return session_; }
  sc2::app::ui::StudioUi& ui() { return *ui_; }
  sc2::render::backends::GlWindow& window() { return window_; }

  // One frame as the app draws it, after a new observation; SDL's queued input goes to ImGui.
  // With `picture`, the frame's pixels too (read before the swap).
  bool frame(Picture* picture = nullptr) {
    session_.advance();
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_MOUSEMOTION) pointer_ = ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
    }
    const bool drew_game = sc2::app::ui::build_studio_frame(window_, *ui_, session_, pointer_);
    sc2::app::ui::render_studio_frame(window_);
    if (picture) *picture = read_picture();
    window_.swap();
    return drew_game;
  }

 private:
  Picture read_picture() {
    const auto file = dir_.path() / "frame.png";
    const auto [width, height] = window_.drawable_size();
    Picture picture;
    if (!sc2::render::backends::write_framebuffer_png(file, width, height).empty()) return picture;
    int channels = 0;
    unsigned char* data = stbi_load(file.c_str(), &picture.width, &picture.height, &channels, 3);
    if (!data) return picture;
    picture.rgb.assign(data, data + static_cast<std::size_t>(picture.width) * picture.height * 3);
    stbi_image_free(data);
    return picture;
  }

  sc2::test::TempDir dir_;
  RecordedSession session_;
  sc2::render::backends::GlWindow window_;
  std::unique_ptr<sc2::app::ui::StudioUi> ui_;
  std::string error_;
  std::optional<ImVec2> pointer_;
};

}  // namespace sc2::test
