// The three baseline networks (spec: ../shared/spec/baseline-agents.md). Our choices where the
// paper leaves one open, or where a CPU needs one, are marked "choice:".
#include "learning/networks.h"

#include <ATen/Parallel.h>

#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"

namespace sc2::learning {

namespace F = torch::nn::functional;
using Axis = agents::ArgumentDistribution::Axis;

// [ SECTION ] Inputs

InputTensors InputTensors::slice(std::int64_t first, std::int64_t count) const {
  return {screen_rows.narrow(0, first, count), screen_weights.narrow(0, first, count),
          minimap_rows.narrow(0, first, count), minimap_weights.narrow(0, first, count),
          non_spatial.narrow(0, first, count)};
}

InputTensors input_tensors(InputBatch& batch, int first, int count) {
  if (first < 0 || count < 1 || first + count > batch.capacity) {
    throw std::out_of_range("samples " + std::to_string(first) + ".." + std::to_string(first + count) +
                            " are outside the batch of " + std::to_string(batch.capacity));
  }
  auto spatial = [&](std::vector<std::int64_t>& rows, std::vector<float>& weights, const SpatialInputSpec& spec) {
    const std::int64_t per_sample = static_cast<std::int64_t>(spec.pixels()) * spec.layer_count();
    const std::vector<std::int64_t> shape{count, spec.pixels(), spec.layer_count()};
    return std::pair{torch::from_blob(rows.data() + first * per_sample, shape, torch::kInt64),
                     torch::from_blob(weights.data() + first * per_sample, shape, torch::kFloat32)};
  };
  auto [screen_rows, screen_weights] = spatial(batch.screen_rows, batch.screen_weights, batch.spec.screen);
  auto [minimap_rows, minimap_weights] = spatial(batch.minimap_rows, batch.minimap_weights, batch.spec.minimap);
  auto non_spatial = torch::from_blob(batch.non_spatial.data() + static_cast<std::size_t>(first) * kNonSpatialInputs,
                                      {count, kNonSpatialInputs}, torch::kFloat32);
  return {screen_rows, screen_weights, minimap_rows, minimap_weights, non_spatial};
}

// [ SECTION ] Input embedding

namespace {

// The embedding bag's sum with a hand-written backward. Torch 1.13's CPU backward of
// embedding_bag with per-sample weights sorts every index and took 2-4 s for one A2C batch
// (256 samples at 32x32, 27 layers) where this loop takes ~0.06 s: the table's gradient is,
// per pixel and layer, the pixel's output gradient times the layer's weight added to the
// layer's row. The channels are split between threads, so no two threads write one float.
class EmbeddingSum : public torch::autograd::Function<EmbeddingSum> {
 public:
  // table [R, C], rows and weights [N, L] (no gradient for either) -> [N, C]
  static torch::Tensor forward(torch::autograd::AutogradContext* context, const torch::Tensor& table,
                               const torch::Tensor& rows, const torch::Tensor& weights) {
    auto contiguous_rows = rows.contiguous();
    auto contiguous_weights = weights.contiguous();
    context->save_for_backward({contiguous_rows, contiguous_weights});
    context->saved_data["table_rows"] = table.size(0);
    return F::embedding_bag(contiguous_rows, table,
                            F::EmbeddingBagFuncOptions().mode(torch::kSum).per_sample_weights(contiguous_weights));
  }

  static torch::autograd::tensor_list backward(torch::autograd::AutogradContext* context,
                                               torch::autograd::tensor_list gradients) {
    const auto saved = context->get_saved_variables();
    const torch::Tensor& rows = saved[0];
    const torch::Tensor& weights = saved[1];
    const auto gradient = gradients[0].contiguous();
    const std::int64_t pixels = rows.size(0), layers = rows.size(1), channels = gradient.size(1);
    auto table_gradient = torch::zeros({context->saved_data["table_rows"].toInt(), channels}, gradient.options());
    const std::int64_t* row = rows.data_ptr<std::int64_t>();
    const float* weight = weights.data_ptr<float>();
    const float* in = gradient.data_ptr<float>();
    float* out = table_gradient.data_ptr<float>();
    at::parallel_for(0, channels, 4, [&](std::int64_t first, std::int64_t last) {
      for (std::int64_t p = 0; p < pixels; ++p) {
        const float* pixel_gradient = in + p * channels;
        for (std::int64_t l = 0; l < layers; ++l) {
          float* target = out + row[p * layers + l] * channels;
          const float scale = weight[p * layers + l];
          for (std::int64_t c = first; c < last; ++c) target[c] += scale * pixel_gradient[c];
        }
      }
    });
    return {table_gradient, torch::Tensor(), torch::Tensor()};
  }
};

}  // namespace

torch::Tensor embedding_sum(const torch::Tensor& table, const torch::Tensor& rows, const torch::Tensor& weights) {
  return EmbeddingSum::apply(table, rows, weights);
}

namespace {

// The paper's embedding of the feature layers: one-hot categorical layers and log-scaled scalar
// layers stacked in the channel dimension, then a 1x1 convolution. A 1x1 convolution of a
// one-hot stack is a sum of one weight row per layer, so it is computed as an embedding bag:
// per pixel, the rows the layers select, weighted (1, or log(1 + x) for scalar layers).
class SpatialEmbeddingImpl : public torch::nn::Module {
 public:
  SpatialEmbeddingImpl(const SpatialInputSpec& spec, int channels) : size_(spec.size) {
    // Each pixel sums one row per layer: rows of variance 1/layers keep the sum's near 1.
    table_ = register_parameter("table", torch::randn({spec.table_rows, channels}) /
                                             std::sqrt(static_cast<double>(spec.layer_count())));
    bias_ = register_parameter("bias", torch::zeros({channels}));
  }

  // rows, weights [B, pixels, layers] -> [B, channels, size, size]
  torch::Tensor forward(const torch::Tensor& rows, const torch::Tensor& weights) {
    const std::int64_t batch = rows.size(0);
    const std::int64_t layers = rows.size(2);
    auto summed = EmbeddingSum::apply(table_, rows.reshape({-1, layers}), weights.reshape({-1, layers}));
    return (summed + bias_).view({batch, size_, size_, -1}).permute({0, 3, 1, 2});
  }

 private:
  std::int64_t size_;
  torch::Tensor table_;
  torch::Tensor bias_;
};
TORCH_MODULE(SpatialEmbedding);

// Logit layers start small, so that the first policy is close to uniform over the choices.
void shrink(torch::nn::Module& layer) {
  torch::NoGradGuard no_grad;
  for (auto& parameter : layer.named_parameters()) {
    if (parameter.key() == "weight") parameter.value().mul_(0.1);
    if (parameter.key() == "bias") parameter.value().zero_();
  }
}

std::string head_name(const PolicyHead& head) {
  std::string name(pysc2::argument_type(head.argument_type).name);
  if (head.axis == Axis::x) name += "_x";
  if (head.axis == Axis::y) name += "_y";
  return name;
}

}  // namespace

// [ SECTION ] Shared heads

PolicyNetworkImpl::PolicyNetworkImpl(const NetworkSpec& spec)
    : spec_(spec), layout_(make_policy_layout(spec.architecture, spec.screen_size, spec.minimap_size)),
      input_spec_(make_input_spec(spec.screen_size, spec.minimap_size)) {
  validate(spec_);
}

void PolicyNetworkImpl::register_dense_heads() {
  value_ = register_module("value", torch::nn::Linear(spec_.hidden_units, 1));
  function_ = register_module("function", torch::nn::Linear(spec_.hidden_units, kFunctionCount));
  shrink(*function_);
  for (const PolicyHead& head : layout_.heads) {
    if (head.axis == Axis::pixels) {
      dense_heads_.emplace_back(nullptr);
      continue;
    }
    auto layer = register_module("arg_" + head_name(head), torch::nn::Linear(spec_.hidden_units, head.size()));
    shrink(*layer);
    dense_heads_.push_back(layer);
  }
}

PolicyOutput PolicyNetworkImpl::assemble(const torch::Tensor& hidden, const torch::Tensor& function_mask,
                                         const PixelLogits& pixels) {
  PolicyOutput output;
  output.value = value_->forward(hidden).squeeze(1);
  output.function_logits = function_->forward(hidden).masked_fill(function_mask <= 0.5f, kMaskedLogit);
  for (std::size_t h = 0; h < layout_.heads.size(); ++h) {
    const PolicyHead& head = layout_.heads[h];
    output.head_logits.push_back(head.axis == Axis::pixels ? pixels(head) : dense_heads_[h]->forward(hidden));
  }
  return output;
}

PolicyOutput PolicyNetworkImpl::forward_sequence(const InputTensors& input, std::int64_t, const RecurrentState&,
                                                 const torch::Tensor&) {
  return forward(input, {});
}

// [ SECTION ] Atari-net

namespace {

// Screen and minimap: conv 16 8x8 stride 4, ReLU, conv 32 4x4 stride 2, ReLU, flattened; the
// non-spatial vector: linear, tanh; the three concatenated: linear 256, ReLU; x and y heads per
// spatial argument, all from that dense layer.
class AtariNetImpl final : public PolicyNetworkImpl {
 public:
  explicit AtariNetImpl(const NetworkSpec& spec) : PolicyNetworkImpl(spec) {
    screen_embedding_ = register_module("screen_embedding", SpatialEmbedding(input_spec_.screen, spec.screen_embedding));
    minimap_embedding_ =
        register_module("minimap_embedding", SpatialEmbedding(input_spec_.minimap, spec.minimap_embedding));
    screen_conv1_ = register_module("screen_conv1", conv(spec.screen_embedding, 16, 8, 4));
    screen_conv2_ = register_module("screen_conv2", conv(16, 32, 4, 2));
    minimap_conv1_ = register_module("minimap_conv1", conv(spec.minimap_embedding, 16, 8, 4));
    minimap_conv2_ = register_module("minimap_conv2", conv(16, 32, 4, 2));
    non_spatial_ = register_module("non_spatial", torch::nn::Linear(kNonSpatialInputs, spec.non_spatial_units));
    const std::int64_t flat = flattened(spec.screen_size) + flattened(spec.minimap_size) + spec.non_spatial_units;
    dense_ = register_module("dense", torch::nn::Linear(flat, spec.hidden_units));
    register_dense_heads();
  }

  PolicyOutput forward(const InputTensors& input, const RecurrentState&) override {
    auto screen = screen_embedding_->forward(input.screen_rows, input.screen_weights);
    screen = torch::relu(screen_conv2_->forward(torch::relu(screen_conv1_->forward(screen)))).flatten(1);
    auto minimap = minimap_embedding_->forward(input.minimap_rows, input.minimap_weights);
    minimap = torch::relu(minimap_conv2_->forward(torch::relu(minimap_conv1_->forward(minimap)))).flatten(1);
    auto non_spatial = torch::tanh(non_spatial_->forward(input.non_spatial));
    auto hidden = torch::relu(dense_->forward(torch::cat({screen, minimap, non_spatial}, 1)));
    return assemble(hidden, input.function_mask(), nullptr);
  }

 private:
  static torch::nn::Conv2d conv(int in, int out, int kernel, int stride) {
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).stride(stride));
  }
  static std::int64_t flattened(int size) {
    const int after_first = (size - 8) / 4 + 1;
    const int after_second = (after_first - 4) / 2 + 1;
    return 32LL * after_second * after_second;
  }

  SpatialEmbedding screen_embedding_{nullptr}, minimap_embedding_{nullptr};
  torch::nn::Conv2d screen_conv1_{nullptr}, screen_conv2_{nullptr}, minimap_conv1_{nullptr}, minimap_conv2_{nullptr};
  torch::nn::Linear non_spatial_{nullptr}, dense_{nullptr};
};

// [ SECTION ] FullyConv (and the encoder FullyConv LSTM shares)

// Screen and minimap: conv 16 5x5, ReLU, conv 32 3x3, ReLU, padded to keep N x N; the state is
// the two stacked (64 channels). Spatial policies: a 1x1 convolution of the state with one output
// channel per spatial argument type, softmax over the N*N pixels.
//
// The paper also broadcasts the non-spatial vector over the N x N state. A channel that is
// constant over the pixels adds the same number to every pixel's logit of a 1x1 head (no effect
// on its softmax) and, flattened into the dense layer, is the vector N*N times: so the
// non-spatial vector goes into the dense layer once, which is the same function without the
// copies.
//
// choice: the non-spatial path. As printed, the dense layer (256) reads the flattened N x N x 75
// state: 79M weights at 64x64 and ~25 samples/s on a 2-core CPU. Here the state is max-pooled
// to pooled_size x pooled_size first (8x8: 64 * 64 inputs, whatever N); pooled_size 0 keeps
// the printed layer. bench/RESULTS.md has both measured.
class FullyConvEncoder : public torch::nn::Module {
 public:
  FullyConvEncoder(const InputSpec& input, const NetworkSpec& spec) {
    screen_embedding_ = register_module("screen_embedding", SpatialEmbedding(input.screen, spec.screen_embedding));
    minimap_embedding_ = register_module("minimap_embedding", SpatialEmbedding(input.minimap, spec.minimap_embedding));
    screen_conv1_ = register_module("screen_conv1", conv(spec.screen_embedding, 16, 5));
    screen_conv2_ = register_module("screen_conv2", conv(16, 32, 3));
    minimap_conv1_ = register_module("minimap_conv1", conv(spec.minimap_embedding, 16, 5));
    minimap_conv2_ = register_module("minimap_conv2", conv(16, 32, 3));
  }
  static constexpr int kChannels = 64;

  // -> [B, 64, N, N]
  torch::Tensor forward(const InputTensors& input) {
    auto screen = screen_embedding_->forward(input.screen_rows, input.screen_weights);
    screen = torch::relu(screen_conv2_->forward(torch::relu(screen_conv1_->forward(screen))));
    auto minimap = minimap_embedding_->forward(input.minimap_rows, input.minimap_weights);
    minimap = torch::relu(minimap_conv2_->forward(torch::relu(minimap_conv1_->forward(minimap))));
    return torch::cat({screen, minimap}, 1);
  }

 private:
  static torch::nn::Conv2d conv(int in, int out, int kernel) {
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2));
  }
  SpatialEmbedding screen_embedding_{nullptr}, minimap_embedding_{nullptr};
  torch::nn::Conv2d screen_conv1_{nullptr}, screen_conv2_{nullptr}, minimap_conv1_{nullptr}, minimap_conv2_{nullptr};
};

// 1 on the pixels of a surface that show a unit (player_relative not 0), else 0: [B, pixels].
torch::Tensor unit_pixels(const SpatialInputSpec& surface, const torch::Tensor& rows, bool include_own) {
  constexpr int kSelf = 1;  // player_relative's value for the player's own units
  for (int l = 0; l < surface.layer_count(); ++l) {
    const auto& layer = surface.layers[static_cast<std::size_t>(l)];
    if (layer.name != "player_relative") continue;
    const auto values = rows.select(2, l);
    auto units = values.ne(layer.first_row);
    if (!include_own) units = units.logical_and(values.ne(layer.first_row + kSelf));
    return units.to(torch::kFloat32);
  }
  throw std::logic_error("the input has no player_relative layer");
}

// The spatial heads and the non-spatial path on a state of `channels` x N x N.
//
// choice: the unit prior (NetworkSpec::unit_prior, off in the paper). A fresh network's clicks
// are spread evenly over the N*N pixels, and on the mini-games the clicks that pay are on units
// (the beacon, shards, enemies): at 16x16 a uniform policy clicks the beacon ~1 time in 100 and
// MoveToBeacon's rare rewards never moved the policy in 1M steps. A learned bonus on unit
// pixels, starting at unit_prior, makes the first clicks land on units; what to prefer among
// them, and the bonus itself, is learned. bench/RESULTS.md has the runs with and without it.
class FullyConvHeads : public torch::nn::Module {
 public:
  FullyConvHeads(const PolicyLayout& layout, const NetworkSpec& spec, const InputSpec& input, int channels)
      : pooled_(spec.pooled_size), prior_on_own_(spec.unit_prior_own), input_(input) {
    if (spec.unit_prior != 0) unit_prior_ = register_parameter("unit_prior", torch::full({1}, spec.unit_prior));
    for (const PolicyHead& head : layout.heads) {
      if (head.axis != Axis::pixels) continue;
      auto layer = register_module("spatial_" + head_name(head),
                                   torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, 1, 1)));
      shrink(*layer);
      spatial_[static_cast<std::size_t>(head.argument_type)] = layer;
    }
    const std::int64_t cells = pooled_ > 0 ? pooled_ * pooled_ : static_cast<std::int64_t>(spec.screen_size) * spec.screen_size;
    dense_ = register_module("dense", torch::nn::Linear(channels * cells + kNonSpatialInputs, spec.hidden_units));
  }

  torch::Tensor hidden(const torch::Tensor& state, const torch::Tensor& non_spatial) {
    auto reduced = pooled_ > 0 ? F::adaptive_max_pool2d(state, F::AdaptiveMaxPool2dFuncOptions({pooled_, pooled_}))
                               : state;
    return torch::relu(dense_->forward(torch::cat({reduced.flatten(1), non_spatial}, 1)));
  }
  torch::Tensor pixel_logits(const torch::Tensor& state, const PolicyHead& head, const InputTensors& input) {
    auto logits = spatial_[static_cast<std::size_t>(head.argument_type)]->forward(state).flatten(1);
    if (!unit_prior_.defined()) return logits;
    const bool minimap = head.argument_type == pysc2::arg::minimap;
    return logits + unit_prior_ * (minimap ? unit_pixels(input_.minimap, input.minimap_rows, prior_on_own_)
                                           : unit_pixels(input_.screen, input.screen_rows, prior_on_own_));
  }

 private:
  std::int64_t pooled_;
  bool prior_on_own_;
  InputSpec input_;
  torch::Tensor unit_prior_;  // undefined without a prior
  std::array<torch::nn::Conv2d, kArgumentTypeCount> spatial_{nullptr, nullptr, nullptr, nullptr, nullptr,
                                                             nullptr, nullptr, nullptr, nullptr, nullptr,
                                                             nullptr, nullptr, nullptr};
  torch::nn::Linear dense_{nullptr};
};

class FullyConvImpl final : public PolicyNetworkImpl {
 public:
  explicit FullyConvImpl(const NetworkSpec& spec) : PolicyNetworkImpl(spec) {
    encoder_ = register_module("encoder", std::make_shared<FullyConvEncoder>(input_spec_, spec));
    heads_ = register_module("heads", std::make_shared<FullyConvHeads>(layout_, spec, input_spec_, FullyConvEncoder::kChannels));
    register_dense_heads();
  }

  PolicyOutput forward(const InputTensors& input, const RecurrentState&) override {
    auto state = encoder_->forward(input);
    auto hidden = heads_->hidden(state, input.non_spatial);
    return assemble(hidden, input.function_mask(), [&](const PolicyHead& head) { return heads_->pixel_logits(state, head, input); });
  }

 private:
  std::shared_ptr<FullyConvEncoder> encoder_;
  std::shared_ptr<FullyConvHeads> heads_;
};

// [ SECTION ] FullyConv LSTM

// FullyConv with a convolutional LSTM (3x3 gates) after the stacked state; the heads read its
// hidden state, which carries over steps and is zeroed where an episode begins. The non-spatial
// vector, broadcast over the pixels, enters the gates (as a per-sample bias: the same function).
class FullyConvLstmImpl final : public PolicyNetworkImpl {
 public:
  explicit FullyConvLstmImpl(const NetworkSpec& spec) : PolicyNetworkImpl(spec) {
    encoder_ = register_module("encoder", std::make_shared<FullyConvEncoder>(input_spec_, spec));
    const int channels = spec.lstm_channels;
    gates_ = register_module("lstm_gates", torch::nn::Conv2d(torch::nn::Conv2dOptions(
                                                                 FullyConvEncoder::kChannels + channels, 4 * channels, 3)
                                                                 .padding(1)));
    gates_non_spatial_ = register_module("lstm_non_spatial", torch::nn::Linear(kNonSpatialInputs, 4 * channels));
    heads_ = register_module("heads", std::make_shared<FullyConvHeads>(layout_, spec, input_spec_, channels));
    register_dense_heads();
  }

  RecurrentState initial_state(std::int64_t batch) const override {
    const std::vector<std::int64_t> shape{batch, spec_.lstm_channels, spec_.screen_size, spec_.screen_size};
    return {torch::zeros(shape), torch::zeros(shape)};
  }

  PolicyOutput forward(const InputTensors& input, const RecurrentState& state) override {
    const RecurrentState start = state.defined() ? state : initial_state(input.batch());
    return step(encoder_->forward(input), input, start);
  }

  PolicyOutput forward_sequence(const InputTensors& input, std::int64_t steps, const RecurrentState& initial,
                                const torch::Tensor& episode_start) override {
    const std::int64_t batch = input.batch() / steps;
    if (batch * steps != input.batch()) throw std::invalid_argument("a sequence's samples must be steps x environments");
    auto encoded = encoder_->forward(input);  // all steps at once; only the LSTM goes step by step
    RecurrentState state = initial.defined() ? initial : initial_state(batch);
    std::vector<PolicyOutput> outputs;
    for (std::int64_t t = 0; t < steps; ++t) {
      auto keep = (1.0f - episode_start.narrow(0, t * batch, batch).to(torch::kFloat32)).view({batch, 1, 1, 1});
      state = {state.hidden * keep, state.cell * keep};
      outputs.push_back(step(encoded.narrow(0, t * batch, batch), input.slice(t * batch, batch), state));
      state = outputs.back().state;
    }
    PolicyOutput joined;
    std::vector<torch::Tensor> parts;
    for (auto& output : outputs) parts.push_back(output.function_logits);
    joined.function_logits = torch::cat(parts);
    parts.clear();
    for (auto& output : outputs) parts.push_back(output.value);
    joined.value = torch::cat(parts);
    for (std::size_t h = 0; h < layout_.heads.size(); ++h) {
      parts.clear();
      for (auto& output : outputs) parts.push_back(output.head_logits[h]);
      joined.head_logits.push_back(torch::cat(parts));
    }
    joined.state = state;
    return joined;
  }

 private:
  PolicyOutput step(const torch::Tensor& encoded, const InputTensors& input, const RecurrentState& state) {
    const std::int64_t channels = spec_.lstm_channels;
    auto gates = gates_->forward(torch::cat({encoded, state.hidden}, 1)) +
                 gates_non_spatial_->forward(input.non_spatial).view({-1, 4 * channels, 1, 1});
    auto chunks = gates.chunk(4, 1);
    auto cell = torch::sigmoid(chunks[1]) * state.cell + torch::sigmoid(chunks[0]) * torch::tanh(chunks[2]);
    auto hidden_state = torch::sigmoid(chunks[3]) * torch::tanh(cell);
    auto hidden = heads_->hidden(hidden_state, input.non_spatial);
    PolicyOutput output = assemble(hidden, input.function_mask(),
                                   [&](const PolicyHead& head) { return heads_->pixel_logits(hidden_state, head, input); });
    output.state = {hidden_state, cell};
    return output;
  }

  std::shared_ptr<FullyConvEncoder> encoder_;
  torch::nn::Conv2d gates_{nullptr};
  torch::nn::Linear gates_non_spatial_{nullptr};
  std::shared_ptr<FullyConvHeads> heads_;
};

}  // namespace

// [ SECTION ] Construction and reading

PolicyNetwork make_network(const NetworkSpec& spec) {
  validate(spec);
  switch (spec.architecture) {
    case Architecture::atari: return std::make_shared<AtariNetImpl>(spec);
    case Architecture::fullyconv: return std::make_shared<FullyConvImpl>(spec);
    case Architecture::fullyconv_lstm: return std::make_shared<FullyConvLstmImpl>(spec);
  }
  throw std::invalid_argument("unknown architecture");
}

std::vector<agents::PolicyView> policy_views(const PolicyOutput& output, const PolicyLayout& layout) {
  torch::NoGradGuard no_grad;
  const std::int64_t batch = output.function_logits.size(0);
  auto copy_rows = [&](const torch::Tensor& logits) {
    auto probabilities = torch::softmax(logits.detach(), 1).contiguous();
    std::vector<std::vector<float>> rows(static_cast<std::size_t>(batch));
    const float* data = probabilities.data_ptr<float>();
    const std::int64_t width = probabilities.size(1);
    for (std::int64_t b = 0; b < batch; ++b) rows[static_cast<std::size_t>(b)].assign(data + b * width, data + (b + 1) * width);
    return rows;
  };
  std::vector<agents::PolicyView> views(static_cast<std::size_t>(batch));
  auto functions = copy_rows(output.function_logits);
  auto values = output.value.detach().contiguous();
  for (std::int64_t b = 0; b < batch; ++b) {
    views[static_cast<std::size_t>(b)].function_probabilities = std::move(functions[static_cast<std::size_t>(b)]);
    views[static_cast<std::size_t>(b)].value = values[b].item<float>();
  }
  for (std::size_t h = 0; h < layout.heads.size(); ++h) {
    const PolicyHead& head = layout.heads[h];
    auto rows = copy_rows(output.head_logits[h]);
    for (std::int64_t b = 0; b < batch; ++b) {
      agents::ArgumentDistribution distribution;
      distribution.argument_type = head.argument_type;
      distribution.axis = head.axis;
      distribution.width = head.axis == Axis::values ? head.size() : head.width;
      distribution.height = head.axis == Axis::values ? 1 : head.height;
      distribution.probabilities = std::move(rows[static_cast<std::size_t>(b)]);
      views[static_cast<std::size_t>(b)].arguments.push_back(std::move(distribution));
    }
  }
  return views;
}

std::int64_t parameter_count(const torch::nn::Module& module) {
  std::int64_t count = 0;
  for (const auto& parameter : module.parameters()) count += parameter.numel();
  return count;
}

}  // namespace sc2::learning
