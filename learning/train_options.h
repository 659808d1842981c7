#pragma once
// sc2train's settings in one struct with their defaults (no torch), and the per-map defaults
// that make `sc2train --map M --out DIR --minutes 30` the recommended command.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>

#include "learning/environments.h"
#include "learning/network_spec.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

enum class OptimizerKind { rmsprop, adam };
std::string_view optimizer_name(OptimizerKind kind);
OptimizerKind parse_optimizer(std::string_view name);  // throws std::invalid_argument
// a2c: the paper's synchronous advantage actor-critic, one gradient step per rollout. ppo:
// several epochs over each rollout with PPO's clipped objective (losses.h), more learning per
// sample where the learner, not the games, limits the samples (2 cores).
enum class Algorithm { a2c, ppo };
std::string_view algorithm_name(Algorithm algorithm);
Algorithm parse_algorithm(std::string_view name);  // throws std::invalid_argument

struct TrainOptions {
  // What to train.
  std::string map = "MoveToBeacon";
  Architecture architecture = Architecture::fullyconv;
  int feature_screen_size = 16;
  int feature_minimap_size = 0;  // 0: the screen size
  int step_mul = 8;
  // How long: the run stops at whichever comes first (0 = no limit; one of them must be set).
  std::int64_t max_steps = 0;  // agent steps summed over the environments
  double max_minutes = 0;      // wall time
  // Where.
  std::filesystem::path out;                    // DIR: progress.csv, checkpoint.pt, best.pt
  std::optional<std::filesystem::path> resume;  // continue the run saved in this DIR
  std::uint64_t seed = 1;
  // Environments.
  int envs = 16;
  int env_threads = 1;
  GameSource game = GameSource::in_process;
  std::optional<std::filesystem::path> sc2path;
  std::filesystem::path sc2lite_dir;
  // Serve game 0 to observers (sc2studio --connect HOST:PORT); 0 = any free port.
  std::optional<std::uint16_t> observe_port;
  std::string observe_host = "127.0.0.1";
  // The actor-critic (names as in the paper / baseline-agents.md).
  int rollout_steps = 8;           // n of the n-step returns (the paper's K = 40)
  float discount = 0.99f;
  OptimizerKind optimizer = OptimizerKind::adam;
  Algorithm algorithm = Algorithm::a2c;
  int ppo_epochs = 4;     // ppo: passes over each rollout
  int ppo_minibatches = 1;  // ppo: steps per pass, each on a share of the games (whole games)
  double ppo_clip = 0.2;  // ppo: the ratio's band, 1 +- this
  double learning_rate = 3e-4;
  bool anneal_learning_rate = true;  // linearly to half at the end of the run (as the paper)
  double value_weight = 0.5;         // beta
  double entropy_weight = 1e-3;      // eta
  double max_gradient_norm = 1.0;    // clip the gradients' global norm (0 = off)
  bool normalize_advantages = false; // the policy term's advantages scaled to mean 0, std 1 per batch
  // Rewards are multiplied by this before the returns (scores are not): a map whose rewards are
  // large (CollectMineralsAndGas: ~7 a step) otherwise swamps the value loss and the gradient
  // clip, and its policy collapsed (bench/RESULTS.md, issue 37).
  double reward_scale = 1.0;
  // The spatial heads' learning rate is learning_rate times this. A click's logit moves by about
  // lr x the state's features per Adam step, and those features start small, so a rare rewarded
  // click barely moves the spatial policy at the shared rate (bench/RESULTS.md, issue 16).
  double spatial_learning_rate_scale = 1.0;
  // Network sizes beyond the architecture (network_spec.h).
  int pooled_size = 8;
  double unit_prior = 0;  // FullyConv: the spatial logits' starting bonus on unit pixels (network_spec.h)
  bool unit_prior_own = true;  // ... on the player's own units too (network_spec.h)
  // Book-keeping.
  int torch_threads = 1;  // 1: measured faster than 2 on a loaded 2-core machine (bench/RESULTS.md)
  int score_window = 100;       // episodes in the mean score
  double save_seconds = 60;     // checkpoint.pt at least this often (and at the end)
  bool quiet = false;           // no progress line
  // Several processes, maybe on several machines (learning/distributed.h): synchronous
  // data-parallel training, rank 0 the master that writes the outputs.
  int world_size = 1;
  int rank = 0;
  std::string master;          // HOST:PORT of rank 0's rendezvous store (when world_size > 1)
  // The store at `master` is the launcher's own (torchrun's static rendezvous keeps it and says
  // so with TORCHELASTIC_USE_AGENT_STORE=True): every rank joins it, none starts one. Keys go
  // under "sc2train/attempt_<launcher_attempt>/" (TORCHELASTIC_RESTART_COUNT), clear of the
  // launcher's and of a restarted attempt's.
  bool launcher_store = false;
  int launcher_attempt = 0;
  double dist_timeout = 180;   // seconds: joining, and any one collective, before giving up

  int minimap_size() const { return feature_minimap_size > 0 ? feature_minimap_size : feature_screen_size; }
};

// Options a command line gave explicitly (their long names without dashes, e.g. "arch",
// "feature_screen_size", "lr"): the per-map defaults leave them alone.
using GivenOptions = std::set<std::string>;

// The defaults tuned for `map` (bench/RESULTS.md has the runs behind them), applied to every
// setting not in `given`. Unknown maps keep the generic defaults.
void apply_map_defaults(TrainOptions& options, const GivenOptions& given);

// Throws std::invalid_argument naming the bad setting (no limit, sizes the architecture cannot
// take, non-positive counts, a discount outside [0, 1], ...).
void validate(const TrainOptions& options);

// "HOST:PORT" (or "[IPv6]:PORT") split; throws std::invalid_argument naming --master.
struct MasterAddress {
  std::string host;
  int port = 0;
};
MasterAddress parse_master(const std::string& text);

// The settings every rank of a distributed run must share, one "name=value" line each (the
// ranks compare them before training; rank, folders and thread counts are left out).
std::string shared_settings(const TrainOptions& options);

NetworkSpec network_spec(const TrainOptions& options);
// The games of this rank: seeded from --seed and the rank, so ranks play different games.
EnvironmentOptions environment_options(const TrainOptions& options);

}  // namespace sc2::learning
