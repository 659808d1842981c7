// app/ui/result_text.h: a melee game's result in words and in the banner's colour.
#include <doctest/doctest.h>

#include "app/ui/result_text.h"

using namespace sc2::app::ui;

TEST_CASE("the result's title and the episode list's cell follow PySC2's outcome (1, 0, -1)") {
  CHECK(std::string(result_title(1)) == "Victory");
  CHECK(std::string(result_title(0)) == "Tie");
  CHECK(std::string(result_title(-1)) == "Defeat");
  CHECK(result_cell(std::nullopt).empty());  // a mini-game, or a game restarted before its end
  CHECK(result_cell(-1) == "Defeat");
}

TEST_CASE("the three results have three different banner colours") {
  const BannerColour victory = result_banner_colour(1), tie = result_banner_colour(0), defeat = result_banner_colour(-1);
  auto same = [](BannerColour a, BannerColour b) { return a.r == b.r && a.g == b.g && a.b == b.b; };
  CHECK_FALSE(same(victory, tie));
  CHECK_FALSE(same(victory, defeat));
  CHECK_FALSE(same(tie, defeat));
  CHECK(victory.g > victory.r);  // green
  CHECK(defeat.r > defeat.g);    // red
}
