#pragma once
// Several sc2train processes training one network together (synchronous data parallelism) on
// PyTorch's own distributed layer: c10d's Gloo process group over TCP, with rank 0's
// c10d::TCPStore as the rendezvous. Each rank plays its own games; every update the ranks
// average their gradients, so identical networks take identical optimiser steps.
//
// This header does not include torch (sc2train's main file uses it too): the network and the
// optimiser are only declared. A group of one process (world_size 1) does no communication.
//
// Failures end in DistributedError, never a hang: a rank that cannot reach the master, a rank
// that is missing at the start, a rank that dies or stops answering (every collective waits at
// most the timeout), ranks started with different settings.
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace torch::nn {
class Module;
}
namespace torch::optim {
class Optimizer;
}

namespace sc2::learning {

class DistributedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct DistributedOptions {
  int world_size = 1;
  int rank = 0;
  std::string master_host;  // rank 0 listens on master_port (all interfaces); the others connect
  int master_port = 0;
  // A launcher (torchrun) already keeps a store there: every rank connects to it, under
  // store_prefix (its keys kept apart from the launcher's).
  bool launcher_store = false;
  std::string store_prefix;
  std::chrono::milliseconds timeout{180'000};
};

// What the gradient averaging has cost so far (bench/RESULTS.md has measurements).
struct CommunicationCost {
  std::int64_t all_reduces = 0;
  std::int64_t bytes = 0;        // payload all-reduced by this rank (the gradients, float32)
  double seconds = 0;            // in the all-reduce itself (the ranks already together)
  double waiting_seconds = 0;    // before it, waiting for the slowest rank to finish its rollout
};

class DistributedGroup {
 public:
  // Joins the group: rank 0 starts the store and waits for the others, the others connect to it
  // (both within the timeout), then the Gloo process group connects every pair of ranks.
  explicit DistributedGroup(const DistributedOptions& options);
  ~DistributedGroup();
  DistributedGroup(const DistributedGroup&) = delete;
  DistributedGroup& operator=(const DistributedGroup&) = delete;

  int rank() const { return options_.rank; }
  int world_size() const { return options_.world_size; }
  bool distributed() const { return options_.world_size > 1; }
  bool writes_outputs() const { return options_.rank == 0; }  // progress.csv, checkpoints, the progress line

  // Every rank's `settings` ("name=value" lines, train_options.h's shared_settings) against
  // rank 0's; throws DistributedError on every rank naming the first rank and line that differ.
  void check_same_settings(const std::string& settings);

  // Rank 0's network weights and optimiser state copied into every rank's (made with the same
  // spec): the ranks start identical, also when rank 0 resumed a run.
  void share_state(torch::nn::Module& network, torch::optim::Optimizer& optimizer);

  // Every parameter's gradient replaced by its mean over the ranks (one all-reduce).
  void average_gradients(torch::nn::Module& network);

  // Every rank's `values` (the same count on every rank), in rank order.
  std::vector<std::vector<double>> all_gather(const std::vector<double>& values);

  const CommunicationCost& cost() const { return cost_; }

 private:
  struct Impl;
  DistributedOptions options_;
  std::unique_ptr<Impl> impl_;
  CommunicationCost cost_;
};

// What the ranks agree on before each update: the run's progress (the furthest rank's, so the
// learning rate anneals alike everywhere) and whether to stop (any rank's Ctrl+C or limit).
struct Agreement {
  double progress = 0;
  bool stop = false;
};
Agreement agree(DistributedGroup& group, double progress, bool stop);

}  // namespace sc2::learning
