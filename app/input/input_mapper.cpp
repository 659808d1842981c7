#include "app/input/input_mapper.h"

#include <algorithm>
#include <cmath>

#include "client/pysc2/actions.h"

namespace sc2::app {

namespace {

bool is_available(int function, const std::vector<int>& available) {
  return std::find(available.begin(), available.end(), function) != available.end();
}

int function_id(std::string_view name) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(name);
  return spec ? spec->id : -1;
}

std::string function_name(int id) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(id);
  return spec ? std::string(spec->name) : "fn#" + std::to_string(id);
}

MappedInput not_available(int function) {
  return MappedInput{std::nullopt, function_name(function) + " is not available now"};
}

}  // namespace

LayerPixel image_to_pixel(const ImageRect& image, ScreenPoint mouse, int layer_width, int layer_height) {
  auto axis = [](float position, float origin, float extent, int size) {
    if (size <= 0) return 0;
    if (!(extent > 0.0f)) return 0;
    const float cell = std::floor((position - origin) / extent * static_cast<float>(size));
    if (!(cell >= 0.0f)) return 0;  // also catches NaN
    return std::min(static_cast<int>(std::min(cell, static_cast<float>(size))), size - 1);
  };
  return LayerPixel{axis(mouse.x, image.x, image.width, layer_width), axis(mouse.y, image.y, image.height, layer_height)};
}

int select_point_act(Modifiers modifiers) {
  if (modifiers.ctrl) return modifiers.shift ? 3 : 2;
  return modifiers.shift ? 1 : 0;
}

InputMapper::InputMapper(int screen_width, int screen_height, float click_slop)
    : screen_width_(screen_width), screen_height_(screen_height), click_slop_(click_slop) {}

void InputMapper::set_screen_size(int screen_width, int screen_height) {
  screen_width_ = screen_width;
  screen_height_ = screen_height;
}

void InputMapper::left_press(const ImageRect& surface, ScreenPoint mouse, std::optional<LayerPixel> click_pixel) {
  press_ = Press{surface, mouse, click_pixel};
}

bool InputMapper::is_drag(ScreenPoint mouse) const {
  if (!press_) return false;
  return std::hypot(mouse.x - press_->at.x, mouse.y - press_->at.y) > click_slop_;
}

std::optional<std::pair<ScreenPoint, ScreenPoint>> InputMapper::drag_rect(ScreenPoint mouse) const {
  if (!is_drag(mouse)) return std::nullopt;
  const ImageRect& s = press_->surface;
  const ScreenPoint end{std::clamp(mouse.x, s.x, s.x + s.width), std::clamp(mouse.y, s.y, s.y + s.height)};
  return std::make_pair(press_->at, end);
}

LayerPixel InputMapper::pixel(const ImageRect& surface, ScreenPoint mouse) const {
  return image_to_pixel(surface, mouse, screen_width_, screen_height_);
}

MappedInput InputMapper::left_release(ScreenPoint mouse, Modifiers modifiers, const std::vector<int>& available) {
  if (!press_) return MappedInput{std::nullopt, "release without a press"};
  const Press press = *press_;
  const bool drag = is_drag(mouse);
  press_.reset();

  const LayerPixel start = pixel(press.surface, press.at);
  if (!drag) {
    if (!is_available(pysc2::fn::select_point, available)) return not_available(pysc2::fn::select_point);
    const LayerPixel at = press.click_pixel.value_or(start);
    return MappedInput{pysc2::FunctionCall{pysc2::fn::select_point, {{select_point_act(modifiers)}, {at.x, at.y}}},
                       {}};
  }
  if (!is_available(pysc2::fn::select_rect, available)) return not_available(pysc2::fn::select_rect);
  const LayerPixel end = pixel(press.surface, mouse);
  return MappedInput{
      pysc2::FunctionCall{pysc2::fn::select_rect, {{modifiers.shift ? 1 : 0}, {start.x, start.y}, {end.x, end.y}}}, {}};
}

MappedInput InputMapper::right_click(const ImageRect& surface, ScreenPoint mouse, Modifiers modifiers,
                                     const std::vector<int>& available) const {
  static const int smart = function_id("Smart_screen");
  static const int move = function_id("Move_screen");
  const LayerPixel at = pixel(surface, mouse);
  for (int function : {smart, move}) {
    if (function >= 0 && is_available(function, available)) {
      return MappedInput{pysc2::FunctionCall{function, {{modifiers.shift ? 1 : 0}, {at.x, at.y}}}, {}};
    }
  }
  return MappedInput{std::nullopt, "right click: Smart_screen and Move_screen are not available now"};
}

MappedInput InputMapper::minimap_click(const ImageRect& surface, ScreenPoint mouse, int minimap_width,
                                       int minimap_height, const std::vector<int>& available) const {
  if (!is_available(pysc2::fn::move_camera, available)) return not_available(pysc2::fn::move_camera);
  const LayerPixel at = image_to_pixel(surface, mouse, minimap_width, minimap_height);
  return MappedInput{pysc2::FunctionCall{pysc2::fn::move_camera, {{at.x, at.y}}}, {}};
}

MappedInput InputMapper::minimap_right_click(const ImageRect& surface, ScreenPoint mouse, int minimap_width,
                                             int minimap_height, Modifiers modifiers,
                                             const std::vector<int>& available) const {
  static const int smart = function_id("Smart_minimap");
  if (smart < 0 || !is_available(smart, available)) return not_available(smart);
  const LayerPixel at = image_to_pixel(surface, mouse, minimap_width, minimap_height);
  return MappedInput{pysc2::FunctionCall{smart, {{modifiers.shift ? 1 : 0}, {at.x, at.y}}}, {}};
}

}  // namespace sc2::app
