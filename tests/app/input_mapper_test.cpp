// InputMapper: image coordinates -> screen pixels, click vs drag, modifiers, availability.
#include <doctest/doctest.h>

#include <algorithm>

#include "app/input/input_mapper.h"
#include "client/pysc2/actions.h"

using sc2::app::ImageRect;
using sc2::app::InputMapper;
using sc2::app::LayerPixel;
using sc2::app::Modifiers;
using sc2::app::ScreenPoint;
using sc2::app::image_to_pixel;
using sc2::pysc2::FunctionCall;

namespace {

const ImageRect kImage{100.0f, 50.0f, 640.0f, 640.0f};  // 10 window px per layer px at 64
const int kSmart = sc2::pysc2::find_function("Smart_screen")->id;
const int kMove = sc2::pysc2::find_function("Move_screen")->id;
const std::vector<int> kAll{0, 1, 2, 3, 12, kMove, kSmart};

}  // namespace

TEST_CASE("function ids the mapper relies on match PySC2") {
  CHECK(kSmart == 451);
  CHECK(kMove == 331);
  CHECK(sc2::pysc2::find_function("select_point")->id == 2);
  CHECK(sc2::pysc2::find_function("select_rect")->id == 3);
  CHECK(sc2::pysc2::find_function("move_camera")->id == 1);
}

TEST_CASE("image_to_pixel floors, maps edges and clamps outside points") {
  CHECK(image_to_pixel(kImage, {100.0f, 50.0f}, 64, 64) == LayerPixel{0, 0});
  CHECK(image_to_pixel(kImage, {109.99f, 59.99f}, 64, 64) == LayerPixel{0, 0});
  CHECK(image_to_pixel(kImage, {110.0f, 60.0f}, 64, 64) == LayerPixel{1, 1});
  CHECK(image_to_pixel(kImage, {100.0f + 235.0f, 50.0f + 384.0f}, 64, 64) == LayerPixel{23, 38});
  CHECK(image_to_pixel(kImage, {739.99f, 689.99f}, 64, 64) == LayerPixel{63, 63});
  CHECK(image_to_pixel(kImage, {740.0f, 690.0f}, 64, 64) == LayerPixel{63, 63});  // right/bottom edge
  CHECK(image_to_pixel(kImage, {-500.0f, 5000.0f}, 64, 64) == LayerPixel{0, 63});
  CHECK(image_to_pixel(kImage, {5000.0f, -5000.0f}, 64, 64) == LayerPixel{63, 0});
  // Non-square layers and images: each axis on its own.
  CHECK(image_to_pixel(ImageRect{0, 0, 200, 100}, {199.0f, 99.0f}, 84, 32) == LayerPixel{83, 31});
  CHECK(image_to_pixel(ImageRect{0, 0, 200, 100}, {100.0f, 50.0f}, 84, 32) == LayerPixel{42, 16});
}

TEST_CASE("image_to_pixel survives degenerate input") {
  CHECK(image_to_pixel(ImageRect{0, 0, 0, 0}, {10.0f, 10.0f}, 64, 64) == LayerPixel{0, 0});
  CHECK(image_to_pixel(kImage, {200.0f, 200.0f}, 0, 0) == LayerPixel{0, 0});
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(image_to_pixel(kImage, {nan, nan}, 64, 64) == LayerPixel{0, 0});
}

TEST_CASE("modifiers choose select_point's act") {
  CHECK(sc2::app::select_point_act({}) == 0);                   // select
  CHECK(sc2::app::select_point_act({true, false}) == 1);        // toggle
  CHECK(sc2::app::select_point_act({false, true}) == 2);        // select_all_type
  CHECK(sc2::app::select_point_act({true, true}) == 3);         // add_all_type
}

TEST_CASE("a press and release within the slop is a click -> select_point at the press pixel") {
  InputMapper mapper(64, 64);
  mapper.left_press(kImage, {335.0f, 434.0f});
  CHECK(mapper.pressed());
  CHECK_FALSE(mapper.drag_rect({337.0f, 436.0f}).has_value());
  const auto mapped = mapper.left_release({337.0f, 436.0f}, Modifiers{}, kAll);  // 2.8 px away
  REQUIRE(mapped.call.has_value());
  CHECK(*mapped.call == FunctionCall{2, {{0}, {23, 38}}});
  CHECK_FALSE(mapper.pressed());

  mapper.left_press(kImage, {335.0f, 434.0f});
  CHECK(mapper.left_release({335.0f, 434.0f}, Modifiers{true, true}, kAll).call == FunctionCall{2, {{3}, {23, 38}}});
}

TEST_CASE("moving beyond the slop is a drag -> select_rect, add with Shift") {
  InputMapper mapper(64, 64);
  mapper.left_press(kImage, {110.0f, 60.0f});
  REQUIRE(mapper.drag_rect({400.0f, 300.0f}).has_value());
  auto mapped = mapper.left_release({400.0f, 300.0f}, Modifiers{}, kAll);
  REQUIRE(mapped.call.has_value());
  CHECK(*mapped.call == FunctionCall{3, {{0}, {1, 1}, {30, 25}}});

  mapper.left_press(kImage, {400.0f, 300.0f});
  mapped = mapper.left_release({110.0f, 60.0f}, Modifiers{true, false}, kAll);
  CHECK(mapped.call == FunctionCall{3, {{1}, {30, 25}, {1, 1}}});  // p0 = press, p1 = release

  // Released outside the image: the end point is clamped to the layer.
  mapper.left_press(kImage, {110.0f, 60.0f});
  mapped = mapper.left_release({2000.0f, -40.0f}, Modifiers{}, kAll);
  CHECK(mapped.call == FunctionCall{3, {{0}, {1, 1}, {63, 0}}});
  const auto rect_end = [&] {
    mapper.left_press(kImage, {110.0f, 60.0f});
    auto rect = mapper.drag_rect({2000.0f, -40.0f});
    mapper.cancel();
    return rect->second;
  }();
  CHECK(rect_end.x == doctest::Approx(740.0f));
  CHECK(rect_end.y == doctest::Approx(50.0f));
}

TEST_CASE("the slop is configurable and measured as a distance") {
  InputMapper strict(64, 64, 1.0f);
  strict.left_press(kImage, {300.0f, 300.0f});
  CHECK(strict.is_drag({301.0f, 301.0f}));  // 1.41 px > 1
  CHECK_FALSE(strict.is_drag({300.5f, 300.5f}));
}

TEST_CASE("release without a press and cancel produce nothing") {
  InputMapper mapper(64, 64);
  CHECK_FALSE(mapper.left_release({1.0f, 1.0f}, Modifiers{}, kAll).call.has_value());
  mapper.left_press(kImage, {300.0f, 300.0f});
  mapper.cancel();
  CHECK_FALSE(mapper.pressed());
  CHECK_FALSE(mapper.left_release({300.0f, 300.0f}, Modifiers{}, kAll).call.has_value());
}

TEST_CASE("right click prefers Smart_screen, falls back to Move_screen, else reports") {
  InputMapper mapper(64, 64);
  auto mapped = mapper.right_click(kImage, {335.0f, 434.0f}, Modifiers{}, kAll);
  CHECK(mapped.call == FunctionCall{kSmart, {{0}, {23, 38}}});
  mapped = mapper.right_click(kImage, {335.0f, 434.0f}, Modifiers{true, false}, kAll);
  CHECK(mapped.call == FunctionCall{kSmart, {{1}, {23, 38}}});  // queued

  mapped = mapper.right_click(kImage, {335.0f, 434.0f}, Modifiers{}, {0, 1, 2, 3, kMove});
  CHECK(mapped.call == FunctionCall{kMove, {{0}, {23, 38}}});

  mapped = mapper.right_click(kImage, {335.0f, 434.0f}, Modifiers{}, {0, 1, 2, 3});
  CHECK_FALSE(mapped.call.has_value());
  CHECK(mapped.message.find("not available") != std::string::npos);
}

TEST_CASE("selection functions are only sent when available") {
  InputMapper mapper(64, 64);
  mapper.left_press(kImage, {300.0f, 300.0f});
  auto mapped = mapper.left_release({300.0f, 300.0f}, Modifiers{}, {0, 1});
  CHECK_FALSE(mapped.call.has_value());
  CHECK(mapped.message.find("select_point") != std::string::npos);
  mapper.left_press(kImage, {110.0f, 60.0f});
  mapped = mapper.left_release({400.0f, 300.0f}, Modifiers{}, {0, 1, 2});
  CHECK_FALSE(mapped.call.has_value());
  CHECK(mapped.message.find("select_rect") != std::string::npos);
}

TEST_CASE("the screen size decides the pixel grid") {
  InputMapper mapper(84, 84);
  mapper.left_press(kImage, {739.0f, 689.0f});
  CHECK(mapper.left_release({739.0f, 689.0f}, Modifiers{}, kAll).call == FunctionCall{2, {{0}, {83, 83}}});
  mapper.set_screen_size(32, 32);
  mapper.left_press(kImage, {739.0f, 689.0f});
  CHECK(mapper.left_release({739.0f, 689.0f}, Modifiers{}, kAll).call == FunctionCall{2, {{0}, {31, 31}}});
}

TEST_CASE("a minimap click moves the camera to the minimap pixel") {
  InputMapper mapper(64, 64);
  const auto mapped = mapper.minimap_click(ImageRect{0, 0, 128, 128}, {127.0f, 10.0f}, 64, 64, kAll);
  CHECK(mapped.call == FunctionCall{1, {{63, 5}}});
  CHECK_FALSE(mapper.minimap_click(ImageRect{0, 0, 128, 128}, {1.0f, 1.0f}, 64, 64, {0, 2}).call.has_value());
}

TEST_CASE("at a non-square window scale every gesture maps to the exact layer pixels (table)") {
  // A 64x64 layer shown in a 640x400 image at (20, 30): 10 window px per layer px across,
  // 6.25 down. Each row: gesture, modifiers, press point, release point -> FunctionCall.
  const ImageRect wide{20.0f, 30.0f, 640.0f, 400.0f};
  const int kSmartMinimap = sc2::pysc2::find_function("Smart_minimap")->id;
  std::vector<int> available = kAll;
  available.push_back(kSmartMinimap);
  std::sort(available.begin(), available.end());
  enum class Gesture { left, right, minimap_left, minimap_right };
  struct Row {
    Gesture gesture;
    Modifiers modifiers;
    ScreenPoint press, release;
    FunctionCall expected;
  };
  const Row rows[] = {
      // select_point: x = (255 - 20) / 10 = 23.5 -> 23, y = (270 - 30) / 6.25 = 38.4 -> 38
      {Gesture::left, {}, {255.0f, 270.0f}, {255.0f, 270.0f}, FunctionCall{2, {{0}, {23, 38}}}},
      {Gesture::left, {true, false}, {255.0f, 270.0f}, {256.0f, 271.0f}, FunctionCall{2, {{1}, {23, 38}}}},
      {Gesture::left, {false, true}, {255.0f, 270.0f}, {255.0f, 270.0f}, FunctionCall{2, {{2}, {23, 38}}}},
      {Gesture::left, {true, true}, {255.0f, 270.0f}, {255.0f, 270.0f}, FunctionCall{2, {{3}, {23, 38}}}},
      // the last row and column: y = (429.9 - 30) / 6.25 = 63.98 -> 63
      {Gesture::left, {}, {659.9f, 429.9f}, {659.9f, 429.9f}, FunctionCall{2, {{0}, {63, 63}}}},
      // select_rect: (25, 37) -> (0, 1.12 -> 1); (345, 280) -> (32.5 -> 32, 40)
      {Gesture::left, {}, {25.0f, 37.0f}, {345.0f, 280.0f}, FunctionCall{3, {{0}, {0, 1}, {32, 40}}}},
      {Gesture::left, {true, false}, {345.0f, 280.0f}, {25.0f, 37.0f}, FunctionCall{3, {{1}, {32, 40}, {0, 1}}}},
      // Smart_screen, queued with Shift: (120, 130) -> (10, 16)
      {Gesture::right, {}, {120.0f, 130.0f}, {}, FunctionCall{kSmart, {{0}, {10, 16}}}},
      {Gesture::right, {true, false}, {120.0f, 130.0f}, {}, FunctionCall{kSmart, {{1}, {10, 16}}}},
      // The minimap shown in the same image: move_camera, Smart_minimap (queued with Shift).
      {Gesture::minimap_left, {}, {120.0f, 130.0f}, {}, FunctionCall{1, {{10, 16}}}},
      {Gesture::minimap_right, {}, {120.0f, 130.0f}, {}, FunctionCall{kSmartMinimap, {{0}, {10, 16}}}},
      {Gesture::minimap_right, {true, false}, {659.0f, 31.0f}, {}, FunctionCall{kSmartMinimap, {{1}, {63, 0}}}},
  };
  for (const Row& row : rows) {
    InputMapper mapper(64, 64);
    sc2::app::MappedInput mapped;
    switch (row.gesture) {
      case Gesture::left:
        mapper.left_press(wide, row.press);
        mapped = mapper.left_release(row.release, row.modifiers, available);
        break;
      case Gesture::right: mapped = mapper.right_click(wide, row.press, row.modifiers, available); break;
      case Gesture::minimap_left: mapped = mapper.minimap_click(wide, row.press, 64, 64, available); break;
      case Gesture::minimap_right:
        mapped = mapper.minimap_right_click(wide, row.press, 64, 64, row.modifiers, available);
        break;
    }
    INFO("press " << row.press.x << "," << row.press.y << " expected " << sc2::pysc2::to_string(row.expected));
    REQUIRE(mapped.call.has_value());
    CHECK(*mapped.call == row.expected);
  }
}

TEST_CASE("a minimap right click is Smart_minimap only when available") {
  InputMapper mapper(64, 64);
  const auto refused = mapper.minimap_right_click(ImageRect{0, 0, 128, 128}, {64.0f, 64.0f}, 64, 64, Modifiers{}, kAll);
  CHECK_FALSE(refused.call.has_value());
  CHECK(refused.message.find("Smart_minimap") != std::string::npos);
}
