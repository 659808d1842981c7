#pragma once
// The paper's baseline networks in torch: Atari-net, FullyConv and FullyConv LSTM, each
// giving a0 logits (unavailable functions masked), one set of logits per argument head
// (policy_layout.h) and a value, for a batch of observations at any resolution.
// Includes torch: only the few torch translation units of learning/ include this header.
#include <torch/torch.h>

#include <memory>
#include <vector>

#include "agents/policy_view.h"
#include "learning/input_batch.h"
#include "learning/network_spec.h"
#include "learning/policy_layout.h"

namespace sc2::learning {

// Logit given to unavailable functions: exp() of it is exactly 0 in float, and 0 * it is 0,
// so probabilities, log-probabilities of available choices and entropies stay finite.
inline constexpr float kMaskedLogit = -1e9f;

// An InputBatch's arrays as tensors (shapes in input_batch.h).
struct InputTensors {
  torch::Tensor screen_rows;      // [B, pixels, layers] int64
  torch::Tensor screen_weights;   // [B, pixels, layers] float
  torch::Tensor minimap_rows;
  torch::Tensor minimap_weights;
  torch::Tensor non_spatial;      // [B, kNonSpatialInputs] float

  std::int64_t batch() const { return non_spatial.size(0); }
  torch::Tensor function_mask() const { return non_spatial.narrow(1, kPlayerInputs, kFunctionInputs); }
  InputTensors slice(std::int64_t first, std::int64_t count) const;
};

// Samples [first, first + count) of the batch, sharing its memory (the batch must outlive them).
InputTensors input_tensors(InputBatch& batch, int first, int count);

// FullyConv LSTM's carried state (undefined tensors for the feed-forward networks).
struct RecurrentState {
  torch::Tensor hidden;  // [B, channels, N, N]
  torch::Tensor cell;
  bool defined() const { return hidden.defined(); }
};

struct PolicyOutput {
  torch::Tensor function_logits;           // [B, 573], unavailable ones at kMaskedLogit
  std::vector<torch::Tensor> head_logits;  // per layout head, [B, head.size()]
  torch::Tensor value;                     // [B]
  RecurrentState state;                    // FullyConv LSTM: the state after these inputs
};

class PolicyNetworkImpl : public torch::nn::Module {
 public:
  explicit PolicyNetworkImpl(const NetworkSpec& spec);
  const NetworkSpec& spec() const { return spec_; }
  const PolicyLayout& layout() const { return layout_; }
  const InputSpec& input_spec() const { return input_spec_; }

  // One step for a batch of observations (state: FullyConv LSTM's, undefined = zeros).
  virtual PolicyOutput forward(const InputTensors& input, const RecurrentState& state) = 0;
  // `steps` steps of B environments: input sample t * B + b is environment b at step t.
  // episode_start [steps * B] is 1 where an episode begins (the LSTM's state is zeroed there).
  // Outputs are in the same order. The feed-forward networks ignore state and starts.
  virtual PolicyOutput forward_sequence(const InputTensors& input, std::int64_t steps, const RecurrentState& initial,
                                        const torch::Tensor& episode_start);
  virtual RecurrentState initial_state(std::int64_t /*batch*/) const { return {}; }

 protected:
  // The dense heads on the hidden layer (value, a0, every head that is not pixel-wise); the
  // derived network registers its pixel-wise heads and calls assemble() in forward().
  void register_dense_heads();
  using PixelLogits = std::function<torch::Tensor(const PolicyHead& head)>;
  PolicyOutput assemble(const torch::Tensor& hidden, const torch::Tensor& function_mask, const PixelLogits& pixels);

  NetworkSpec spec_;
  PolicyLayout layout_;
  InputSpec input_spec_;

 private:
  torch::nn::Linear value_{nullptr};
  torch::nn::Linear function_{nullptr};
  std::vector<torch::nn::Linear> dense_heads_;  // per layout head; null for pixel-wise heads
};

using PolicyNetwork = std::shared_ptr<PolicyNetworkImpl>;

// Throws std::invalid_argument for a spec validate() refuses.
PolicyNetwork make_network(const NetworkSpec& spec);

// Probabilities of every head and the value of each sample, as viewers and choose_action read
// them (a0 renormalised over the available functions).
std::vector<agents::PolicyView> policy_views(const PolicyOutput& output, const PolicyLayout& layout);

std::int64_t parameter_count(const torch::nn::Module& module);

// The input embedding's weighted row sums: out[n] = sum over l of weights[n, l] * table[rows[n, l]]
// (torch's embedding_bag in sum mode), with a fast hand-written gradient for the table.
torch::Tensor embedding_sum(const torch::Tensor& table, const torch::Tensor& rows, const torch::Tensor& weights);

}  // namespace sc2::learning
