#include "app/ui/studio_app.h"

// Order matters: epoxy must come before anything that includes GL headers.
#include <epoxy/gl.h>
#include <SDL.h>

#include "imgui.h"
#include "backends/imgui_impl_opengl3.h"
#include "backends/imgui_impl_sdl.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "app/config_paths.h"
#include "app/connect_address.h"
#include "app/recording_folder.h"
#include "app/script.h"
#include "app/session.h"
#include "app/video_frames.h"
#include "app/ui/app_style.h"
#include "app/ui/framebuffer_attributes.h"
#include "app/ui/keep_libraries_loaded.h"
#include "app/ui/screenshot.h"
#include "app/ui/script_player.h"
#include "app/ui/soft_imgui_renderer.h"
#include "app/ui/studio_ui.h"

namespace sc2::app::ui {

namespace {

constexpr auto kFirstTimeStepTimeout = std::chrono::seconds(20);
constexpr int kFramesAfterFailure = 5;
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

std::filesystem::path own_folder() {
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::current_path() : exe.parent_path();
}

// Everything whose lifetime is bound to the SDL window and GL context, torn down in order.
class Window {
 public:
  Window() = default;
  ~Window() {
    imgui_renderer_.shutdown();  // while the GL context and ImGui still exist
    if (imgui_gl_) ImGui_ImplOpenGL3_Shutdown();
    if (imgui_sdl_) ImGui_ImplSDL2_Shutdown();
    if (ImGui::GetCurrentContext()) ImGui::DestroyContext();
    keep_loaded_libraries_for_leak_reports();  // those loaded while drawing, too
    if (context_) SDL_GL_DeleteContext(context_);
    if (window_) SDL_DestroyWindow(window_);
    if (sdl_) SDL_Quit();
  }
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  // Returns an error message, empty on success.
  std::string open(const StudioOptions& options) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) return std::string("SDL_Init failed: ") + SDL_GetError();
    sdl_ = true;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    request_framebuffer_without_depth();  // cheaper under llvmpipe (framebuffer_attributes.h)
    window_ = SDL_CreateWindow("SC2 Studio", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, options.window_width,
                               options.window_height, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!window_) return std::string("SDL_CreateWindow failed: ") + SDL_GetError();
    context_ = SDL_GL_CreateContext(window_);
    if (!context_) return std::string("creating an OpenGL 3.3 core context failed: ") + SDL_GetError();
    keep_loaded_libraries_for_leak_reports();
    SDL_GL_MakeCurrent(window_, context_);
    SDL_GL_SetSwapInterval(1);
    if (epoxy_gl_version() < 33) return "OpenGL 3.3 is required, the driver offers " + std::to_string(epoxy_gl_version());

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (auto dir = config_dir_from_environment()) {
      std::error_code ignored;
      std::filesystem::create_directories(*dir, ignored);
      ini_path_ = (*dir / "imgui.ini").string();
      io.IniFilename = ini_path_.c_str();
    } else {
      io.IniFilename = nullptr;
    }
    add_app_font(kFontPath);
    apply_app_style();
    imgui_sdl_ = ImGui_ImplSDL2_InitForOpenGL(window_, context_);
    if (!imgui_sdl_) return "ImGui's SDL2 backend failed to start";
    imgui_gl_ = ImGui_ImplOpenGL3_Init("#version 330 core");
    if (!imgui_gl_) return "ImGui's OpenGL 3 backend failed to start";
    sample_font_nearest();
    // ImGui's frames drawn with cheaper per-pixel state (soft_imgui_renderer.h); should its
    // shaders fail, ImGui's backend draws them.
    if (const std::string error = imgui_renderer_.init(); !error.empty()) std::fprintf(stderr, "%s\n", error.c_str());
    return {};
  }

  SDL_Window* sdl_window() const { return window_; }

  void render_imgui(const ImDrawData* data) {
    if (imgui_renderer_.ready()) {
      imgui_renderer_.render(data);
    } else {
      ImGui_ImplOpenGL3_RenderDrawData(const_cast<ImDrawData*>(data));
    }
  }

 private:
  bool sdl_ = false;
  SDL_Window* window_ = nullptr;
  SDL_GLContext context_ = nullptr;
  bool imgui_sdl_ = false;
  bool imgui_gl_ = false;
  SoftImGuiRenderer imgui_renderer_;
  std::string ini_path_;
};

SessionOptions session_options(const StudioOptions& options) {
  SessionOptions session;
  session.env.map = options.map;
  session.env.feature_screen_size = options.feature_screen_size;
  session.env.feature_minimap_size = options.feature_minimap_size;
  session.env.step_mul = options.step_mul;
  session.env.seed = options.seed;
  session.env.camera_width = options.feature_camera_width;
  session.env.disable_fog = options.disable_fog;
  session.env.rgb_screen_width = options.rgb_screen_width;
  session.env.rgb_screen_height = options.rgb_screen_height;
  session.env.rgb_minimap_size = options.rgb_minimap_size;
  session.max_game_loops = options.max_game_steps;
  session.render_sync = options.render_sync;
  session.env.raw = true;
  session.env.raw_affects_selection = true;  // raw-action mode selects with raw commands (F7)
  if (options.sc2path) session.sc2path = std::filesystem::path(*options.sc2path);
  session.sc2lite_dir = own_folder();
  session.speed = options.speed;
  session.agent = options.agent;
  session.agent_seed = options.seed.value_or(0);
  if (!options.record.empty()) session.record_dir = std::filesystem::path(options.record);
  std::string error;
  if (auto address = parse_host_port(options.connect, error); address && !options.connect.empty()) {
    session.connect_host = address->host;
    session.connect_port = address->port;
  }
  if (!options.replay.empty()) session.replay_file = std::filesystem::path(options.replay);
  if (!options.save_replay.empty()) session.save_replay_dir = std::filesystem::path(options.save_replay);
  return session;
}

// The keymap's name of an SDL key, empty for keys the keymap does not know.
std::string key_name(SDL_Keycode key) {
  if (key >= SDLK_a && key <= SDLK_z) return std::string(1, static_cast<char>('A' + (key - SDLK_a)));
  if (key >= SDLK_0 && key <= SDLK_9) return std::string(1, static_cast<char>('0' + (key - SDLK_0)));
  if (key >= SDLK_F1 && key <= SDLK_F12) return std::string("F").append(std::to_string(1 + key - SDLK_F1));
  switch (key) {
    case SDLK_LEFT: return "Left";
    case SDLK_RIGHT: return "Right";
    case SDLK_UP: return "Up";
    case SDLK_DOWN: return "Down";
    case SDLK_ESCAPE: return "Escape";
    case SDLK_SPACE: return "Space";
    case SDLK_RETURN: case SDLK_KP_ENTER: return "Enter";
    case SDLK_TAB: return "Tab";
    case SDLK_BACKSPACE: return "Backspace";
    case SDLK_DELETE: return "Delete";
    case SDLK_INSERT: return "Insert";
    case SDLK_HOME: return "Home";
    case SDLK_END: return "End";
    case SDLK_PAGEUP: return "PageUp";
    case SDLK_PAGEDOWN: return "PageDown";
    case SDLK_PLUS: case SDLK_EQUALS: case SDLK_KP_PLUS: return "Plus";
    case SDLK_MINUS: case SDLK_KP_MINUS: return "Minus";
    case SDLK_PERIOD: return "Period";
    case SDLK_COMMA: return "Comma";
    case SDLK_SLASH: return "Slash";
    default: return {};
  }
}

// Own units (tag, type, position) of a TimeStep, for the --action_log file.
nlohmann::json own_units(const pysc2::TimeStep& timestep) {
  nlohmann::json units = nlohmann::json::array();
  const auto& observation = timestep.observation.proto().observation();
  for (const auto& unit : observation.raw_data().units()) {
    if (unit.alliance() != SC2APIProtocol::Self) continue;
    units.push_back({{"tag", unit.tag()}, {"unit_type", unit.unit_type()}, {"x", unit.pos().x()}, {"y", unit.pos().y()}});
  }
  return {{"game_loop", timestep.observation.game_loop}, {"score", timestep.observation.score}, {"units", units}};
}

std::string write_action_log(const std::string& file, const Session& session, const nlohmann::json& first,
                             const nlohmann::json& last) {
  nlohmann::json actions = nlohmann::json::array();
  for (const ActionRecord& record : session.action_log()) {
    actions.push_back({{"sequence", record.sequence}, {"game_loop", record.game_loop}, {"episode", record.episode},
                       {"source", to_string(record.source)}, {"function", record.call.function},
                       {"arguments", record.call.arguments}, {"text", record.text}, {"result", record.result},
                       {"failed", record.failed}, {"raw", record.raw.has_value()}});
  }
  nlohmann::json episodes = nlohmann::json::array();
  for (const EpisodeSummary& episode : session.episodes()) {
    episodes.push_back({{"episode", episode.episode}, {"score", episode.score}, {"steps", episode.steps},
                        {"agent_steps", episode.agent_steps}, {"human_steps", episode.human_steps},
                        {"finished", episode.finished}});
  }
  const SessionSnapshot state = session.snapshot();
  nlohmann::json recording = {{"folder", state.recording_folder}, {"steps", state.recorded_steps},
                              {"error", state.recording_error}};
  const nlohmann::json session_state = {{"mode", to_string(state.mode)},   {"state", to_string(state.state)},
                                        {"status", state.status},           {"error", state.error},
                                        {"read_only", state.read_only},     {"replay_loops", state.replay_loops}};
  const nlohmann::json document = {{"actions", actions},   {"episodes", episodes},
                                   {"recording", recording}, {"first_observation", first},
                                   {"last_observation", last}, {"session", session_state}};
  std::ofstream out(file);
  out << document.dump(2) << "\n";
  out.close();
  return out ? std::string() : "cannot write the action log " + file;
}

}  // namespace

int run_studio(const StudioOptions& initial_options) {
  StudioOptions options = initial_options;
  std::optional<ScriptPlayer> script;
  if (!options.script.empty()) {
    std::ifstream in(options.script);
    if (!in) {
      std::fprintf(stderr, "sc2studio: cannot read the script %s\n", options.script.c_str());
      return 1;
    }
    std::ostringstream text;
    text << in.rdbuf();
    ParsedScript parsed = parse_script(text.str(), options.script);
    if (!parsed.error.empty()) {
      std::fprintf(stderr, "sc2studio: %s\n", parsed.error.c_str());
      return 1;
    }
    script.emplace(std::move(parsed.commands));
  }

  if (!options.video.empty()) {
    if (std::string error = prepare_video_folder(options.video); !error.empty()) {
      std::fprintf(stderr, "sc2studio: %s\n", error.c_str());
      return 1;
    }
  }

  Window window;
  if (std::string error = window.open(options); !error.empty()) {
    std::fprintf(stderr, "sc2studio: %s\n", error.c_str());
    return 1;
  }

  auto session = std::make_unique<Session>(session_options(options));
  session->start();
  std::vector<std::thread> retiring;  // sessions replaced by a restart, stopping in the background
  int exit_code = 0;
  nlohmann::json first_observation, last_observation;
  {
    std::unique_ptr<StudioUi> ui;
    try {
      ui = std::make_unique<StudioUi>(*session, options);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "sc2studio: cannot set up rendering: %s\n", error.what());
      return 1;
    }

    const auto started = std::chrono::steady_clock::now();
    int game_frames = 0;
    int failed_frames = 0;
    int video_frames = 0;               // --video: frames saved so far
    std::uint64_t video_version = 0;    // the observation in the last saved frame
    bool running = true;
    std::optional<ImVec2> last_pointer;  // where the last SDL mouse motion in the window ended
    while (running) {
      const auto frame_start = std::chrono::steady_clock::now();
      // A --script queues this frame's input as SDL events, handled below like a person's.
      if (script && !script->apply(*ui, window.sdl_window())) running = false;
      SDL_Event event;
      while (SDL_PollEvent(&event)) {
        ImGui_ImplSDL2_ProcessEvent(&event);
        // Motion without a focused window carries window id 0 (our only window).
        if (event.type == SDL_MOUSEMOTION &&
            (event.motion.windowID == 0 || event.motion.windowID == SDL_GetWindowID(window.sdl_window()))) {
          last_pointer = ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
        }
        if (event.type == SDL_QUIT) running = false;
        if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
            event.window.windowID == SDL_GetWindowID(window.sdl_window())) {
          running = false;
        }
        if (event.type == SDL_KEYDOWN && !ImGui::GetIO().WantTextInput) {
          const std::string key = key_name(event.key.keysym.sym);
          const bool arrow = key == "Left" || key == "Right" || key == "Up" || key == "Down";
          if (!key.empty() && (!event.key.repeat || arrow)) {
            const Uint16 mod = event.key.keysym.mod;
            ui->on_key(KeyChord{key, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0, (mod & KMOD_ALT) != 0});
          }
        }
      }

      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplSDL2_NewFrame();
      // ImGui's SDL backend reads the pointer only while the window has keyboard or mouse
      // focus; windows that never get focus (the offscreen driver, some compositors) still
      // receive motion events: use the last one.
      if (!ImGui::IsMousePosValid() && last_pointer) ImGui::GetIO().MousePos = *last_pointer;
      ImGui::NewFrame();
      const bool drew_game = ui->draw();
      ImGui::Render();

      int width = 0, height = 0;
      SDL_GL_GetDrawableSize(window.sdl_window(), &width, &height);
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glViewport(0, 0, width, height);
      clear_to_backdrop();  // the window colour: windows with nothing behind them leave out theirs
      window.render_imgui(ImGui::GetDrawData());
      // Start drawing now: swapping an offscreen (pbuffer) surface flushes nothing, so a software
      // renderer would otherwise rasterise the frame only when the next one needs its buffers,
      // after the frame-rate sleep below instead of during it.
      glFlush();

      const SessionSnapshot state = session->snapshot();
      if (state.timestep) {
        if (first_observation.is_null()) first_observation = own_units(*state.timestep);
        last_observation = own_units(*state.timestep);
      }

      // Automated runs: count frames only once the game is on screen.
      bool finish = false;
      // --max_game_steps reached: quit as PySC2's play does (screenshot and log written below).
      if (!state.finished.empty()) {
        std::fprintf(stderr, "sc2studio: %s\n", state.finished.c_str());
        finish = true;
      }
      if (options.frames > 0) {
        if (drew_game) ++game_frames;
        if (game_frames >= options.frames) {
          finish = true;
        } else if (state.state == SessionState::failed && !drew_game) {
          // Draw a few frames first so the error banner (auto-sized: hidden on its first
          // frame) is in the screenshot.
          if (++failed_frames >= kFramesAfterFailure) {
            std::fprintf(stderr, "sc2studio: the game session failed: %s\n", state.error.c_str());
            finish = true;
            exit_code = 1;
          }
        } else if (!drew_game && std::chrono::steady_clock::now() - started > kFirstTimeStepTimeout) {
          std::fprintf(stderr, "sc2studio: no observation arrived within %lld s (%s)\n",
                       static_cast<long long>(kFirstTimeStepTimeout.count()), state.status.c_str());
          finish = true;
          exit_code = 1;
        }
      }
      // By the version this frame drew: a newer observation may have arrived since.
      if (!options.video.empty() && drew_game && ui->drawn_version() != video_version) {
        video_version = ui->drawn_version();
        const std::filesystem::path frame = video_frame_path(options.video, ++video_frames);
        if (std::string error = write_framebuffer_png(frame.string(), width, height); !error.empty()) {
          std::fprintf(stderr, "sc2studio: %s; the video stops here\n", error.c_str());
          ui->note(error + "; the video stops here");
          options.video.clear();
        }
      }
      if (auto file = ui->take_screenshot_request()) {
        if (std::string error = write_framebuffer_png(*file, width, height); !error.empty()) {
          ui->note(error);
        } else {
          ui->note("screenshot saved: " + *file);
        }
      }
      // The screenshot shows the last frame: the --frames one, or the one drawn as the window closed.
      if ((finish || !running) && !options.screenshot.empty()) {
        if (std::string error = write_framebuffer_png(options.screenshot, width, height); !error.empty()) {
          std::fprintf(stderr, "sc2studio: %s\n", error.c_str());
          exit_code = 1;
        }
      }
      SDL_GL_SwapWindow(window.sdl_window());
      if (finish || ui->quit_requested()) running = false;

      // A restart (settings, error banner): a new session with the new options.
      if (auto restart = ui->take_restart_request(); restart && running) {
        // A recording goes on in a new dataset folder (one map and resolution per dataset);
        // stop() finishes the old one.
        const bool was_recording = session->snapshot().recording;
        // The old session stops on a thread of its own: its game thread may wait for a server
        // that hangs (up to the call timeout), and the window must not.
        retiring.emplace_back([old = std::move(session)]() mutable {
          old->stop();
          old.reset();  // its game server quits
        });
        options.map = restart->map;
        options.feature_screen_size = restart->feature_screen_size;
        options.feature_minimap_size = restart->feature_minimap_size;
        options.agent = restart->agent;
        options.record = was_recording ? restart->record : std::string();
        SessionOptions next = session_options(options);
        if (next.record_dir) next.record_dir = next_recording_folder(*next.record_dir);
        session = std::make_unique<Session>(std::move(next));
        session->start();
        ui->set_session(*session, options);
        first_observation = nlohmann::json();
      }

      // Without vsync (e.g. the offscreen driver) do not spin faster than ~60 frames/s.
      const auto frame_time = std::chrono::steady_clock::now() - frame_start;
      if (frame_time < std::chrono::milliseconds(16)) {
        SDL_Delay(static_cast<Uint32>(
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::milliseconds(16) - frame_time).count()));
      }
    }
    if (script && !script->error().empty()) exit_code = 1;
  }  // the UI's GL objects go before the context
  for (std::thread& old : retiring) old.join();  // sessions replaced by restarts finish
  session->stop();  // joins the game thread (finishing a recording); the GameProcess destructor quits the game
  if (const SessionSnapshot state = session->snapshot(); state.recorded_steps > 0) {
    const std::string error = state.recording_error.empty() ? "" : " (" + state.recording_error + ")";
    std::fprintf(stderr, "sc2studio: recorded %lld steps (%zu episodes) into %s%s\n",
                 static_cast<long long>(state.recorded_steps), state.recorded_episodes, state.recording_folder.c_str(),
                 error.c_str());
  }
  if (!options.action_log.empty()) {
    if (std::string error = write_action_log(options.action_log, *session, first_observation, last_observation);
        !error.empty()) {
      std::fprintf(stderr, "sc2studio: %s\n", error.c_str());
      exit_code = 1;
    }
  }
  return exit_code;
}

}  // namespace sc2::app::ui
