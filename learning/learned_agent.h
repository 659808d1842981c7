#pragma once
// LearnedAgent: plays a trained network (a checkpoint) as an agents::Agent. Each step it reads
// the observation as the network does (input_batch.h), runs the network without gradients,
// keeps what the policy said (agents::PolicyView: a0 probabilities, every argument's
// distribution, the value) for viewers, and picks the action, sampled or greedy. FullyConv
// LSTM's state carries over steps and is zeroed when an episode begins.
//
// No torch in this header: the network lives behind a pointer to an implementation.
#include <cstdint>
#include <filesystem>
#include <memory>

#include "agents/agent.h"
#include "learning/checkpoint.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

class LearnedAgent final : public agents::Agent {
 public:
  // Loads the checkpoint; throws CheckpointError for a missing, damaged or foreign file.
  LearnedAgent(const std::filesystem::path& checkpoint, ActionMode mode, std::uint64_t seed);
  // Plays a network already in memory (e.g. a trainer's evaluation).
  LearnedAgent(LoadedCheckpoint checkpoint, ActionMode mode, std::uint64_t seed);
  ~LearnedAgent() override;

  // Throws CheckpointError naming both sides when the game is not the checkpoint's map and
  // resolutions.
  void setup(const agents::AgentSpec& spec) override;
  void reset() override;
  // Throws std::invalid_argument when the observation is not what the network reads (layers,
  // resolution) or offers no function at all.
  pysc2::FunctionCall step(const pysc2::TimeStep& time_step) override;
  std::string_view name() const override { return "learned"; }
  const agents::PolicyView* policy_view() const override;
  std::optional<agents::AgentSpec> made_for() const override;

  const CheckpointInfo& info() const;
  ActionMode mode() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The factory the programs register as "learned": AgentOptions::checkpoint (required: a clear
// std::invalid_argument without one), greedy, seed.
std::unique_ptr<agents::Agent> make_learned_agent(const agents::AgentOptions& options);

}  // namespace sc2::learning
