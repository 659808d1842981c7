#pragma once
// The Training window (sc2studio --training DIR): DIR/progress.csv of a training run plotted
// as it grows, one curve per kTrainingCurves column against the agent steps, read
// incrementally by ProgressFileFollower (app/training_progress_reader.h) a few times a second.
// Beside a game it is one more floating window; alone (no game) it fills the app's window.
#include <array>
#include <chrono>
#include <filesystem>
#include <optional>

#include "app/views/training_progress_reader.h"
#include "imgui.h"

namespace sc2::app::ui {

// Each curve's colour, in kTrainingCurves order (tests look for them in screenshots).
inline constexpr std::array<ImU32, 4> kTrainingCurveColours = {
    IM_COL32(250, 196, 64, 255),   // mean score: gold
    IM_COL32(96, 176, 255, 255),   // episode length: blue
    IM_COL32(120, 216, 120, 255),  // entropy: green
    IM_COL32(240, 112, 104, 255),  // value loss: red
};

class TrainingPanel {
 public:
  explicit TrainingPanel(std::filesystem::path run_dir);

  // Draws the window. `whole_window`: it fills the app's window (no game is shown).
  void draw(bool whole_window);
  const ProgressFileFollower& progress() const { return follower_; }

 private:
  void poll();
  void draw_status();
  void draw_curve(std::size_t curve, const ImVec2& size);

  std::filesystem::path dir_;
  ProgressFileFollower follower_;
  std::optional<std::chrono::steady_clock::time_point> last_poll_;
};

}  // namespace sc2::app::ui
