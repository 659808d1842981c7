// Frame time of sc2studio (issue 5): the real panels (app/ui StudioUi) in the app's real window
// (render/backends GlWindow with the app's options, font and style: app/ui/studio_window.h),
// each frame built and drawn exactly as the app's frame loop does, at 1280x800 under SDL's
// offscreen driver (EGL; Mesa llvmpipe on a machine without a GPU).
//
// What the panels show is a real game, recorded first: the map's scripted agent plays it on the
// engine in-process (learning/in_process_channel.h + pysc2::Env, the app's Env options), and the
// TimeSteps it saw, with the call it chose on each, are kept. The panels are then fed by a
// RecordedSession (app/recorded_session.h, the app's SessionReader and SessionCommands): one
// new observation per frame, as in watch mode at full game speed, so every frame brings a new
// observation (layers recoloured when shown, the world view drawn straight into the window, the
// agent's calls in the Action log and the Agent panel). Recording takes the game's time; the
// measured frames take none of it. --skip-steps plays the game further before recording: in
// BuildMarines the scripted agent's Marines crowd the screen late in the episode (~150 units).
//
// Per frame: building the ImGui frame (StudioUi::draw with ImGui::NewFrame and Render: the
// panels, the layer colouring and uploads they ask for), drawing it into the window until
// glFinish (the software renderer's work is inside), and the swap; wall time and the process
// CPU time (all threads: llvmpipe rasterises on its own threads), which moves much less with
// other programs' load on a shared machine.
#include <epoxy/gl.h>
#include <SDL.h>

#include "imgui.h"
#include "imgui_internal.h"
#include "backends/imgui_impl_sdl.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ctime>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "app/session/recorded_session.h"
#include "app/ui/studio_ui.h"
#include "app/ui/studio_window.h"
#include "learning/in_process_channel.h"
#include "bench/render_sync_figure.h"
#include "client/controller.h"
#include "client/pysc2/env.h"
#include "render/backends/gl_window.h"
#include "render/backends/screenshot.h"

namespace app = sc2::app;
namespace app_ui = sc2::app::ui;
namespace pysc2 = sc2::pysc2;

namespace {

using Clock = std::chrono::steady_clock;

struct Options {
  int frames = 200;
  int warmup = 20;
  std::vector<int> sizes = {64, 256};
  std::string map = "CollectMineralsAndGas";
  int skip_steps = 0;     // agent steps played before recording
  int recorded = 100;     // agent steps recorded; the frames go through them in turn
  std::uint32_t seed = 1;
  int observation_every = 1;  // frames per new observation (1: full game speed)
  int width = 1280;
  int height = 800;
  std::string imgui_renderer = "soft";
  bool depth_buffer = false;
  std::vector<std::string> hidden;  // windows moved out of the frame
  bool count_pixels = false;
  std::string screenshot;  // PNG of the last frame of the last size
};

// The scripted agent plays `options.map` at this layer size on the engine in-process; the
// steps after the first skip_steps are kept, each TimeStep with the call chosen on it.
std::vector<app::RecordedStep> record_game(const Options& options, int size) {
  sc2::Controller controller(std::make_unique<sc2::learning::InProcessChannel>());
  pysc2::EnvOptions env_options;  // as the app's session asks (app/ui/studio_app.cpp)
  env_options.map = options.map;
  env_options.feature_screen_size = size;
  env_options.feature_minimap_size = size;
  env_options.step_mul = 8;
  env_options.seed = options.seed;
  env_options.raw = true;
  env_options.raw_affects_selection = true;
  pysc2::Env env(controller, env_options);
  const std::unique_ptr<sc2::agents::Agent> agent = sc2::agents::make_agent("scripted", options.seed);
  agent->setup(sc2::agents::AgentSpec{options.map, size, size, env_options.step_mul});
  std::vector<app::RecordedStep> steps;
  std::shared_ptr<const pysc2::TimeStep> timestep = env.reset();
  agent->reset();
  for (int step = 0; step < options.skip_steps + options.recorded; ++step) {
    if (timestep->last()) {
      timestep = env.reset();
      agent->reset();
    }
    const pysc2::FunctionCall call = agent->step(*timestep);
    if (step >= options.skip_steps) steps.push_back(app::RecordedStep{timestep, call, nullptr});
    timestep = env.step(call);
  }
  return steps;
}

// The recorded scene: raw units in all and on the screen (inside the camera area), means.
void print_scene(const std::vector<app::RecordedStep>& steps, int size) {
  double units = 0, on_screen = 0;
  for (const app::RecordedStep& step : steps) {
    const pysc2::Observation& obs = step.timestep->observation;
    units += static_cast<double>(obs.raw_view.units.size());
    on_screen += static_cast<double>(obs.feature_units.rows);
  }
  const double n = std::max<std::size_t>(1, steps.size());
  std::printf("%dx%d: %zu steps recorded (game loops %u..%u), mean %.0f raw units, %.0f on the screen\n", size,
              size, steps.size(), steps.front().timestep->observation.game_loop,
              steps.back().timestep->observation.game_loop, units / n, on_screen / n);
}

// Pixels each draw list's triangles cover, clipped to their clip rectangles (bounding-box
// clipping of each triangle: close enough for the axis-aligned quads ImGui mostly draws);
// callbacks (the world view drawn straight into the window) count as their clip rectangle.
// A software renderer's cost follows this count, so it shows where the frame's work goes.
void print_pixel_counts(const ImDrawData& data) {
  std::map<std::string, double> by_window;
  double total = 0;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    const std::string owner = list._OwnerName ? list._OwnerName : "?";
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const ImVec4 clip = cmd.ClipRect;
      double area = 0;
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState && cmd.UserCallbackData) {
          area = (clip.z - clip.x) * (clip.w - clip.y);
        }
      } else {
        for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
          const ImDrawVert* v[3];
          for (int k = 0; k < 3; ++k) {
            v[k] = &list.VtxBuffer[static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + i + k)])];
          }
          const float cross = (v[1]->pos.x - v[0]->pos.x) * (v[2]->pos.y - v[0]->pos.y) -
                              (v[2]->pos.x - v[0]->pos.x) * (v[1]->pos.y - v[0]->pos.y);
          if (cross == 0) continue;
          const float x0 = std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), x1 = std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
          const float y0 = std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), y1 = std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
          const float box = (x1 - x0) * (y1 - y0);
          const float cw = std::max(0.0f, std::min(x1, clip.z) - std::max(x0, clip.x));
          const float ch = std::max(0.0f, std::min(y1, clip.w) - std::max(y0, clip.y));
          if (box > 0) area += std::abs(cross) * 0.5 * (cw * ch) / box;
        }
      }
      by_window[owner] += area;
      total += area;
    }
  }
  std::printf("\nPixels filled per frame by ImGui draw lists (last frame, thousands):\n");
  for (const auto& [name, area] : by_window) std::printf("  %-28s %8.1f\n", name.c_str(), area / 1000.0);
  std::printf("  %-28s %8.1f\n", "total", total / 1000.0);
  int draws = 0, callbacks = 0;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    for (const ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer) (cmd.UserCallback ? callbacks : draws)++;
  }
  std::printf("%d draw lists, %d draw calls, %d callbacks, %d vertices, %d indices\n", data.CmdListsCount, draws,
              callbacks, data.TotalVtxCount, data.TotalIdxCount);
}

// Stages of one frame, in milliseconds; *_cpu: CPU time of the whole process (this thread and
// llvmpipe's rasteriser threads), the work done, which other programs' load changes much less.
struct FrameTimes {
  double build = 0, render = 0, present = 0, total = 0;
  double build_cpu = 0, render_cpu = 0, total_cpu = 0;
};

double process_cpu_ms() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t index = std::min(values.size() - 1, static_cast<std::size_t>(std::ceil(p * values.size())) - 1);
  return values[index];
}

struct Result {
  int size = 0;
  std::vector<FrameTimes> frames;
  std::vector<double> column(double FrameTimes::*field) const {
    std::vector<double> values;
    for (const FrameTimes& t : frames) values.push_back(t.*field);
    return values;
  }
};

// One frame as the app's frame loop draws it (studio_app.cpp), timed by stage.
FrameTimes draw_frame(sc2::render::backends::GlWindow& window, app_ui::StudioUi& ui, app::SessionReader& session,
                      const std::vector<std::string>& hidden) {
  FrameTimes times;
  SDL_Event event;
  while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
  const auto start = Clock::now();
  const double start_cpu = process_cpu_ms();
  app_ui::build_studio_frame(window, ui, session);
  times.build = ms_since(start);
  times.build_cpu = process_cpu_ms() - start_cpu;

  const auto render_start = Clock::now();
  const double render_start_cpu = process_cpu_ms();
  app_ui::render_studio_frame(window);
  glFinish();
  times.render = ms_since(render_start);
  times.render_cpu = process_cpu_ms() - render_start_cpu;

  const auto swap_start = Clock::now();
  window.swap();
  times.present = ms_since(swap_start);
  times.total = ms_since(start);
  times.total_cpu = process_cpu_ms() - start_cpu;
  // Left out (--hide): moved out of the frame, where they stay (the panels place their windows
  // only on first use).
  for (const std::string& name : hidden) ImGui::SetWindowPos(name.c_str(), ImVec2(5000, 5000));
  return times;
}

Result measure(const Options& options, sc2::render::backends::GlWindow& window, int size) {
  std::vector<app::RecordedStep> steps = record_game(options, size);
  print_scene(steps, size);
  app::RecordedSession session(std::move(steps), app::RecordedSessionOptions{options.map, "scripted", 8, true});
  app::StudioOptions studio;  // as sc2studio --map MAP --agent scripted --speed 0 at this size
  studio.map = options.map;
  studio.feature_screen_size = studio.feature_minimap_size = size;
  studio.agent = "scripted";
  studio.speed = 0;
  studio.seed = options.seed;
  studio.window_width = options.width;
  studio.window_height = options.height;
  app_ui::StudioUi ui(session, studio);
  Result result{size, {}};
  for (int frame = 0; frame < options.warmup + options.frames; ++frame) {
    if (frame % options.observation_every == 0) session.advance();
    const FrameTimes times = draw_frame(window, ui, session, options.hidden);
    if (frame >= options.warmup) result.frames.push_back(times);
  }
  if (options.count_pixels && ImGui::GetDrawData()) print_pixel_counts(*ImGui::GetDrawData());
  if (!options.screenshot.empty()) {
    // Drawn again into the back buffer (the swap left it undefined), then read.
    app_ui::render_studio_frame(window);
    const auto [width, height] = window.drawable_size();
    if (const std::string error = sc2::render::backends::write_framebuffer_png(options.screenshot, width, height);
        !error.empty()) {
      std::fprintf(stderr, "frame_time_bench: %s\n", error.c_str());
    }
  }
  return result;
}

void print_results(const std::vector<Result>& results) {
  std::printf("\n| layers  | frames | median ms | p95 ms | build (median) | render (median) | swap (median) |\n");
  std::printf("|---------|-------:|----------:|-------:|---------------:|----------------:|--------------:|\n");
  for (const Result& r : results) {
    std::printf("| %3dx%-3d | %6zu | %9.2f | %6.2f | %14.2f | %15.2f | %13.2f |\n", r.size, r.size, r.frames.size(),
                percentile(r.column(&FrameTimes::total), 0.5), percentile(r.column(&FrameTimes::total), 0.95),
                percentile(r.column(&FrameTimes::build), 0.5), percentile(r.column(&FrameTimes::render), 0.5),
                percentile(r.column(&FrameTimes::present), 0.5));
  }
  std::printf("\nCPU time of the process per frame (all threads, ms; median):\n");
  std::printf("| layers  | total CPU | build CPU | render CPU |\n");
  std::printf("|---------|----------:|----------:|-----------:|\n");
  for (const Result& r : results) {
    std::printf("| %3dx%-3d | %9.2f | %9.2f | %10.2f |\n", r.size, r.size, percentile(r.column(&FrameTimes::total_cpu), 0.5),
                percentile(r.column(&FrameTimes::build_cpu), 0.5), percentile(r.column(&FrameTimes::render_cpu), 0.5));
  }
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  CLI::App cli{"sc2studio frame-time benchmark: the real panels, offscreen, fed by a recorded game"};
  cli.add_option("--frames", options.frames, "measured frames per layer size")->check(CLI::PositiveNumber);
  cli.add_option("--warmup", options.warmup, "unmeasured frames first")->check(CLI::NonNegativeNumber);
  cli.add_option("--sizes", options.sizes, "layer sizes (screen and minimap), one run each")->delimiter(',')
      ->check(CLI::Range(1, 1024));
  cli.add_option("--map", options.map, "the mini-game recorded (its scripted agent plays)");
  cli.add_option("--skip-steps", options.skip_steps,
                 "agent steps played before recording (BuildMarines: ~2000 for a screen crowded with Marines)")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--recorded", options.recorded, "agent steps recorded; the frames show them in turn")
      ->check(CLI::PositiveNumber);
  cli.add_option("--seed", options.seed, "game and agent seed");
  cli.add_option("--observation-every", options.observation_every,
                 "frames per new observation: 1 = full game speed (the world view drawn straight into the window); "
                 "more: the world view's texture path, as at normal speed")
      ->check(CLI::PositiveNumber);
  cli.add_option("--imgui-renderer", options.imgui_renderer,
                 "soft: the app's ImGui renderer (render/backends/soft_imgui_renderer.h); backend: ImGui's OpenGL 3 backend")
      ->check(CLI::IsMember({"soft", "backend"}));
  cli.add_flag("--depth-buffer", options.depth_buffer, "keep SDL's default depth buffer (as before the app dropped it)");
  cli.add_option("--hide", options.hidden,
                 "windows to move out of the frame, to see what they cost (e.g. \"World view\", \"Feature layers\", "
                 "\"Action log\", Agent, Game, \"Command card\", Selection, Minimap)")
      ->delimiter(',');
  cli.add_flag("--count-pixels", options.count_pixels, "print the pixels each window's triangles fill in the last frame");
  cli.add_option("--screenshot", options.screenshot, "write the last frame to this PNG file (to look at the pixels)");
  cli.add_option("--width", options.width, "window width")->check(CLI::PositiveNumber);
  cli.add_option("--height", options.height, "window height")->check(CLI::PositiveNumber);
  bool sync = false;
  sc2::bench::RenderSyncOptions sync_options;
  cli.add_flag("--sync", sync,
               "instead: observations drawn per second by the real sc2studio with every observation drawn "
               "(--render_sync --speed 0 --step_mul 1; bench/render_sync_figure.h), at the first of --sizes");
  cli.add_option("--studio", sync_options.studios,
                 "--sync: sc2studio binaries to measure in turn (default: the one beside this program)");
  cli.add_option("--rounds", sync_options.rounds, "--sync: rounds over the binaries")->check(CLI::PositiveNumber);
  CLI11_PARSE(cli, argc, argv);
  if (sync) {
    if (sync_options.studios.empty()) {
      sync_options.studios.push_back((std::filesystem::canonical("/proc/self/exe").parent_path() / "sc2studio").string());
    }
    sync_options.map = options.map == "CollectMineralsAndGas" && cli.count("--map") == 0 ? "MoveToBeacon" : options.map;
    sync_options.size = options.sizes.front();
    return sc2::bench::run_render_sync_figure(sync_options);
  }

  setenv("SDL_VIDEODRIVER", "offscreen", 0);  // keep a driver the caller chose
  app::StudioOptions studio;
  studio.window_width = options.width;
  studio.window_height = options.height;
  studio.frames = 1;  // a headless run on purpose: the driver check lets offscreen pass
  sc2::render::backends::GlWindowOptions window_options = app_ui::studio_window_options(studio);
  window_options.title = "frame_time_bench";
  window_options.vsync = false;  // measure the frame, not the display's refresh
  window_options.depth_buffer = options.depth_buffer;
  window_options.soft_imgui_renderer = options.imgui_renderer == "soft";
  sc2::render::backends::GlWindow window;
  if (const std::string error = window.open(window_options); !error.empty()) {
    std::fprintf(stderr, "frame_time_bench: %s\n", error.c_str());
    return 1;
  }
  std::printf("renderer: %s | %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  std::printf("window %dx%d, the real panels (StudioUi), %s recorded with its scripted agent (seed %u) from step %d, "
              "a new observation every %d frame(s); %d measured frames after %d warm-up frames per size\n",
              options.width, options.height, options.map.c_str(), options.seed, options.skip_steps,
              options.observation_every, options.frames, options.warmup);
  std::printf("imgui renderer: %s, framebuffer: %s\n",
              options.imgui_renderer == "soft" ? "soft (noperspective varyings)" : "ImGui's OpenGL 3 backend",
              options.depth_buffer ? "with SDL's default depth buffer" : "no depth buffer (as the app)");
  if (!options.hidden.empty()) {
    std::string names;
    for (const std::string& name : options.hidden) names += (names.empty() ? "" : ", ") + name;
    std::printf("left out: %s\n", names.c_str());
  }
  std::vector<Result> results;
  try {
    for (int size : options.sizes) results.push_back(measure(options, window, size));
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frame_time_bench: %s\n", error.what());
    return 1;
  }
  print_results(results);
  return 0;
}
