// app/ui/world_direct_draw.h: where the world view lands in the GL framebuffer when it is
// drawn straight into the window (ImGui's y-down display rectangle -> GL's y-up pixels).
#include <doctest/doctest.h>

#include "app/ui/world_direct_draw.h"

namespace {

using sc2::app::ui::to_framebuffer;

ImDrawData display(float width, float height, float scale) {
  ImDrawData data;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = ImVec2(width, height);
  data.FramebufferScale = ImVec2(scale, scale);
  return data;
}

TEST_CASE("direct world view: the picture's rectangle in framebuffer pixels, y from the bottom") {
  // The app's World view at 1280x800: a 450 px picture at (8, 77) from the top left.
  const auto rect = to_framebuffer(display(1280, 800, 1.0f), ImVec2(8, 77), ImVec2(458, 527));
  CHECK(rect.x == 8);
  CHECK(rect.y == 800 - 527);
  CHECK(rect.width == 450);
  CHECK(rect.height == 450);
}

TEST_CASE("direct world view: a high-DPI framebuffer scales the rectangle") {
  const auto rect = to_framebuffer(display(640, 400, 2.0f), ImVec2(10, 20), ImVec2(110, 70));
  CHECK(rect.x == 20);
  CHECK(rect.y == 800 - 140);
  CHECK(rect.width == 200);
  CHECK(rect.height == 100);
}

TEST_CASE("direct world view: the display's origin is taken off") {
  ImDrawData data = display(800, 600, 1.0f);
  data.DisplayPos = ImVec2(100, 50);
  const auto rect = to_framebuffer(data, ImVec2(110, 60), ImVec2(210, 160));
  CHECK(rect.x == 10);
  CHECK(rect.y == 600 - 110);
  CHECK(rect.width == 100);
  CHECK(rect.height == 100);
}

}  // namespace
