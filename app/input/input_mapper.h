#pragma once
// Mouse gestures on a screen-type image (the world view or any screen feature layer)
// -> PySC2 FunctionCalls. Pure logic without GL or ImGui so it can be unit-tested.
//   left click         -> select_point(select | toggle (Shift) | select_all_type (Ctrl) |
//                                      add_all_type (Ctrl+Shift), [x, y])
//   left drag          -> select_rect(select | add (Shift), [x0, y0], [x1, y1])
//   right click        -> Smart_screen(now | queued (Shift), [x, y]), else Move_screen,
//                         else nothing with a message
//   left click on a minimap image -> move_camera([x, y])
//   right click on a minimap image -> Smart_minimap(now | queued (Shift), [x, y])
// Only functions listed in the latest available_actions are produced.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/pysc2/function_call.h"

namespace sc2::app {

// A position in window pixels (ImGui screen coordinates).
struct ScreenPoint {
  float x = 0.0f;
  float y = 0.0f;
};

// Where an image is drawn in the window.
struct ImageRect {
  float x = 0.0f;
  float y = 0.0f;
  float width = 0.0f;
  float height = 0.0f;
  bool contains(ScreenPoint p) const { return p.x >= x && p.y >= y && p.x < x + width && p.y < y + height; }
};

struct LayerPixel {
  int x = 0;
  int y = 0;
  friend bool operator==(const LayerPixel&, const LayerPixel&) = default;
};

// The layer pixel under `mouse` for an image showing a layer_width x layer_height layer:
// floor of the proportional position, clamped into 0..size-1 (also for points outside).
LayerPixel image_to_pixel(const ImageRect& image, ScreenPoint mouse, int layer_width, int layer_height);

struct Modifiers {
  bool shift = false;
  bool ctrl = false;
  bool alt = false;
};

// select_point's act argument: 0 select, 1 toggle, 2 select_all_type, 3 add_all_type.
int select_point_act(Modifiers modifiers);

// What one gesture produced: exactly one call, or a message saying why there is none.
struct MappedInput {
  std::optional<pysc2::FunctionCall> call;
  std::string message;
};

class InputMapper {
 public:
  static constexpr float kDefaultClickSlop = 4.0f;  // window pixels a click may wander

  InputMapper(int screen_width, int screen_height, float click_slop = kDefaultClickSlop);
  void set_screen_size(int screen_width, int screen_height);

  // Left button went down on `surface`; the gesture ends with left_release or cancel.
  // `click_pixel`: the pixel a click (not a drag) uses instead of the one under the press,
  // e.g. app::click_pixel's choice so the unit drawn under the mouse is the one selected.
  void left_press(const ImageRect& surface, ScreenPoint mouse, std::optional<LayerPixel> click_pixel = std::nullopt);
  bool pressed() const { return press_.has_value(); }
  bool is_drag(ScreenPoint mouse) const;  // moved beyond the click slop since the press
  // The drag rectangle in window pixels (clamped to the pressed image) while dragging.
  std::optional<std::pair<ScreenPoint, ScreenPoint>> drag_rect(ScreenPoint mouse) const;
  MappedInput left_release(ScreenPoint mouse, Modifiers modifiers, const std::vector<int>& available);
  void cancel() { press_.reset(); }

  MappedInput right_click(const ImageRect& surface, ScreenPoint mouse, Modifiers modifiers,
                          const std::vector<int>& available) const;

  // A left press on a minimap-type image (minimap_width x minimap_height layer).
  MappedInput minimap_click(const ImageRect& surface, ScreenPoint mouse, int minimap_width, int minimap_height,
                            const std::vector<int>& available) const;
  // A right click on a minimap-type image: Smart_minimap(now | queued (Shift), [x, y]).
  MappedInput minimap_right_click(const ImageRect& surface, ScreenPoint mouse, int minimap_width, int minimap_height,
                                  Modifiers modifiers, const std::vector<int>& available) const;

 private:
  struct Press {
    ImageRect surface;
    ScreenPoint at;
    std::optional<LayerPixel> click_pixel;
  };
  LayerPixel pixel(const ImageRect& surface, ScreenPoint mouse) const;

  int screen_width_;
  int screen_height_;
  float click_slop_;
  std::optional<Press> press_;
};

}  // namespace sc2::app
