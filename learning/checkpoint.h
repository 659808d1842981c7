#pragma once
// Checkpoints: a network's weights, the metadata to rebuild it (checkpoint_info.h) and, for a
// trainer, the optimiser's state, in one torch archive. Saving never leaves a half-written file
// under the final name; loading refuses a missing, damaged, truncated or foreign file with a
// CheckpointError naming it. This header does not include torch (the programs' main files and
// most tests need not): the network and optimiser are only declared here.
#include <filesystem>
#include <memory>

#include "learning/checkpoint_info.h"

namespace torch::optim {
class Optimizer;
}

namespace sc2::learning {

class PolicyNetworkImpl;
using PolicyNetwork = std::shared_ptr<PolicyNetworkImpl>;

// Writes `file` through a temporary file in the same folder, flushed to disk and renamed over
// it: a reader sees the old checkpoint or the new one, never a mix. Fills info.created when it
// is empty. Throws CheckpointError naming the file and the reason (folder missing, disk full).
void save_checkpoint(const std::filesystem::path& file, PolicyNetworkImpl& network, const CheckpointInfo& info,
                     torch::optim::Optimizer* optimizer = nullptr);

struct LoadedCheckpoint {
  CheckpointInfo info;
  PolicyNetwork network;          // rebuilt from info.spec, with the saved weights
  bool optimizer_loaded = false;  // an optimiser was given and the file had its state
};

// Throws CheckpointError for a missing file, a damaged or truncated one, a file that is not
// ours (another torch archive, any other file), and weights that do not fit the spec inside.
// `optimizer`, when given, receives the saved optimiser state if there is one; the state is
// matched to parameters by position, so make it over a network of the same spec (see
// read_checkpoint_info, or load_optimizer_state after loading).
LoadedCheckpoint load_checkpoint(const std::filesystem::path& file, torch::optim::Optimizer* optimizer = nullptr);

// The metadata alone (the weights are not checked). Throws CheckpointError as load_checkpoint.
CheckpointInfo read_checkpoint_info(const std::filesystem::path& file);

// The saved optimiser state into `optimizer` (made over the loaded network's parameters).
// Returns false when the checkpoint has none; throws CheckpointError as load_checkpoint.
bool load_optimizer_state(const std::filesystem::path& file, torch::optim::Optimizer& optimizer);

}  // namespace sc2::learning
