// StepRecorder: the steps played become a dataset (re-read by Dataset::open) split into the
// game's episodes; a folder it cannot use and a step it cannot record are clear errors that keep
// what was recorded; every change is told as a notice and in status().
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "agents/dataset/dataset_reader.h"
#include "app/session/step_recorder.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "tests/app/app_test_support.h"

using sc2::app::StepRecorder;
using sc2::pysc2::FunctionCall;

namespace {

constexpr int kScreen = 8, kMinimap = 6;

sc2::pysc2::Layer layer(std::string_view name, int size) {
  sc2::pysc2::Layer result;
  result.name = std::string(name);
  result.width = result.height = size;
  result.values.assign(static_cast<std::size_t>(size) * size, 1);
  return result;
}

sc2::pysc2::Observation seen(std::uint32_t game_loop, int screen_size = kScreen) {
  sc2::pysc2::Observation result;
  for (const auto& spec : sc2::pysc2::screen_layers()) result.feature_screen.push_back(layer(spec.name, screen_size));
  for (const auto& spec : sc2::pysc2::minimap_layers()) result.feature_minimap.push_back(layer(spec.name, kMinimap));
  result.available_actions = {sc2::pysc2::fn::no_op, sc2::pysc2::fn::select_army};
  result.game_loop = game_loop;
  return result;
}

sc2::pysc2::TimeStep after(std::uint32_t game_loop, float reward, bool last = false) {
  sc2::pysc2::TimeStep result;
  result.step_type = last ? sc2::pysc2::StepType::last : sc2::pysc2::StepType::mid;
  result.reward = reward;
  result.observation.game_loop = game_loop;
  return result;
}

sc2::agents::dataset::DatasetInfo info() {
  sc2::agents::dataset::DatasetInfo result;
  result.map = "MoveToBeacon";
  result.agent = "human";
  result.feature_screen_size = kScreen;
  result.feature_minimap_size = kMinimap;
  return result;
}

const FunctionCall kNoOp{sc2::pysc2::fn::no_op, {}};
const FunctionCall kSelectArmy{sc2::pysc2::fn::select_army, {{0}}};

}  // namespace

TEST_CASE("recorded steps are split into the game's episodes: its end, a restart, and the close") {
  sc2::test::TempDir dir;
  std::vector<std::string> notices;
  StepRecorder recorder([&](std::string text) { notices.push_back(std::move(text)); });
  CHECK_FALSE(recorder.recording());
  recorder.close();  // nothing to close: nothing happens
  CHECK(notices.empty());

  recorder.open(dir.path() / "demo", info());
  REQUIRE(recorder.recording());
  CHECK(notices.back() == "recording the steps into " + (dir.path() / "demo").string());
  // Episode 1 ends with the game (a last step): 2 steps, 16 loops, score 3.
  recorder.record(seen(0), kSelectArmy, after(8, 1));
  recorder.record(seen(8), kNoOp, after(16, 2, true));
  CHECK(recorder.status().episodes == 1);
  // Episode 2 ends by a restart at loop 40: 1 step, from loop 24.
  recorder.record(seen(24), kNoOp, after(32, 0));
  recorder.end_episode(40);
  recorder.end_episode(40);  // twice: the episode ended already
  // Episode 3 is still open when the recording closes: it ends at its last step.
  recorder.record(seen(0), kSelectArmy, after(8, 5));
  CHECK(recorder.status().steps == 4);
  recorder.close();
  CHECK_FALSE(recorder.recording());
  CHECK_FALSE(recorder.status().recording);
  CHECK(recorder.status().error.empty());
  CHECK(notices.back() == "recording finished: 4 steps, 3 episodes in " + (dir.path() / "demo").string());

  const auto dataset = sc2::agents::dataset::Dataset::open(dir.path() / "demo");
  REQUIRE(dataset.index().episodes.size() == 3);
  CHECK(dataset.index().episodes[0].steps == 2);
  CHECK(dataset.index().episodes[0].score == 3);
  CHECK(dataset.index().episodes[0].game_loops == 16);
  CHECK(dataset.index().episodes[1].steps == 1);
  CHECK(dataset.index().episodes[1].game_loops == 16);
  CHECK(dataset.index().episodes[2].score == 5);
  CHECK(dataset.index().episodes[2].game_loops == 8);
  CHECK(dataset.function_calls() == std::vector<FunctionCall>{kSelectArmy, kNoOp, kNoOp, kSelectArmy});
}

TEST_CASE("a folder the recorder cannot use is an error naming it, nothing records, and a later folder works") {
  sc2::test::TempDir dir;
  std::filesystem::create_directories(dir.path() / "busy");
  std::ofstream(dir.path() / "busy" / "other.txt") << "not a dataset\n";
  std::vector<std::string> notices;
  StepRecorder recorder([&](std::string text) { notices.push_back(std::move(text)); });
  recorder.open(dir.path() / "busy", info());
  CHECK_FALSE(recorder.recording());
  CHECK(recorder.status().folder == (dir.path() / "busy").string());
  CHECK(recorder.status().error.starts_with("cannot record into " + (dir.path() / "busy").string() + ": "));
  REQUIRE(notices.size() == 1);
  CHECK(notices[0] == recorder.status().error);
  recorder.record(seen(0), kNoOp, after(8, 0));  // ignored
  CHECK(recorder.status().steps == 0);

  recorder.open(dir.path() / "fresh", info());
  CHECK(recorder.recording());
  CHECK(recorder.status().error.empty());
  CHECK(recorder.status().folder == (dir.path() / "fresh").string());
}

TEST_CASE("a step that cannot be recorded stops the recording and keeps the steps before it") {
  sc2::test::TempDir dir;
  std::vector<std::string> notices;
  StepRecorder recorder([&](std::string text) { notices.push_back(std::move(text)); });
  recorder.open(dir.path() / "cut", info());
  recorder.record(seen(0), kNoOp, after(8, 1));
  recorder.record(seen(8), kNoOp, after(16, 1));
  recorder.record(seen(16, kScreen + 1), kNoOp, after(24, 1));  // another resolution than the dataset's
  CHECK_FALSE(recorder.recording());
  CHECK(recorder.status().error.starts_with("recording stopped: "));
  CHECK(notices.back() == recorder.status().error);
  CHECK(recorder.status().steps == 2);
  recorder.close();  // stopped already: nothing more
  CHECK(notices.back() == recorder.status().error);
  const auto dataset = sc2::agents::dataset::Dataset::open(dir.path() / "cut");
  CHECK(dataset.index().steps == 2);
}

TEST_CASE("opening another folder finishes the recording before") {
  sc2::test::TempDir dir;
  std::vector<std::string> notices;
  StepRecorder recorder([&](std::string text) { notices.push_back(std::move(text)); });
  recorder.open(dir.path() / "one", info());
  recorder.record(seen(0), kNoOp, after(8, 1));
  recorder.open(dir.path() / "two", info());
  REQUIRE(notices.size() == 3);
  CHECK(notices[1].starts_with("recording finished: 1 steps, 1 episodes in "));
  CHECK(recorder.status().steps == 0);
  CHECK(sc2::agents::dataset::Dataset::open(dir.path() / "one").index().steps == 1);
}
