// Learning from demonstrations, the torch-free parts: ranks and top-1 / top-5 counts on
// hand-made scores, the Table 2 printout, the value targets, the held-out split by whole
// episodes (by rows for a single episode), a dataset row read back as an observation and a
// recorded call as head indices, and sc2train refusing a dataset that does not fit or is
// damaged with one clear line.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "agents/dataset/dataset_writer.h"
#include "client/pysc2/actions.h"
#include "learning/checkpoint_info.h"
#include "learning/demonstrations.h"
#include "learning/supervised_options.h"
#include "tests/learning/learning_test_support.h"

using namespace sc2;
using agents::dataset::RecordedEpisode;
namespace fs = std::filesystem;

namespace {

constexpr int kMoveScreen = 331;   // Move_screen(queued, screen)
constexpr int kSelectArmy = 7;     // select_army(select_add)

std::vector<RecordedEpisode> episodes_of(const std::vector<std::int64_t>& lengths) {
  std::vector<RecordedEpisode> episodes;
  std::int64_t first = 0;
  for (std::size_t e = 0; e < lengths.size(); ++e) {
    episodes.push_back({static_cast<int>(e) + 1, 0.0, first, lengths[e], 0});
    first += lengths[e];
  }
  return episodes;
}

struct TempFolder {
  fs::path path;
  explicit TempFolder(const std::string& name)
      : path(fs::temp_directory_path() / ("sc2-demonstrations-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

// A hand-made dataset at 4x4 (minimap 3x3): two episodes of two steps. Step 0 marks screen
// pixel (1, 2) of player_relative and selects the army; step 1 moves to (3, 0).
fs::path write_tiny_dataset(const fs::path& folder) {
  agents::dataset::DatasetInfo info;
  info.map = "MoveToBeacon";
  info.agent = "hand";
  info.feature_screen_size = 4;
  info.feature_minimap_size = 3;
  agents::dataset::DatasetWriter writer(folder, info);
  for (int episode = 0; episode < 2; ++episode) {
    writer.begin_episode();
    auto first = test::zero_observation(4, 3, {0, kSelectArmy});
    test::set_pixel(test::screen_layer(first, "player_relative"), 1, 2, 3);
    writer.add_step(first, {kSelectArmy, {{0}}}, 0.0f);
    auto second = test::zero_observation(4, 3, {0, kSelectArmy, kMoveScreen});
    writer.add_step(second, {kMoveScreen, {{0}, {3, 0}}}, 1.0f);
    writer.end_episode(1.0, 32);
  }
  writer.finish();
  return folder;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

Outcome run_sc2train(const fs::path& dir, const std::string& arguments) {
  const std::string command = "timeout 60 '" + (fs::path(SC2_BIN_DIR) / "sc2train").string() + "' " + arguments +
                              " >'" + (dir / "out").string() + "' 2>'" + (dir / "err").string() + "'";
  const int status = std::system(command.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_text(dir / "out"), read_text(dir / "err")};
}

}  // namespace

TEST_CASE("rank_of counts the scores above the target, ties going to the lower index as greedy play does") {
  const std::vector<float> scores = {0.1f, 0.5f, 0.2f, 0.5f, 0.05f, 0.3f, 0.0f};
  CHECK(learning::rank_of(scores.data(), 7, 1) == 0);  // the first largest
  CHECK(learning::rank_of(scores.data(), 7, 3) == 1);  // tied with 1, which comes first
  CHECK(learning::rank_of(scores.data(), 7, 5) == 2);
  CHECK(learning::rank_of(scores.data(), 7, 0) == 4);
  CHECK(learning::rank_of(scores.data(), 7, 6) == 6);
  CHECK_THROWS_AS(learning::rank_of(scores.data(), 7, 7), std::out_of_range);
  CHECK_THROWS_AS(learning::rank_of(scores.data(), 7, -1), std::out_of_range);

  learning::TopKCount count;
  for (int rank : {0, 1, 4, 5, 9}) count.add(rank);
  CHECK(count.rows == 5);
  CHECK(count.top1 == 1);
  CHECK(count.top5 == 3);
  CHECK(count.top1_rate() == doctest::Approx(0.2));
  CHECK(count.top5_rate() == doctest::Approx(0.6));
  CHECK(learning::TopKCount{}.top1_rate() == 0.0);
}

TEST_CASE("the accuracy table has Table 2's columns, a row per result and a dash where no row had the argument") {
  learning::DemonstrationAccuracy trained;
  for (int rank : {0, 0, 0, 3}) trained.action.add(rank);  // 75% / 100%
  for (int rank : {0, 7}) trained.screen.add(rank);        // 50% / 50%
  learning::DemonstrationAccuracy untrained;
  for (int rank : {2, 9, 9, 9}) untrained.action.add(rank);  // 0% / 25%
  const std::string table = learning::accuracy_table({{"fullyconv", trained}, {"random init", untrained}});
  CHECK(table.find("action") != std::string::npos);
  CHECK(table.find("screen") != std::string::npos);
  CHECK(table.find("minimap") != std::string::npos);
  CHECK(table.find("top-1") != std::string::npos);
  std::istringstream lines(table);
  std::string line, fullyconv, random;
  while (std::getline(lines, line)) {
    if (line.rfind("fullyconv", 0) == 0) fullyconv = line;
    if (line.rfind("random init", 0) == 0) random = line;
  }
  std::istringstream fields(fullyconv.substr(22));
  std::vector<std::string> values{std::istream_iterator<std::string>(fields), {}};
  CHECK(values == std::vector<std::string>{"75.0%", "100.0%", "50.0%", "50.0%", "-", "-"});
  CHECK(random.find("0.0%") != std::string::npos);
  CHECK(random.find("25.0%") != std::string::npos);
  CHECK(table.find("held-out rows: 4; with a screen argument 2, with a minimap argument 0") != std::string::npos);

  const std::string row = learning::accuracy_csv_row({2.5, 40, 1.5, 0.25, 0.125, trained});
  CHECK(row.rfind("2.50,40,1.500,0.25,0.125,0.750000,1.000000,0.500000,0.500000,0.000000,0.000000,4,2,0\n", 0) == 0);
  const std::string header = learning::accuracy_csv_header();
  CHECK(std::count(header.begin(), header.end(), ',') == std::count(row.begin(), row.end(), ','));
}

TEST_CASE("the value targets are the discounted returns to the end of each episode, not beyond") {
  const std::vector<float> rewards = {0, 1, 0, 2, 5};
  const auto returns = learning::episode_returns(rewards, episodes_of({3, 2}), 0.5f);
  REQUIRE(returns.size() == 5);
  CHECK(returns[0] == doctest::Approx(0.5));   // 0 + 0.5 * (1 + 0.5 * 0)
  CHECK(returns[1] == doctest::Approx(1.0));
  CHECK(returns[2] == doctest::Approx(0.0));   // the episode ends: the next episode's 2 and 5 do not count
  CHECK(returns[3] == doctest::Approx(4.5));   // 2 + 0.5 * 5
  CHECK(returns[4] == doctest::Approx(5.0));
  CHECK_THROWS_AS(learning::episode_returns(rewards, episodes_of({3, 3}), 0.5f), std::invalid_argument);
  CHECK_THROWS_AS(learning::episode_returns(rewards, episodes_of({3}), 0.5f), std::invalid_argument);
}

TEST_CASE("the held-out part is whole episodes, at least one, seeded, and the rows of one episode split by rows") {
  const auto episodes = episodes_of({5, 3, 4, 6, 2, 5, 3, 4, 6, 2});
  const auto split = learning::split_demonstrations(episodes, 0.2, 7);
  CHECK_FALSE(split.by_rows);
  REQUIRE(split.held_out_episodes.size() == 2);
  // Every row is in exactly one part, and each episode's rows all in the same one.
  std::set<std::int64_t> all(split.training.begin(), split.training.end());
  all.insert(split.held_out.begin(), split.held_out.end());
  CHECK(all.size() == 40);
  CHECK(split.training.size() + split.held_out.size() == 40);
  std::int64_t held_rows = 0;
  for (const auto& episode : episodes) {
    const bool held = std::find(split.held_out_episodes.begin(), split.held_out_episodes.end(), episode.episode) !=
                      split.held_out_episodes.end();
    if (held) held_rows += episode.steps;
    for (std::int64_t row = episode.first_step; row < episode.first_step + episode.steps; ++row) {
      const auto& part = held ? split.held_out : split.training;
      CHECK(std::find(part.begin(), part.end(), row) != part.end());
    }
  }
  CHECK(static_cast<std::int64_t>(split.held_out.size()) == held_rows);
  CHECK(learning::split_demonstrations(episodes, 0.2, 7).held_out == split.held_out);  // seeded

  // A small share still holds one episode out; a large one leaves one to train on.
  CHECK(learning::split_demonstrations(episodes_of({4, 4, 4}), 0.01, 1).held_out_episodes.size() == 1);
  CHECK(learning::split_demonstrations(episodes_of({4, 4, 4}), 0.99, 1).held_out_episodes.size() == 2);

  const auto single = learning::split_demonstrations(episodes_of({10}), 0.3, 1);
  CHECK(single.by_rows);
  CHECK(single.held_out == std::vector<std::int64_t>{7, 8, 9});
  CHECK(single.training.size() == 7);

  CHECK_THROWS_AS(learning::split_demonstrations(episodes, 0.0, 1), std::invalid_argument);
  CHECK_THROWS_AS(learning::split_demonstrations(episodes, 1.0, 1), std::invalid_argument);
  CHECK_THROWS_AS(learning::split_demonstrations(episodes_of({1}), 0.5, 1), std::invalid_argument);
  CHECK_THROWS_AS(learning::split_demonstrations({}, 0.5, 1), std::invalid_argument);
}

TEST_CASE("a recorded call becomes head indices: points as y * width + x on their own surface") {
  const auto move = learning::recorded_choice({kMoveScreen, {{1}, {3, 2}}}, 8, 4);
  CHECK(move.function == kMoveScreen);
  CHECK(move.arguments[pysc2::arg::queued] == 1);
  CHECK(move.arguments[pysc2::arg::screen] == 2 * 8 + 3);
  CHECK(move.arguments[pysc2::arg::minimap] == -1);
  const auto camera = learning::recorded_choice({pysc2::fn::move_camera, {{3, 1}}}, 8, 4);
  CHECK(camera.arguments[pysc2::arg::minimap] == 1 * 4 + 3);
  CHECK(learning::recorded_choice({pysc2::fn::no_op, {}}, 8, 4).arguments[pysc2::arg::screen] == -1);

  CHECK_THROWS_AS(learning::recorded_choice({kMoveScreen, {{0}, {8, 0}}}, 8, 4), std::invalid_argument);
  CHECK_THROWS_AS(learning::recorded_choice({pysc2::fn::move_camera, {{4, 0}}}, 8, 4), std::invalid_argument);
  CHECK_THROWS_AS(learning::recorded_choice({kMoveScreen, {{0}}}, 8, 4), std::invalid_argument);
  CHECK_THROWS_AS(learning::recorded_choice({9999, {}}, 8, 4), std::invalid_argument);
}

TEST_CASE("a dataset row reads back as the observation that was recorded, with PySC2's layer kinds") {
  TempFolder folder("rows");
  const auto dataset = agents::dataset::Dataset::open(write_tiny_dataset(folder.path / "tiny"));
  learning::check_dataset_layers(dataset.index());
  const auto first = learning::dataset_observation(dataset, 2);  // episode 2, step 0
  REQUIRE(first.feature_screen.size() == 27);
  REQUIRE(first.feature_minimap.size() == 11);
  const auto expected = test::zero_observation(4, 3);
  for (std::size_t l = 0; l < 27; ++l) {
    CHECK(first.feature_screen[l].name == expected.feature_screen[l].name);
    CHECK(first.feature_screen[l].kind == expected.feature_screen[l].kind);
    CHECK(first.feature_screen[l].scale == expected.feature_screen[l].scale);
    CHECK(first.feature_screen[l].width == 4);
  }
  CHECK(first.feature_minimap[0].width == 3);
  auto relative = first;
  CHECK(test::screen_layer(relative, "player_relative").at(1, 2) == 3);
  CHECK(test::screen_layer(relative, "player_relative").at(2, 1) == 0);
  CHECK(first.available_actions == std::vector<int>{0, kSelectArmy});
  CHECK(learning::dataset_observation(dataset, 3).available_actions == std::vector<int>{0, kSelectArmy, kMoveScreen});
}

TEST_CASE("options naming another map or resolution than the dataset's are refused, naming both") {
  TempFolder folder("fits");
  const auto dataset = agents::dataset::Dataset::open(write_tiny_dataset(folder.path / "tiny"));
  learning::SupervisedOptions options;
  options.dataset = folder.path / "tiny";
  CHECK_NOTHROW(learning::check_fits_dataset(options, dataset.index()));
  options.feature_screen_size = 4;
  options.map = "MoveToBeacon";
  CHECK_NOTHROW(learning::check_fits_dataset(options, dataset.index()));

  options.feature_screen_size = 16;
  try {
    learning::check_fits_dataset(options, dataset.index());
    FAIL("a screen size other than the dataset's was accepted");
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    CHECK(message.find("--feature_screen_size 16") != std::string::npos);
    CHECK(message.find("recorded at 4") != std::string::npos);
  }
  options.feature_screen_size.reset();
  options.map = "DefeatRoaches";
  CHECK_THROWS_WITH_AS(learning::check_fits_dataset(options, dataset.index()),
                       doctest::Contains("recorded on MoveToBeacon"), std::invalid_argument);

  // A dataset whose layers are not PySC2's cannot be fed to the networks.
  auto index = dataset.index();
  options.map.reset();
  index.screen_layers.pop_back();
  CHECK_THROWS_WITH_AS(learning::check_fits_dataset(options, index), doctest::Contains("screen layers"),
                       std::invalid_argument);
  // Atari-net's strided convolutions need 20 pixels or more.
  options.architecture = learning::Architecture::atari;
  CHECK_THROWS_WITH_AS(learning::supervised_network_spec(options, dataset.index()), doctest::Contains("--arch atari"),
                       std::invalid_argument);
}

TEST_CASE("sc2train --demonstrations refuses a mismatched or damaged dataset with one clear line and no output folder") {
  if (!fs::exists(fs::path(SC2_BIN_DIR) / "sc2train")) {
    MESSAGE("skipped: sc2train is not built");
    return;
  }
  TempFolder folder("cli");
  const auto dataset = write_tiny_dataset(folder.path / "tiny");

  auto mismatched = run_sc2train(folder.path, "--demonstrations '" + dataset.string() + "' --out '" +
                                                  (folder.path / "out1").string() + "' --epochs 1 --feature_screen_size 16");
  CHECK(mismatched.exit_code == 2);
  CHECK(mismatched.err.find("--feature_screen_size 16") != std::string::npos);
  CHECK(mismatched.err.find("recorded at 4") != std::string::npos);
  CHECK(std::count(mismatched.err.begin(), mismatched.err.end(), '\n') == 1);
  CHECK_FALSE(fs::exists(folder.path / "out1"));

  auto no_limit = run_sc2train(folder.path, "--demonstrations '" + dataset.string() + "' --out '" +
                                                (folder.path / "out2").string() + "'");
  CHECK(no_limit.exit_code == 2);
  CHECK(no_limit.err.find("--epochs") != std::string::npos);

  // Damaged: rewards.npy cut short. Dataset's own error names the file.
  fs::resize_file(dataset / "rewards.npy", fs::file_size(dataset / "rewards.npy") - 4);
  auto damaged = run_sc2train(folder.path, "--demonstrations '" + dataset.string() + "' --out '" +
                                               (folder.path / "out3").string() + "' --epochs 1");
  CHECK(damaged.exit_code == 1);
  CHECK(damaged.err.find("rewards.npy") != std::string::npos);
  CHECK(damaged.err.find("truncated") != std::string::npos);
  CHECK(std::count(damaged.err.begin(), damaged.err.end(), '\n') == 1);
  CHECK_FALSE(fs::exists(folder.path / "out3"));

  auto missing = run_sc2train(folder.path, "--demonstrations '" + (folder.path / "nothing").string() + "' --out '" +
                                               (folder.path / "out4").string() + "' --epochs 1");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err.find("nothing") != std::string::npos);
}

TEST_CASE("a checkpoint's metadata names the dataset a cloned policy came from, and older metadata without it still reads") {
  learning::CheckpointInfo info;
  info.map = "MoveToBeacon";
  info.created = "2026-12-03T23:00:00Z";
  info.demonstrations = "/data/beacon";
  auto json = learning::to_json(info);
  CHECK(learning::checkpoint_info_from_json(json).demonstrations == "/data/beacon");
  json.erase("demonstrations");
  CHECK(learning::checkpoint_info_from_json(json).demonstrations.empty());
  info.demonstrations.clear();
  CHECK_FALSE(learning::to_json(info).contains("demonstrations"));  // reinforcement learning's stay as they were
  json["demonstrations"] = 3;
  CHECK_THROWS_AS(learning::checkpoint_info_from_json(json), learning::CheckpointError);
}
