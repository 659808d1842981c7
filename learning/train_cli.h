#pragma once
// sc2train's command line (no torch): every flag of TrainOptions, then the per-map defaults
// for what the line did not say.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "learning/train_options.h"

namespace sc2::learning {

struct TrainCommandLine {
  TrainOptions options;
  GivenOptions given;        // flags given explicitly (names without dashes)
  bool help = false;         // --help: print help_text and stop
  std::string help_text;
};

// An environment variable's value; nullopt when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;
std::optional<std::string> process_environment(const std::string& name);  // getenv

// `args` without the program name. Throws std::invalid_argument with CLI11's message for an
// unknown flag or a bad value; does not validate() (a resumed run fills in the rest first).
//
// Launchers of distributed PyTorch jobs (torchrun, and Slurm or Kubernetes' PyTorchJob through
// it or by themselves) tell each process its place in the environment: WORLD_SIZE, RANK,
// MASTER_ADDR and MASTER_PORT. Each one set there stands for --world_size, --rank and --master
// (MASTER_ADDR:MASTER_PORT; an IPv6 address in brackets) unless the command line gives that
// flag. A value that is not a whole number, or MASTER_ADDR without MASTER_PORT (or the other
// way), is refused naming the variable. TORCHELASTIC_USE_AGENT_STORE=True (torchrun's static
// rendezvous: its agent already keeps the store on MASTER_PORT) makes every rank join that store
// instead of rank 0 starting one (TrainOptions::launcher_store).
TrainCommandLine parse_train_command_line(const std::vector<std::string>& args,
                                          const EnvironmentLookup& environment = process_environment);

}  // namespace sc2::learning
