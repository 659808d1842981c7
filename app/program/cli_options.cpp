#include "app/program/cli_options.h"

#include <CLI/CLI.hpp>
#include <filesystem>
#include <sstream>

#include "agents/agent.h"
#include "app/program/connect_address.h"
#include "app/session/opponent_choice.h"

namespace sc2::app {

namespace {

// "W" (square) or "W,H", each 1..1024, as PySC2's size flags.
bool parse_size_pair(const std::string& text, int& width, int& height) {
  const auto comma = text.find(',');
  auto number = [](const std::string& part, int& out) {
    if (part.empty() || part.size() > 4 || part.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::stoi(part);
    return out >= 1 && out <= 1024;
  };
  if (!number(text.substr(0, comma), width)) return false;
  if (comma == std::string::npos) {
    height = width;
    return true;
  }
  return number(text.substr(comma + 1), height);
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  StudioOptions options;
  CLI::App cli{"SC2 Studio: play the PySC2 mini-games through feature layers and PySC2 actions", "sc2studio"};
  auto* map_flag = cli.add_option("--map", options.map,
                 "Map to play: a mini-game's name, a map path the game lists, or a map file here (PATH.SC2Map, "
                 "sent to the game as its bytes) (default: the first map the game lists)");
  auto* screen_flag = cli.add_option("--feature_screen_size,--feature-screen-size", options.feature_screen_size,
                                     "Screen feature layer resolution (pixels)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  auto* minimap_flag = cli.add_option("--feature_minimap_size,--feature-minimap-size", options.feature_minimap_size,
                                      "Minimap feature layer resolution (pixels)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  auto* step_mul_flag = cli.add_option("--step_mul,--step-mul", options.step_mul,
                                       "Game loops per agent step (--agent learned: its checkpoint's when it records one)")
      ->check(CLI::Range(1, 10000))
      ->capture_default_str();
  cli.add_option("--sc2path,--sc2-path", options.sc2path,
                 "StarCraft II install root (default: $SC2PATH, else the bundled sc2lite)");
  cli.add_option("--seed", options.seed, "Random seed of the game");
  auto* speed = cli.add_option("--speed", options.speed, "Game speed as a multiple of real time (0 = as fast as possible)")
                    ->check(CLI::Range(0.0, 1000.0))
                    ->capture_default_str();
  std::optional<double> fps;
  cli.add_option("--fps", fps,
                 "Agent steps per second, as PySC2's play (speed = fps * step_mul / 22.4; 0 = as fast as possible)")
      ->check(CLI::Range(0.0, 100000.0))
      ->excludes(speed);
  cli.add_option("--feature_camera_width,--feature-camera-width", options.feature_camera_width,
                 "World units across the screen feature layers")
      ->check(CLI::Range(1.0f, 256.0f))
      ->capture_default_str();
  cli.add_option("--max_game_steps,--max-game-steps", options.max_game_steps,
                 "Quit after this many game loops in all episodes (0 = never)")
      ->check(CLI::Range(0.0, 1e15))  // also refuses "-5", which an unsigned parse would wrap
      ->capture_default_str();
  cli.add_flag("--disable_fog,--disable-fog", options.disable_fog, "Disable the fog of war");
  std::string rgb_screen;
  auto* rgb_screen_flag =
      cli.add_option("--rgb_screen_size,--rgb-screen-size", rgb_screen,
                     "Ask the game for RGB screen images of W or W,H pixels (shown in the world view; F9 toggles)")
          ->check([](const std::string& text) {
            int w = 0, h = 0;
            return parse_size_pair(text, w, h) ? std::string() : "expected W or W,H with sizes 1..1024";
          });
  cli.add_option("--rgb_minimap_size,--rgb-minimap-size", options.rgb_minimap_size,
                 "RGB minimap image size in pixels (with --rgb_screen_size)")
      ->check(CLI::Range(1, 1024))
      ->needs(rgb_screen_flag);
  cli.add_flag("--render_sync,--render-sync", options.render_sync,
               "Draw every observation before the next step (F11 toggles it)");
  cli.add_option("--frames", options.frames, "Quit after this many frames showing the game (0 = never)")
      ->check(CLI::Range(0, 100000000));
  cli.add_option("--screenshot", options.screenshot, "Write the last frame to this PNG file");
  cli.add_option("--video", options.video,
                 "Save every frame showing a new observation as DIR/frame_NNNNNN.png (a new or empty folder, "
                 "created if missing); turns on synchronous rendering");
  cli.add_option("--script", options.script, "Play back scripted mouse/key input from this file (tests)");
  cli.add_option("--action_log,--action-log", options.action_log,
                 "On exit, write every FunctionCall sent and the own and enemy units (positions, health, shields) at the first and last observation to this JSON file");
  cli.add_option("--agent", options.agent, "Watch this built-in agent play (take over with F6)")
      ->check(CLI::IsMember(agents::agent_names()));
  auto* checkpoint = cli.add_option("--checkpoint", options.checkpoint,
                                    "The trained network a learned agent plays (--agent learned; sc2train's "
                                    "checkpoint.pt); --map, the resolutions and --step_mul default to the checkpoint's")
                         ->needs(cli.get_option("--agent"));
  cli.add_flag("--greedy", options.greedy, "A learned agent takes its most likely action (default: sampled)")
      ->needs(checkpoint);
  cli.add_option("--record", options.record,
                 "Record every agent step (observation, FunctionCall, reward) into this new or empty dataset folder");
  auto* connect = cli.add_option("--connect", options.connect,
                                 "Watch the game running on this server (HOST:PORT, e.g. a sc2lite an agent plays "
                                 "on) as observer of player 1 (or --observe_player), read only")
                      ->check([](const std::string& text) {
                        std::string error;
                        return parse_host_port(text, error) ? std::string() : error;
                      });
  cli.add_option("--observe_player,--observe-player", options.observe_player,
                 "With --connect: the player whose side you watch (its units, fog and camera): 1, or 2 on a "
                 "two-player melee map")
      ->check(CLI::Range(1, 2))
      ->needs(connect);
  auto* replay = cli.add_option("--replay", options.replay,
                                "Play this replay back (play, pause, speed, seek), read only")
                     ->check(CLI::ExistingFile);
  auto* save_replay = cli.add_option("--save_replay,--save-replay", options.save_replay,
                                     "Save each episode's replay (when it ends, is restarted, or at quit) into this "
                                     "folder, created if missing; F8 saves there too");
  auto* opponent = cli.add_option("--opponent", options.opponent,
                                  "The other player of a two-player melee map (" + melee_map_names() +
                                      "): bot:very_easy|easy|medium|hard, the game's built-in AI at that difficulty "
                                      "(default on a melee map: bot:very_easy, as PySC2's play), or agent:noop|random|scripted, a "
                                      "built-in agent in a game process of its own (as PySC2 plays two agents). You "
                                      "(or --agent) play against it; the end of the game shows Victory, Defeat or Tie");
  connect->excludes(opponent);
  replay->excludes(opponent);
  connect->excludes(replay);
  connect->excludes(save_replay);
  replay->excludes(save_replay);
  for (const char* watch_flag : {"--agent", "--record", "--checkpoint"}) {
    connect->excludes(cli.get_option(watch_flag));
    replay->excludes(cli.get_option(watch_flag));
  }
  cli.add_option("--training", options.training,
                 "Plot the training run in this folder (sc2train --out DIR) as its progress.csv grows: mean score, "
                 "episode length, entropy and value loss against the agent steps. Beside --connect (sc2train "
                 "--observe_port) or any game it is one more window; alone (without --connect, --replay, --agent, "
                 "--map, --record, --script, --action_log, --video, --save_replay) the window shows only the "
                 "training panel and no game is started")
      ->check([](const std::string& text) {
        std::error_code error;
        if (std::filesystem::is_regular_file(text, error) && std::filesystem::path(text).filename() != "progress.csv") {
          return "'" + text + "' is a file: give the run's folder (sc2train --out DIR)";
        }
        return std::string();
      });
  cli.add_option("--window_width,--window-width", options.window_width, "Initial window width")
      ->check(CLI::Range(320, 16384))
      ->capture_default_str();
  cli.add_option("--window_height,--window-height", options.window_height, "Initial window height")
      ->check(CLI::Range(240, 16384))
      ->capture_default_str();
  cli.add_option("--wait_spin_us,--wait-spin-us", options.wait_spin_us,
                 "Microseconds a wait for the game's reply (and the embedded game's for the next request) polls "
                 "before it sleeps, while they have been coming that soon: faster steps at full speed, costs CPU "
                 "(0 = always sleep; sc2agent's flag of the same name)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();

  ParsedCommandLine parsed;
  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    parsed.exit_code = 0;
    parsed.message = cli.help();
    return parsed;
  } catch (const CLI::ParseError& error) {
    parsed.exit_code = 1;
    parsed.message = "sc2studio: " + std::string(error.what()) + "\nRun with --help for the list of flags.";
    return parsed;
  }
  if (fps) options.speed = *fps * options.step_mul / 22.4;
  // DIR/progress.csv given itself: its folder.
  if (std::filesystem::path(options.training).filename() == "progress.csv") {
    options.training = std::filesystem::path(options.training).parent_path().string();
    if (options.training.empty()) options.training = ".";
  }
  if (!options.video.empty()) options.render_sync = true;  // no observation may be skipped
  if (!rgb_screen.empty()) {
    parse_size_pair(rgb_screen, options.rgb_screen_width, options.rgb_screen_height);
    if (options.rgb_minimap_size == 0) options.rgb_minimap_size = 128;  // PySC2's play default
  }
  // The agent is built once here so that a checkpoint that is missing, damaged or made for
  // another game stops the program with its reason before a window opens; an agent made for
  // one game (a learned agent) also fills in the map and resolutions left out.
  if (!options.agent.empty()) {
    try {
      agents::AgentOptions agent_options;
      agent_options.seed = options.seed.value_or(0);
      agent_options.checkpoint = options.checkpoint;
      agent_options.greedy = options.greedy;
      const auto agent = agents::make_agent(options.agent, agent_options);
      if (const auto made_for = agent->made_for()) {
        if (map_flag->count() == 0) options.map = made_for->map;
        if (screen_flag->count() == 0) options.feature_screen_size = made_for->feature_screen_size;
        if (minimap_flag->count() == 0) options.feature_minimap_size = made_for->feature_minimap_size;
        if (step_mul_flag->count() == 0 && made_for->step_mul > 0) {
          options.step_mul = made_for->step_mul;
          if (fps) options.speed = *fps * options.step_mul / 22.4;
        }
        agent->setup({options.map, options.feature_screen_size, options.feature_minimap_size, options.step_mul});
      } else if (!options.checkpoint.empty()) {
        throw std::invalid_argument("--checkpoint is for an agent that plays a trained network (--agent learned)");
      }
    } catch (const std::exception& error) {
      parsed.exit_code = 1;
      parsed.message = "sc2studio: cannot watch the agent '" + options.agent + "': " + error.what();
      return parsed;
    }
  }
  // After the agent: a learned agent may have chosen the map.
  if (const std::string refusal = opponent_refusal(options.map, options.opponent); !refusal.empty()) {
    parsed.exit_code = 1;
    parsed.message = "sc2studio: " + refusal;
    return parsed;
  }
  parsed.options = options;
  return parsed;
}

bool training_only(const StudioOptions& options) {
  if (options.training.empty()) return false;
  for (const std::string* game : {&options.connect, &options.replay, &options.agent, &options.map, &options.record,
                                  &options.script, &options.action_log, &options.video, &options.save_replay}) {
    if (!game->empty()) return false;
  }
  return true;
}

}  // namespace sc2::app
