// Checkpoints: a saved network comes back with the same outputs, metadata and optimiser state;
// missing, damaged, truncated and foreign files and checkpoints for another game are refused
// with a message naming the file or both sides; a failed save leaves the old checkpoint whole.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "agents/atomic_file.h"
#include "learning/a2c_trainer.h"
#include "learning/checkpoint.h"
#include "learning/networks.h"
#include "tests/learning/torch_doctest.h"
#include "tests/learning/learning_test_support.h"

using namespace sc2;
using learning::Architecture;
using learning::CheckpointError;
using learning::NetworkSpec;

namespace {

struct TempFolder {
  std::filesystem::path path;
  TempFolder() {
    static int count = 0;
    path = std::filesystem::temp_directory_path() /
           ("sc2_checkpoint_test_" + std::to_string(::getpid()) + "_" + std::to_string(count++));
    std::filesystem::create_directories(path);
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

NetworkSpec small_spec(Architecture architecture) {
  NetworkSpec spec;
  spec.architecture = architecture;
  spec.screen_size = spec.minimap_size = architecture == Architecture::atari ? 20 : 8;
  spec.pooled_size = 4;
  spec.hidden_units = 32;
  return spec;
}

learning::CheckpointInfo info_for(const NetworkSpec& spec) {
  learning::CheckpointInfo info;
  info.spec = spec;
  info.map = "MoveToBeacon";
  info.steps = 123456;
  info.episodes = 789;
  info.mean_score = 21.5;
  info.step_mul = 16;
  return info;
}

learning::InputBatch batch_for(const NetworkSpec& spec) {
  learning::InputBatch batch(learning::make_input_spec(spec.screen_size, spec.minimap_size), 2);
  for (int i = 0; i < 2; ++i) {
    auto observation = test::zero_observation(spec.screen_size, spec.minimap_size, {0, 7, 331});
    test::set_pixel(test::screen_layer(observation, "player_relative"), 3 + i, 2, 3);
    test::set_pixel(test::screen_layer(observation, "unit_density"), 1, 1 + i, 4);
    learning::write_observation(observation, batch, i);
  }
  return batch;
}

std::string message_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const CheckpointError& error) {
    return error.what();
  }
  FAIL("no CheckpointError");
  return {};
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
}

std::string read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a saved checkpoint loads as the same network with its metadata, for every architecture") {
  TempFolder folder;
  for (Architecture architecture : {Architecture::atari, Architecture::fullyconv, Architecture::fullyconv_lstm}) {
    CAPTURE(std::string(learning::architecture_name(architecture)));
    torch::manual_seed(3);
    const auto spec = small_spec(architecture);
    auto network = learning::make_network(spec);
    const auto file = folder.path / (std::string(learning::architecture_name(architecture)) + ".pt");
    learning::save_checkpoint(file, *network, info_for(spec));
    CHECK_FALSE(std::filesystem::exists(agents::partial_name(file)));

    torch::manual_seed(99);  // a fresh network would have other weights
    const auto loaded = learning::load_checkpoint(file);
    CHECK(loaded.info.spec == spec);
    CHECK(loaded.info.map == "MoveToBeacon");
    CHECK(loaded.info.steps == 123456);
    CHECK(loaded.info.episodes == 789);
    CHECK(loaded.info.mean_score == 21.5);
    CHECK(loaded.info.step_mul == 16);
    CHECK(loaded.info.created.size() == 20);  // filled in at saving: 2026-12-03T17:40:00Z
    CHECK_FALSE(loaded.optimizer_loaded);
    CHECK(learning::read_checkpoint_info(file).created == loaded.info.created);

    auto batch = batch_for(spec);
    torch::NoGradGuard no_grad;
    const auto input = learning::input_tensors(batch, 0, 2);
    const auto before = network->forward(input, {});
    const auto after = loaded.network->forward(input, {});
    CHECK(torch::equal(before.function_logits, after.function_logits));
    CHECK(torch::equal(before.value, after.value));
    for (std::size_t h = 0; h < before.head_logits.size(); ++h) {
      CHECK(torch::equal(before.head_logits[h], after.head_logits[h]));
    }
    const auto fresh = learning::make_network(spec)->forward(input, {});
    CHECK_FALSE(torch::equal(fresh.value, after.value));
  }
}

TEST_CASE("the optimiser's state comes back: the next update is the same as without saving") {
  TempFolder folder;
  const auto spec = small_spec(Architecture::fullyconv);
  torch::manual_seed(5);
  auto network = learning::make_network(spec);
  auto batch = batch_for(spec);
  const auto input = learning::input_tensors(batch, 0, 2);
  auto update = [&](learning::PolicyNetworkImpl& net, torch::optim::Optimizer& optimizer) {
    optimizer.zero_grad();
    const auto output = net.forward(input, {});
    (output.value.sum() + output.function_logits.logsumexp(1).sum()).backward();
    optimizer.step();
  };
  torch::optim::RMSprop optimizer(network->parameters(), torch::optim::RMSpropOptions(1e-2).momentum(0.5));
  update(*network, optimizer);
  learning::save_checkpoint(folder.path / "c.pt", *network, info_for(spec), &optimizer);
  update(*network, optimizer);

  auto loaded = learning::load_checkpoint(folder.path / "c.pt");
  torch::optim::RMSprop resumed(loaded.network->parameters(), torch::optim::RMSpropOptions(1e-2).momentum(0.5));
  CHECK(learning::load_optimizer_state(folder.path / "c.pt", resumed));
  update(*loaded.network, resumed);
  const auto expected = network->parameters();
  const auto actual = loaded.network->parameters();
  REQUIRE(expected.size() == actual.size());
  for (std::size_t i = 0; i < expected.size(); ++i) CHECK(torch::allclose(expected[i], actual[i], 1e-6, 1e-7));

  // A checkpoint saved without an optimiser says so.
  learning::save_checkpoint(folder.path / "plain.pt", *network, info_for(spec));
  CHECK_FALSE(learning::load_optimizer_state(folder.path / "plain.pt", resumed));
}

TEST_CASE("a missing, truncated, damaged or foreign file is refused with a message naming it") {
  TempFolder folder;
  const auto spec = small_spec(Architecture::fullyconv);
  auto network = learning::make_network(spec);
  const auto good = folder.path / "good.pt";
  learning::save_checkpoint(good, *network, info_for(spec));
  const std::string bytes = read_bytes(good);

  const auto missing = folder.path / "nowhere.pt";
  auto message = message_of([&] { learning::load_checkpoint(missing); });
  CHECK(contains(message, "no checkpoint at " + missing.string()));

  message = message_of([&] { learning::load_checkpoint(folder.path); });
  CHECK(contains(message, "not a regular file"));

  for (std::size_t keep : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 30}) {
    CAPTURE(keep);
    const auto truncated = folder.path / "truncated.pt";
    write_bytes(truncated, bytes.substr(0, keep));
    message = message_of([&] { learning::load_checkpoint(truncated); });
    CHECK(contains(message, truncated.string()));
  }

  // The zip's central directory overwritten: the archive cannot be read.
  std::string damaged = bytes;
  for (std::size_t i = damaged.size() - 200; i < damaged.size(); ++i) damaged[i] = static_cast<char>(0x5a);
  write_bytes(folder.path / "damaged.pt", damaged);
  message = message_of([&] { learning::load_checkpoint(folder.path / "damaged.pt"); });
  CHECK(contains(message, "damaged"));

  write_bytes(folder.path / "notes.txt", "these are not weights\n");
  message = message_of([&] { learning::load_checkpoint(folder.path / "notes.txt"); });
  CHECK(contains(message, "notes.txt is not a readable checkpoint"));

  // A torch archive, but not ours.
  torch::save(torch::ones({3}), (folder.path / "tensor.pt").string());
  message = message_of([&] { learning::load_checkpoint(folder.path / "tensor.pt"); });
  CHECK(contains(message, "tensor.pt is not an SC2 Studio checkpoint"));
}

TEST_CASE("metadata of another format or version, or weights that do not fit it, are refused") {
  TempFolder folder;
  const auto spec = small_spec(Architecture::fullyconv);
  auto network = learning::make_network(spec);
  auto archive_with = [&](const nlohmann::json& metadata, const std::string& name) {
    torch::serialize::OutputArchive archive, weights;
    archive.write("metadata", c10::IValue(metadata.dump()));
    network->save(weights);
    archive.write("network", weights);
    archive.save_to((folder.path / name).string());
    return folder.path / name;
  };
  auto metadata = learning::to_json(info_for(spec));

  auto other = metadata;
  other["format"] = "someone-elses";
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(other, "a.pt")); }),
                 "not an SC2 Studio checkpoint"));
  auto newer = metadata;
  newer["version"] = 99;
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(newer, "b.pt")); }), "version 99"));
  auto no_map = metadata;
  no_map.erase("map");
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(no_map, "c.pt")); }), "missing 'map'"));
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with("{not json", "d.pt")); }), "d.pt"));
  // step_mul is optional (older checkpoints have none: 0), but not 0 or below when there.
  auto no_step_mul = metadata;
  no_step_mul.erase("step_mul");
  CHECK(learning::load_checkpoint(archive_with(no_step_mul, "g.pt")).info.step_mul == 0);
  auto zero_step_mul = metadata;
  zero_step_mul["step_mul"] = 0;
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(zero_step_mul, "h.pt")); }),
                 "'step_mul' must be at least 1"));

  // The spec says 16 hidden units, the weights have 32.
  auto wrong_spec = metadata;
  wrong_spec["network"]["hidden_units"] = 16;
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(wrong_spec, "e.pt")); }),
                 "weights do not fit its network spec"));
  // The spec names another architecture, whose parameters the file lacks.
  wrong_spec = metadata;
  wrong_spec["network"]["architecture"] = "fullyconv_lstm";
  CHECK(contains(message_of([&] { learning::load_checkpoint(archive_with(wrong_spec, "f.pt")); }),
                 "weights do not fit its network spec"));
}

TEST_CASE("a checkpoint for another map or resolution does not fit, and the message names both sides") {
  auto info = info_for(small_spec(Architecture::fullyconv));
  info.spec.screen_size = info.spec.minimap_size = 32;
  CHECK_NOTHROW(learning::check_checkpoint_fits(info, "MoveToBeacon", 32, 32));
  CHECK(message_of([&] { learning::check_checkpoint_fits(info, "DefeatRoaches", 64, 64); }) ==
        "checkpoint is for MoveToBeacon at 32x32, this game is DefeatRoaches at 64x64");
  CHECK(message_of([&] { learning::check_checkpoint_fits(info, "MoveToBeacon", 64, 64); }) ==
        "checkpoint is for MoveToBeacon at 32x32, this game is MoveToBeacon at 64x64");
  CHECK(message_of([&] { learning::check_checkpoint_fits(info, "MoveToBeacon", 32, 24); }) ==
        "checkpoint is for MoveToBeacon at 32x32, this game is MoveToBeacon at 32x32 (minimap 24x24)");
}

TEST_CASE("a save that fails leaves the old checkpoint whole and no partial file") {
  TempFolder folder;
  const auto spec = small_spec(Architecture::fullyconv);
  auto network = learning::make_network(spec);
  const auto file = folder.path / "checkpoint.pt";
  learning::save_checkpoint(file, *network, info_for(spec));
  // Saving again replaces it whole.
  auto info = info_for(spec);
  info.steps = 200000;
  learning::save_checkpoint(file, *network, info);
  CHECK(learning::read_checkpoint_info(file).steps == 200000);

  // The temporary name is taken by a folder: the save fails, the old file stays.
  std::filesystem::create_directory(agents::partial_name(file));
  info.steps = 300000;
  CHECK(contains(message_of([&] { learning::save_checkpoint(file, *network, info); }), "cannot write " + file.string()));
  CHECK(learning::read_checkpoint_info(file).steps == 200000);
  std::filesystem::remove(agents::partial_name(file));

  const auto nowhere = folder.path / "no_such_folder" / "checkpoint.pt";
  CHECK(contains(message_of([&] { learning::save_checkpoint(nowhere, *network, info); }), "cannot write"));
  CHECK_FALSE(std::filesystem::exists(nowhere.parent_path()));
}

// --spatial_lr_scale: Adam's first step moves every weight with a gradient by about lr, so the
// spatial heads' weights must move `scale` times as far as the others'.
TEST_CASE("the spatial heads learn at --spatial_lr_scale times the rate, and a resume must keep the scale") {
  TempFolder folder;
  auto largest_moves = [&](double scale) {
    learning::TrainOptions options;
    options.map = "MoveToBeacon";
    options.feature_screen_size = 16;
    options.envs = 2;
    options.rollout_steps = 4;
    options.max_steps = 1000;
    options.learning_rate = 1e-3;
    options.spatial_learning_rate_scale = scale;
    options.out = folder.path;
    learning::EnvironmentSet games(learning::environment_options(options));
    learning::A2CTrainer trainer(options, games);
    trainer.save(folder.path / "before.pt", {});
    trainer.update(0.0);
    trainer.save(folder.path / "after.pt", {});
    auto before = learning::load_checkpoint(folder.path / "before.pt").network->named_parameters();
    auto after = learning::load_checkpoint(folder.path / "after.pt").network->named_parameters();
    double spatial = 0, dense = 0;
    for (const auto& item : before) {
      const double move = (after[item.key()] - item.value()).abs().max().item<double>();
      if (item.key().find("spatial_") != std::string::npos) spatial = std::max(spatial, move);
      if (item.key().find("dense") != std::string::npos) dense = std::max(dense, move);
    }
    return std::pair{spatial, dense};
  };
  const auto [spatial_1, dense_1] = largest_moves(1.0);
  const auto [spatial_10, dense_10] = largest_moves(10.0);
  CHECK(spatial_1 == doctest::Approx(1e-3).epsilon(0.05));
  CHECK(dense_1 == doctest::Approx(1e-3).epsilon(0.05));
  CHECK(spatial_10 == doctest::Approx(1e-2).epsilon(0.05));
  CHECK(dense_10 == doctest::Approx(1e-3).epsilon(0.05));

  // after.pt holds a two-group optimiser (scale 10): a resume at scale 1 is refused by name.
  learning::TrainOptions resumed;
  resumed.map = "MoveToBeacon";
  resumed.feature_screen_size = 16;
  resumed.envs = 1;
  resumed.max_steps = 1000;
  resumed.out = folder.path;
  learning::EnvironmentSet games(learning::environment_options(resumed));
  CHECK_THROWS_WITH_AS(learning::A2CTrainer(resumed, games, folder.path / "after.pt"),
                       doctest::Contains("optimiser state does not fit"), CheckpointError);
}
