// Engine speed (issue 3): (1) game loops per second for each of the seven mini-games at
// 64x64 with every observation (feature layers + raw + score), step_mul 8, engine
// in-process (a) vs over the loopback websocket (b), episodes interleaved a,b,a,b so
// machine noise hits both; (2) simulation cost against unit count (Marines vs Zerglings
// attack-moving at each other in a World built directly, no observations).
// Each map is driven by its scripted agent where one exists, else by no_op.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/runner.h"
#include "agents/scripted_agent.h"
#include "bench/in_process_channel.h"
#include "client/controller.h"
#include "client/pysc2/env.h"
#include "engine/server/engine_host.h"
#include "engine/sim/abilities.h"
#include "engine/sim/map_layout.h"
#include "engine/sim/orders.h"
#include "engine/sim/unit_data.h"
#include "engine/sim/world.h"

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> kMaps = {"MoveToBeacon",   "CollectMineralShards",        "FindAndDefeatZerglings",
                                        "DefeatRoaches",  "DefeatZerglingsAndBanelings", "CollectMineralsAndGas",
                                        "BuildMarines"};

// Loops and seconds of one mode on one map, whole episodes and their last quarter.
struct Tally {
  std::int64_t loops = 0;
  double seconds = 0;
  std::int64_t late_loops = 0;
  double late_seconds = 0;
  double score = 0;
  double loops_per_second() const { return seconds > 0 ? loops / seconds : 0; }
  double late_loops_per_second() const { return late_seconds > 0 ? late_loops / late_seconds : 0; }
};

struct Mode {
  std::unique_ptr<sc2::pysc2::Env> env;
  std::unique_ptr<sc2::agents::Agent> agent;
};

// One episode; step time counts env.step only (the agent's own thinking is excluded, the
// client's observation decoding is included). "Late" = steps starting after 3/4 of the
// episode's time limit-or-length, known from the previous episode (`late_from`).
void play_episode(Mode& mode, std::uint32_t late_from, Tally& tally, std::uint32_t& last_loop) {
  sc2::pysc2::TimeStep time_step = mode.env->reset();
  mode.agent->reset();
  while (true) {
    const sc2::pysc2::FunctionCall call = mode.agent->step(time_step);
    if (time_step.last()) break;
    const std::uint32_t before = time_step.observation.game_loop;
    const auto start = Clock::now();
    time_step = mode.env->step(call);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const std::int64_t loops = static_cast<std::int64_t>(time_step.observation.game_loop) - before;
    tally.loops += loops;
    tally.seconds += seconds;
    tally.score += time_step.reward;
    if (late_from > 0 && before >= late_from) {
      tally.late_loops += loops;
      tally.late_seconds += seconds;
    }
  }
  last_loop = time_step.observation.game_loop;
}

std::string driver_for(const std::string& map) {
  const auto scripted = sc2::agents::scripted_maps();
  return std::find(scripted.begin(), scripted.end(), map) != scripted.end() ? "scripted" : "noop";
}

int bench_maps(const std::vector<std::string>& maps, int episodes, std::uint64_t seed) {
  sc2::engine::EngineHost host("127.0.0.1", 0);
  host.start();
  sc2::Controller in_process_controller(std::make_unique<sc2::bench::InProcessChannel>());
  sc2::Controller websocket_controller("127.0.0.1", host.port());
  bool agree = true;

  std::printf("\n(1) game loops per second per map: 64x64 screen and minimap, raw + score, step_mul 8, seed %llu,\n"
              "    1 warm-up + %d measured episodes per mode, interleaved a,b; time = env.step calls only\n\n",
              static_cast<unsigned long long>(seed), episodes);
  std::printf("| map                          | driver   | (a) in-process loops/s | (b) websocket loops/s | b/a  | "
              "(b) late-episode loops/s | loops/episode |\n");
  std::printf("|------------------------------|----------|-----------------------:|----------------------:|-----:|"
              "-------------------------:|--------------:|\n");
  std::fflush(stdout);
  for (const auto& map : maps) {
    sc2::agents::RunOptions options;
    options.map = map;
    options.agent = driver_for(map);
    options.seed = seed;
    Mode a, b;
    for (auto* mode : {&a, &b}) {
      auto& controller = mode == &a ? in_process_controller : websocket_controller;
      mode->env = std::make_unique<sc2::pysc2::Env>(controller, sc2::agents::env_options(options));
      mode->agent = sc2::agents::make_agent(options.agent, seed);
      mode->agent->setup(sc2::agents::agent_spec(options));
    }
    Tally warm_a, warm_b, tally_a, tally_b;
    std::uint32_t length_a = 0, length_b = 0;
    play_episode(a, 0, warm_a, length_a);
    play_episode(b, 0, warm_b, length_b);
    agree = agree && warm_a.score == warm_b.score && length_a == length_b;
    for (int episode = 0; episode < episodes; ++episode) {
      const double score_a = tally_a.score, score_b = tally_b.score;
      play_episode(a, length_a * 3 / 4, tally_a, length_a);
      play_episode(b, length_b * 3 / 4, tally_b, length_b);
      agree = agree && tally_a.score - score_a == tally_b.score - score_b && length_a == length_b;
    }
    const double ratio = tally_a.loops_per_second() > 0 ? tally_b.loops_per_second() / tally_a.loops_per_second() : 0;
    std::printf("| %-28s | %-8s | %22.0f | %21.0f | %4.2f | %24.0f | %13u |\n", map.c_str(), options.agent.c_str(),
                tally_a.loops_per_second(), tally_b.loops_per_second(), ratio, tally_b.late_loops_per_second(),
                length_b);
    std::fflush(stdout);
  }
  websocket_controller.quit();
  host.stop();
  std::printf("\nsame scores and episode lengths in both modes: %s\n", agree ? "yes" : "NO");
  return agree ? 0 : 2;
}

// Two armies of `units` in total (half Marines, half Zerglings) on a flat 128x128 map,
// in blocks 12 apart, attack-moving through each other.
void bench_scaling(const std::vector<int>& counts, int loops, std::uint64_t seed) {
  using namespace sc2::engine;
  std::printf("\n(2) simulation cost vs unit count: Marines vs Zerglings attack-moving at each other, %d loops from\n"
              "    the order (armies 12 apart, about 1 unit apart in their blocks); World::advance only\n\n",
              loops);
  std::printf("| units | loops/s | mean live units | us / loop | ns / unit-loop | vs 20 units (per unit) |\n");
  std::printf("|------:|--------:|----------------:|----------:|---------------:|-----------------------:|\n");
  double base_per_unit = 0;
  for (const int count : counts) {
    World world(make_flat_layout(128, 128, CellRect{4, 4, 124, 124}, 128, 96), seed);
    const int per_side = count / 2;
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(per_side / 2.0))));
    const float left = 64.0f - 6.0f, right = 64.0f + 6.0f;
    std::vector<UnitId> marines, zerglings;
    for (int i = 0; i < per_side; ++i) {
      const float depth = static_cast<float>(i % columns) * 1.0f;
      const float row = static_cast<float>(i / columns) * 1.0f;
      const float y = 64.0f + row - static_cast<float>(per_side / columns) * 0.5f;
      marines.push_back(world.spawn(unit_type::kMarine, 1, Vec2{left - depth, y}));
      zerglings.push_back(world.spawn(unit_type::kZergling, 2, Vec2{right + depth, y}));
    }
    for (const UnitId id : marines)
      issue_command(world, *world.find(id), ability::kAttackAttack, CommandTarget{Vec2{100.0f, 64.0f}, {}}, false);
    for (const UnitId id : zerglings)
      issue_command(world, *world.find(id), ability::kAttackAttack, CommandTarget{Vec2{28.0f, 64.0f}, {}}, false);
    std::int64_t unit_loops = 0;
    const auto start = Clock::now();
    for (int i = 0; i < loops; ++i) {
      world.advance();
      unit_loops += static_cast<std::int64_t>(world.units().size());
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const double per_unit_loop_ns = 1e9 * seconds / static_cast<double>(std::max<std::int64_t>(1, unit_loops));
    if (base_per_unit == 0) base_per_unit = per_unit_loop_ns;
    std::printf("| %5d | %7.0f | %15.1f | %9.1f | %14.0f | %22.2f |\n", count, loops / seconds,
                static_cast<double>(unit_loops) / loops, 1e6 * seconds / loops, per_unit_loop_ns,
                per_unit_loop_ns / base_per_unit);
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  int episodes = 2;
  std::uint64_t seed = 1;
  int scaling_loops = 400;
  std::vector<std::string> maps = kMaps;
  std::vector<int> counts = {20, 100, 200, 500};
  bool skip_maps = false, skip_scaling = false;
  CLI::App app{"Engine speed: loops/s per mini-game (in-process vs websocket) and cost vs unit count"};
  app.add_option("--episodes", episodes, "measured episodes per mode and map")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "game and agent seed")->capture_default_str();
  app.add_option("--maps", maps, "mini-games to measure")->capture_default_str();
  app.add_option("--units", counts, "unit counts for the scaling part")->capture_default_str();
  app.add_option("--scaling-loops", scaling_loops, "loops per unit count")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_flag("--skip-maps", skip_maps, "only the scaling part");
  app.add_flag("--skip-scaling", skip_scaling, "only the per-map part");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    std::cerr << "engine_bench: " << error.what() << " (see --help)\n";
    return 1;
  }
  try {
    int status = 0;
    if (!skip_maps) status = bench_maps(maps, episodes, seed);
    if (!skip_scaling) bench_scaling(counts, scaling_loops, seed);
    return status;
  } catch (const std::exception& error) {
    std::cerr << "engine_bench: " << error.what() << "\n";
    return 1;
  }
}
