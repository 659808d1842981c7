#pragma once
// Plays a parsed --script back through Dear ImGui's input state (mouse position, buttons,
// modifiers) and StudioUi::on_key, one step per frame, so scripted input takes exactly the
// path a person's input takes. Call apply() between the backend's NewFrame and ImGui::NewFrame.
#include <cstdint>
#include <optional>
#include <string>

#include "app/script.h"
#include "app/ui/studio_ui.h"

namespace sc2::app::ui {

class ScriptPlayer {
 public:
  explicit ScriptPlayer(std::vector<ScriptCommand> commands) : commands_(std::move(commands)) {}

  // Sets this frame's input. Returns false once the script asked to quit or has ended.
  bool apply(StudioUi& ui);
  const std::string& error() const { return error_; }  // a target that could not be found

 private:
  std::optional<std::pair<float, float>> target(const StudioUi& ui, const ScriptCommand& command, LayerPixel pixel) const;
  void next();
  void fail(const ScriptCommand& command, const std::string& what, StudioUi& ui);  // sets error()

  std::vector<ScriptCommand> commands_;
  std::size_t index_ = 0;
  int phase_ = 0;  // frames spent on the current command
  std::uint32_t start_loop_ = 0;
  std::string error_;
};

}  // namespace sc2::app::ui
