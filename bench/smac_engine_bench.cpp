// What one SMAC step costs the engine (issue 36 item 5): SMAC's traffic against sc2lite in this
// process, without SMAC's Python. Per map: the real map file sent in create_game with a VeryHard
// Computer, a raw-only join (as SMAC's), then agent steps as SMAC makes them: one raw command per
// live agent (stop, a move of 2 in one of four directions, or an attack on an enemy within 6,
// chosen at random as SMAC's random agents do), step 8 loops, observe; when one side is gone,
// SMAC's reset (debug kill_unit of every unit, step 2, observe: the map's trigger respawns both
// armies). Reports game loops per wall second and per CPU second of this process (client and
// engine: the in-process channel runs the engine on this thread), and the units per map.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "client/controller.h"
#include "learning/in_process_channel.h"

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::uint32_t kStop = 4, kMove = 16, kAttack = 23;  // SMAC's raw abilities (spec §4.5)
constexpr float kShootRange = 6.0f;                             // SMAC's own constant

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), {}};
}

struct Sides {
  std::vector<const SC2APIProtocol::Unit*> agents, enemies;
};

Sides sides_of(const SC2APIProtocol::ResponseObservation& observation) {
  Sides sides;
  for (const auto& unit : observation.observation().raw_data().units()) {
    if (unit.owner() == 1) sides.agents.push_back(&unit);
    if (unit.owner() == 2) sides.enemies.push_back(&unit);
  }
  return sides;
}

// One raw command per live agent, as SMAC's random agents send them.
SC2APIProtocol::RequestAction random_commands(const Sides& sides, std::mt19937_64& rng) {
  SC2APIProtocol::RequestAction request;
  for (const SC2APIProtocol::Unit* agent : sides.agents) {
    std::vector<const SC2APIProtocol::Unit*> in_range;
    for (const SC2APIProtocol::Unit* enemy : sides.enemies) {
      const float dx = enemy->pos().x() - agent->pos().x(), dy = enemy->pos().y() - agent->pos().y();
      if (dx * dx + dy * dy <= kShootRange * kShootRange) in_range.push_back(enemy);
    }
    const int choice = static_cast<int>(rng() % (5 + in_range.size()));
    auto* command = request.add_actions()->mutable_action_raw()->mutable_unit_command();
    command->add_unit_tags(agent->tag());
    command->set_queue_command(false);
    if (choice == 0) {
      command->set_ability_id(kStop);
    } else if (choice <= 4) {
      static constexpr float kDx[] = {0, 0, 2, -2}, kDy[] = {2, -2, 0, 0};
      command->set_ability_id(kMove);
      command->mutable_target_world_space_pos()->set_x(agent->pos().x() + kDx[choice - 1]);
      command->mutable_target_world_space_pos()->set_y(agent->pos().y() + kDy[choice - 1]);
    } else {
      command->set_ability_id(kAttack);
      command->set_target_unit_tag(in_range[static_cast<std::size_t>(choice - 5)]->tag());
    }
  }
  return request;
}

struct Row {
  std::string map;
  std::size_t agents = 0, enemies = 0;
  int steps = 0, episodes = 0;
  std::int64_t loops = 0;
  double seconds = 0, cpu_seconds = 0;
};

Row bench_map(const std::filesystem::path& folder, const std::string& map, int steps, std::uint64_t seed) {
  sc2::Controller controller(std::make_unique<sc2::learning::InProcessChannel>());
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path("SMAC_Maps/" + map + ".SC2Map");
  create.mutable_local_map()->set_map_data(file_bytes(folder / (map + ".SC2Map")));
  create.set_realtime(false);
  create.set_random_seed(static_cast<std::uint32_t>(seed));
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  auto* computer = create.add_player_setup();
  computer->set_type(SC2APIProtocol::Computer);
  computer->set_race(SC2APIProtocol::Terran);
  computer->set_difficulty(SC2APIProtocol::VeryHard);
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  join.mutable_options()->set_raw(true);
  join.mutable_options()->set_score(false);
  controller.join_game(join);

  Row row{map};
  std::mt19937_64 rng(seed);
  SC2APIProtocol::ResponseObservation observation = controller.observe();
  const Sides start = sides_of(observation);
  row.agents = start.agents.size();
  row.enemies = start.enemies.size();
  const std::uint32_t first_loop = observation.observation().game_loop();
  const double cpu_start = process_cpu_seconds();
  const auto wall_start = Clock::now();
  while (row.steps < steps) {
    const Sides sides = sides_of(observation);
    if (sides.agents.empty() || sides.enemies.empty()) {  // SMAC's reset: kill all, step 2
      SC2APIProtocol::Request kill;
      auto* tags = kill.mutable_debug()->add_debug()->mutable_kill_unit();
      for (const auto* unit : sides.agents) tags->add_tag(unit->tag());
      for (const auto* unit : sides.enemies) tags->add_tag(unit->tag());
      controller.call(std::move(kill));
      controller.step(2);
      observation = controller.observe();
      ++row.episodes;
      continue;
    }
    controller.act(random_commands(sides, rng));
    controller.step(8);
    observation = controller.observe();
    ++row.steps;
  }
  row.seconds = std::chrono::duration<double>(Clock::now() - wall_start).count();
  row.cpu_seconds = process_cpu_seconds() - cpu_start;
  row.loops = static_cast<std::int64_t>(observation.observation().game_loop()) - first_loop;
  controller.quit();
  return row;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("SMAC's traffic against the engine in-process: game loops/s per SMAC map (see the file's comment)");
  std::string folder;
  std::vector<std::string> maps = {"3m", "8m", "27m_vs_30m", "MMM2", "3s5z_vs_3s6z"};
  int steps = 5000;
  std::uint64_t seed = 1;
  app.add_option("--maps-dir", folder, "folder of SMAC's map files (SMAC's smac/env/starcraft2/maps/SMAC_Maps)")
      ->required()
      ->check(CLI::ExistingDirectory);
  app.add_option("--maps", maps, "SMAC maps to measure");
  app.add_option("--steps", steps, "agent steps per map (resets not counted)")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "game and command seed");
  CLI11_PARSE(app, argc, argv);
  std::printf("| map | agents vs enemies | agent steps | episodes | game loops | loops/s (wall) | loops per CPU s | SMAC steps/s (loops/s / 8) |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
  try {
    for (const std::string& map : maps) {
      const Row row = bench_map(folder, map, steps, seed);
      std::printf("| %s | %zu vs %zu | %d | %d | %lld | %.0f | %.0f | %.0f |\n", row.map.c_str(), row.agents, row.enemies,
                  row.steps, row.episodes, static_cast<long long>(row.loops), row.loops / row.seconds,
                  row.loops / row.cpu_seconds, row.loops / row.seconds / 8);
      std::fflush(stdout);
    }
  } catch (const std::exception& error) {
    std::cerr << "smac_engine_bench: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
