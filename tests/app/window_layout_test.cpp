// The scaling of a panel's place when the window's size changes (app/ui/window_layout.h).
#include <doctest/doctest.h>

#include "app/ui/window_layout.h"

using sc2::app::ui::PanelRect;
using sc2::app::ui::scale_panel;

TEST_CASE("a panel keeps its share of the window on each axis when the window grows or shrinks") {
  const PanelRect grown = scale_panel({ImVec2(640, 400), ImVec2(320, 200)}, ImVec2(1280, 800), ImVec2(1600, 1000));
  CHECK(grown.pos.x == 800);
  CHECK(grown.pos.y == 500);
  CHECK(grown.size.x == 400);
  CHECK(grown.size.y == 250);
  const PanelRect wider = scale_panel({ImVec2(100, 100), ImVec2(300, 300)}, ImVec2(1000, 1000), ImVec2(2000, 1000));
  CHECK(wider.pos.x == 200);
  CHECK(wider.pos.y == 100);  // each axis by its own factor
  CHECK(wider.size.x == 600);
  CHECK(wider.size.y == 300);
  const PanelRect shrunk = scale_panel({ImVec2(0, 0), ImVec2(40, 40)}, ImVec2(1600, 1000), ImVec2(400, 250));
  CHECK(shrunk.size.x == 32);  // never below the least a side
  CHECK(shrunk.size.y == 32);
}
