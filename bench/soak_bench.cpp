// Soak: many agent steps against sc2lite launched as its own process (over the loopback
// websocket, as sc2agent plays), reporting the resident memory of this client and of the
// server at the start, at intervals and at the end, and the first error if any.
// Memory that grows with the number of steps (a leak, a queue that never empties) shows
// as a rising VmRSS between the report lines; noise stays within a few MB.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdlib>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "agents/agent.h"
#include "agents/runner.h"
#include "client/launcher.h"
#include "client/pysc2/env.h"

namespace {

using Clock = std::chrono::steady_clock;

// VmRSS of a process in KiB from /proc/<pid>/status ("self" for this one); -1 if unreadable.
long resident_kib(const std::string& pid) {
  std::ifstream status("/proc/" + pid + "/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      long kib = -1;
      status >> kib;
      return kib;
    }
    status.ignore(1 << 16, '\n');
  }
  return -1;
}

double mib(long kib) { return kib < 0 ? -1.0 : static_cast<double>(kib) / 1024.0; }

std::filesystem::path own_folder() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::current_path() : self.parent_path();
}

}  // namespace

int main(int argc, char** argv) {
  std::int64_t total_steps = 1'000'000;
  std::int64_t report_every = 100'000;
  sc2::agents::RunOptions options;
  options.agent = "random";
  options.step_mul = 1;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 32;
  options.seed = 1;
  CLI::App app{"Soak: agent steps against sc2lite (its own process, over the websocket); reports resident memory"};
  app.add_option("--steps", total_steps, "agent steps to run in all")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--report_every,--report-every", report_every, "agent steps between memory reports")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--map", options.map, "mini-game")->capture_default_str();
  app.add_option("--agent", options.agent, "agent (noop, random, scripted)")->capture_default_str();
  app.add_option("--step_mul,--step-mul", options.step_mul, "game loops per agent step")->capture_default_str();
  app.add_option("--feature_screen_size,--feature-screen-size", options.feature_screen_size)->capture_default_str();
  app.add_option("--feature_minimap_size,--feature-minimap-size", options.feature_minimap_size)->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    std::cerr << "soak_bench: " << error.what() << " (see --help)\n";
    return 1;
  }

  std::int64_t steps = 0, episodes = 0;
  const auto start = Clock::now();
  std::string server_pid;
  const auto report = [&](const char* when) {
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("| %-7s | %9lld | %8lld | %8.1f | %11.1f | %11.1f |\n", when, static_cast<long long>(steps),
                static_cast<long long>(episodes), seconds, mib(resident_kib("self")),
                server_pid.empty() ? -1.0 : mib(resident_kib(server_pid)));
    std::fflush(stdout);
  };

  try {
    sc2::agents::validate(options);
    auto agent = sc2::agents::make_agent(options.agent, *options.seed);
    agent->setup(sc2::agents::agent_spec(options));
    sc2::LaunchOptions launch;
    launch.sc2lite_dir = own_folder();
    ::unsetenv("SC2PATH");  // never a real game: sc2lite is what is soaked
    auto game = sc2::GameProcess::launch(launch);
    server_pid = std::to_string(game->pid());
    sc2::pysc2::Env env(game->controller(), sc2::agents::env_options(options));

    std::printf("soak: %lld agent steps, %s agent on %s, step_mul %d, screen %d, minimap %d, sc2lite pid %s\n\n",
                static_cast<long long>(total_steps), options.agent.c_str(), options.map.c_str(), options.step_mul,
                options.feature_screen_size, options.feature_minimap_size, server_pid.c_str());
    std::printf("| when    |     steps | episodes |   wall s | client MiB  | server MiB  |\n");
    std::printf("|---------|----------:|---------:|---------:|------------:|------------:|\n");
    // The run loop of runner.cpp, cut at a step count instead of an episode count. The first
    // row comes after the game is made (its buffers allocated), the baseline for growth.
    std::shared_ptr<const sc2::pysc2::TimeStep> time_step = env.reset();
    agent->reset();
    ++episodes;
    report("start");
    while (steps < total_steps) {
      const sc2::pysc2::FunctionCall call = agent->step(*time_step);
      if (time_step->last()) {
        time_step = env.reset();
        agent->reset();
        ++episodes;
        continue;
      }
      time_step = env.step(call);
      ++steps;
      if (steps % report_every == 0 && steps < total_steps) report("running");
    }
    report("end");
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("\n%.0f agent steps/s; no error\n", static_cast<double>(steps) / seconds);
    return 0;
  } catch (const std::exception& error) {
    report("error");
    std::cerr << "soak_bench: error after " << steps << " steps: " << error.what() << "\n";
    return 1;
  }
}
