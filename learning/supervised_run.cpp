#include "learning/supervised_run.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <tuple>

#include "learning/supervised_trainer.h"

namespace sc2::learning {

namespace {

using Clock = std::chrono::steady_clock;

volatile std::sig_atomic_t g_stop = 0;

void on_signal(int signal) {
  g_stop = 1;
  std::signal(signal, SIG_DFL);  // a second one stops at once
}

std::string percent(const TopKCount& count) {
  if (count.rows == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f/%.1f%%", 100.0 * count.top1_rate(), 100.0 * count.top5_rate());
  return text;
}

class AccuracyCsv {
 public:
  explicit AccuracyCsv(const std::filesystem::path& file) : file_(file), out_(file, std::ios::trunc) {
    if (!out_) throw std::runtime_error("cannot write " + file.string());
    out_ << accuracy_csv_header() << std::flush;
  }
  void append(const AccuracyCsvRow& row) {
    out_ << accuracy_csv_row(row) << std::flush;
    if (!out_) throw std::runtime_error("cannot write " + file_.string());
  }

 private:
  std::filesystem::path file_;
  std::ofstream out_;
};

int train(const SupervisedOptions& options) {
  const auto dataset = agents::dataset::Dataset::open(options.dataset);  // its own error for a damaged one
  SupervisedTrainer trainer(options, dataset);
  std::filesystem::create_directories(options.out);
  const auto checkpoint_file = options.out / "checkpoint.pt";
  const auto best_file = options.out / "best.pt";

  const auto& index = dataset.index();
  const auto& split = trainer.split();
  const auto& spec = trainer.spec();
  std::printf("sc2train: learning from demonstrations %s: %s by %s, %zu episodes, %lld rows at %dx%d (minimap %dx%d)\n",
              options.dataset.string().c_str(), index.info.map.c_str(), index.info.agent.c_str(),
              index.episodes.size(), static_cast<long long>(index.steps), spec.screen_size, spec.screen_size,
              spec.minimap_size, spec.minimap_size);
  std::printf("  %s, %lld parameters; training rows %zu, held out %zu (%s %zu%s); left out %lld rows "
              "(call not available or off the layers)\n",
              std::string(architecture_name(spec.architecture)).c_str(),
              static_cast<long long>(trainer.parameter_count()), split.training.size(), split.held_out.size(),
              split.by_rows ? "the last rows of its one episode," : "episodes:", split.held_out_episodes.size(),
              split.by_rows ? "" : " whole", static_cast<long long>(trainer.left_out()));
  std::printf("  Adam lr %g, minibatches of %d (%lld per epoch); value head towards the discounted return "
              "(gamma %g) of each row's episode, weight %g; out %s\n",
              options.learning_rate, options.batch_size, static_cast<long long>(trainer.batches_per_epoch()),
              options.discount, options.value_weight, options.out.string().c_str());
  std::fflush(stdout);

  AccuracyCsv csv(options.out / "accuracy.csv");
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  const DemonstrationAccuracy untrained = trainer.evaluate();
  csv.append({0.0, 0, elapsed(), 0, 0, untrained});
  std::printf("%s", accuracy_table({{"random init", untrained}}).c_str());
  std::fflush(stdout);

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const double per_epoch = static_cast<double>(trainer.batches_per_epoch());
  std::int64_t updates = 0, evaluated_at = 0;
  int epochs = 0;
  double loss_sum = 0, value_sum = 0;
  int loss_count = 0;
  std::tuple<double, double, double> best{-1.0, -1.0, -1.0};
  DemonstrationAccuracy last = untrained;
  auto evaluate_and_save = [&] {
    last = trainer.evaluate();
    const double epoch = static_cast<double>(updates) / per_epoch;
    const double loss = loss_count > 0 ? loss_sum / loss_count : 0, value = loss_count > 0 ? value_sum / loss_count : 0;
    csv.append({epoch, updates, elapsed(), loss, value, last});
    if (!options.quiet) {
      std::printf("epoch %.2f  updates %lld  loss %.4f (value %.4f)  held-out top-1/top-5: action %s  screen %s  "
                  "minimap %s  %.1f s\n",
                  epoch, static_cast<long long>(updates), loss, value, percent(last.action).c_str(),
                  percent(last.screen).c_str(), percent(last.minimap).c_str(), elapsed());
      std::fflush(stdout);
    }
    loss_sum = value_sum = 0;
    loss_count = 0;
    evaluated_at = updates;
    // By the function id's top-1; ties (common once it nears 100%) go to the better arguments.
    const std::tuple<double, double, double> score{last.action.top1_rate(), last.screen.top1_rate(),
                                                   last.minimap.top1_rate()};
    if (score > best) {
      best = score;
      trainer.save(best_file);
    }
    trainer.save(checkpoint_file);
  };

  while (g_stop == 0) {
    if (options.epochs > 0 && epochs >= options.epochs) break;
    if (options.max_updates > 0 && updates >= options.max_updates) break;
    if (options.max_minutes > 0 && elapsed() >= 60.0 * options.max_minutes) break;
    const SupervisedBatchStats stats = trainer.train_batch();
    ++updates;
    loss_sum += stats.total_loss;
    value_sum += stats.value_loss;
    ++loss_count;
    if (stats.epoch_ended) {
      ++epochs;
      evaluate_and_save();
    }
  }
  if (updates > evaluated_at || updates == 0) evaluate_and_save();

  std::printf("sc2train: %s after %d epochs (%lld updates) in %.1f s; saved %s (best held-out action top-1 %.1f%% in "
              "%s)\n",
              g_stop != 0 ? "interrupted" : "done", epochs, static_cast<long long>(updates), elapsed(),
              checkpoint_file.string().c_str(), 100.0 * std::get<0>(best), best_file.string().c_str());
  std::printf("%s", accuracy_table({{std::string(architecture_name(spec.architecture)), last},
                                    {"random init", untrained}})
                        .c_str());
  return 0;
}

}  // namespace

int run_demonstrations(const std::vector<std::string>& args) {
  try {
    const auto command_line = parse_supervised_command_line(args);
    if (command_line.help) {
      std::cout << command_line.help_text;
      return 0;
    }
    validate(command_line.options);
    return train(command_line.options);
  } catch (const std::invalid_argument& error) {
    std::cerr << "sc2train: " << error.what() << " (see sc2train --demonstrations X --help)\n";
    return 2;
  } catch (const std::exception& error) {
    std::cerr << "sc2train: " << error.what() << "\n";
    return 1;
  }
}

}  // namespace sc2::learning
