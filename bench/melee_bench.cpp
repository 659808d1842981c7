// melee_bench: the built-in AI against itself. Plays N games per pairing of difficulties on a
// melee map (the engine in-process, no client), the two levels swapping sides every game, and
// prints a win table (wins-losses-ties of the first level named) and the loops/s of whole games.
//   melee_bench [--map Flat64] [--games 20] [--pairs easy:very_easy,medium:easy,hard:medium,hard:easy]
//               [--build random|rush|macro|timing] [--seed 1]
#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/maps/melee_registry.h"
#include "engine/server/game.h"

namespace {

using namespace sc2::engine;
namespace api = SC2APIProtocol;

const std::map<std::string, api::Difficulty> kLevels = {
    {"very_easy", api::VeryEasy}, {"easy", api::Easy}, {"medium", api::Medium}, {"hard", api::Hard}};
const std::map<std::string, api::AIBuild> kBuilds = {
    {"random", api::RandomBuild}, {"rush", api::Rush}, {"timing", api::Timing}, {"macro", api::Macro}};

struct Tally {
  int wins = 0, losses = 0, ties = 0;
  double loops = 0, seconds = 0;
};

api::PlayerSetup computer(api::Difficulty d, api::AIBuild build) {
  api::PlayerSetup p;
  p.set_type(api::Computer);
  p.set_race(api::Terran);
  p.set_difficulty(d);
  p.set_ai_build(build);
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"melee_bench: the built-in AI's levels against each other"};
  std::string map = "Flat64", pairs = "easy:very_easy,medium:easy,hard:medium,hard:easy", build = "random";
  int games = 20;
  std::uint64_t seed = 1;
  app.add_option("--map", map, "a melee map");
  app.add_option("--games", games, "games per pairing")->check(CLI::PositiveNumber);
  app.add_option("--pairs", pairs, "level:level,... (very_easy, easy, medium, hard)");
  app.add_option("--build", build, "both sides' build: random, rush, timing, macro");
  app.add_option("--seed", seed, "the first game's seed (game i plays seed + i)");
  CLI11_PARSE(app, argc, argv);

  GameConfig config;
  config.map = find_melee_map(map);
  if (config.map == nullptr) {
    std::fprintf(stderr, "melee_bench: unknown melee map '%s'\n", map.c_str());
    return 2;
  }
  if (!kBuilds.count(build)) {
    std::fprintf(stderr, "melee_bench: unknown build '%s' (random, rush, timing, macro)\n", build.c_str());
    return 2;
  }
  config.map_path = melee_map_path(map);
  std::printf("%-22s %8s %10s %12s\n", "pairing (A vs B)", "A W-L-T", "mean loops", "loops/s");
  std::stringstream list(pairs);
  std::string pair;
  while (std::getline(list, pair, ',')) {
    const auto colon = pair.find(':');
    const std::string a = pair.substr(0, colon), b = colon == std::string::npos ? "" : pair.substr(colon + 1);
    if (!kLevels.count(a) || !kLevels.count(b)) {
      std::fprintf(stderr, "melee_bench: bad pairing '%s' (level:level with very_easy, easy, medium, hard)\n",
                   pair.c_str());
      return 2;
    }
    Tally tally;
    for (int g = 0; g < games; ++g) {
      const bool a_first = g % 2 == 0;  // swap sides every game
      config.players = {computer(kLevels.at(a_first ? a : b), kBuilds.at(build)),
                        computer(kLevels.at(a_first ? b : a), kBuilds.at(build))};
      config.seed = seed + static_cast<std::uint64_t>(g);
      Game game(config, config.seed);
      const auto start = std::chrono::steady_clock::now();
      while (!game.ended()) game.step(1024);
      tally.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      tally.loops += game.world().game_loop();
      const GameResult first = *game.result();
      const GameResult for_a = result_of_player(first, a_first ? 1 : 2);
      tally.wins += for_a == GameResult::Victory;
      tally.losses += for_a == GameResult::Defeat;
      tally.ties += for_a == GameResult::Tie;
    }
    const std::string label = a + " vs " + b;
    const std::string wlt = std::to_string(tally.wins) + "-" + std::to_string(tally.losses) + "-" + std::to_string(tally.ties);
    std::printf("%-22s %8s %10.0f %12.0f\n", label.c_str(), wlt.c_str(), tally.loops / games, tally.loops / tally.seconds);
    std::fflush(stdout);
  }
  return 0;
}
