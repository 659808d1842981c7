#include "learning/train_cli.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace sc2::learning {

std::optional<std::string> process_environment(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

namespace {

// What a launcher's environment says in place of the distributed flags (train_cli.h).
void apply_launcher_environment(TrainOptions& o, const GivenOptions& given, const EnvironmentLookup& environment) {
  const auto whole_number = [&](const std::string& name) -> std::optional<int> {
    const auto text = environment(name);
    if (!text) return std::nullopt;
    std::size_t used = 0;
    int value = -1;
    try {
      value = std::stoi(*text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (text->empty() || used != text->size() || value < 0) {
      throw std::invalid_argument(name + "='" + *text + "' in the environment (a launcher such as torchrun sets it): "
                                  "not a whole number");
    }
    return value;
  };
  if (!given.contains("world_size")) {
    if (const auto world_size = whole_number("WORLD_SIZE")) o.world_size = *world_size;
  }
  if (!given.contains("rank")) {
    if (const auto rank = whole_number("RANK")) o.rank = *rank;
  }
  if (!given.contains("master")) {
    // torchrun's static rendezvous keeps its own store on MASTER_PORT and tells its processes to
    // join it rather than start one.
    o.launcher_store = environment("TORCHELASTIC_USE_AGENT_STORE").value_or("") == "True";
    if (o.launcher_store) o.launcher_attempt = whole_number("TORCHELASTIC_RESTART_COUNT").value_or(0);
    const auto address = environment("MASTER_ADDR");
    const auto port = environment("MASTER_PORT");
    if (address.has_value() != port.has_value()) {
      throw std::invalid_argument(std::string("the environment sets ") + (address ? "MASTER_ADDR" : "MASTER_PORT") +
                                  " without " + (address ? "MASTER_PORT" : "MASTER_ADDR") +
                                  " (a launcher such as torchrun sets both; or give --master HOST:PORT)");
    }
    if (address) {
      const bool ipv6 = address->find(':') != std::string::npos && address->front() != '[';
      o.master = (ipv6 ? "[" + *address + "]" : *address) + ":" + *port;
    }
  }
}

}  // namespace

TrainCommandLine parse_train_command_line(const std::vector<std::string>& args, const EnvironmentLookup& environment) {
  TrainCommandLine result;
  TrainOptions& o = result.options;
  std::string architecture = std::string(architecture_name(o.architecture));
  std::string optimizer = std::string(optimizer_name(o.optimizer));
  std::string algorithm = std::string(algorithm_name(o.algorithm));
  std::string game = "in_process";
  std::string resume, sc2path;
  bool no_anneal = false;

  CLI::App app{"sc2train: trains the SC2LE paper's baseline agents with a synchronous advantage actor-critic.\n"
               "Recommended: sc2train --map MoveToBeacon --out DIR --minutes 30"};
  app.set_help_flag("-h,--help", "print this help and exit");
  app.add_option("--map", o.map, "mini-game to train on")->capture_default_str();
  app.add_option("--arch", architecture, "atari | fullyconv | fullyconv_lstm (default: the map's)");
  app.add_option("--envs", o.envs, "games stepped together (default: the map's)");
  app.add_option("--feature_screen_size", o.feature_screen_size, "screen resolution (default: the map's)");
  app.add_option("--feature_minimap_size", o.feature_minimap_size, "minimap resolution (default: the screen's)");
  app.add_option("--step_mul", o.step_mul, "game loops per agent step")->capture_default_str();
  app.add_option("--steps", o.max_steps, "stop after this many agent steps (all games together)");
  app.add_option("--minutes", o.max_minutes, "stop after this many minutes of wall time");
  app.add_option("--out", o.out, "folder for progress.csv, checkpoint.pt and best.pt");
  app.add_option("--resume", resume,
                 "continue the run saved in this folder (its checkpoint.pt; its map, network, resolutions and step_mul)");
  app.add_option("--seed", o.seed, "seeds the network, the action sampling and the games")->capture_default_str();
  app.add_option("--lr", o.learning_rate, "learning rate (default: the map's)");
  app.add_option("--optimizer", optimizer, "adam | rmsprop")->capture_default_str();
  app.add_option("--algorithm", algorithm,
                 "a2c (the paper's: one step per rollout) | ppo (--ppo_epochs passes per rollout, clipped)")
      ->capture_default_str();
  app.add_option("--ppo_epochs", o.ppo_epochs, "ppo: passes over each rollout")->capture_default_str();
  app.add_option("--ppo_minibatches", o.ppo_minibatches,
                 "ppo: gradient steps per pass, each on a share of the games (whole games, shuffled each pass)")
      ->capture_default_str();
  app.add_option("--ppo_clip", o.ppo_clip, "ppo: the probability ratio is clipped to 1 +- this")->capture_default_str();
  app.add_flag("--no_anneal", no_anneal, "keep the learning rate constant (default: linearly to half)");
  app.add_option("--rollout_steps,--nsteps", o.rollout_steps, "n of the n-step returns (default: the map's)");
  app.add_option("--discount", o.discount, "gamma")->capture_default_str();
  app.add_option("--value_weight", o.value_weight, "beta, weight of the value loss")->capture_default_str();
  app.add_option("--entropy_weight", o.entropy_weight, "eta, weight of the entropy bonus (default: the map's)");
  app.add_option("--max_grad_norm", o.max_gradient_norm, "clip the gradients' norm (0: off)")->capture_default_str();
  app.add_flag("--normalize_advantages,!--no_normalize_advantages", o.normalize_advantages,
               "scale the policy term's advantages to mean 0, std 1 per batch (default: the map's)");
  app.add_option("--reward_scale", o.reward_scale,
                 "rewards are multiplied by this for learning, scores are not (default: the map's, else 1)");
  app.add_option("--spatial_lr_scale", o.spatial_learning_rate_scale,
                 "the spatial heads' learning rate is --lr times this (a resumed run must keep it)")
      ->capture_default_str();
  app.add_option("--unit_prior", o.unit_prior,
                 "FullyConv: the spatial policies' starting bonus (a learned logit) on pixels with a unit; "
                 "0 = none, as the paper (default: the map's)");
  app.add_option("--unit_prior_own", o.unit_prior_own,
                 "FullyConv: whether that bonus also covers the player's own units (false: only allies, neutrals "
                 "and enemies, the pixels clicks pay on; an Attack_screen on an own unit shoots it)")
      ->capture_default_str();
  app.add_option("--pooled_size", o.pooled_size, "FullyConv: state pooled to this size before the dense layer")
      ->capture_default_str();
  app.add_option("--env_threads", o.env_threads, "threads stepping the games")->capture_default_str();
  app.add_option("--torch_threads", o.torch_threads, "threads of the network's math")->capture_default_str();
  app.add_option("--score_window", o.score_window, "episodes in the mean score")->capture_default_str();
  app.add_option("--save_seconds", o.save_seconds, "write checkpoint.pt at least this often")->capture_default_str();
  app.add_option("--game", game, "in_process (the engine as a library) | launched (sc2lite or --sc2path processes)")
      ->capture_default_str();
  app.add_option("--sc2path", sc2path, "StarCraft II install to launch (implies --game launched)");
  long observe_port = -1;
  auto* observe_option = app.add_option("--observe_port", observe_port,
                 "serve the first game to observers on this port (sc2studio --connect HOST:PORT; 0: any free port)");
  app.add_option("--observe_host", o.observe_host, "address the observe port listens on")->capture_default_str();
  app.add_flag("--quiet", o.quiet, "no progress line");
  app.add_option("--world_size", o.world_size, "processes training together, maybe on several machines (default: $WORLD_SIZE, else 1)")
      ->capture_default_str();
  app.add_option("--rank", o.rank, "this process's number in [0, world_size); rank 0 writes --out (default: $RANK, else 0)")
      ->capture_default_str();
  app.add_option("--master", o.master, "HOST:PORT where rank 0 listens for the others (world_size > 1; default: "
                 "$MASTER_ADDR:$MASTER_PORT, as torchrun sets them)");
  app.add_option("--dist_timeout", o.dist_timeout, "seconds to wait for the other ranks before failing")
      ->capture_default_str();

  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    result.help = true;
    result.help_text = app.help();
    return result;
  } catch (const CLI::ParseError& error) {
    throw std::invalid_argument(error.what());
  }
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() == 0) continue;
    std::string name = option->get_single_name();
    name.erase(0, name.find_first_not_of('-'));
    result.given.insert(name);
  }
  o.architecture = parse_architecture(architecture);
  o.optimizer = parse_optimizer(optimizer);
  o.algorithm = parse_algorithm(algorithm);
  o.anneal_learning_rate = !no_anneal;
  if (observe_option->count() > 0) {
    if (observe_port < 0 || observe_port > 65535) {
      throw std::invalid_argument("--observe_port: " + std::to_string(observe_port) + " is not a port (0..65535)");
    }
    o.observe_port = static_cast<std::uint16_t>(observe_port);
  }
  if (!resume.empty()) o.resume = resume;
  if (!sc2path.empty()) {
    o.sc2path = sc2path;
    game = "launched";
  }
  if (game == "in_process") o.game = GameSource::in_process;
  else if (game == "launched") o.game = GameSource::launched;
  else throw std::invalid_argument("--game: unknown '" + game + "' (known: in_process, launched)");
  apply_launcher_environment(o, result.given, environment);
  apply_map_defaults(o, result.given);
  return result;
}

}  // namespace sc2::learning
