#include "app/ui/studio_app.h"

#include <SDL.h>

#include "imgui.h"
#include "backends/imgui_impl_sdl.h"

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "app/program/action_log_file.h"
#include "app/program/config_paths.h"
#include "app/program/frame_pacing.h"
#include "app/session/opponent_choice.h"
#include "app/program/connect_address.h"
#include "app/program/recording_folder.h"
#include "app/program/script.h"
#include "app/session/session.h"
#include "app/program/video_frames.h"
#include "app/ui/key_names.h"
#include "app/ui/script_player.h"
#include "app/ui/studio_ui.h"
#include "app/ui/studio_window.h"
#include "app/ui/training_alone.h"
#include "render/backends/gl_window.h"
#include "render/backends/screenshot.h"

namespace sc2::app::ui {

namespace {

using render::backends::GlWindow;
using Clock = std::chrono::steady_clock;

constexpr auto kFirstTimeStepTimeout = std::chrono::seconds(20);
constexpr int kFramesAfterFailure = 5;

std::filesystem::path own_folder() {
  std::error_code error;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::filesystem::current_path() : exe.parent_path();
}

void print_error(const std::string& error) { std::fprintf(stderr, "sc2studio: %s\n", error.c_str()); }

SessionOptions session_options(const StudioOptions& options) {
  SessionOptions session;
  session.env.map = options.map;
  session.env.feature_screen_size = options.feature_screen_size;
  session.env.feature_minimap_size = options.feature_minimap_size;
  session.env.step_mul = options.step_mul;
  session.env.seed = options.seed;
  session.env.camera_width = options.feature_camera_width;
  session.env.disable_fog = options.disable_fog;
  session.env.computer = computer_for(options.map, options.opponent);  // melee maps: the built-in AI
  session.opponent_agent = opponent_agent_for(options.map, options.opponent).value_or("");
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
  session.agent_checkpoint = options.checkpoint;
  session.agent_greedy = options.greedy;
  if (!options.record.empty()) session.record_dir = std::filesystem::path(options.record);
  std::string error;
  if (auto address = parse_host_port(options.connect, error); address && !options.connect.empty()) {
    session.connect_host = address->host;
    session.connect_port = address->port;
    session.connect_player = options.observe_player;
  }
  if (!options.replay.empty()) session.replay_file = std::filesystem::path(options.replay);
  if (!options.save_replay.empty()) session.save_replay_dir = std::filesystem::path(options.save_replay);
  return session;
}

// --script FILE, parsed; the error names the file (and line) when it cannot be played.
std::optional<ScriptPlayer> load_script(const std::string& file, std::string& error) {
  std::ifstream in(file);
  if (!in) {
    error = "cannot read the script " + file;
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  ParsedScript parsed = parse_script(text.str(), file);
  if (!parsed.error.empty()) {
    error = parsed.error;
    return std::nullopt;
  }
  return ScriptPlayer(std::move(parsed.commands));
}

// The app's window, with the layout ImGui remembers in the config folder.
render::backends::GlWindowOptions window_options(const StudioOptions& options) {
  render::backends::GlWindowOptions window = studio_window_options(options);
  if (auto dir = config_dir_from_environment()) {
    std::error_code ignored;
    std::filesystem::create_directories(*dir, ignored);
    window.imgui_ini = (*dir / "imgui.ini").string();
  }
  return window;
}

// The frame loop of sc2studio: SDL events in, one ImGui frame drawn, what automated runs
// save (--frames, --screenshot, --video, --action_log), restarts with new options, pacing.
class StudioApp {
 public:
  StudioApp(StudioOptions options, GlWindow& window, std::optional<ScriptPlayer> script)
      : options_(std::move(options)), window_(window), script_(std::move(script)) {}

  // Returns the process exit code.
  int run() {
    session_ = std::make_unique<Session>(session_options(options_));
    session_->start();
    try {
      ui_ = std::make_unique<StudioUi>(*session_, options_);
    } catch (const std::exception& error) {
      print_error(std::string("cannot set up rendering: ") + error.what());
      return 1;
    }
    started_ = Clock::now();
    while (running_) {
      const auto frame_start = Clock::now();
      // A --script queues this frame's input as SDL events, handled below like a person's.
      if (script_ && !script_->apply(*ui_, window_.sdl_window())) running_ = false;
      handle_events();
      const bool drew_game = draw_frame();
      const SessionSnapshot state = session_->snapshot();
      remember_units(state);
      const bool finish = automated_run_finished(state, drew_game);
      save_pictures(drew_game, finish);
      window_.swap();
      if (finish || ui_->quit_requested()) running_ = false;
      if (running_) restart_if_asked();
      pace(frame_start, state);
    }
    if (script_ && !script_->error().empty()) exit_code_ = 1;
    ui_.reset();  // its GL objects go before the window's context
    finish_sessions();
    return exit_code_;
  }

 private:
  void handle_events() {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_MOUSEMOTION && window_.is_ours(event.motion.windowID)) {
        last_pointer_ = ImVec2(static_cast<float>(event.motion.x), static_cast<float>(event.motion.y));
      }
      // The pointer left the window: no last position stands in for it any more (else a
      // tooltip of what it hovered last stays on screen until it comes back).
      if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_LEAVE &&
          window_.is_ours(event.window.windowID)) {
        last_pointer_.reset();
      }
      if (event.type == SDL_QUIT) running_ = false;
      if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE &&
          event.window.windowID == SDL_GetWindowID(window_.sdl_window())) {
        running_ = false;
      }
      if (event.type == SDL_KEYDOWN && !ImGui::GetIO().WantTextInput) handle_key(event.key);
    }
  }

  void handle_key(const SDL_KeyboardEvent& key_event) {
    const std::string key = key_name(key_event.keysym.sym);
    const bool arrow = key == "Left" || key == "Right" || key == "Up" || key == "Down";
    if (key.empty() || (key_event.repeat && !arrow)) return;  // arrows repeat to keep the camera moving
    const Uint16 mod = key_event.keysym.mod;
    ui_->on_key(KeyChord{key, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0, (mod & KMOD_ALT) != 0});
  }

  // Returns true when the frame showed the game.
  bool draw_frame() {
    const bool drew_game = build_studio_frame(window_, *ui_, *session_, last_pointer_);
    render_studio_frame(window_);
    return drew_game;
  }

  void remember_units(const SessionSnapshot& state) {
    if (!state.timestep || options_.action_log.empty()) return;
    if (first_observation_.is_null()) first_observation_ = own_units(*state.timestep);
    last_observation_ = own_units(*state.timestep);
  }

  // --frames, --max_game_steps and failures of automated runs: true when the app should
  // finish after this frame (exit_code_ says how).
  bool automated_run_finished(const SessionSnapshot& state, bool drew_game) {
    bool finish = false;
    // --max_game_steps reached: quit as PySC2's play does (screenshot and log written below).
    if (!state.finished.empty()) {
      print_error(state.finished);
      finish = true;
    }
    if (options_.frames <= 0) return finish;
    // Frames count only once the game is on screen.
    if (drew_game) ++game_frames_;
    if (game_frames_ >= options_.frames) return true;
    if (state.state == SessionState::failed && !drew_game) {
      // Draw a few frames first so the error banner (auto-sized: hidden on its first frame)
      // is in the screenshot.
      if (++failed_frames_ < kFramesAfterFailure) return finish;
      print_error("the game session failed: " + state.error);
      exit_code_ = 1;
      return true;
    }
    if (!drew_game && Clock::now() - started_ > kFirstTimeStepTimeout) {
      print_error("no observation arrived within " + std::to_string(kFirstTimeStepTimeout.count()) + " s (" +
                  state.status + ")");
      exit_code_ = 1;
      return true;
    }
    return finish;
  }

  // --video frames, F12 screenshots and the --screenshot of the last frame (before the swap).
  void save_pictures(bool drew_game, bool finish) {
    const auto [width, height] = window_.drawable_size();
    // By the version this frame drew: a newer observation may have arrived since.
    if (!options_.video.empty() && drew_game && ui_->drawn_version() != video_version_) {
      video_version_ = ui_->drawn_version();
      const std::filesystem::path frame = video_frame_path(options_.video, ++video_frames_);
      if (std::string error = render::backends::write_framebuffer_png(frame.string(), width, height); !error.empty()) {
        print_error(error + "; the video stops here");
        ui_->note(error + "; the video stops here");
        options_.video.clear();
      }
    }
    if (auto file = ui_->take_screenshot_request()) {
      const std::string error = render::backends::write_framebuffer_png(*file, width, height);
      ui_->note(error.empty() ? "screenshot saved: " + *file : error);
    }
    // The screenshot shows the last frame: the --frames one, or the one drawn as the window closed.
    if ((finish || !running_) && !options_.screenshot.empty()) {
      if (std::string error = render::backends::write_framebuffer_png(options_.screenshot, width, height);
          !error.empty()) {
        print_error(error);
        exit_code_ = 1;
      }
    }
  }

  // A restart (settings, error banner): a new session with the new options.
  void restart_if_asked() {
    auto restart = ui_->take_restart_request();
    if (!restart) return;
    // A recording goes on in a new dataset folder (one map and resolution per dataset); stop()
    // finishes the old one.
    const bool was_recording = session_->snapshot().recording;
    // The old session stops on a thread of its own: its game thread may wait for a server that
    // hangs (up to the call timeout), and the window must not.
    retiring_.emplace_back([old = std::move(session_)]() mutable {
      old->stop();
      old.reset();  // its game server quits
    });
    options_.map = restart->map;
    options_.feature_screen_size = restart->feature_screen_size;
    options_.feature_minimap_size = restart->feature_minimap_size;
    options_.agent = restart->agent;
    options_.record = was_recording ? restart->record : std::string();
    SessionOptions next = session_options(options_);
    if (next.record_dir) next.record_dir = next_recording_folder(*next.record_dir);
    session_ = std::make_unique<Session>(std::move(next));
    session_->start();
    ui_->set_session(*session_, options_);
    first_observation_ = nlohmann::json();
  }

  // ~60 frames/s, or, when the game waits for every frame, a frame per observation as fast
  // as they come (app/frame_pacing.h).
  void pace(Clock::time_point frame_start, const SessionSnapshot& state) {
    FramePaceInput input;
    input.render_sync = state.render_sync;
    input.speed = state.speed;
    input.paused = state.paused;
    input.game_running = state.state == SessionState::running;
    input.frame_time = Clock::now() - frame_start;
    const FramePace pace = frame_pace(input);
    window_.set_vsync(!pace.follow_observations);  // the window opens with vsync on
    if (pace.follow_observations) {
      session_->wait_for_timestep(ui_->drawn_version(), pace.wait);
    } else if (pace.wait > Clock::duration::zero()) {
      SDL_Delay(static_cast<Uint32>(std::chrono::ceil<std::chrono::milliseconds>(pace.wait).count()));
    }
  }

  // Stops every session (finishing a recording; the game processes quit), then reports the
  // recording and writes --action_log.
  void finish_sessions() {
    for (std::thread& old : retiring_) old.join();  // sessions replaced by restarts finish
    session_->stop();
    if (const SessionSnapshot state = session_->snapshot(); state.recorded_steps > 0) {
      const std::string error = state.recording_error.empty() ? "" : " (" + state.recording_error + ")";
      std::fprintf(stderr, "sc2studio: recorded %lld steps (%zu episodes) into %s%s\n",
                   static_cast<long long>(state.recorded_steps), state.recorded_episodes,
                   state.recording_folder.c_str(), error.c_str());
    }
    if (options_.action_log.empty()) return;
    if (std::string error = write_action_log(options_.action_log, *session_, first_observation_, last_observation_);
        !error.empty()) {
      print_error(error);
      exit_code_ = 1;
    }
  }

  StudioOptions options_;
  GlWindow& window_;
  std::optional<ScriptPlayer> script_;
  std::unique_ptr<Session> session_;
  std::vector<std::thread> retiring_;  // sessions replaced by a restart, stopping in the background
  std::unique_ptr<StudioUi> ui_;
  bool running_ = true;
  int exit_code_ = 0;
  Clock::time_point started_;
  int game_frames_ = 0;
  int failed_frames_ = 0;
  int video_frames_ = 0;             // --video: frames saved so far
  std::uint64_t video_version_ = 0;  // the observation in the last saved frame
  std::optional<ImVec2> last_pointer_;  // where the last SDL mouse motion in the window ended
  nlohmann::json first_observation_, last_observation_;  // --action_log
};

}  // namespace

int run_studio(const StudioOptions& options) {
  std::optional<ScriptPlayer> script;
  if (!options.script.empty()) {
    std::string error;
    script = load_script(options.script, error);
    if (!script) {
      print_error(error);
      return 1;
    }
  }
  if (!options.video.empty()) {
    if (std::string error = prepare_video_folder(options.video); !error.empty()) {
      print_error(error);
      return 1;
    }
  }
  GlWindow window;
  if (std::string error = window.open(window_options(options)); !error.empty()) {
    print_error(error);
    return 1;
  }
  if (training_only(options)) return run_training_alone(options, window);
  StudioApp app(options, window, std::move(script));
  return app.run();
}

}  // namespace sc2::app::ui
