// The three networks against the paper's description (layer shapes), for several resolutions:
// output shapes, a0 masking, the LSTM's state carried and reset, and refused specs.
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>

#include "client/pysc2/actions.h"
#include "learning/networks.h"
#include "tests/learning/torch_doctest.h"
#include "tests/learning/learning_test_support.h"

using namespace sc2;
using learning::Architecture;
using learning::NetworkSpec;

namespace {

NetworkSpec spec_for(Architecture architecture, int screen, int minimap) {
  NetworkSpec spec;
  spec.architecture = architecture;
  spec.screen_size = screen;
  spec.minimap_size = minimap;
  spec.pooled_size = std::min(8, screen);
  return spec;
}

// A batch of `count` observations, sample i with a different beacon pixel and available set.
learning::InputBatch batch_of(const NetworkSpec& spec, int count) {
  learning::InputBatch batch(learning::make_input_spec(spec.screen_size, spec.minimap_size), count);
  for (int i = 0; i < count; ++i) {
    auto observation = test::zero_observation(spec.screen_size, spec.minimap_size,
                                              i % 2 == 0 ? std::vector<int>{0, 7} : std::vector<int>{0, 2, 331});
    test::set_pixel(test::screen_layer(observation, "player_relative"), i % spec.screen_size, 1, 3);
    learning::write_observation(observation, batch, i);
  }
  return batch;
}

std::map<std::string, std::vector<std::int64_t>> shapes(const torch::nn::Module& module) {
  std::map<std::string, std::vector<std::int64_t>> result;
  for (const auto& parameter : module.named_parameters()) result[parameter.key()] = parameter.value().sizes().vec();
  return result;
}

using Shape = std::vector<std::int64_t>;

}  // namespace

TEST_CASE("every architecture gives a0, every argument head and a value per sample at several resolutions") {
  torch::manual_seed(1);
  const std::vector<std::tuple<Architecture, int, int>> cases = {
      {Architecture::atari, 20, 20},      {Architecture::atari, 32, 24}, {Architecture::atari, 64, 64},
      {Architecture::fullyconv, 8, 8},    {Architecture::fullyconv, 16, 16}, {Architecture::fullyconv, 64, 64},
      {Architecture::fullyconv_lstm, 8, 8}, {Architecture::fullyconv_lstm, 32, 32}};
  for (const auto& [architecture, screen, minimap] : cases) {
    CAPTURE(std::string(learning::architecture_name(architecture)));
    CAPTURE(screen);
    const auto spec = spec_for(architecture, screen, minimap);
    auto network = learning::make_network(spec);
    auto batch = batch_of(spec, 3);
    const auto output = network->forward(learning::input_tensors(batch, 0, 3), {});
    CHECK(output.function_logits.sizes().vec() == Shape{3, 573});
    CHECK(output.value.sizes().vec() == Shape{3});
    const auto& heads = network->layout().heads;
    REQUIRE(output.head_logits.size() == heads.size());
    for (std::size_t h = 0; h < heads.size(); ++h) {
      CHECK(output.head_logits[h].sizes().vec() == Shape{3, heads[h].size()});
    }
    // 13 argument types; Atari-net splits the 3 spatial ones into x and y.
    CHECK(heads.size() == (architecture == Architecture::atari ? 16u : 13u));
    CHECK(torch::isfinite(output.value).all().item<bool>());
    CHECK(output.state.defined() == (architecture == Architecture::fullyconv_lstm));
  }
}

TEST_CASE("spatial heads: Atari-net picks x and y among N each, FullyConv one of N*N pixels") {
  const auto atari = learning::make_policy_layout(Architecture::atari, 32, 24);
  const auto fully = learning::make_policy_layout(Architecture::fullyconv, 16, 16);
  using Axis = agents::ArgumentDistribution::Axis;
  CHECK(atari.heads[0].argument_type == 0);
  CHECK(atari.heads[0].axis == Axis::x);
  CHECK(atari.heads[0].size() == 32);
  CHECK(atari.heads[1].axis == Axis::y);
  CHECK(atari.heads[2].argument_type == 1);  // minimap x: the minimap's size
  CHECK(atari.heads[2].size() == 24);
  CHECK(fully.heads[0].axis == Axis::pixels);
  CHECK(fully.heads[0].size() == 256);
  CHECK(fully.heads[2].argument_type == 2);  // screen2
  CHECK(fully.heads[2].size() == 256);
  CHECK(fully.heads[3].argument_type == 3);  // queued: now / queued
  CHECK(fully.heads[3].size() == 2);
  CHECK(fully.heads[12].argument_type == 12);  // unload_id
  CHECK(fully.heads[12].size() == 500);
}

TEST_CASE("Atari-net's layers are the paper's: 16 8x8 stride 4, 32 4x4 stride 2, linear tanh, dense 256") {
  auto spec = spec_for(Architecture::atari, 64, 32);
  auto network = learning::make_network(spec);
  const auto parameters = shapes(*network);
  CHECK(parameters.at("screen_conv1.weight") == Shape{16, spec.screen_embedding, 8, 8});
  CHECK(parameters.at("screen_conv2.weight") == Shape{32, 16, 4, 4});
  CHECK(parameters.at("minimap_conv1.weight") == Shape{16, spec.minimap_embedding, 8, 8});
  CHECK(parameters.at("non_spatial.weight") == Shape{spec.non_spatial_units, learning::kNonSpatialInputs});
  // 64 -> 15 -> 6 (screen), 32 -> 7 -> 2 (minimap): 32 channels each, flattened.
  CHECK(parameters.at("dense.weight") == Shape{256, 32 * 6 * 6 + 32 * 2 * 2 + spec.non_spatial_units});
  CHECK(parameters.at("function.weight") == Shape{573, 256});
  CHECK(parameters.at("value.weight") == Shape{1, 256});
  CHECK(parameters.at("arg_screen_x.weight") == Shape{64, 256});
  CHECK(parameters.at("arg_minimap_y.weight") == Shape{32, 256});
  CHECK(parameters.at("arg_select_unit_id.weight") == Shape{500, 256});
  // The embedding: one row per categorical value and per scalar layer.
  CHECK(parameters.at("screen_embedding.table") ==
        Shape{network->input_spec().screen.table_rows, spec.screen_embedding});
}

TEST_CASE("FullyConv's layers are the paper's: 16 5x5, 32 3x3 at full resolution, 1x1 spatial heads") {
  auto spec = spec_for(Architecture::fullyconv, 32, 32);
  spec.pooled_size = 4;
  auto network = learning::make_network(spec);
  const auto parameters = shapes(*network);
  CHECK(parameters.at("encoder.screen_conv1.weight") == Shape{16, spec.screen_embedding, 5, 5});
  CHECK(parameters.at("encoder.screen_conv2.weight") == Shape{32, 16, 3, 3});
  CHECK(parameters.at("encoder.minimap_conv2.weight") == Shape{32, 16, 3, 3});
  CHECK(parameters.at("heads.spatial_screen.weight") == Shape{1, 64, 1, 1});
  CHECK(parameters.at("heads.spatial_minimap.weight") == Shape{1, 64, 1, 1});
  CHECK(parameters.at("heads.spatial_screen2.weight") == Shape{1, 64, 1, 1});
  // Non-spatial path: the 64-channel state pooled to 4x4, plus the non-spatial vector.
  CHECK(parameters.at("heads.dense.weight") == Shape{256, 64 * 4 * 4 + learning::kNonSpatialInputs});
  CHECK(parameters.count("arg_screen.weight") == 0);  // spatial arguments come from the 1x1 heads

  // pooled_size 0: the dense layer reads the whole flattened state, as printed.
  spec.pooled_size = 0;
  const auto printed = shapes(*learning::make_network(spec));
  CHECK(printed.at("heads.dense.weight") == Shape{256, 64 * 32 * 32 + learning::kNonSpatialInputs});

  spec.architecture = Architecture::fullyconv_lstm;
  spec.pooled_size = 8;
  const auto lstm = shapes(*learning::make_network(spec));
  CHECK(lstm.at("lstm_gates.weight") == Shape{4 * spec.lstm_channels, 64 + spec.lstm_channels, 3, 3});
  CHECK(lstm.at("heads.spatial_screen.weight") == Shape{1, spec.lstm_channels, 1, 1});
  CHECK(lstm.at("heads.dense.weight") == Shape{256, spec.lstm_channels * 64 + learning::kNonSpatialInputs});
}

TEST_CASE("a0 is masked to the available functions, and the views' distributions sum to 1") {
  torch::manual_seed(2);
  for (Architecture architecture : {Architecture::atari, Architecture::fullyconv}) {
    const auto spec = spec_for(architecture, 24, 24);
    auto network = learning::make_network(spec);
    auto batch = batch_of(spec, 2);
    torch::NoGradGuard no_grad;
    const auto output = network->forward(learning::input_tensors(batch, 0, 2), {});
    CHECK(output.function_logits[0][2].item<float>() == learning::kMaskedLogit);   // select_point: not in {0, 7}
    CHECK(output.function_logits[1][2].item<float>() != learning::kMaskedLogit);   // available to sample 1
    const auto views = learning::policy_views(output, network->layout());
    REQUIRE(views.size() == 2);
    float total = 0;
    for (int id = 0; id < 573; ++id) {
      total += views[0].function_probabilities[static_cast<std::size_t>(id)];
      if (id != 0 && id != 7) CHECK(views[0].function_probabilities[static_cast<std::size_t>(id)] == 0.0f);
    }
    CHECK(total == doctest::Approx(1.0f));
    CHECK(views[0].function_probabilities[7] > 0.0f);
    for (const auto& argument : views[1].arguments) {
      float sum = 0;
      for (float p : argument.probabilities) sum += p;
      CHECK(sum == doctest::Approx(1.0f));
    }
    // Freshly built, the policy is near uniform over the choices it has.
    CHECK(views[1].function_probabilities[331] == doctest::Approx(1.0 / 3).epsilon(0.2));
  }
}

TEST_CASE("FullyConv LSTM: a sequence gives what step-by-step calls give, state zeroed where episodes start") {
  torch::manual_seed(3);
  const auto spec = spec_for(Architecture::fullyconv_lstm, 8, 8);
  auto network = learning::make_network(spec);
  constexpr int kSteps = 3, kEnvs = 2;
  auto batch = batch_of(spec, kSteps * kEnvs);
  const auto inputs = learning::input_tensors(batch, 0, kSteps * kEnvs);
  // Environment 1 starts a new episode at step 2.
  const auto starts = torch::tensor({1, 1, 0, 0, 0, 1}, torch::kInt64);
  torch::NoGradGuard no_grad;
  const auto sequence = network->forward_sequence(inputs, kSteps, {}, starts);
  CHECK(sequence.function_logits.sizes().vec() == Shape{6, 573});

  auto state = network->initial_state(kEnvs);
  for (int t = 0; t < kSteps; ++t) {
    if (t == 2) {  // reset environment 1 by hand
      state.hidden[1].zero_();
      state.cell[1].zero_();
    }
    const auto output = network->forward(inputs.slice(t * kEnvs, kEnvs), state);
    CHECK(torch::allclose(output.value, sequence.value.narrow(0, t * kEnvs, kEnvs), 1e-5, 1e-6));
    CHECK(torch::allclose(output.head_logits[0], sequence.head_logits[0].narrow(0, t * kEnvs, kEnvs), 1e-5, 1e-6));
    state = output.state;
  }
  CHECK(torch::allclose(state.hidden, sequence.state.hidden, 1e-5, 1e-6));
  // The state matters: the same input after a different history gives a different value.
  const auto fresh = network->forward(inputs.slice(4, 2), network->initial_state(2));
  CHECK_FALSE(torch::allclose(fresh.value[0], sequence.value[4]));
  CHECK(torch::allclose(fresh.value[1], sequence.value[5], 1e-5, 1e-6));  // env 1 restarted at step 2
}

TEST_CASE("network specs the architectures cannot follow are refused with the reason") {
  CHECK_THROWS_WITH_AS(learning::make_network(spec_for(Architecture::atari, 16, 16)),
                       "atari needs screen and minimap sizes of at least 20 (got 16 and 16)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(learning::make_network(spec_for(Architecture::fullyconv, 32, 16)),
                       "fullyconv needs equal screen and minimap sizes (got 32 and 16)", std::invalid_argument);
  auto spec = spec_for(Architecture::fullyconv_lstm, 8, 8);
  spec.pooled_size = 9;
  CHECK_THROWS_WITH_AS(learning::make_network(spec), "pooled size 9 is larger than the screen size 8",
                       std::invalid_argument);
  spec.pooled_size = 4;
  spec.hidden_units = 0;
  CHECK_THROWS_WITH_AS(learning::make_network(spec), "hidden units must be at least 1, got 0", std::invalid_argument);
  // The spec survives JSON (checkpoints), and bad JSON is refused by name.
  spec.hidden_units = 128;
  CHECK(learning::network_spec_from_json(learning::to_json(spec)) == spec);
  auto json = learning::to_json(spec);
  json.erase("screen_size");
  CHECK_THROWS_WITH_AS(learning::network_spec_from_json(json), "network spec: missing or non-integer 'screen_size'",
                       std::invalid_argument);
  json = learning::to_json(spec);
  json["architecture"] = "transformer";
  CHECK_THROWS_WITH_AS(learning::network_spec_from_json(json),
                       "unknown architecture 'transformer' (known: atari, fullyconv, fullyconv_lstm)",
                       std::invalid_argument);
}

TEST_CASE("the input embedding's hand-written gradient is torch's embedding_bag gradient") {
  torch::manual_seed(5);
  auto table = torch::randn({40, 6}, torch::requires_grad());
  auto rows = torch::randint(0, 40, {300, 7}, torch::kInt64);
  rows.narrow(1, 0, 3).fill_(4);  // repeated rows, as constant layers give
  auto weights = torch::rand({300, 7});
  auto upstream = torch::randn({300, 6});

  auto ours = learning::embedding_sum(table, rows, weights);
  (ours * upstream).sum().backward();
  auto our_gradient = table.grad().clone();
  table.mutable_grad().zero_();
  namespace F = torch::nn::functional;
  auto reference = F::embedding_bag(rows, table, F::EmbeddingBagFuncOptions().mode(torch::kSum).per_sample_weights(weights));
  (reference * upstream).sum().backward();
  CHECK(torch::allclose(ours, reference));
  CHECK(torch::allclose(our_gradient, table.grad(), 1e-4, 1e-5));
}

// The unit prior (networks.cpp, "choice:"): a fresh FullyConv's clicks land on unit pixels.
TEST_CASE("the unit prior puts a fresh FullyConv's clicks on the pixels that show units, and is learned") {
  for (const auto architecture : {Architecture::fullyconv, Architecture::fullyconv_lstm}) {
    CAPTURE(learning::architecture_name(architecture));
    auto mass_on_units = [&](double prior) {
      auto spec = spec_for(architecture, 16, 16);
      spec.unit_prior = prior;
      torch::manual_seed(3);
      auto network = learning::make_network(spec);
      learning::InputBatch batch(learning::make_input_spec(16, 16), 1);
      auto observation = test::zero_observation(16, 16, {0, 331, 332});
      test::set_pixel(test::screen_layer(observation, "player_relative"), 3, 4, 1);    // the Marine
      test::set_pixel(test::screen_layer(observation, "player_relative"), 12, 9, 3);   // the beacon
      for (auto& layer : observation.feature_minimap)
        if (layer.name == "player_relative") test::set_pixel(layer, 7, 7, 4);          // an enemy
      learning::write_observation(observation, batch, 0);
      auto output = network->forward(learning::input_tensors(batch, 0, 1), {});
      const auto& layout = network->layout();
      std::pair<double, double> mass{0, 0};
      std::size_t screen_head = 0;
      for (std::size_t h = 0; h < layout.heads.size(); ++h) {
        const auto p = torch::softmax(output.head_logits[h][0], 0);
        if (layout.heads[h].argument_type == pysc2::arg::screen) {
          screen_head = h;
          mass.first = p[4 * 16 + 3].item<double>() + p[9 * 16 + 12].item<double>();
        }
        if (layout.heads[h].argument_type == pysc2::arg::minimap) mass.second = p[7 * 16 + 7].item<double>();
      }
      if (prior != 0) {  // the bonus is a parameter that the loss reaches
        auto parameters = network->named_parameters();
        REQUIRE(parameters.contains("heads.unit_prior"));
        output.head_logits[screen_head].sum().backward();
        CHECK(parameters["heads.unit_prior"].grad().abs().item<double>() > 0);
      } else {
        CHECK_FALSE(network->named_parameters().contains("heads.unit_prior"));
      }
      return mass;
    };
    const auto without = mass_on_units(0);
    const auto with = mass_on_units(4);
    CHECK(without.first < 0.03);   // ~2 of 256 pixels
    CHECK(with.first > 0.25);      // 2 e^4 / (254 + 2 e^4) = 0.30
    CHECK(without.second < 0.02);
    CHECK(with.second > 0.12);     // e^4 / (255 + e^4) = 0.18
  }
  // Atari-net has no pixel heads: refused. The prior survives JSON; a spec without it (older
  // checkpoints) reads as none.
  auto atari = spec_for(Architecture::atari, 24, 24);
  atari.unit_prior = 4;
  CHECK_THROWS_WITH_AS(learning::make_network(atari), doctest::Contains("no spatial heads"), std::invalid_argument);
  auto spec = spec_for(Architecture::fullyconv, 16, 16);
  spec.unit_prior = 2.5;
  CHECK(learning::network_spec_from_json(learning::to_json(spec)) == spec);
  auto json = learning::to_json(spec);
  json.erase("unit_prior");
  CHECK(learning::network_spec_from_json(json).unit_prior == 0);
  json["unit_prior"] = "big";
  CHECK_THROWS_AS(learning::network_spec_from_json(json), std::invalid_argument);
}

TEST_CASE("the unit prior can leave the player's own units out: the bonus then covers only the others") {
  const auto probabilities = [](bool on_own) {
    auto spec = spec_for(Architecture::fullyconv, 16, 16);
    spec.unit_prior = 4;
    spec.unit_prior_own = on_own;
    torch::manual_seed(3);
    auto network = learning::make_network(spec);
    learning::InputBatch batch(learning::make_input_spec(16, 16), 1);
    auto observation = test::zero_observation(16, 16, {0, 331, 332});
    test::set_pixel(test::screen_layer(observation, "player_relative"), 3, 4, 1);    // an own Marine
    test::set_pixel(test::screen_layer(observation, "player_relative"), 12, 9, 4);   // an enemy Roach
    learning::write_observation(observation, batch, 0);
    auto output = network->forward(learning::input_tensors(batch, 0, 1), {});
    const auto& layout = network->layout();
    for (std::size_t h = 0; h < layout.heads.size(); ++h) {
      if (layout.heads[h].argument_type != pysc2::arg::screen) continue;
      const auto p = torch::softmax(output.head_logits[h][0], 0);
      return std::pair<double, double>{p[4 * 16 + 3].item<double>(), p[9 * 16 + 12].item<double>()};
    }
    FAIL("no screen head");
    return std::pair<double, double>{};
  };
  const auto [own_with, enemy_with] = probabilities(true);
  const auto [own_without, enemy_without] = probabilities(false);
  CHECK(own_with > 0.1);          // e^4 / (254 + 2 e^4) = 0.15 each
  CHECK(enemy_with > 0.1);
  CHECK(own_without < 0.01);      // an ordinary pixel now: 1 / (255 + e^4) = 0.003
  CHECK(enemy_without > 0.15);    // e^4 / (255 + e^4) = 0.18
  // The choice survives JSON; specs written before it covered own units.
  auto spec = spec_for(Architecture::fullyconv, 16, 16);
  spec.unit_prior = 4;
  spec.unit_prior_own = false;
  CHECK(learning::network_spec_from_json(learning::to_json(spec)) == spec);
  auto json = learning::to_json(spec);
  json.erase("unit_prior_own");
  CHECK(learning::network_spec_from_json(json).unit_prior_own);
  json["unit_prior_own"] = 0;
  CHECK_THROWS_WITH_AS(learning::network_spec_from_json(json), doctest::Contains("unit_prior_own"), std::invalid_argument);
}
