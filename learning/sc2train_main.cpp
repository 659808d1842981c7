// sc2train: trains a baseline agent with the synchronous actor-critic (a2c_trainer.h) and
// writes DIR/progress.csv (one row per update), DIR/checkpoint.pt (the latest) and DIR/best.pt
// (the best mean score over a full window of episodes). Ctrl+C ends the update in progress,
// saves checkpoint.pt and exits; a second Ctrl+C stops at once. With --demonstrations it learns
// from a dataset instead (supervised_run.h).
//
// With --world_size N, N such processes (ranks, maybe on several machines) train one network
// together (distributed.h): rank 0 writes the outputs, with every rank's steps and episodes;
// the ranks stop together (a limit, or Ctrl+C on any of them).
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "learning/a2c_trainer.h"
#include "learning/checkpoint.h"
#include "learning/distributed.h"
#include "learning/environments.h"
#include "learning/supervised_options.h"
#include "learning/supervised_run.h"
#include "learning/train_cli.h"
#include "learning/training_progress.h"

namespace {

using namespace sc2::learning;
using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_stop = 0;

// A number as %g writes it (0.01, 0.2).
std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

void on_signal(int signal) {
  g_stop = 1;
  std::signal(signal, SIG_DFL);  // a second one stops at once
}

std::filesystem::path program_dir(const char* argv0) {
  std::error_code error;
  auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) self = std::filesystem::absolute(argv0, error);
  return self.parent_path();
}

// The last row of an existing progress.csv (a resumed run continues its update count and wall
// time); a default row when there is none.
ProgressRow last_row(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  ProgressRow row;
  long long update = 0, steps = 0, episodes = 0;
  double wall = 0;
  if (std::sscanf(last.c_str(), "%lld,%lld,%lld,%lf", &update, &steps, &episodes, &wall) == 4) {
    row.update = update;
    row.wall_seconds = wall;
  }
  return row;
}

DistributedOptions distributed_options(const TrainOptions& options) {
  DistributedOptions distributed;
  distributed.world_size = options.world_size;
  distributed.rank = options.rank;
  if (!options.master.empty()) {
    const MasterAddress master = parse_master(options.master);
    distributed.master_host = master.host;
    distributed.master_port = master.port;
  }
  distributed.timeout = std::chrono::milliseconds(static_cast<std::int64_t>(options.dist_timeout * 1000.0));
  distributed.launcher_store = options.launcher_store;
  distributed.store_prefix = "sc2train/attempt_" + std::to_string(options.launcher_attempt);
  return distributed;
}

int train(TrainOptions options) {
  std::filesystem::path resume_file;
  if (options.resume) {
    resume_file = *options.resume / "checkpoint.pt";
    if (options.out.empty()) options.out = *options.resume;
  }
  validate(options);
  DistributedGroup group(distributed_options(options));  // joins the other ranks (or is alone)
  group.check_same_settings(shared_settings(options));
  const bool writer = group.writes_outputs();
  if (writer) std::filesystem::create_directories(options.out);
  const auto checkpoint_file = options.out / "checkpoint.pt";
  const auto best_file = options.out / "best.pt";

  EnvironmentSet environments(environment_options(options));
  A2CTrainer trainer(options, environments, resume_file, &group);
  TrainingCounters counters = trainer.resumed_counters();
  const ProgressRow previous = options.resume && writer ? last_row(options.out / "progress.csv") : ProgressRow{};
  std::optional<ProgressCsv> csv;
  if (writer) csv.emplace(options.out / "progress.csv");
  ScoreWindow window(options.score_window);
  double best_score = -std::numeric_limits<double>::infinity();
  if (writer && std::filesystem::exists(best_file)) {
    const auto best = read_checkpoint_info(best_file);
    if (best.demonstrations.empty()) best_score = best.mean_score;  // a cloned policy's best.pt has no score
  }

  const auto& spec = trainer.spec();
  if (group.distributed()) {
    std::printf("sc2train: rank %d of %d joined the master at %s%s\n", group.rank(), group.world_size(),
                options.master.c_str(), writer ? "; this rank writes the outputs" : "");
  }
  std::string learner = options.algorithm == Algorithm::ppo
                            ? "ppo (" + std::to_string(options.ppo_epochs) + " epochs of " +
                                  std::to_string(options.ppo_minibatches) + " minibatches, clip " +
                                  format_number(options.ppo_clip) + "), "
                            : "a2c, ";
  if (options.reward_scale != 1.0) learner += "rewards x " + format_number(options.reward_scale) + ", ";
  if (writer) std::printf("sc2train: %s, %s at %dx%d (minimap %dx%d), unit prior %g%s, %lld parameters; %d games (%s), step_mul %d, "
              "%d steps per update; %s%s lr %g, entropy %g; out %s%s\n",
              options.map.c_str(), std::string(architecture_name(spec.architecture)).c_str(), spec.screen_size,
              spec.screen_size, spec.minimap_size, spec.minimap_size, spec.unit_prior,
              spec.unit_prior != 0 && !spec.unit_prior_own ? " (not on own units)" : "",
              static_cast<long long>(trainer.parameter_count()), options.envs,
              options.game == GameSource::in_process ? "in-process" : "launched", options.step_mul, options.rollout_steps,
              learner.c_str(), std::string(optimizer_name(options.optimizer)).c_str(), options.learning_rate, options.entropy_weight,
              options.out.string().c_str(), options.resume ? " (resumed)" : "");
  if (const auto port = environments.observe_port()) {
    std::printf("sc2train: game 1 is served to observers: sc2studio --connect %s:%u (and --training %s)\n",
                options.observe_host.c_str(), static_cast<unsigned>(*port), options.out.string().c_str());
  }
  std::fflush(stdout);

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const auto start = Clock::now();
  auto last_save = start;
  const std::int64_t first_steps = counters.steps;
  ProgressRow row = previous;
  while (g_stop == 0) {
    const double session = std::chrono::duration<double>(Clock::now() - start).count();
    double progress = 0;
    if (options.max_steps > 0) progress = std::max(progress, static_cast<double>(counters.steps) / options.max_steps);
    if (options.max_minutes > 0) progress = std::max(progress, session / (60.0 * options.max_minutes));
    const Agreement agreed = agree(group, progress, g_stop != 0 || progress >= 1.0);
    if (agreed.stop || agreed.progress >= 1.0) break;

    const auto update_start = Clock::now();
    const UpdateStats stats = trainer.update(agreed.progress);
    const double update_seconds = std::chrono::duration<double>(Clock::now() - update_start).count();
    counters.steps += stats.steps;
    counters.episodes += static_cast<std::int64_t>(stats.finished_scores.size());
    for (std::size_t i = 0; i < stats.finished_scores.size(); ++i) window.add(stats.finished_scores[i], stats.finished_lengths[i]);
    counters.mean_score = window.mean_score();

    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    row.update += 1;
    row.steps = counters.steps;
    row.episodes = counters.episodes;
    row.wall_seconds = previous.wall_seconds + elapsed;
    row.mean_score = window.mean_score();
    row.mean_episode_length = window.mean_length();
    row.samples_per_second = update_seconds > 0 ? static_cast<double>(stats.steps) / update_seconds : 0;
    row.load_average = machine_load_average();
    row.policy_loss = stats.policy_loss;
    row.value_loss = stats.value_loss;
    row.entropy = stats.entropy;
    row.total_loss = stats.total_loss;
    row.learning_rate = stats.learning_rate;
    row.gradient_norm = stats.gradient_norm;
    row.acting_seconds = stats.acting_seconds;
    row.environment_seconds = stats.environment_seconds;
    row.learning_seconds = stats.learning_seconds;
    counters.wall_seconds = row.wall_seconds;
    if (!writer) continue;  // the other ranks only train
    csv->append(row);

    if (!options.quiet) {
      double eta = -1;
      const double rate = static_cast<double>(counters.steps - first_steps) / std::max(elapsed, 1e-9);
      if (options.max_minutes > 0) eta = 60.0 * options.max_minutes - elapsed;
      if (options.max_steps > 0 && rate > 0) {
        const double by_steps = static_cast<double>(options.max_steps - counters.steps) / rate;
        eta = eta < 0 ? by_steps : std::min(eta, by_steps);
      }
      std::printf("%s\n", progress_line(row, window.size(), eta).c_str());
      std::fflush(stdout);
    }
    if (window.full() && window.mean_score() > best_score) {
      best_score = window.mean_score();
      trainer.save(best_file, counters);
    }
    if (std::chrono::duration<double>(Clock::now() - last_save).count() >= options.save_seconds) {
      trainer.save(checkpoint_file, counters);
      last_save = Clock::now();
    }
  }
  if (group.distributed()) {
    const CommunicationCost& cost = group.cost();
    const double updates = static_cast<double>(std::max<std::int64_t>(cost.all_reduces, 1));
    std::printf("sc2train: rank %d of %d: parameters %s; gradient all-reduce %.2f ms and %.0f bytes per update, "
                "%.1f ms waiting for the slowest rank (%lld updates)\n",
                group.rank(), group.world_size(), trainer.parameter_fingerprint().c_str(),
                1000.0 * cost.seconds / updates, static_cast<double>(cost.bytes) / updates,
                1000.0 * cost.waiting_seconds / updates, static_cast<long long>(cost.all_reduces));
    std::fflush(stdout);
  }
  if (!writer) return 0;
  trainer.save(checkpoint_file, counters);
  std::printf("sc2train: %s after %lld steps, %lld episodes, mean score %.2f over the last %d; saved %s%s\n",
              g_stop != 0 ? "interrupted" : "done", static_cast<long long>(counters.steps),
              static_cast<long long>(counters.episodes), window.mean_score(), window.size(),
              checkpoint_file.string().c_str(),
              std::isfinite(best_score) ? (" (best " + std::to_string(best_score) + " in best.pt)").c_str() : "");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (wants_demonstrations(args)) return run_demonstrations(args);  // supervised_run.h
  try {
    auto command_line = parse_train_command_line(args);
    if (command_line.help) {
      std::cout << command_line.help_text
                << "\nLearning from demonstrations: sc2train --demonstrations DATASET --out DIR --epochs N\n"
                   "(its options: sc2train --demonstrations DATASET --help)\n";
      return 0;
    }
    TrainOptions& options = command_line.options;
    options.sc2lite_dir = program_dir(argv[0]);
    if (options.resume) {
      // The saved run decides the map, architecture and resolutions,
      const auto summary = read_checkpoint_info(*options.resume / "checkpoint.pt");
      if (command_line.given.contains("map") && summary.map != options.map) {
        throw std::invalid_argument("--resume: the run in " + options.resume->string() + " trains " + summary.map +
                                    ", not " + options.map);
      }
      options.map = summary.map;
      options.architecture = summary.spec.architecture;
      options.feature_screen_size = summary.spec.screen_size;
      options.feature_minimap_size = summary.spec.minimap_size;
      options.pooled_size = summary.spec.pooled_size;
      command_line.given.insert({"arch", "feature_screen_size"});
      // and its pace (a clone's is its demonstrator's), unless --step_mul says otherwise
      if (summary.step_mul > 0 && !command_line.given.contains("step_mul")) {
        options.step_mul = summary.step_mul;
        command_line.given.insert("step_mul");
      }
      apply_map_defaults(options, command_line.given);
    }
    return train(options);
  } catch (const std::invalid_argument& error) {
    std::cerr << "sc2train: " << error.what() << " (see --help)\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "sc2train: " << error.what() << "\n";
    return 1;
  }
}
