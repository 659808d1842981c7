// --reward_scale reaches what is learned, not what is scored: two trainers with the same seeds
// play the same first rollout (the same finished episodes, the same scores), and the one whose
// rewards are scaled by 0.1 learns from returns a tenth as large (its value loss, against a
// value head that starts near 0, about a hundredth).
#include <doctest/doctest.h>

#include "learning/a2c_trainer.h"
#include "learning/environments.h"

using namespace sc2;

TEST_CASE("--reward_scale scales the returns learned from and leaves the scores alone") {
  auto first_update = [](double reward_scale) {
    learning::TrainOptions options;
    options.map = "DefeatRoaches";  // -1 a Marine, +10 a Roach: rewards within the first rollout
    options.feature_screen_size = 16;
    options.step_mul = 32;
    options.envs = 8;
    options.rollout_steps = 8;
    options.max_steps = 1000;
    options.seed = 3;
    options.reward_scale = reward_scale;
    options.out = std::filesystem::temp_directory_path();
    learning::EnvironmentSet games(learning::environment_options(options));
    learning::A2CTrainer trainer(options, games);
    return trainer.update(0.0);
  };
  const learning::UpdateStats whole = first_update(1.0);
  const learning::UpdateStats tenth = first_update(0.1);
  CHECK(tenth.finished_scores == whole.finished_scores);
  CHECK(tenth.finished_lengths == whole.finished_lengths);
  INFO("value loss at scale 1: " << whole.value_loss << ", at 0.1: " << tenth.value_loss);
  REQUIRE(whole.value_loss > 0.05);  // the rollout had rewards (else nothing to compare)
  CHECK(tenth.value_loss < 0.1 * whole.value_loss);
}
