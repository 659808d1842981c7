// DiscStack (how render_screen / render_minimap collect unit discs before writing the
// layers): the last disc wins a pixel, counts and coverage add up, each covered pixel is
// listed once, and reset() leaves every pixel uncovered again.
#include <doctest/doctest.h>

#include "engine/raster/disc_stack.h"

using namespace sc2::engine;

TEST_CASE("DiscStack keeps the last disc, counts and sums coverage, lists covered pixels once") {
  DiscStack stack;
  stack.reset(16);
  CHECK(stack.size() == 16u);
  CHECK(stack.covered().empty());
  stack.add(5, 0, 0.25f);
  stack.add(2, 0, 1.0f);
  stack.add(5, 3, 0.5f);
  CHECK(stack.top(5) == 3);
  CHECK(stack.top(2) == 0);
  CHECK(stack.top(0) == -1);
  CHECK(stack.count(5) == 2);
  CHECK(stack.count(2) == 1);
  CHECK(stack.count(0) == 0);
  CHECK(stack.coverage(5) == 0.75f);
  CHECK(stack.coverage(0) == 0.0f);
  CHECK(stack.covered() == std::vector<std::size_t>{5, 2});
}

TEST_CASE("DiscStack reset uncovers every pixel, also when the size changes") {
  DiscStack stack;
  stack.reset(8);
  stack.add(7, 1, 3.0f);
  stack.add(0, 2, 1.0f);
  stack.reset(8);
  CHECK(stack.covered().empty());
  for (std::size_t i = 0; i < 8; ++i) {
    CHECK(stack.top(i) == -1);
    CHECK(stack.count(i) == 0);
    CHECK(stack.coverage(i) == 0.0f);
  }
  stack.add(7, 4, 0.5f);  // starts over from nothing, listed again
  CHECK(stack.coverage(7) == 0.5f);
  CHECK(stack.count(7) == 1);
  CHECK(stack.covered() == std::vector<std::size_t>{7});
  stack.reset(12);
  CHECK(stack.size() == 12u);
  CHECK(stack.covered().empty());
  for (std::size_t i = 0; i < 12; ++i) CHECK(stack.count(i) == 0);
}
