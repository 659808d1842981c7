// MoveToBeacon speed: agent steps and game loops per second with the scripted agent,
// engine in-process (a) vs over the loopback websocket (b), measured side by side.
// Episodes alternate a, b, a, b, ... so machine noise hits both; both play the same
// seeded game, so their scores must agree (a determinism check on the side).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/runner.h"
#include "learning/in_process_channel.h"
#include "client/controller.h"
#include "client/pysc2/env.h"
#include "engine/server/engine_host.h"

namespace {

using sc2::agents::EpisodeResult;

struct Mode {
  std::string label;
  std::unique_ptr<sc2::Controller> controller;
  std::unique_ptr<sc2::pysc2::Env> env;
  std::unique_ptr<sc2::agents::Agent> agent;
  std::vector<EpisodeResult> results;
};

void prepare(Mode& mode, const sc2::agents::RunOptions& options) {
  mode.env = std::make_unique<sc2::pysc2::Env>(*mode.controller, sc2::agents::env_options(options));
  mode.agent = sc2::agents::make_agent(options.agent, *options.seed);
  mode.agent->setup(sc2::agents::agent_spec(options));
}

void print_row(const Mode& mode, const sc2::agents::RunSummary& summary) {
  std::printf("| %-28s | %8zu | %10.2f | %13.0f | %13.0f | %10.3f |\n", mode.label.c_str(), summary.episodes.size(),
              summary.mean_score, summary.steps_per_second, summary.game_loops_per_second,
              summary.total_steps > 0 ? 1000.0 * summary.seconds / static_cast<double>(summary.total_steps) : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  sc2::agents::RunOptions options;
  options.seed = 1;
  int warmup = 1;
  std::uint64_t seed = 1;
  CLI::App app{"MoveToBeacon speed, engine in-process vs loopback websocket"};
  app.add_option("--episodes", options.episodes, "measured episodes per mode")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--warmup", warmup, "unmeasured episodes per mode first (game creation, caches)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--agent", options.agent, "agent to run")->capture_default_str();
  app.add_option("--step_mul,--step-mul", options.step_mul, "game loops per agent step")->capture_default_str();
  app.add_option("--feature_screen_size,--feature-screen-size", options.feature_screen_size)->capture_default_str();
  app.add_option("--feature_minimap_size,--feature-minimap-size", options.feature_minimap_size)->capture_default_str();
  app.add_option("--seed", seed, "game and agent seed (same for both modes)")->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    std::cerr << "move_to_beacon_bench: " << error.what() << " (see --help)\n";
    return 1;
  }
  options.seed = seed;

  try {
    sc2::agents::validate(options);
    Mode in_process{"(a) engine in-process", nullptr, nullptr, nullptr, {}};
    in_process.controller = std::make_unique<sc2::Controller>(std::make_unique<sc2::learning::InProcessChannel>());
    sc2::engine::EngineHost host("127.0.0.1", 0);
    host.start();
    Mode websocket{"(b) loopback websocket", nullptr, nullptr, nullptr, {}};
    websocket.controller = std::make_unique<sc2::Controller>("127.0.0.1", host.port());
    prepare(in_process, options);
    prepare(websocket, options);

    std::printf("MoveToBeacon, agent %s, screen %d, minimap %d, step_mul %d, seed %llu: %d warm-up + %d measured "
                "episodes per mode, interleaved a,b,a,b\n",
                options.agent.c_str(), options.feature_screen_size, options.feature_minimap_size, options.step_mul,
                static_cast<unsigned long long>(seed), warmup, options.episodes);
    std::fflush(stdout);
    bool scores_agree = true;
    for (int round = 0; round < warmup + options.episodes; ++round) {
      const EpisodeResult a = sc2::agents::run_episode(*in_process.env, *in_process.agent);
      const EpisodeResult b = sc2::agents::run_episode(*websocket.env, *websocket.agent);
      scores_agree = scores_agree && a.score == b.score && a.steps == b.steps;
      const bool measured = round >= warmup;
      std::printf("  %s %d: a %.0f score, %lld steps, %.3f s | b %.0f score, %lld steps, %.3f s\n",
                  measured ? "episode" : "warm-up", measured ? round - warmup + 1 : round + 1, a.score,
                  static_cast<long long>(a.steps), a.seconds, b.score, static_cast<long long>(b.steps), b.seconds);
      std::fflush(stdout);
      if (!measured) continue;
      in_process.results.push_back(a);
      websocket.results.push_back(b);
    }
    websocket.controller->quit();
    host.stop();

    const auto a = sc2::agents::summarize(in_process.results);
    const auto b = sc2::agents::summarize(websocket.results);
    std::printf("\n| mode                         | episodes | mean score | agent steps/s | game loops/s  | ms / step  |\n");
    std::printf("|------------------------------|---------:|-----------:|--------------:|--------------:|-----------:|\n");
    print_row(in_process, a);
    print_row(websocket, b);
    const double ratio = a.steps_per_second > 0 ? b.steps_per_second / a.steps_per_second : 0;
    std::printf("\nratio b/a (agent steps per second): %.3f\n", ratio);
    if (a.total_steps > 0 && b.total_steps > 0) {
      const double extra_ms = 1000.0 * (b.seconds / static_cast<double>(b.total_steps) -
                                        a.seconds / static_cast<double>(a.total_steps));
      std::printf("websocket cost per agent step (b - a): %.3f ms\n", extra_ms);
    }
    std::printf("same scores and steps in both modes: %s\n", scores_agree ? "yes" : "NO");
    return scores_agree ? 0 : 2;
  } catch (const std::exception& error) {
    std::cerr << "move_to_beacon_bench: " << error.what() << "\n";
    return 1;
  }
}
