// The input pre-processing: an observation becomes embedding-table rows and weights per
// pixel (categorical one-hot, scalar log(1 + x)) and a non-spatial vector with the a0 mask.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "learning/input_batch.h"
#include "learning/input_spec.h"
#include "tests/learning/learning_test_support.h"

using namespace sc2;
using learning::InputBatch;

namespace {

int layer_index(const learning::SpatialInputSpec& spec, std::string_view name) {
  for (int l = 0; l < spec.layer_count(); ++l)
    if (spec.layers[static_cast<std::size_t>(l)].name == name) return l;
  FAIL("no layer " << name);
  return -1;
}

// Row and weight of `layer` at pixel (x, y) of sample `sample` on the screen.
std::pair<std::int64_t, float> screen_input(const InputBatch& batch, int sample, std::string_view layer, int x, int y) {
  const auto& spec = batch.spec.screen;
  const int l = layer_index(spec, layer);
  const std::size_t at = (static_cast<std::size_t>(sample) * spec.pixels() + static_cast<std::size_t>(y) * spec.size + x) *
                             spec.layer_count() + l;
  return {batch.screen_rows[at], batch.screen_weights[at]};
}

}  // namespace

TEST_CASE("the input spec keeps every PySC2 layer, one table row per categorical value and per scalar layer") {
  const auto spec = learning::make_input_spec(32, 16);
  CHECK(spec.screen.size == 32);
  CHECK(spec.minimap.size == 16);
  REQUIRE(spec.screen.layer_count() == 27);
  REQUIRE(spec.minimap.layer_count() == 11);
  const auto& player_relative = spec.screen.layers[static_cast<std::size_t>(layer_index(spec.screen, "player_relative"))];
  CHECK(player_relative.categorical);
  CHECK(player_relative.scale == 5);
  const auto& hit_points = spec.screen.layers[static_cast<std::size_t>(layer_index(spec.screen, "unit_hit_points"))];
  CHECK_FALSE(hit_points.categorical);
  CHECK(hit_points.scale == 1);
  // Rows are laid out layer after layer without gaps.
  int rows = 0;
  for (const auto& layer : spec.screen.layers) {
    CHECK(layer.first_row == rows);
    rows += layer.scale;
  }
  CHECK(spec.screen.table_rows == rows);
  CHECK_THROWS_AS(learning::make_input_spec(0, 16), std::invalid_argument);
  CHECK_THROWS_WITH_AS(learning::make_input_spec(32, 300), "minimap size must be 1..256, got 300", std::invalid_argument);
}

TEST_CASE("categorical layers select their value's row, scalar layers weigh their row by log(1 + x)") {
  const auto spec = learning::make_input_spec(8, 4);
  InputBatch batch(spec, 2);
  auto observation = test::zero_observation(8, 4, {0, 7, 331});
  test::set_pixel(test::screen_layer(observation, "player_relative"), 3, 2, 3);  // neutral (the beacon)
  test::set_pixel(test::screen_layer(observation, "unit_hit_points"), 5, 6, 45);
  test::set_pixel(test::screen_layer(observation, "unit_type"), 1, 1, 5000);   // beyond the scale: clamped
  test::set_pixel(test::screen_layer(observation, "unit_hit_points"), 0, 0, -3);  // negative: log(1 + 0)
  observation.player = {1, 50, 0, 1, 15, 1, 0, 0, 1, 0, 0};
  learning::write_observation(observation, batch, 1);

  const auto& layers = spec.screen.layers;
  const int relative_row = layers[static_cast<std::size_t>(layer_index(spec.screen, "player_relative"))].first_row;
  CHECK(screen_input(batch, 1, "player_relative", 3, 2) == std::pair<std::int64_t, float>{relative_row + 3, 1.0f});
  CHECK(screen_input(batch, 1, "player_relative", 2, 3) == std::pair<std::int64_t, float>{relative_row, 1.0f});
  const int hp_row = layers[static_cast<std::size_t>(layer_index(spec.screen, "unit_hit_points"))].first_row;
  const auto [row, weight] = screen_input(batch, 1, "unit_hit_points", 5, 6);
  CHECK(row == hp_row);
  CHECK(weight == doctest::Approx(std::log(46.0)));
  CHECK(screen_input(batch, 1, "unit_hit_points", 0, 0).second == 0.0f);
  const auto& unit_type = layers[static_cast<std::size_t>(layer_index(spec.screen, "unit_type"))];
  CHECK(screen_input(batch, 1, "unit_type", 1, 1).first == unit_type.first_row + unit_type.scale - 1);

  // Sample 0 was not written; sample 1's non-spatial part: log player values, then the mask.
  CHECK(screen_input(batch, 0, "player_relative", 3, 2).first == 0);
  const float* non_spatial = batch.non_spatial.data() + learning::kNonSpatialInputs;
  CHECK(non_spatial[0] == doctest::Approx(std::log(2.0)));
  CHECK(non_spatial[1] == doctest::Approx(std::log(51.0)));
  CHECK(non_spatial[4] == doctest::Approx(std::log(16.0)));
  const float* mask = learning::function_mask(batch, 1);
  CHECK(mask == non_spatial + learning::kPlayerInputs);
  int available = 0;
  for (int id = 0; id < learning::kFunctionInputs; ++id) available += mask[id] == 1.0f ? 1 : 0;
  CHECK(available == 3);
  CHECK(mask[0] == 1.0f);
  CHECK(mask[7] == 1.0f);
  CHECK(mask[331] == 1.0f);
  CHECK(mask[2] == 0.0f);
}

TEST_CASE("an observation that does not fit the spec is refused with the reason") {
  InputBatch batch(learning::make_input_spec(8, 8), 1);
  CHECK_THROWS_WITH_AS(learning::write_observation(test::zero_observation(16, 8), batch, 0),
                       "screen layer 'height_map' is 16x16, the network reads 8x8", std::invalid_argument);
  auto missing = test::zero_observation(8, 8);
  missing.feature_minimap.pop_back();
  CHECK_THROWS_WITH_AS(learning::write_observation(missing, batch, 0),
                       "the observation has 10 minimap layers, the network reads 11", std::invalid_argument);
  CHECK_THROWS_WITH_AS(learning::write_observation(test::zero_observation(8, 8, {0, 900}), batch, 0),
                       "available_actions holds the unknown function id 900", std::invalid_argument);
  CHECK_THROWS_AS(learning::write_observation(test::zero_observation(8, 8), batch, 1), std::out_of_range);
  CHECK_THROWS_AS(InputBatch(learning::make_input_spec(8, 8), 0), std::invalid_argument);
}
