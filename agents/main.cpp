// sc2agent: runs an agent headless for N episodes of a mini-game and reports score and
// speed, as a progress line per episode or (with --json) one JSON object.
// The game is a real StarCraft II when --sc2path or $SC2PATH points at one, otherwise
// the sc2lite built beside this program.
// Dataset tools: --replay_to_dataset REPLAY OUT_DIR plays a replay back into a dataset folder,
// --validate_dataset DIR checks one (agents/dataset/FORMAT.md) and exits 1 when it is broken.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <unistd.h>

#include "agents/agent.h"
#include "agents/dataset/dataset_validation.h"
#include "agents/dataset/replay_export.h"
#include "agents/runner.h"
#include "agents/scripted_agent.h"
#include "client/launcher.h"
#include "client/wait_spin.h"

namespace {

// The folder of the running binary (sc2lite is built into the same bin/ folder).
std::filesystem::path program_dir(const char* argv0) {
  std::error_code error;
  auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) self = std::filesystem::absolute(argv0, error);
  return self.parent_path();
}

nlohmann::json to_json(const sc2::agents::RunSummary& summary) {
  nlohmann::json episodes = nlohmann::json::array();
  for (const auto& episode : summary.episodes) {
    episodes.push_back({{"episode", episode.episode},
                        {"score", episode.score},
                        {"steps", episode.steps},
                        {"game_loops", episode.game_loops},
                        {"seconds", episode.seconds}});
    if (episode.result) episodes.back()["result"] = *episode.result;
  }
  return {{"map", summary.map},
          {"agent", summary.agent},
          {"game", summary.game},
          {"seed", summary.seed},
          {"episodes", episodes},
          {"summary",
           {{"episodes", summary.episodes.size()},
            {"mean_score", summary.mean_score},
            {"max_score", summary.max_score},
            {"total_steps", summary.total_steps},
            {"total_game_loops", summary.total_game_loops},
            {"seconds", summary.seconds},
            {"steps_per_second", summary.steps_per_second},
            {"game_loops_per_second", summary.game_loops_per_second}}}};
}

// Our stdout carries only our results (e.g. exactly one JSON object), but the game we
// launch inherits file descriptor 1 and prints to it. So keep a private handle on the
// real stdout and point descriptor 1 at stderr, where the game's chatter belongs.
std::FILE* take_stdout_for_results() {
  std::fflush(stdout);
  const int results_fd = ::dup(STDOUT_FILENO);
  if (results_fd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) return stdout;
  std::FILE* results = ::fdopen(results_fd, "w");
  return results != nullptr ? results : stdout;
}

// Errors are reported on exactly one line, whatever the layers below put in the message.
std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

void print_episode(std::FILE* out, const sc2::agents::EpisodeResult& episode, int total) {
  std::fprintf(out, "episode %d/%d: score %g, %lld steps, %lld loops, %.1f s", episode.episode, total, episode.score,
              static_cast<long long>(episode.steps), static_cast<long long>(episode.game_loops), episode.seconds);
  if (episode.result) std::fprintf(out, ", %s", *episode.result > 0 ? "won" : *episode.result < 0 ? "lost" : "tie");
  std::fprintf(out, "\n");
  std::fflush(out);
}

void print_summary(std::FILE* out, const sc2::agents::RunSummary& summary) {
  std::fprintf(out, "%s on %s: %zu %s, mean score %.2f, max %g; %.0f agent steps/s, %.0f game loops/s (seed %llu, %s)\n",
              summary.agent.c_str(), summary.map.c_str(), summary.episodes.size(),
               summary.episodes.size() == 1 ? "episode" : "episodes", summary.mean_score,
              summary.max_score, summary.steps_per_second, summary.game_loops_per_second,
               static_cast<unsigned long long>(summary.seed), summary.game.c_str());
}

// --validate_dataset: the report on stdout (or one JSON object); 1 when the dataset is broken.
int validate_dataset_command(std::FILE* out, const std::string& folder, bool json) {
  const auto report = sc2::agents::dataset::validate_dataset(folder);
  if (json) {
    const nlohmann::json result = {{"dataset", folder},       {"ok", report.ok},
                                   {"errors", report.errors}, {"warnings", report.warnings},
                                   {"summary", report.summary}};
    std::fprintf(out, "%s\n", result.dump().c_str());
  } else {
    std::fputs(sc2::agents::dataset::to_text(report, folder).c_str(), out);
  }
  std::fflush(out);
  if (!report.ok && !report.errors.empty()) std::cerr << "sc2agent: invalid dataset: " << one_line(report.errors.front()) << "\n";
  return report.ok ? 0 : 1;
}

// --replay_to_dataset: plays the replay on a launched game into the folder, then validates it.
int replay_to_dataset_command(std::FILE* out, const sc2::agents::RunOptions& run,
                              sc2::agents::dataset::ReplayExportOptions options, bool json) {
  options.step_mul = run.step_mul;
  options.feature_screen_size = run.feature_screen_size;
  options.feature_minimap_size = run.feature_minimap_size;
  auto game = sc2::launch_game(sc2::GameChoice{run.sc2path, run.sc2lite_dir});
  const auto summary = sc2::agents::dataset::export_replay(game->controller(), options);
  game.reset();
  const auto report = sc2::agents::dataset::validate_dataset(options.folder);
  if (json) {
    const nlohmann::json result = {{"replay", options.replay.string()},   {"dataset", options.folder.string()},
                                   {"map", summary.map},                  {"steps", summary.steps},
                                   {"game_loops", summary.game_loops},    {"score", summary.score},
                                   {"calls", summary.calls},              {"dropped_calls", summary.dropped_calls},
                                   {"valid", report.ok},                  {"errors", report.errors}};
    std::fprintf(out, "%s\n", result.dump().c_str());
  } else {
    std::fprintf(out, "%s -> %s: %s, %lld steps (%lld calls), %u game loops, score %g\n",
                 options.replay.string().c_str(), options.folder.string().c_str(), summary.map.c_str(),
                 static_cast<long long>(summary.steps), static_cast<long long>(summary.calls), summary.game_loops,
                 summary.score);
    if (summary.dropped_calls > 0) {
      std::fprintf(out, "note: %lld calls were dropped (several in one step: is --step_mul the recording's?)\n",
                   static_cast<long long>(summary.dropped_calls));
    }
    std::fputs(sc2::agents::dataset::to_text(report, options.folder).c_str(), out);
  }
  std::fflush(out);
  return report.ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  sc2::agents::RunOptions options;
  bool json = false;
  std::uint64_t seed = 0;
  std::string sc2path;
  std::string record_dir;

  std::string agent_list, scripted_list;
  for (const auto& name : sc2::agents::agent_names()) agent_list += (agent_list.empty() ? "" : "|") + name;
  for (const auto& map : sc2::agents::scripted_maps()) scripted_list += (scripted_list.empty() ? "" : ", ") + map;

  CLI::App app{"sc2agent: run an agent on a StarCraft II mini-game and report score and speed"};
  auto* map_option = app.add_option("--map", options.map,
                                    "map to play: a mini-game's name, a map path the game lists, or a map file here "
                                    "(PATH.SC2Map, sent to the game as its bytes)")->capture_default_str();
  app.add_option("--agent", options.agent,
                 agent_list + " (scripted = the map's own scripted agent; exists for " + scripted_list + ")")
      ->capture_default_str();
  auto* checkpoint_option = app.add_option("--checkpoint", options.checkpoint,
                                          "the trained network a learned agent plays (sc2train's checkpoint.pt); "
                                          "--map, the resolutions and --step_mul default to the checkpoint's");
  app.add_flag("--greedy", options.greedy, "a learned agent takes its most likely action (default: sampled)");
  app.add_option("--episodes", options.episodes, "episodes to play")->capture_default_str()->check(CLI::PositiveNumber);
  auto* step_mul_option = app.add_option("--step_mul,--step-mul", options.step_mul,
                                         "game loops per agent step (a learned agent: its checkpoint's, else 8)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  auto* screen_option = app.add_option("--feature_screen_size,--feature-screen-size", options.feature_screen_size,
                                       "screen feature layer resolution (square)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  auto* minimap_option = app.add_option("--feature_minimap_size,--feature-minimap-size", options.feature_minimap_size,
                                        "minimap feature layer resolution (square)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  auto* seed_option = app.add_option("--seed", seed, "seed for the game and the agent (default: random)");
  auto* sc2path_option = app.add_option("--sc2path", sc2path,
                                        "StarCraft II install root (default: $SC2PATH, else sc2lite beside sc2agent)");
  app.add_option("--parallel", options.parallel,
                 "games played at once (each its own game and thread; worker w uses seed + w)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_flag("--pin_cores,--pin-cores", options.pin_cores,
               "each game (sc2lite) and its agent share one core, the games on the cores in turn: faster on an otherwise "
               "idle machine, as the two take turns (not with a learned agent or a real StarCraft II)");
  auto* record_option = app.add_option("--record", record_dir,
                                       "record every agent step into this new or empty dataset folder "
                                       "(.npy arrays + index.json, see agents/dataset/FORMAT.md)");
  std::string replay_dir;
  auto* replay_option = app.add_option("--save_replay,--save-replay", replay_dir,
                                       "save each episode's replay into this folder "
                                       "(<map>_seed<seed>_episode<N>.SC2Replay; created if missing)");
  std::vector<std::string> replay_to_dataset;
  auto* export_option =
      app.add_option("--replay_to_dataset,--replay-to-dataset", replay_to_dataset,
                     "REPLAY OUT_DIR: play the replay back into a new dataset folder (rows every --step_mul loops, "
                     "the player's calls read from the game's echo), then validate it")
          ->expected(2)
          ->type_name("REPLAY OUT_DIR");
  std::string validate_dir;
  auto* validate_option = app.add_option("--validate_dataset,--validate-dataset", validate_dir,
                                         "check a dataset folder (index, dtypes, shapes, rows) and print a report; "
                                         "exit 1 when it is broken");
  validate_option->excludes(export_option);
  app.add_option("--opponent", options.opponent,
                 "the other player of a melee map (Flat32, Flat64, Simple64): bot:very_easy|easy|medium|hard "
                 "(the built-in AI) or agent:NAME (another agent, e.g. agent:scripted, in a second game process, "
                 "as PySC2 plays two agents); each episode then reports --agent's result (1 win, 0 tie, -1 loss)");
  app.add_flag("--json", json, "print exactly one JSON object instead of progress lines");
  int wait_spin_us = static_cast<int>(sc2::kDefaultWaitSpin.count());
  app.add_option("--wait_spin_us", wait_spin_us,
                 "microseconds the agent's wait for a reply, and sc2lite's for the next request, poll before they sleep, "
                 "while replies and requests have been coming that soon: spares each the wake-up of an idle core (faster "
                 "on a quiet machine), costs CPU (0 = always sleep; pinned games never poll)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);  // --help
  } catch (const CLI::ParseError& error) {
    std::cerr << "sc2agent: " << one_line(error.what()) << " (see --help)\n";
    return 1;
  }
  sc2::set_wait_spin(std::chrono::microseconds(wait_spin_us));  // the games launched from now on too
  if (seed_option->count() > 0) options.seed = seed;
  if (sc2path_option->count() > 0) options.sc2path = sc2path;
  if (record_option->count() > 0) options.record_dir = record_dir;
  if (replay_option->count() > 0) options.replay_dir = replay_dir;
  options.sc2lite_dir = program_dir(argv[0]);
  std::FILE* out = take_stdout_for_results();

  if (validate_option->count() > 0) return validate_dataset_command(out, validate_dir, json);
  if (export_option->count() > 0) {
    try {
      sc2::agents::dataset::ReplayExportOptions export_options;
      export_options.replay = replay_to_dataset.at(0);
      export_options.folder = replay_to_dataset.at(1);
      return replay_to_dataset_command(out, options, export_options, json);
    } catch (const std::exception& error) {
      std::cerr << "sc2agent: --replay_to_dataset: " << one_line(error.what()) << "\n";
      return 1;
    }
  }

  try {
    // An agent made for one game (a learned agent's checkpoint) fills in the flags left out;
    // a checkpoint that cannot be read fails here, before any game starts.
    if (checkpoint_option->count() > 0) {
      const auto made_for = sc2::agents::make_agent(options.agent, sc2::agents::agent_options(options))->made_for();
      if (!made_for) {
        std::cerr << "sc2agent: --checkpoint is for an agent that plays a trained network (--agent learned), not '"
                  << options.agent << "'\n";
        return 1;
      }
      if (map_option->count() == 0) options.map = made_for->map;
      if (screen_option->count() == 0) options.feature_screen_size = made_for->feature_screen_size;
      if (minimap_option->count() == 0) options.feature_minimap_size = made_for->feature_minimap_size;
      if (step_mul_option->count() == 0 && made_for->step_mul > 0) options.step_mul = made_for->step_mul;
    }
    const auto summary = sc2::agents::run(options, [&](const sc2::agents::EpisodeResult& episode, int total) {
      if (!json) print_episode(out, episode, total);
    });
    const bool recorded = options.record_dir && summary.problems.empty();
    if (json) {
      auto result = to_json(summary);
      if (recorded) result["record"] = options.record_dir->string();
      if (!summary.problems.empty()) result["problems"] = summary.problems;
      std::fprintf(out, "%s\n", result.dump().c_str());
    } else {
      print_summary(out, summary);
      if (recorded) std::fprintf(out, "recorded %s\n", options.record_dir->string().c_str());
    }
    std::fflush(out);
    // The games went on; what could not be written is said, and the exit status tells scripts.
    for (const auto& problem : summary.problems) std::cerr << "sc2agent: " << one_line(problem) << "\n";
    return summary.problems.empty() ? 0 : 1;
  } catch (const std::exception& error) {
    std::cerr << "sc2agent: " << one_line(error.what()) << "\n";
    return 1;
  } catch (...) {
    std::cerr << "sc2agent: failed with an unknown error\n";
    return 1;
  }
}
