// The Training window (sc2studio --training DIR), checked in real screenshots under SDL's
// offscreen driver: alone it opens without a game and draws a curve per plotted column of
// progress.csv; a file that is not there yet is waited for and plotted once it appears; beside
// a game it is one more window.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <future>
#include <string>
#include <thread>

#include "app/ui/training_panel.h"
#include "tests/app/gui_test_support.h"

namespace {

using sc2::test::count_color;
using sc2::test::run_command;
using sc2::test::studio;
using sc2::test::TempDir;

// A run of 60 updates: the score climbs, the entropy falls; one damaged line in the middle.
void write_progress(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  std::ofstream out(dir / "progress.csv");
  out << "update,steps,episodes,wall_seconds,mean_score,mean_episode_length,samples_per_second,policy_loss,"
         "value_loss,entropy,total_loss,learning_rate,gradient_norm,acting_seconds,environment_seconds,"
         "learning_seconds\n";
  for (int u = 1; u <= 60; ++u) {
    if (u == 30) out << "30,3840,12\n";  // cut short
    out << u << "," << u * 128 << "," << u / 2 << "," << u * 1.5 << "," << 0.4 * u << "," << 100 + u << ",90,-0.01,"
        << 2.0 / u << "," << 3.0 - u * 0.03 << ",0.5,0.0003,0.8,0.2,0.3,0.5\n";
  }
}

// Pixels of curve `i`'s colour (its title is drawn in it too: compare with and without data).
int curve_pixels(const std::filesystem::path& png, std::size_t i) {
  const ImU32 c = sc2::app::ui::kTrainingCurveColours[i];
  return count_color(png, static_cast<int>(c & 0xFF), static_cast<int>((c >> 8) & 0xFF),
                     static_cast<int>((c >> 16) & 0xFF), 10);
}

}  // namespace

TEST_CASE("sc2studio --training DIR alone plots progress.csv's curves without starting a game") {
  if (!sc2::test::have_programs()) return;
  TempDir dir;
  const auto run = dir.path() / "run";
  write_progress(run);
  const auto with_data = dir.path() / "training.png";
  const auto result = run_command(studio(dir, "--training '" + run.string() + "' --frames 5 --screenshot '" +
                                                  with_data.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);

  TempDir empty;
  const auto waiting = empty.path() / "waiting.png";
  const auto none = run_command(studio(empty, "--training '" + (empty.path() / "run").string() +
                                                  "' --frames 5 --screenshot '" + waiting.string() + "'"));
  INFO(none.output);
  REQUIRE(none.exit_code == 0);
  for (std::size_t i = 0; i < sc2::app::kTrainingCurves.size(); ++i) {
    INFO("curve " << sc2::app::kTrainingCurves[i].column);
    const int drawn = curve_pixels(with_data, i);
    const int titles_only = curve_pixels(waiting, i);
    REQUIRE(drawn >= 0);
    // A curve across a plot a few hundred pixels wide, two pixels thick.
    CHECK(drawn - titles_only > 250);
  }
}

TEST_CASE("the Training window plots a progress.csv that appears while it waits") {
  if (!sc2::test::have_programs()) return;
  TempDir dir;
  const auto run = dir.path() / "run";
  const auto png = dir.path() / "late.png";
  // ~90 frames at ~30 frames/s: the file is written a second in.
  auto app = std::async(std::launch::async, [&] {
    return run_command(studio(dir, "--training '" + run.string() + "' --frames 90 --screenshot '" + png.string() + "'"));
  });
  std::this_thread::sleep_for(std::chrono::seconds(1));
  write_progress(run);
  const auto result = app.get();
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  CHECK(curve_pixels(png, 0) > 250);
}

TEST_CASE("the Training window beside a game") {
  if (!sc2::test::have_programs()) return;
  TempDir dir;
  const auto run = dir.path() / "run";
  write_progress(run);
  const auto png = dir.path() / "beside.png";
  const auto result = run_command(studio(dir, "--map MoveToBeacon --training '" + run.string() +
                                                  "' --frames 10 --screenshot '" + png.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  CHECK(curve_pixels(png, 0) > 150);  // the window is smaller than the whole app's
}
