// observed_training_bench: what `sc2train --observe_port` costs the training's games.
// sc2train's environments (learning/environments.h, the engine in-process) are stepped with
// no-op calls in three modes, interleaved (a, b, c, a, b, c, ...) so that background load hits
// all alike:
//   (a) plain          no observe port: every game on its own in-process GameServer;
//   (b) port, nobody   game 0's GameServer also served on a websocket port, no observer;
//   (c) one observer   as (b), with an observer polling like sc2studio --connect: an
//                      observation (64x64 screen and minimap layers, raw units) every 15 ms.
// Prints agent steps per wall second over all games, the stepping thread's CPU time per agent
// step, and the process's minus the observer client thread's (the trainer plus the server's
// socket thread building the observer's observations: what sc2train pays in CPU).
#include <CLI/CLI.hpp>

#include <pthread.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_requests.h"
#include "learning/environments.h"

namespace {

using namespace sc2;
using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Sample {
  double steps_per_second = 0;
  double cpu_ms_per_step = 0;
  double server_cpu_ms_per_step = 0;  // the process but the observer's client thread
  long observations = 0;  // seen by the observer (c)
};

Sample run(const learning::EnvironmentOptions& options, bool observer, double seconds) {
  learning::EnvironmentSet games(options);
  std::atomic<bool> stop{false};
  std::atomic<long> seen{0};
  std::atomic<double> watcher_cpu{0};
  std::thread watcher;
  if (observer) {
    watcher = std::thread([&] {
      Controller viewer("127.0.0.1", *games.observe_port());
      pysc2::EnvOptions view;
      view.map = options.map;
      view.raw = true;
      pysc2::join_as_observer(viewer, view, 1);
      const double base = thread_cpu_seconds();
      while (!stop) {
        viewer.observe();
        ++seen;
        std::this_thread::sleep_for(std::chrono::milliseconds(15));
      }
      viewer.leave_game();
      watcher_cpu = thread_cpu_seconds() - base;
    });
    while (seen == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  const std::vector<pysc2::FunctionCall> calls(static_cast<std::size_t>(games.size()), pysc2::FunctionCall{0, {}});
  const auto start = Clock::now();
  const double cpu_start = thread_cpu_seconds();
  const double process_start = process_cpu_seconds();
  long steps = 0;
  while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
    games.step(calls);
    steps += games.size();
  }
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  const double cpu = thread_cpu_seconds() - cpu_start;
  stop = true;
  if (watcher.joinable()) watcher.join();
  // The observer's client thread (sc2studio's, in real use) is taken out: what remains is the
  // trainer plus the server's socket threads answering the observer.
  const double process = process_cpu_seconds() - process_start - watcher_cpu;
  const double per_step = 1000.0 / static_cast<double>(steps);
  return {static_cast<double>(steps) / wall, cpu * per_step, process * per_step, seen.load()};
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  learning::EnvironmentOptions options;
  options.map = "MoveToBeacon";
  options.count = 16;
  options.screen_size = options.minimap_size = 16;
  int rounds = 5;
  double seconds = 4;
  CLI::App app{"observed_training_bench: the cost of sc2train --observe_port to the training's games"};
  app.add_option("--map", options.map)->capture_default_str();
  app.add_option("--envs", options.count)->capture_default_str();
  app.add_option("--size", options.screen_size, "screen = minimap resolution of the training")->capture_default_str();
  app.add_option("--rounds", rounds, "interleaved rounds of the three modes")->capture_default_str();
  app.add_option("--seconds", seconds, "per mode and round")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  options.minimap_size = options.screen_size;

  std::printf("load average before: %s\n", load_average().c_str());
  const char* names[] = {"(a) plain", "(b) port, nobody", "(c) one observer"};
  std::vector<double> rate[3], cpu[3], server[3];
  long seen = 0;
  for (int round = 0; round < rounds; ++round) {
    for (int mode = 0; mode < 3; ++mode) {
      learning::EnvironmentOptions o = options;
      if (mode > 0) o.observe_port = 0;
      const Sample s = run(o, mode == 2, seconds);
      rate[mode].push_back(s.steps_per_second);
      cpu[mode].push_back(s.cpu_ms_per_step);
      server[mode].push_back(s.server_cpu_ms_per_step);
      if (mode == 2) seen += s.observations;
      std::fprintf(stderr, "round %d %s: %.0f steps/s, %.4f ms CPU/step\n", round + 1, names[mode],
                   s.steps_per_second, s.cpu_ms_per_step);
    }
  }
  std::printf("load average after: %s\n", load_average().c_str());
  std::printf("%s, %d games at %dx%d, %d rounds of %.0f s per mode (medians); the observer saw %ld observations\n\n",
              options.map.c_str(), options.count, options.screen_size, options.screen_size, rounds, seconds, seen);
  std::printf("| mode | agent steps/s (all games) | vs (a) | stepping thread CPU ms / agent step | trainer + server "
              "CPU ms / agent step |\n");
  std::printf("|---|---:|---:|---:|---:|\n");
  for (int mode = 0; mode < 3; ++mode) {
    std::printf("| %s | %.0f | %.3f | %.4f | %.4f |\n", names[mode], median(rate[mode]),
                median(rate[mode]) / median(rate[0]), median(cpu[mode]), median(server[mode]));
  }
  return 0;
}
