// learning_bench: samples per second of the learning agents' networks on this machine, per
// architecture (atari, fullyconv, fullyconv_lstm) and resolution (screen = minimap N):
//   inference  forward passes without gradients on batches of B observations;
//   agent      LearnedAgent::step, batch 1: observation -> inputs, forward, probabilities for
//              the viewers, sampled action (what sc2agent / sc2studio pay per step);
//   update     one actor-critic update on B samples: forward (FullyConv LSTM: over 8 steps of
//              B/8 environments), learning/losses.h's loss on actions sampled from the network,
//              backward, gradient norm clipped to 40, RMSprop step.
// The observations are real: MoveToBeacon from the engine in-process at each resolution.
// Prints a markdown table for bench/RESULTS.md: samples per wall second and, in brackets, per
// CPU second of the process; with the machine's load average before and after.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "learning/heap_reuse.h"
#include "learning/in_process_channel.h"
#include "client/pysc2/env.h"
#include "learning/a2c_trainer.h"
#include "learning/environments.h"
#include "learning/learned_agent.h"
#include "learning/losses.h"
#include "learning/networks.h"

namespace {

using namespace sc2;
using Clock = std::chrono::steady_clock;

struct Options {
  std::vector<std::string> architectures = {"atari", "fullyconv", "fullyconv_lstm"};
  std::vector<int> sizes = {16, 32, 64};
  std::vector<int> inference_batches = {1, 16, 64};
  std::vector<int> update_batches = {16, 64};
  double seconds = 2.0;  // per measurement, after a warm-up
  int threads = 2;
  int pooled = -1;       // FullyConv's pooled_size; -1 = the spec's default (8)
  int a2c_envs = 0;      // > 0: also time sc2train's whole update (A2CTrainer) with this many games
  int a2c_steps = 16;    // and this many rollout steps per update
  bool breakdown = false;  // print each update's phases (forward + loss, backward, clip + step) to stderr
};

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// Distinct real observations of MoveToBeacon at this resolution (the Marine walks about).
std::vector<pysc2::Observation> observations(int size, int count) {
  Controller controller(std::make_unique<learning::InProcessChannel>());
  pysc2::EnvOptions options;
  options.map = "MoveToBeacon";
  options.feature_screen_size = options.feature_minimap_size = size;
  options.seed = 1;
  pysc2::Env env(controller, options);
  std::vector<pysc2::Observation> result;
  auto step = env.reset();
  std::mt19937 random(1);
  while (static_cast<int>(result.size()) < count) {
    result.push_back(step->observation);
    pysc2::FunctionCall call{7, {{0}}};  // select_army
    const auto& available = step->observation.available_actions;
    if (std::find(available.begin(), available.end(), 331) != available.end()) {
      call = {331, {{0}, {static_cast<int>(random() % size), static_cast<int>(random() % size)}}};  // Move_screen
    }
    step = env.step(call);
    if (step->last()) step = env.reset();
  }
  return result;
}

learning::InputBatch batch_of(const learning::InputSpec& spec, const std::vector<pysc2::Observation>& seen, int count) {
  learning::InputBatch batch(spec, count);
  for (int i = 0; i < count; ++i) learning::write_observation(seen[static_cast<std::size_t>(i) % seen.size()], batch, i);
  return batch;
}

double process_cpu_seconds() {
  timespec now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + now.tv_nsec * 1e-9;
}

// Samples per wall second and per CPU second of this process (all its threads): on a shared,
// loaded machine the second is the steadier figure.
struct Rate {
  double wall = 0;
  double cpu = 0;
};

// Runs `work` (which handles `samples` samples) until `seconds` have passed.
template <typename Work>
Rate rate(double seconds, int samples, Work&& work) {
  work();  // warm-up: allocations, oneDNN / OpenBLAS set-up
  int rounds = 0;
  const auto start = Clock::now();
  const double cpu_start = process_cpu_seconds();
  double elapsed = 0;
  while (rounds < 3 || elapsed < seconds) {
    work();
    ++rounds;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  const double total = rounds * static_cast<double>(samples);
  return {total / elapsed, total / std::max(1e-9, process_cpu_seconds() - cpu_start)};
}

Rate inference_rate(learning::PolicyNetworkImpl& network, learning::InputBatch& batch, int count, double seconds) {
  torch::NoGradGuard no_grad;
  const auto input = learning::input_tensors(batch, 0, count);
  return rate(seconds, count, [&] { network.forward(input, {}); });
}

Rate agent_rate(const learning::PolicyNetwork& network, const std::vector<pysc2::Observation>& seen, double seconds) {
  learning::LoadedCheckpoint loaded;
  loaded.network = network;
  loaded.info.spec = network->spec();
  loaded.info.map = "MoveToBeacon";
  learning::LearnedAgent agent(std::move(loaded), learning::ActionMode::sample, 1);
  std::vector<pysc2::TimeStep> steps(seen.size());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    steps[i].observation = seen[i];
    steps[i].step_type = pysc2::StepType::mid;
  }
  std::size_t next = 0;
  return rate(seconds, 1, [&] { agent.step(steps[next++ % steps.size()]); });
}

Rate update_rate(learning::PolicyNetworkImpl& network, learning::InputBatch& batch, int count, double seconds,
                 bool breakdown) {
  const bool recurrent = network.spec().architecture == learning::Architecture::fullyconv_lstm;
  const std::int64_t steps = recurrent && count >= 8 ? 8 : 1;
  const auto input = learning::input_tensors(batch, 0, count);
  const auto starts = torch::zeros({count}, torch::kUInt8);

  // The actions a rollout would have taken: sampled from the network itself.
  std::vector<learning::ActionChoice> choices;
  {
    torch::NoGradGuard no_grad;
    auto views = learning::policy_views(network.forward(input, {}), network.layout());
    std::mt19937_64 random(3);
    for (auto& view : views) {
      choices.push_back(learning::choose_action(view, network.layout(), learning::ActionMode::sample, random));
    }
  }
  const auto targets = learning::action_targets(choices, network.layout());
  const auto returns = torch::randn({count});
  torch::optim::RMSprop optimizer(network.parameters(), torch::optim::RMSpropOptions(7e-4).alpha(0.99).eps(1e-5));
  // Wall time of each phase, summed over the rounds (printed with --breakdown).
  double phase[3] = {0, 0, 0};
  int rounds = 0;
  const Rate result = rate(seconds, count, [&] {
    const auto t0 = Clock::now();
    optimizer.zero_grad();
    const auto output = steps > 1 ? network.forward_sequence(input, steps, {}, starts) : network.forward(input, {});
    const auto terms = learning::actor_critic_loss(output, targets, returns, learning::LossWeights{});
    const auto t1 = Clock::now();
    terms.total.backward();
    const auto t2 = Clock::now();
    torch::nn::utils::clip_grad_norm_(network.parameters(), 40.0);
    optimizer.step();
    const auto t3 = Clock::now();
    phase[0] += std::chrono::duration<double>(t1 - t0).count();
    phase[1] += std::chrono::duration<double>(t2 - t1).count();
    phase[2] += std::chrono::duration<double>(t3 - t2).count();
    ++rounds;
  });
  if (breakdown) {
    std::fprintf(stderr, "%s N=%d B=%d update: forward+loss %.1f ms, backward %.1f ms, clip+RMSprop %.1f ms\n",
                 std::string(learning::architecture_name(network.spec().architecture)).c_str(),
                 network.spec().screen_size, count, 1e3 * phase[0] / rounds, 1e3 * phase[1] / rounds,
                 1e3 * phase[2] / rounds);
  }
  return result;
}

// sc2train's own update (rollout of N in-process games for n steps, batched acting, returns,
// learning) at its defaults otherwise: agent steps per second overall and each phase's share.
void a2c_row(const std::string& name, int size, const Options& options) {
  learning::TrainOptions train;
  train.map = "MoveToBeacon";
  train.architecture = learning::parse_architecture(name);
  train.feature_screen_size = size;
  train.envs = options.a2c_envs;
  train.rollout_steps = options.a2c_steps;
  train.torch_threads = options.threads;
  train.max_steps = std::int64_t{1} << 40;
  train.out = "unused";  // nothing is saved
  train.quiet = true;
  learning::EnvironmentSet environments(learning::environment_options(train));
  learning::A2CTrainer trainer(train, environments);
  trainer.update(0);  // warm-up
  double acting = 0, games = 0, learning_time = 0;
  std::int64_t steps = 0;
  const auto start = Clock::now();
  const double cpu_start = process_cpu_seconds();
  double elapsed = 0;
  for (int rounds = 0; rounds < 2 || elapsed < options.seconds; ++rounds) {
    const auto stats = trainer.update(0);
    steps += stats.steps;
    acting += stats.acting_seconds;
    games += stats.environment_seconds;
    learning_time += stats.learning_seconds;
    elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  }
  const double cpu = process_cpu_seconds() - cpu_start;
  std::printf("| %s | %d | %d x %d | %.0f (%.0f) | %.0f%% | %.0f%% | %.0f%% |\n", name.c_str(), size, options.a2c_envs,
              options.a2c_steps, steps / elapsed, steps / cpu, 100 * acting / elapsed, 100 * games / elapsed,
              100 * learning_time / elapsed);
  std::fflush(stdout);
}

std::string figure(double value) {
  char text[32];
  std::snprintf(text, sizeof text, value >= 100 ? "%.0f" : "%.1f", value);
  return text;
}

// "wall (per CPU second)"
std::string cell(const Rate& rate) { return figure(rate.wall) + " (" + figure(rate.cpu) + ")"; }

}  // namespace

int main(int argc, char** argv) {
  Options options;
  CLI::App app{"learning_bench: samples/s of the learning agents' inference and training updates"};
  app.add_option("--architectures", options.architectures, "atari, fullyconv, fullyconv_lstm")->capture_default_str();
  app.add_option("--sizes", options.sizes, "screen = minimap resolutions")->capture_default_str();
  app.add_option("--inference-batches", options.inference_batches, "batch sizes of the inference runs")
      ->capture_default_str();
  app.add_option("--update-batches", options.update_batches, "batch sizes of the training updates")
      ->capture_default_str();
  app.add_option("--seconds", options.seconds, "time per measurement (after one warm-up round)")->capture_default_str();
  app.add_option("--threads", options.threads, "torch intra-op threads")->capture_default_str();
  app.add_option("--pooled", options.pooled, "FullyConv's pooled_size (0 = the paper's dense layer on the whole state)");
  app.add_option("--a2c-envs", options.a2c_envs, "also time sc2train's whole update with this many in-process games");
  app.add_option("--a2c-steps", options.a2c_steps, "rollout steps per update of that timing")->capture_default_str();
  app.add_flag("--breakdown", options.breakdown, "print the wall time of each update's phases to stderr");
  std::string heap = "reuse";
  app.add_option("--heap", heap,
                 "reuse: freed memory kept for the next tensor, as sc2train and the learned agent run "
                 "(learning/heap_reuse.h); system: glibc's defaults (large tensors mapped and unmapped each time)")
      ->capture_default_str()
      ->check(CLI::IsMember({"reuse", "system"}));
  CLI11_PARSE(app, argc, argv);
  if (heap == "reuse") sc2::learning::keep_freed_memory_for_reuse();

  torch::set_num_threads(options.threads);
  torch::manual_seed(1);
  const std::string load_before = load_average();
  const std::clock_t cpu_start = std::clock();
  const auto wall_start = Clock::now();

  std::printf("| architecture | N | parameters |");
  for (int b : options.inference_batches) std::printf(" inference B=%d |", b);
  std::printf(" agent step |");
  for (int b : options.update_batches) std::printf(" update B=%d |", b);
  std::printf("\n|---|---:|---:|");
  for (std::size_t i = 0; i < options.inference_batches.size() + 1 + options.update_batches.size(); ++i) std::printf("---:|");
  std::printf("\n");
  std::fflush(stdout);

  int largest = 1;
  for (int b : options.inference_batches) largest = std::max(largest, b);
  for (int b : options.update_batches) largest = std::max(largest, b);

  for (int size : options.sizes) {
    const auto seen = observations(size, 32);
    for (const auto& name : options.architectures) {
      learning::NetworkSpec spec;
      spec.architecture = learning::parse_architecture(name);
      spec.screen_size = spec.minimap_size = size;
      if (options.pooled >= 0) spec.pooled_size = options.pooled;
      spec.pooled_size = std::min(spec.pooled_size, size);
      try {
        learning::validate(spec);
      } catch (const std::invalid_argument& error) {
        std::printf("| %s | %d | — (%s) |\n", name.c_str(), size, error.what());
        continue;
      }
      auto network = learning::make_network(spec);
      auto batch = batch_of(network->input_spec(), seen, largest);
      std::ostringstream row;
      row << "| " << name << " | " << size << " | " << learning::parameter_count(*network) << " |";
      for (int b : options.inference_batches) row << " " << cell(inference_rate(*network, batch, b, options.seconds)) << " |";
      row << " " << cell(agent_rate(network, seen, options.seconds)) << " |";
      for (int b : options.update_batches) row << " " << cell(update_rate(*network, batch, b, options.seconds, options.breakdown)) << " |";
      std::printf("%s\n", row.str().c_str());
      std::fflush(stdout);
    }
  }
  if (options.a2c_envs > 0) {
    std::printf("\n| architecture | N | games x steps | A2C update: agent steps/s (per CPU s) | acting | games | learning |\n"
                "|---|---:|---:|---:|---:|---:|---:|\n");
    for (int size : options.sizes) {
      for (const auto& name : options.architectures) {
        try {
          a2c_row(name, size, options);
        } catch (const std::invalid_argument& error) {
          std::printf("| %s | %d | — (%s) |\n", name.c_str(), size, error.what());
        }
      }
    }
  }
  const double wall = std::chrono::duration<double>(Clock::now() - wall_start).count();
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  std::printf("\nsamples per wall second (per CPU second of the process); %d torch threads; %.0f s wall, %.0f s CPU (%.2f cores busy on average); "
              "load average (1, 5, 15 min) before: %s, after: %s\n",
              options.threads, wall, cpu, cpu / wall, load_before.c_str(), load_average().c_str());
  return 0;
}
