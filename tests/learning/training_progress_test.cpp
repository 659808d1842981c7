// What a run reports: the mean of the last episodes, progress.csv rows (a resumed run appends
// without a second header), the progress line.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "learning/training_progress.h"

using namespace sc2::learning;

namespace {
std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}
}  // namespace

TEST_CASE("the score window keeps the mean of the last episodes only") {
  ScoreWindow window(3);
  CHECK(window.mean_score() == 0);
  window.add(1, 10);
  window.add(2, 20);
  CHECK(window.mean_score() == doctest::Approx(1.5));
  CHECK_FALSE(window.full());
  window.add(3, 30);
  window.add(10, 40);  // 1 drops out
  CHECK(window.full());
  CHECK(window.mean_score() == doctest::Approx(5.0));
  CHECK(window.mean_length() == doctest::Approx(30.0));
  CHECK_THROWS_AS(ScoreWindow(0), std::invalid_argument);
}

TEST_CASE("progress.csv has one header and one row per update, and a resumed run appends to it") {
  const auto folder = std::filesystem::temp_directory_path() / "sc2train_progress_test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const auto file = folder / "progress.csv";
  ProgressRow row;
  row.update = 1;
  row.steps = 256;
  row.mean_score = 2.5;
  {
    ProgressCsv csv(file);
    csv.append(row);
  }
  {
    ProgressCsv resumed(file);
    row.update = 2;
    row.steps = 512;
    resumed.append(row);
  }
  const auto lines = lines_of(file);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == ProgressCsv::header());
  CHECK(lines[1].rfind("1,256,0,", 0) == 0);
  CHECK(lines[2].rfind("2,512,0,", 0) == 0);
  CHECK(lines[0].find("mean_score") != std::string::npos);
  CHECK(lines[0].find("entropy") != std::string::npos);
  std::filesystem::remove_all(folder);
  CHECK_THROWS_AS(ProgressCsv(folder / "missing" / "progress.csv"), std::runtime_error);
}

TEST_CASE("progress.csv records the machine's load with each row, and a resumed older file keeps its columns") {
  const auto folder = std::filesystem::temp_directory_path() / "sc2train_progress_load_test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  ProgressRow row;
  row.update = 1;
  row.load_average = 3.25;
  {
    ProgressCsv csv(folder / "progress.csv");
    csv.append(row);
  }
  auto lines = lines_of(folder / "progress.csv");
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].ends_with(",load_average"));
  CHECK(lines[1].ends_with(",3.25"));

  // A run written before the column existed, resumed: its rows keep the old header's 16 columns.
  const std::string old_header = std::string(ProgressCsv::header()).substr(0, std::string(ProgressCsv::header()).rfind(','));
  std::ofstream(folder / "old.csv") << old_header << "\n1,128,0,0.25,0,0,505.3,-1,0.1,7,-1,0.0003,0.7,0.05,0.01,0.19\n";
  {
    ProgressCsv resumed(folder / "old.csv");
    row.update = 2;
    resumed.append(row);
  }
  lines = lines_of(folder / "old.csv");
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == old_header);
  const auto commas = [](const std::string& line) { return std::count(line.begin(), line.end(), ','); };
  CHECK(commas(lines[2]) == commas(old_header));
  CHECK(lines[2].rfind("2,", 0) == 0);
  std::filesystem::remove_all(folder);
}

TEST_CASE("the load average is the first field of /proc/loadavg, -1 when there is none to read") {
  const auto folder = std::filesystem::temp_directory_path() / "sc2train_loadavg_test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "loadavg") << "0.53 1.45 1.75 2/301 12345\n";
  CHECK(machine_load_average(folder / "loadavg") == doctest::Approx(0.53));
  std::ofstream(folder / "garbage") << "not a number\n";
  CHECK(machine_load_average(folder / "garbage") == -1);
  CHECK(machine_load_average(folder / "missing") == -1);
  std::filesystem::remove_all(folder);
}

TEST_CASE("the progress line shows steps, episodes, the mean score, samples/s and the ETA") {
  ProgressRow row;
  row.steps = 123456;
  row.episodes = 78;
  row.mean_score = 23.456;
  row.samples_per_second = 1234.4;
  row.wall_seconds = 754;
  const auto line = progress_line(row, 100, 3725);
  CHECK(line.find("steps 123456") != std::string::npos);
  CHECK(line.find("episodes 78") != std::string::npos);
  CHECK(line.find("mean 23.46 (last 100)") != std::string::npos);
  CHECK(line.find("1234 samples/s") != std::string::npos);
  CHECK(line.find("12:34 elapsed, ETA 1:02:05") != std::string::npos);
  CHECK(progress_line(row, 100, -1).find("ETA ?") != std::string::npos);
}
