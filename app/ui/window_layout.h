#pragma once
// Keeps the panels' layout fitted to the window. The first layout is made for the window's
// size at the first frame, and imgui.ini remembers what the person arranged; either would
// keep its places when the window is then larger (a window manager that maximises after the
// first frame, a bigger window next time) and leave part of it empty. So the layout remembers
// the window size it was made for (in imgui.ini, beside ImGui's own entries), and when the
// window has another size every panel's place and size are scaled by the same factors.
#include <optional>

#include "imgui.h"

namespace sc2::app::ui {

// A panel's place and size, scaled from a window of size `from` to one of size `to`: each
// axis by its own factor, whole pixels, at least `min_size` a side.
struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};
PanelRect scale_panel(PanelRect panel, ImVec2 from, ImVec2 to, float min_size = 32.0f);

class WindowLayout {
 public:

  // Registers the imgui.ini entry that remembers the window size of the layout; before the
  // first frame (ImGui reads the file in the first NewFrame). A file from before this entry
  // is taken as made for `older_files_size` (the app's default window then).
  void install(ImVec2 older_files_size);
  // After NewFrame, before any panel: scales every panel, open or remembered, when the
  // window's size is not the one the layout was made for.
  void fit(ImVec2 display);

  // The window size the panels' places were made for (imgui.ini's entry), once known.
  std::optional<ImVec2> layout_size() const;

 private:
  ImVec2 older_files_size_;
  bool fitted_ = false;  // fit() ran once (the file was read before it)
};

}  // namespace sc2::app::ui
