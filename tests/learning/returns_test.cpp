// n-step returns on hand-computed values: discounting, the bootstrap, cuts at episode ends.
#include <doctest/doctest.h>

#include <stdexcept>

#include "learning/returns.h"

using sc2::learning::n_step_returns;

TEST_CASE("n-step returns discount the rewards, bootstrap from the value and stop at an episode's end") {
  // 3 steps x 2 environments (sample t * 2 + e). Environment 1's episode ends at step 1.
  const std::vector<float> rewards{1, 0, 0, 2, 1, 5};
  const std::vector<std::uint8_t> ended{0, 0, 0, 1, 0, 0};
  const std::vector<float> bootstrap{10, 20};
  const auto returns = n_step_returns(rewards, ended, bootstrap, 0.5f);
  REQUIRE(returns.size() == 6);
  // Environment 0: G2 = 1 + 0.5 * 10 = 6, G1 = 0 + 0.5 * 6 = 3, G0 = 1 + 0.5 * 3 = 2.5.
  CHECK(returns[4] == doctest::Approx(6.0));
  CHECK(returns[2] == doctest::Approx(3.0));
  CHECK(returns[0] == doctest::Approx(2.5));
  // Environment 1: G2 = 5 + 0.5 * 20 = 15 (a new episode); G1 = 2 (its episode ended there);
  // G0 = 0 + 0.5 * 2 = 1.
  CHECK(returns[5] == doctest::Approx(15.0));
  CHECK(returns[3] == doctest::Approx(2.0));
  CHECK(returns[1] == doctest::Approx(1.0));
}

TEST_CASE("n-step returns refuse sizes that do not make steps x environments, and a bad discount") {
  CHECK_THROWS_AS(n_step_returns({1, 2, 3}, {0, 0, 0}, {0, 0}, 0.9f), std::invalid_argument);
  CHECK_THROWS_AS(n_step_returns({1, 2}, {0}, {0, 0}, 0.9f), std::invalid_argument);
  CHECK_THROWS_AS(n_step_returns({1, 2}, {0, 0}, {}, 0.9f), std::invalid_argument);
  CHECK_THROWS_AS(n_step_returns({1, 2}, {0, 0}, {0, 0}, 1.5f), std::invalid_argument);
}
