#include "app/ui/script_player.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>


namespace sc2::app::ui {

namespace {
constexpr int kSeekFrames = 1200;  // ~20 s at 60 frames/s
// The middle of the pixels equal to `value` (rounded down), nullopt when there are none.
std::optional<LayerPixel> centroid(const pysc2::Layer& layer, int value) {
  long sum_x = 0, sum_y = 0, count = 0;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      sum_x += x, sum_y += y, ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return LayerPixel{static_cast<int>(sum_x / count), static_cast<int>(sum_y / count)};
}
constexpr int kWaitFailedFrames = 1200;  // ~20 s at 60 frames/s
constexpr int kWaitResultFrames = 4800;  // a whole melee game as fast as possible: ~80 s at 60 frames/s
// wait_available gives up once the game went on this long without offering the function
// (100 game seconds: far beyond a step or two of latency, which is what it waits for).
constexpr std::uint64_t kWaitAvailableLoops = 2240;

// Sends `signal` to the game servers (sc2lite) this process started (SIGKILL: as a crash
// would): the children whose parent is us, found in /proc. Returns how many got it.
int signal_own_game_servers(int signal) {
  int killed = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string pid_text = entry.path().filename().string();
    if (pid_text.empty() || pid_text.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
    const auto close = line.rfind(')');
    const auto open = line.find('(');
    if (close == std::string::npos || open == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    long parent = 0;
    rest >> state >> parent;
    if (parent != static_cast<long>(getpid()) || line.substr(open + 1, close - open - 1) != "sc2lite") continue;
    if (::kill(static_cast<pid_t>(std::stol(pid_text)), signal) == 0) ++killed;
  }
  return killed;
}
}  // namespace

void ScriptPlayer::fail(const ScriptCommand& command, const std::string& what, StudioUi& ui) {
  error_ = "script line " + std::to_string(command.line) + ": " + what;
  std::fprintf(stderr, "sc2studio: %s\n", error_.c_str());
  ui.note(error_);
}

void ScriptPlayer::next() {
  ++index_;
  phase_ = 0;
  reveal_frames_ = 0;
}

bool ScriptPlayer::wait_for_layer(StudioUi& ui, const std::string& key) {
  if (key.empty() || reveal_frames_ >= kRevealFrames) return false;
  ui.reveal_layer(key);
  ++reveal_frames_;
  return true;
}

std::optional<std::pair<float, float>> ScriptPlayer::target(const StudioUi& ui, const ScriptCommand& command,
                                                             LayerPixel pixel) const {
  std::optional<SurfaceRect> image;
  if (!command.layer.empty()) {
    image = ui.layer_image_surface(command.layer);
    if (!image) return std::nullopt;
  }
  const SurfaceRect& surface = image ? *image : command.minimap ? ui.minimap_surface() : ui.world_surface();
  if (!surface.valid || surface.layer_width <= 0 || surface.layer_height <= 0) return std::nullopt;
  if (command.relative && command.op != ScriptOp::drag) {
    const auto& timestep = ui.snapshot().timestep;
    if (!timestep) return std::nullopt;
    const pysc2::Layer* layer = command.minimap ? timestep->observation.minimap("player_relative")
                                                : timestep->observation.screen("player_relative");
    if (!layer || layer->empty()) return std::nullopt;
    const auto found = centroid(*layer, *command.relative);
    if (!found) return std::nullopt;
    pixel = *found;
  }
  // The centre of the pixel in window coordinates.
  const float x = surface.rect.x + (pixel.x + 0.5f) * surface.rect.width / surface.layer_width;
  const float y = surface.rect.y + (pixel.y + 0.5f) * surface.rect.height / surface.layer_height;
  return std::make_pair(x, y);
}

void ScriptPlayer::mouse_at(float x, float y) {
  SDL_WarpMouseInWindow(window_, static_cast<int>(x), static_cast<int>(y));
}

void ScriptPlayer::push_button(int button, bool down) {
  int x = 0, y = 0;
  SDL_GetMouseState(&x, &y);
  SDL_Event event{};
  event.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
  event.button.windowID = SDL_GetWindowID(window_);
  event.button.button = button == 0 ? SDL_BUTTON_LEFT : SDL_BUTTON_RIGHT;
  event.button.state = down ? SDL_PRESSED : SDL_RELEASED;
  event.button.clicks = 1;
  event.button.x = x;
  event.button.y = y;
  SDL_PushEvent(&event);
}

void ScriptPlayer::push_key(SDL_Keycode key, bool down) {
  SDL_Event event{};
  event.type = down ? SDL_KEYDOWN : SDL_KEYUP;
  event.key.windowID = SDL_GetWindowID(window_);
  event.key.state = down ? SDL_PRESSED : SDL_RELEASED;
  event.key.keysym.sym = key;
  event.key.keysym.scancode = SDL_GetScancodeFromKey(key);
  event.key.keysym.mod = static_cast<Uint16>(modifiers_);
  SDL_PushEvent(&event);
}

void ScriptPlayer::push_window_leave() {
  SDL_Event event{};
  event.type = SDL_WINDOWEVENT;
  event.window.windowID = SDL_GetWindowID(window_);
  event.window.event = SDL_WINDOWEVENT_LEAVE;
  SDL_PushEvent(&event);
}

void ScriptPlayer::hold_button(int button) {
  push_button(button, true);
  held_[button] = true;
}

void ScriptPlayer::release_button(int button) {
  if (!held_[button]) return;
  held_[button] = false;
  push_button(button, false);
}

void ScriptPlayer::turn_wheel(int clicks) {
  SDL_Event event{};
  event.type = SDL_MOUSEWHEEL;
  event.wheel.windowID = SDL_GetWindowID(window_);
  event.wheel.y = clicks;
  event.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
  SDL_PushEvent(&event);
}

// The modifier keys go down or up as key events, as a keyboard's would: ImGui's backend
// reads SDL's modifier state when it handles a key event.
void ScriptPlayer::set_modifiers(bool shift, bool ctrl, bool alt) {
  const int wanted = (shift ? KMOD_LSHIFT : 0) | (ctrl ? KMOD_LCTRL : 0) | (alt ? KMOD_LALT : 0);
  if (wanted == modifiers_) return;
  const struct {
    int mod;
    SDL_Keycode key;
  } keys[] = {{KMOD_LSHIFT, SDLK_LSHIFT}, {KMOD_LCTRL, SDLK_LCTRL}, {KMOD_LALT, SDLK_LALT}};
  SDL_SetModState(static_cast<SDL_Keymod>(wanted));
  const int before = modifiers_;
  modifiers_ = static_cast<SDL_Keymod>(wanted);
  for (const auto& k : keys) {
    if ((wanted & k.mod) != (before & k.mod)) push_key(k.key, (wanted & k.mod) != 0);
  }
}

bool ScriptPlayer::press_key(const KeyChord& chord) {
  // The keymap's key names are SDL's, except these (see key_name in studio_app.cpp).
  static const std::pair<const char*, const char*> kAliases[] = {
      {"Enter", "Return"}, {"Plus", "="}, {"Minus", "-"}, {"Period", "."}, {"Comma", ","}, {"Slash", "/"}};
  std::string name = chord.key;
  for (const auto& [ours, sdl] : kAliases) {
    if (name == ours) name = sdl;
  }
  const SDL_Keycode key = SDL_GetKeyFromName(name.c_str());
  if (key == SDLK_UNKNOWN) return false;
  set_modifiers(chord.shift, chord.ctrl, chord.alt);
  push_key(key, true);
  push_key(key, false);
  return true;
}

bool ScriptPlayer::apply(StudioUi& ui, SDL_Window* window) {
  window_ = window;
  // Between commands nothing is held: buttons up, modifiers released.
  if (phase_ == 0) {
    release_button(0);
    release_button(1);
    set_modifiers(false, false, false);
  }
  while (index_ < commands_.size()) {
    switch (run(commands_[index_], ui)) {
      case Step::quit: return false;
      case Step::wait: return true;
      case Step::next_now: next(); continue;
      case Step::next_frame: next(); return true;
    }
  }
  return false;
}

ScriptPlayer::Step ScriptPlayer::run(const ScriptCommand& command, StudioUi& ui) {
  switch (command.op) {
    case ScriptOp::quit: return Step::quit;
    case ScriptOp::wait_game: return ui.snapshot().timestep && ui.world_surface().valid ? Step::next_now : Step::wait;
    case ScriptOp::wait_frames: return phase_++ < command.count ? Step::wait : Step::next_now;
    case ScriptOp::wait_loops: return wait_loops(command, ui);
    case ScriptOp::wait_available: return wait_available(command, ui);
    case ScriptOp::seek: return seek(command, ui);
    case ScriptOp::setting:
      if (std::string problem = ui.edit_setting(command.name, command.value); !problem.empty()) {
        fail(command, problem, ui);
      }
      return Step::next_now;
    case ScriptOp::click_button: return click_button(command, ui);
    case ScriptOp::kill_game:
    case ScriptOp::freeze_game:
    case ScriptOp::thaw_game: {
      const int signal = command.op == ScriptOp::kill_game     ? SIGKILL
                         : command.op == ScriptOp::freeze_game ? SIGSTOP
                                                               : SIGCONT;
      if (signal_own_game_servers(signal) == 0) fail(command, "found no game server (sc2lite) started by this app", ui);
      return Step::next_now;
    }
    case ScriptOp::wait_failed:
      if (ui.snapshot().state == SessionState::failed) return Step::next_now;
      if (phase_++ <= kWaitFailedFrames) return Step::wait;
      fail(command, "the session did not fail (state " + std::string(to_string(ui.snapshot().state)) + ")", ui);
      return Step::next_now;
    case ScriptOp::wait_result:
      if (ui.snapshot().game_result) return Step::next_now;
      if (ui.snapshot().state == SessionState::failed) {
        fail(command, "the session failed before the game ended: " + ui.snapshot().error, ui);
        return Step::next_now;
      }
      if (phase_++ <= kWaitResultFrames) return Step::wait;
      fail(command, "the game did not end (no result shown)", ui);
      return Step::next_now;
    case ScriptOp::expect_size: expect_size(command, ui); return Step::next_now;
    case ScriptOp::key:
      // The key goes down and up while this frame's events are polled.
      if (!press_key(command.chord)) fail(command, "no SDL key is named " + command.chord.key, ui);
      return Step::next_frame;
    case ScriptOp::click_layer: return click_layer(command, ui);
    case ScriptOp::wheel: return wheel(command, ui);
    case ScriptOp::click:
    case ScriptOp::right_click:
    case ScriptOp::drag: return pointer(command, ui);
    case ScriptOp::hover: return hover(command, ui);
    case ScriptOp::leave_window: push_window_leave(); return Step::next_frame;
  }
  return Step::next_now;
}

std::uint32_t ScriptPlayer::game_loop(const StudioUi& ui) {
  return ui.snapshot().timestep ? ui.snapshot().timestep->observation.game_loop : 0;
}

// Counts the loops the game advanced since the current command began, across restarts (the
// loop starts again from 0): waiting for "start + N" would never end when the episode ends before it.
std::uint64_t ScriptPlayer::loops_since_command_began(const StudioUi& ui) {
  const std::uint32_t loop = game_loop(ui);
  if (phase_++ == 0) {
    last_loop_ = loop;
    loops_waited_ = 0;
  }
  loops_waited_ += loop >= last_loop_ ? loop - last_loop_ : loop;
  last_loop_ = loop;
  return loops_waited_;
}

ScriptPlayer::Step ScriptPlayer::wait_loops(const ScriptCommand& command, StudioUi& ui) {
  return loops_since_command_began(ui) < static_cast<std::uint64_t>(command.count) ? Step::wait : Step::next_now;
}

// A state, not a duration: the observation shown offers the function (e.g. the selection a
// key made has reached the game and come back), however long that takes on a loaded machine.
ScriptPlayer::Step ScriptPlayer::wait_available(const ScriptCommand& command, StudioUi& ui) {
  if (const auto& shown = ui.snapshot().timestep) {
    const std::vector<int>& available = shown->observation.available_actions;
    if (std::find(available.begin(), available.end(), command.count) != available.end()) return Step::next_now;
  }
  if (ui.snapshot().state == SessionState::failed) {
    fail(command, "the session failed while waiting for " + command.name + ": " + ui.snapshot().error, ui);
    return Step::next_now;
  }
  const std::uint64_t waited = loops_since_command_began(ui);
  if (waited <= kWaitAvailableLoops && phase_ <= kWaitResultFrames) return Step::wait;
  fail(command, command.name + " was not offered in " + std::to_string(waited) + " game loops", ui);
  return Step::next_now;
}

// Waits until the seek is shown; a replay shorter than LOOP ends at its last loop.
ScriptPlayer::Step ScriptPlayer::seek(const ScriptCommand& command, StudioUi& ui) {
  const SessionSnapshot& state = ui.snapshot();
  if (phase_++ == 0) {
    ui.commands().request_seek(static_cast<std::uint32_t>(command.count));
    return Step::wait;
  }
  std::uint32_t target = static_cast<std::uint32_t>(command.count);
  if (state.replay_loops > 0) target = std::min(target, state.replay_loops);
  const std::uint32_t loop = game_loop(ui);
  if (!state.seeking && loop == target) return Step::next_now;
  if (phase_ <= kSeekFrames) return Step::wait;
  fail(command, "seek " + std::to_string(command.count) + " did not reach game loop " + std::to_string(target) +
                    " (at " + std::to_string(loop) + ")", ui);
  return Step::next_now;
}

// Frames: 0 hover, 1 press, 2 release (buttons fire on release), counted from 10 so that
// the frames spent waiting for the button to appear do not count.
ScriptPlayer::Step ScriptPlayer::click_button(const ScriptCommand& command, StudioUi& ui) {
  const auto rect = ui.control_rect(command.name);
  if (!rect) {
    // A button appears a frame after what shows it (the error banner sizes itself first).
    if (phase_++ < 10) return Step::wait;
    fail(command, "the button " + command.name + " is not on screen", ui);
    return Step::next_now;
  }
  if (phase_ < 10) phase_ = 10;
  mouse_at(rect->x + rect->width / 2, rect->y + rect->height / 2);
  if (phase_ == 11) hold_button(0);
  if (phase_ == 12) release_button(0);
  return phase_++ >= 12 ? Step::next_frame : Step::wait;
}

void ScriptPlayer::expect_size(const ScriptCommand& command, StudioUi& ui) {
  const auto& timestep = ui.snapshot().timestep;
  static const std::vector<pysc2::Layer> none;
  const auto& layers = !timestep         ? none
                       : command.minimap ? timestep->observation.feature_minimap
                                         : timestep->observation.feature_screen;
  const char* surface = command.minimap ? "minimap" : "screen";
  if (layers.empty()) {
    fail(command, std::string("no ") + surface + " layers to check", ui);
  } else if (layers.front().width != command.to.x || layers.front().height != command.to.y) {
    fail(command, std::string(surface) + " layers are " + std::to_string(layers.front().width) + "x" +
                      std::to_string(layers.front().height) + ", expected " + std::to_string(command.to.x) + "x" +
                      std::to_string(command.to.y), ui);
  }
}

// Frames: 0 hover, 1 press, 2 release (ImGui's Selectable fires on release).
ScriptPlayer::Step ScriptPlayer::click_layer(const ScriptCommand& command, StudioUi& ui) {
  const auto rect = ui.layer_title_rect(command.layer);
  if (!rect && wait_for_layer(ui, command.layer)) return Step::wait;  // scrolled out of the grid's view
  if (!rect) {
    fail(command, "the layer " + command.layer + " is not in the Feature layers window", ui);
    return Step::next_now;
  }
  mouse_at(rect->x + rect->width / 2, rect->y + rect->height / 2);
  if (phase_ == 1) hold_button(0);
  if (phase_ == 2) release_button(0);
  return phase_++ >= 2 ? Step::next_frame : Step::wait;
}

// Frames: 0 hover, 1 turn the wheel.
ScriptPlayer::Step ScriptPlayer::wheel(const ScriptCommand& command, StudioUi& ui) {
  const auto at = target(ui, command, command.from);
  if (!at) {
    fail(command, "the target is not on screen", ui);
    return Step::next_now;
  }
  mouse_at(at->first, at->second);
  if (phase_ == 1) turn_wheel(command.count);
  return phase_++ >= 1 ? Step::next_frame : Step::wait;
}

// click / right_click / drag. Frames: 0 hover, 1 press, (drag: 2..5 move), last release.
ScriptPlayer::Step ScriptPlayer::pointer(const ScriptCommand& command, StudioUi& ui) {
  const auto from = target(ui, command, command.from);
  if (!from && phase_ == 0 && wait_for_layer(ui, command.layer)) return Step::wait;
  if (!from) {
    fail(command, "the target is not on screen", ui);
    return Step::next_now;
  }
  const int button = command.op == ScriptOp::right_click ? 1 : 0;
  const int last_phase = command.op == ScriptOp::drag ? 6 : 2;
  std::pair<float, float> at = *from;
  if (command.op == ScriptOp::drag && phase_ >= 2) {
    if (const auto to = target(ui, command, command.to)) {
      const float t = std::min(1.0f, (phase_ - 1) / 4.0f);
      at = {from->first + (to->first - from->first) * t, from->second + (to->second - from->second) * t};
    }
  }
  mouse_at(at.first, at.second);
  set_modifiers(command.modifiers.shift, command.modifiers.ctrl, command.modifiers.alt);
  if (phase_ >= 1 && phase_ < last_phase) hold_button(button);
  if (phase_ == last_phase) release_button(button);
  return phase_++ >= last_phase ? Step::next_frame : Step::wait;
}

// hover: the pointer moves onto the target and stays; no button.
ScriptPlayer::Step ScriptPlayer::hover(const ScriptCommand& command, StudioUi& ui) {
  const auto at = target(ui, command, command.from);
  if (!at && phase_ == 0 && wait_for_layer(ui, command.layer)) return Step::wait;
  if (!at) {
    fail(command, "the target is not on screen", ui);
    return Step::next_now;
  }
  mouse_at(at->first, at->second);
  return Step::next_frame;
}

}  // namespace sc2::app::ui
