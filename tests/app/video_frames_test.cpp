// --video (app/video_frames.h): the folder must be new or empty, frames are numbered files;
// end to end, sc2studio saves one PNG per observation shown.
#include <doctest/doctest.h>

#include <fstream>

#include "app/program/video_frames.h"
#include "tests/app/gui_test_support.h"

TEST_CASE("the video folder is created when missing and refused when it holds files or is a file") {
  sc2::test::TempDir dir;
  const auto folder = dir.path() / "new" / "video";
  CHECK(sc2::app::prepare_video_folder(folder).empty());
  CHECK(std::filesystem::is_directory(folder));
  CHECK(sc2::app::prepare_video_folder(folder).empty());  // still empty: fine
  std::ofstream(folder / "frame_000001.png") << "x";
  const std::string used = sc2::app::prepare_video_folder(folder);
  CHECK(used.find("already holds files") != std::string::npos);
  std::ofstream(dir.path() / "a_file") << "x";
  CHECK(sc2::app::prepare_video_folder(dir.path() / "a_file").find("is a file") != std::string::npos);
  CHECK(sc2::app::video_frame_path(folder, 7) == folder / "frame_000007.png");
  CHECK(sc2::app::video_frame_path(folder, 1234567) == folder / "frame_1234567.png");
}

TEST_CASE("sc2studio --video saves one frame per observation shown, and refuses a used folder") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  const auto folder = dir.path() / "film";
  // 20 steps of 8 loops, as fast as possible: --video draws every one of them.
  const auto result = sc2::test::run_command(
      sc2::test::studio(dir, "--speed 0 --step_mul 8 --max_game_steps 160 --video '" + folder.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  int frames = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) frames += entry.path().extension() == ".png";
  CHECK(frames >= 20);  // the first observation and each of the 20 steps
  CHECK(frames <= 21);
  CHECK(std::filesystem::file_size(folder / "frame_000001.png") > 1000);
  CHECK(sc2::test::count_color(folder / "frame_000002.png", 18, 20, 26, 1) > 5000);  // a whole window: the top bar

  const auto again = sc2::test::run_command(sc2::test::studio(dir, "--video '" + folder.string() + "'"));
  CHECK(again.exit_code == 1);
  CHECK(again.output.find("already holds files") != std::string::npos);
}
