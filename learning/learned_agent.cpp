#include "learning/learned_agent.h"

#include <random>
#include <stdexcept>

#include "learning/heap_reuse.h"
#include "learning/input_batch.h"
#include "learning/networks.h"

namespace sc2::learning {

struct LearnedAgent::Impl {
  Impl(LoadedCheckpoint loaded, ActionMode action_mode, std::uint64_t seed)
      : info(std::move(loaded.info)), network(std::move(loaded.network)), mode(action_mode), random(seed),
        batch(network->input_spec(), 1) {
    network->eval();
  }

  CheckpointInfo info;
  PolicyNetwork network;
  ActionMode mode;
  std::mt19937_64 random;
  InputBatch batch;        // one sample: this step's observation
  RecurrentState state;    // FullyConv LSTM's; undefined = zeros (an episode's start)
  agents::PolicyView view;
  bool stepped = false;    // view holds a step's outputs
};

LearnedAgent::LearnedAgent(const std::filesystem::path& checkpoint, ActionMode mode, std::uint64_t seed)
    : LearnedAgent(load_checkpoint(checkpoint), mode, seed) {}

LearnedAgent::LearnedAgent(LoadedCheckpoint checkpoint, ActionMode mode, std::uint64_t seed) {
  if (!checkpoint.network) throw std::invalid_argument("a learned agent needs a network");
  keep_freed_memory_for_reuse();  // each step's tensors, reused instead of mapped anew (heap_reuse.h)
  impl_ = std::make_unique<Impl>(std::move(checkpoint), mode, seed);
}

LearnedAgent::~LearnedAgent() = default;

void LearnedAgent::setup(const agents::AgentSpec& spec) {
  check_checkpoint_fits(impl_->info, spec.map, spec.feature_screen_size, spec.feature_minimap_size);
}

void LearnedAgent::reset() {
  impl_->state = {};
  impl_->stepped = false;
}

pysc2::FunctionCall LearnedAgent::step(const pysc2::TimeStep& time_step) {
  Impl& self = *impl_;
  if (time_step.first()) self.state = {};  // also when a runner does not call reset()
  write_observation(time_step.observation, self.batch, 0);
  torch::NoGradGuard no_grad;
  const PolicyOutput output = self.network->forward(input_tensors(self.batch, 0, 1), self.state);
  self.state = output.state;
  self.view = std::move(policy_views(output, self.network->layout()).front());
  choose_action(self.view, self.network->layout(), self.mode, self.random);  // fills view.chosen
  self.stepped = true;
  return self.view.chosen;
}

const agents::PolicyView* LearnedAgent::policy_view() const { return impl_->stepped ? &impl_->view : nullptr; }

std::optional<agents::AgentSpec> LearnedAgent::made_for() const {
  agents::AgentSpec spec;
  spec.map = impl_->info.map;
  spec.feature_screen_size = impl_->info.spec.screen_size;
  spec.feature_minimap_size = impl_->info.spec.minimap_size;
  spec.step_mul = impl_->info.step_mul;  // 0: the checkpoint does not say
  return spec;
}

const CheckpointInfo& LearnedAgent::info() const { return impl_->info; }
ActionMode LearnedAgent::mode() const { return impl_->mode; }

std::unique_ptr<agents::Agent> make_learned_agent(const agents::AgentOptions& options) {
  if (options.checkpoint.empty()) {
    throw std::invalid_argument("the learned agent plays a trained network: give its file with --checkpoint FILE");
  }
  return std::make_unique<LearnedAgent>(options.checkpoint, options.greedy ? ActionMode::greedy : ActionMode::sample,
                                        options.seed);
}

}  // namespace sc2::learning
