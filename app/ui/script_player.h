#pragma once
// Plays a parsed --script back as SDL input events (the mouse warped in the window, button,
// wheel and key events pushed on SDL's queue, modifier state set), one step per frame, so
// scripted input takes exactly the path a person's input takes: SDL's queue, ImGui's SDL
// backend, the app's key handling. Call apply() before polling the frame's SDL events.
#include <SDL.h>

#include <cstdint>
#include <optional>
#include <string>

#include "app/program/script.h"
#include "app/ui/studio_ui.h"

namespace sc2::app::ui {

class ScriptPlayer {
 public:
  explicit ScriptPlayer(std::vector<ScriptCommand> commands) : commands_(std::move(commands)) {}

  // Queues this frame's input for `window`. Returns false once the script asked to quit or
  // has ended.
  bool apply(StudioUi& ui, SDL_Window* window);
  const std::string& error() const { return error_; }  // a target that could not be found

 private:
  // What a command did this frame: wait (the next frame goes on with it), done (the next
  // command now, or from the next frame on), or quit.
  enum class Step { wait, next_now, next_frame, quit };
  Step run(const ScriptCommand& command, StudioUi& ui);
  // The commands that take several frames or several checks, one each.
  Step seek(const ScriptCommand& command, StudioUi& ui);
  Step wait_loops(const ScriptCommand& command, StudioUi& ui);
  Step wait_available(const ScriptCommand& command, StudioUi& ui);
  std::uint64_t loops_since_command_began(const StudioUi& ui);  // across restarts
  Step click_button(const ScriptCommand& command, StudioUi& ui);
  Step click_layer(const ScriptCommand& command, StudioUi& ui);
  Step wheel(const ScriptCommand& command, StudioUi& ui);
  Step pointer(const ScriptCommand& command, StudioUi& ui);  // click, right_click, drag
  Step hover(const ScriptCommand& command, StudioUi& ui);
  void expect_size(const ScriptCommand& command, StudioUi& ui);
  static std::uint32_t game_loop(const StudioUi& ui);  // of the observation shown, 0 before
  std::optional<std::pair<float, float>> target(const StudioUi& ui, const ScriptCommand& command, LayerPixel pixel) const;
  void next();
  // A layer of the Feature layers grid that is not in view: asks the UI to scroll to it and
  // returns true while this command may still wait for that (a few frames).
  bool wait_for_layer(StudioUi& ui, const std::string& key);
  void fail(const ScriptCommand& command, const std::string& what, StudioUi& ui);  // sets error()
  // SDL input: the pointer moved to (x, y) in the window, a button held down this frame
  // (ImGui's SDL backend counts a button-down event as held for that frame), the wheel, the
  // modifier keys, one key pressed and released.
  void mouse_at(float x, float y);
  void hold_button(int button);
  void release_button(int button);
  void turn_wheel(int clicks);
  void set_modifiers(bool shift, bool ctrl, bool alt);
  bool press_key(const KeyChord& chord);  // false: no SDL key has that name
  void push_button(int button, bool down);    // a button event at the pointer
  void push_key(SDL_Keycode key, bool down);  // a key event with the modifiers held now
  void push_window_leave();                   // the pointer left the window

  SDL_Window* window_ = nullptr;
  SDL_Keymod modifiers_ = KMOD_NONE;
  bool held_[2] = {false, false};

  std::vector<ScriptCommand> commands_;
  std::size_t index_ = 0;
  int phase_ = 0;  // frames spent on the current command
  static constexpr int kRevealFrames = 5;
  int reveal_frames_ = 0;  // frames the current command waited for its layer to scroll into view
  std::uint32_t last_loop_ = 0;      // wait_loops, wait_available: the loop seen last frame
  std::uint64_t loops_waited_ = 0;   // wait_loops, wait_available: loops advanced since the command began
  std::string error_;
};

}  // namespace sc2::app::ui
