// app/ui/cheap_drawing.h on a headless ImGui context (no GL calls: the blending callbacks are
// only recorded, never run): which windows leave out their background, and where the opaque
// image run lands in a draw list.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "app/ui/app_style.h"
#include "app/ui/cheap_drawing.h"

namespace {

using namespace sc2::app::ui;

// An ImGui context with a built font atlas, torn down at the end of the test.
struct HeadlessImGui {
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(800, 600);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    apply_app_style();
  }
  ~HeadlessImGui() { ImGui::DestroyContext(); }
};

// Vertices of a window's draw list in the window background colour (its background rectangle).
int background_vertices(const char* name) {
  const ImGuiWindow* window = ImGui::FindWindowByName(name);
  REQUIRE(window != nullptr);
  const ImU32 background = ImGui::GetColorU32(ImGuiCol_WindowBg);
  return static_cast<int>(std::count_if(window->DrawList->VtxBuffer.begin(), window->DrawList->VtxBuffer.end(),
                                        [&](const ImDrawVert& vertex) { return vertex.col == background; }));
}

// One frame with window "below" at (0, 0) and window "above" (created second, so in front) at
// `above_at`, both 300 x 300 and asking to leave out their background where they can.
void draw_two_windows(ImVec2 above_at) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(300, 300));
  skip_background_over_backdrop("below");
  ImGui::Begin("below");
  ImGui::End();
  ImGui::SetNextWindowPos(above_at);
  ImGui::SetNextWindowSize(ImVec2(300, 300));
  skip_background_over_backdrop("above");
  ImGui::Begin("above");
  ImGui::End();
  ImGui::Render();
}

void add_frame_test_callback(const ImDrawList*, const ImDrawCmd*) {}

}  // namespace

TEST_CASE("cheap drawing: the backdrop colour is the window colour, so a left-out background looks the same") {
  HeadlessImGui imgui;
  const ImVec4 background = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  CHECK(background.x == kBackdropColour[0]);
  CHECK(background.y == kBackdropColour[1]);
  CHECK(background.z == kBackdropColour[2]);
  CHECK(background.w == 1.0f);
}

TEST_CASE("cheap drawing: windows with no window behind them leave out their background") {
  HeadlessImGui imgui;
  draw_two_windows(ImVec2(400, 0));  // first frame: the windows are new, both draw theirs
  CHECK(background_vertices("below") > 0);
  CHECK(background_vertices("above") > 0);
  draw_two_windows(ImVec2(400, 0));  // side by side: nothing behind either
  CHECK(background_vertices("below") == 0);
  CHECK(background_vertices("above") == 0);
}

TEST_CASE("cheap drawing: a window in front of another keeps its background") {
  HeadlessImGui imgui;
  draw_two_windows(ImVec2(200, 200));
  draw_two_windows(ImVec2(200, 200));  // "above" overlaps "below": it must hide it
  CHECK(background_vertices("below") == 0);
  CHECK(background_vertices("above") > 0);
  // Moved apart by the program: decided on last frame's places, so from the next frame on.
  draw_two_windows(ImVec2(400, 0));
  draw_two_windows(ImVec2(400, 0));
  CHECK(background_vertices("above") == 0);
}

TEST_CASE("cheap drawing: the opaque image run is drawn first, between blending off and on") {
  HeadlessImGui imgui;
  ImGui::NewFrame();
  ImGui::Begin("grid");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const auto image = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(7));
  {
    OpaqueImageRun images(draw);
    draw->AddCallback(add_frame_test_callback, nullptr);  // stands for a title drawn before the image
    images.draw([&] { draw->AddImage(image, ImVec2(10, 10), ImVec2(50, 50)); });
    draw->AddRect(ImVec2(10, 10), ImVec2(50, 50), IM_COL32(70, 70, 80, 255));  // the frame, on top
    images.merge();
  }
  ImGui::End();
  ImGui::Render();

  std::vector<int> order;  // 0 = blending off, 1 = the image, 2 = blending on, 3 = the title
  for (const ImDrawCmd& command : draw->CmdBuffer) {
    if (command.UserCallback == sc2::render::backends::blending_off) order.push_back(0);
    if (command.UserCallback == nullptr && command.TextureId == image && command.ElemCount > 0) order.push_back(1);
    if (command.UserCallback == sc2::render::backends::blending_on) order.push_back(2);
    if (command.UserCallback == add_frame_test_callback) order.push_back(3);
  }
  CHECK(order == std::vector<int>{0, 1, 2, 3});
}
