// sc2train --algorithm ppo on the real trainer: with one epoch it is the A2C update (the same
// network after it, from the same seeds: at ratio 1 the clipped objective's gradient is A2C's),
// with four it takes four steps on the same rollout (the network moves further; the fraction
// of clipped samples is reported); its options are checked.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

#include "learning/a2c_trainer.h"
#include "learning/environments.h"
#include "learning/train_cli.h"

using namespace sc2;

namespace {

learning::TrainOptions small_options(learning::Algorithm algorithm, int epochs, int minibatches = 1,
                                     learning::Architecture architecture = learning::Architecture::fullyconv) {
  learning::TrainOptions options;
  options.map = "DefeatRoaches";
  options.feature_screen_size = 16;
  options.step_mul = 32;
  options.envs = 4;
  options.rollout_steps = 8;
  options.max_steps = 1000;
  options.seed = 5;
  options.algorithm = algorithm;
  options.ppo_epochs = epochs;
  options.ppo_minibatches = minibatches;
  options.architecture = architecture;
  options.out = std::filesystem::temp_directory_path();
  return options;
}

struct AfterOneUpdate {
  std::string fingerprint;
  learning::UpdateStats stats;
};

AfterOneUpdate one_update(const learning::TrainOptions& options) {
  learning::EnvironmentSet games(learning::environment_options(options));
  learning::A2CTrainer trainer(options, games);
  AfterOneUpdate after;
  after.stats = trainer.update(0.0);
  after.fingerprint = trainer.parameter_fingerprint();
  return after;
}

std::string fresh_fingerprint(const learning::TrainOptions& options) {
  learning::EnvironmentSet games(learning::environment_options(options));
  return learning::A2CTrainer(options, games).parameter_fingerprint();
}

}  // namespace

TEST_CASE("PPO with one epoch is the A2C update, with four it moves further on the same rollout") {
  const auto a2c = one_update(small_options(learning::Algorithm::a2c, 1));
  const auto ppo_1 = one_update(small_options(learning::Algorithm::ppo, 1));
  const auto ppo_4 = one_update(small_options(learning::Algorithm::ppo, 4));
  const std::string before = fresh_fingerprint(small_options(learning::Algorithm::a2c, 1));

  CHECK(a2c.fingerprint != before);
  CHECK(ppo_1.fingerprint == a2c.fingerprint);
  CHECK(ppo_1.stats.clipped_fraction == 0.0);  // one epoch: every ratio is 1
  CHECK(ppo_4.fingerprint != a2c.fingerprint);
  CHECK(ppo_4.stats.finished_scores == a2c.stats.finished_scores);  // the same rollout was played
  CHECK(ppo_4.stats.clipped_fraction >= 0.0);
  CHECK(ppo_4.stats.clipped_fraction <= 1.0);
}

TEST_CASE("sc2train --algorithm ppo --ppo_epochs --ppo_clip: parsed, shared by the ranks, bad values refused") {
  const auto line = learning::parse_train_command_line(
      {"--map", "MoveToBeacon", "--out", "d", "--minutes", "1", "--algorithm", "ppo", "--ppo_epochs", "3", "--ppo_clip", "0.1"});
  CHECK(line.options.algorithm == learning::Algorithm::ppo);
  CHECK(line.options.ppo_epochs == 3);
  CHECK(line.options.ppo_clip == doctest::Approx(0.1));
  CHECK_NOTHROW(learning::validate(line.options));
  CHECK(learning::shared_settings(line.options).find("algorithm=ppo\nppo_epochs=3\nppo_minibatches=1\nppo_clip=0.1\n") !=
        std::string::npos);
  // The paper's A2C stays the default.
  CHECK(learning::parse_train_command_line({"--map", "MoveToBeacon", "--out", "d", "--minutes", "1"}).options.algorithm ==
        learning::Algorithm::a2c);
  CHECK_THROWS_WITH_AS(learning::parse_train_command_line({"--algorithm", "sac"}), doctest::Contains("a2c, ppo"),
                       std::invalid_argument);
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"--ppo_epochs", "0"}, {"--ppo_clip", "0"}, {"--ppo_clip", "1"}, {"--ppo_minibatches", "0"}, {"--ppo_minibatches", "17"}}) {
    std::vector<std::string> arguments = {"--map", "MoveToBeacon", "--out", "d", "--minutes", "1"};
    arguments.insert(arguments.end(), bad.begin(), bad.end());
    CAPTURE(bad[0] + " " + bad[1]);
    CHECK_THROWS_WITH_AS(learning::validate(learning::parse_train_command_line(arguments).options),
                         doctest::Contains(bad[0].c_str()), std::invalid_argument);
  }
}

TEST_CASE("PPO minibatches of whole games: more steps per pass, for FullyConv and FullyConv LSTM alike") {
  for (auto architecture : {learning::Architecture::fullyconv, learning::Architecture::fullyconv_lstm}) {
    CAPTURE(std::string(learning::architecture_name(architecture)));
    const auto whole = one_update(small_options(learning::Algorithm::ppo, 1, 1, architecture));
    const auto halves = one_update(small_options(learning::Algorithm::ppo, 1, 2, architecture));
    const auto singles = one_update(small_options(learning::Algorithm::ppo, 2, 4, architecture));  // 8 steps
    CHECK(halves.fingerprint != whole.fingerprint);  // two steps, not one
    CHECK(singles.fingerprint != halves.fingerprint);
    CHECK(halves.stats.finished_scores == whole.stats.finished_scores);  // the same rollout
    CHECK(std::isfinite(singles.stats.policy_loss));
    CHECK(std::isfinite(singles.stats.value_loss));
    CHECK(singles.stats.clipped_fraction >= 0.0);
    CHECK(singles.stats.clipped_fraction <= 1.0);
  }
}
