// Datasets (agents/dataset): the written .npy files have the documented dtypes and shapes
// (headers parsed here independently of the reader), a round trip re-reads the same
// FunctionCalls, damaged folders are refused with a clear message, and numpy loads them.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <unistd.h>

#include "agents/dataset/dataset_format.h"
#include "agents/dataset/dataset_reader.h"
#include "agents/dataset/dataset_writer.h"
#include "agents/dataset/npy.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"

using namespace sc2;
using namespace sc2::agents::dataset;
namespace fs = std::filesystem;

namespace {

constexpr int kScreen = 8, kMinimap = 6;

struct TempDir {
  fs::path path;
  explicit TempDir(const char* tag) {
    path = fs::temp_directory_path() / ("sc2_dataset_" + std::string(tag) + "_" + std::to_string(::getpid()));
    fs::remove_all(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

pysc2::Layer layer(std::string_view name, int size, int seed) {
  pysc2::Layer result;
  result.name = std::string(name);
  result.width = result.height = size;
  for (int i = 0; i < size * size; ++i) result.values.push_back((seed * 31 + i * 7) % 97);
  return result;
}

pysc2::Observation observation(int step) {
  pysc2::Observation result;
  int n = 0;
  for (const auto& spec : pysc2::screen_layers()) result.feature_screen.push_back(layer(spec.name, kScreen, step + n++));
  for (const auto& spec : pysc2::minimap_layers()) result.feature_minimap.push_back(layer(spec.name, kMinimap, step + n++));
  result.available_actions = {0, 1, 2, 3, 7, 12, 331};
  if (step % 2 == 1) result.available_actions.push_back(572);
  result.game_loop = static_cast<std::uint32_t>(step * 8);
  return result;
}

std::vector<pysc2::FunctionCall> some_calls() {
  return {
      {0, {}},                                   // no_op
      {7, {{0}}},                                // select_army(select)
      {331, {{1}, {5, 6}}},                      // Move_screen(queued, [5, 6])
      {3, {{1}, {0, 1}, {7, 7}}},                // select_rect(add, [0, 1], [7, 7]): 3 arguments
      {12, {{0}, {3, 4}}},                       // Attack_screen
  };
}

DatasetInfo info() {
  DatasetInfo result;
  result.map = "MoveToBeacon";
  result.agent = "test";
  result.seed = 99;
  result.step_mul = 8;
  result.feature_screen_size = kScreen;
  result.feature_minimap_size = kMinimap;
  return result;
}

// Two episodes: 3 steps, then 2 steps.
std::vector<pysc2::FunctionCall> write_dataset(const fs::path& folder) {
  DatasetWriter writer(folder, info());
  const auto calls = some_calls();
  writer.begin_episode();
  for (int step = 0; step < 3; ++step) writer.add_step(observation(step), calls[static_cast<std::size_t>(step)], 1.0f);
  writer.end_episode(3, 24);
  writer.begin_episode();
  for (int step = 3; step < 5; ++step) writer.add_step(observation(step), calls[static_cast<std::size_t>(step)], 0.5f);
  writer.end_episode(1, 16);
  writer.finish();
  return calls;
}

// The header dict of a .npy file, read byte by byte as the format describes.
struct RawHeader {
  std::string dict;
  std::size_t total = 0;
};

RawHeader raw_header(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::string start(10, '\0');
  in.read(start.data(), 10);
  REQUIRE(start.substr(0, 6) == std::string("\x93NUMPY", 6));
  REQUIRE(start[6] == 1);
  REQUIRE(start[7] == 0);
  const std::size_t length = static_cast<unsigned char>(start[8]) | (static_cast<unsigned char>(start[9]) << 8);
  RawHeader header;
  header.dict.resize(length);
  in.read(header.dict.data(), static_cast<std::streamsize>(length));
  header.total = 10 + length;
  return header;
}

void check_npy(const fs::path& path, const std::string& descr, const std::string& shape, std::size_t item) {
  CAPTURE(path.string());
  const auto header = raw_header(path);
  CHECK(header.total % 64 == 0);
  CHECK(header.dict.back() == '\n');
  CHECK(header.dict.find("'descr': '" + descr + "'") != std::string::npos);
  CHECK(header.dict.find("'fortran_order': False") != std::string::npos);
  CHECK(header.dict.find("'shape': " + shape) != std::string::npos);
  // The data is exactly the product of the shape.
  std::smatch numbers;
  std::size_t elements = 1;
  std::string rest = shape;
  const std::regex number("[0-9]+");
  while (std::regex_search(rest, numbers, number)) {
    elements *= std::stoul(numbers.str());
    rest = numbers.suffix();
  }
  CHECK(fs::file_size(path) == header.total + elements * item);
}

void expect_refused(const fs::path& folder, const std::string& part) {
  try {
    Dataset::open(folder);
    FAIL("a damaged dataset was accepted; expected an error containing: " << part);
  } catch (const DatasetError& error) {
    INFO("message: " << error.what());
    CHECK(std::string(error.what()).find(part) != std::string::npos);
  }
}

void truncate_file(const fs::path& path, std::uintmax_t remove) { fs::resize_file(path, fs::file_size(path) - remove); }

}  // namespace

TEST_CASE("dataset: the written files have the documented dtypes and shapes, and index.json describes them") {
  TempDir dir("shapes");
  write_dataset(dir.path);
  check_npy(dir.path / "feature_screen.npy", "<i4", "(5, 27, 8, 8)", 4);
  check_npy(dir.path / "feature_minimap.npy", "<i4", "(5, 11, 6, 6)", 4);
  check_npy(dir.path / "function_ids.npy", "<i4", "(5,)", 4);
  check_npy(dir.path / "arguments.npy", "<i4", "(5, 3, 2)", 4);
  check_npy(dir.path / "rewards.npy", "<f4", "(5,)", 4);
  check_npy(dir.path / "available_actions.npy", "|u1", "(5, 573)", 1);
  check_npy(dir.path / "game_loop.npy", "<i4", "(5,)", 4);

  std::ifstream in(dir.path / "index.json");
  const auto index = nlohmann::json::parse(in);
  CHECK(index.at("format") == "sc2studio-dataset");
  CHECK(index.at("format_version") == 1);
  CHECK(index.at("map") == "MoveToBeacon");
  CHECK(index.at("seed") == 99);
  CHECK(index.at("step_mul") == 8);
  CHECK(index.at("feature_screen_size") == nlohmann::json::array({8, 8}));
  CHECK(index.at("screen_layers").size() == 27);
  CHECK(index.at("steps") == 5);
  REQUIRE(index.at("episodes").size() == 2);
  CHECK(index.at("episodes").at(1).at("first_step") == 3);
  CHECK(index.at("episodes").at(1).at("steps") == 2);
  CHECK(index.at("episodes").at(0).at("score") == 3);
}

TEST_CASE("dataset: a round trip re-reads the same FunctionCalls, rewards, layers and available actions") {
  TempDir dir("roundtrip");
  const auto calls = write_dataset(dir.path);
  const auto dataset = Dataset::open(dir.path);
  CHECK(dataset.function_calls() == calls);
  CHECK(dataset.rewards() == std::vector<float>{1, 1, 1, 0.5f, 0.5f});
  CHECK(dataset.game_loops() == std::vector<std::int32_t>{0, 8, 16, 24, 32});
  CHECK(dataset.available_actions(0) == observation(0).available_actions);
  CHECK(dataset.available_actions(3) == observation(3).available_actions);
  // Step 4, screen layer 2, is the observation's layer 2.
  const auto screen = dataset.feature_screen(4);
  REQUIRE(screen.size() == static_cast<std::size_t>(27 * kScreen * kScreen));
  const auto expected = observation(4).feature_screen[2].values;
  CHECK(std::equal(expected.begin(), expected.end(), screen.begin() + 2 * kScreen * kScreen));
  CHECK(dataset.feature_minimap(1) .size() == static_cast<std::size_t>(11 * kMinimap * kMinimap));
  CHECK(dataset.index().episodes.size() == 2);
  CHECK(dataset.index().info.seed == 99);
  CHECK_THROWS_AS(dataset.feature_screen(5), DatasetError);
}

TEST_CASE("dataset: the writer refuses a non-empty folder, wrong layer sizes and calls it cannot store") {
  TempDir dir("writer");
  fs::create_directories(dir.path);
  std::ofstream(dir.path / "other.txt") << "x";
  CHECK_THROWS_AS(DatasetWriter(dir.path, info()), DatasetError);
  fs::remove_all(dir.path);

  DatasetWriter writer(dir.path, info());
  CHECK_THROWS_AS(writer.add_step(observation(0), {}, 0), DatasetError);  // outside an episode
  writer.begin_episode();
  auto small = observation(0);
  small.feature_screen[4] = layer("player_relative", 4, 0);
  CHECK_THROWS_AS(writer.add_step(small, {}, 0), DatasetError);
  CHECK_THROWS_AS(writer.add_step(observation(0), {3, {{0}, {1, 2}, {3, 4}, {5, 6}}}, 0), DatasetError);
  CHECK_THROWS_AS(writer.add_step(observation(0), {2, {{0, 1, 2}}}, 0), DatasetError);
  // Refused steps left nothing behind: the dataset stays consistent.
  writer.add_step(observation(0), {7, {{0}}}, 0);
  writer.finish();
  const auto dataset = Dataset::open(dir.path);
  CHECK(dataset.function_calls() == std::vector<pysc2::FunctionCall>{{7, {{0}}}});
}

TEST_CASE("dataset: a recording that was never finished is refused as such") {
  TempDir dir("unfinished");
  {
    DatasetWriter writer(dir.path, info());
    writer.begin_episode();
    writer.add_step(observation(0), {}, 0);
  }  // destroyed without finish(), as when a run fails
  CHECK(fs::exists(dir.path / "function_ids.npy"));
  expect_refused(dir.path, "never finished");
}

TEST_CASE("dataset: damaged folders are refused with a message naming what is wrong") {
  TempDir dir("damaged");
  SUBCASE("missing folder") { expect_refused(dir.path / "nothing", "no such folder"); }
  SUBCASE("missing index") {
    write_dataset(dir.path);
    fs::remove(dir.path / "index.json");
    expect_refused(dir.path, "index.json: missing");
  }
  SUBCASE("index not JSON") {
    write_dataset(dir.path);
    std::ofstream(dir.path / "index.json") << "{ not json";
    expect_refused(dir.path, "not valid JSON");
  }
  SUBCASE("index of another version") {
    write_dataset(dir.path);
    std::ifstream in(dir.path / "index.json");
    auto index = nlohmann::json::parse(in);
    in.close();
    index["format_version"] = 7;
    std::ofstream(dir.path / "index.json") << index.dump();
    expect_refused(dir.path, "format version 7");
  }
  SUBCASE("truncated array") {
    write_dataset(dir.path);
    truncate_file(dir.path / "feature_screen.npy", 100);
    expect_refused(dir.path, "feature_screen.npy: truncated");
  }
  SUBCASE("truncated inside the header") {
    write_dataset(dir.path);
    fs::resize_file(dir.path / "rewards.npy", 20);
    expect_refused(dir.path, "rewards.npy: truncated .npy header");
  }
  SUBCASE("not a .npy file") {
    write_dataset(dir.path);
    std::ofstream(dir.path / "function_ids.npy", std::ios::trunc) << "hello, this is not numpy";
    expect_refused(dir.path, "function_ids.npy: not a .npy file");
  }
  SUBCASE("missing array") {
    write_dataset(dir.path);
    fs::remove(dir.path / "arguments.npy");
    expect_refused(dir.path, "arguments.npy: missing");
  }
  SUBCASE("inconsistent shapes: an array with another step count than the index") {
    write_dataset(dir.path);
    NpyFileWriter rewards(dir.path / "rewards.npy", DType::float32, {});
    const float values[4] = {1, 2, 3, 4};
    rewards.append(values, 4);
    rewards.close();
    expect_refused(dir.path, "rewards.npy: shape (4,), expected (5,)");
  }
  SUBCASE("wrong dtype") {
    write_dataset(dir.path);
    NpyFileWriter functions(dir.path / "function_ids.npy", DType::float32, {});
    const float values[5] = {};
    functions.append(values, 5);
    functions.close();
    expect_refused(dir.path, "dtype '<f4', expected '<i4'");
  }
  SUBCASE("episodes that do not tile the steps") {
    write_dataset(dir.path);
    std::ifstream in(dir.path / "index.json");
    auto index = nlohmann::json::parse(in);
    in.close();
    index["episodes"][1]["first_step"] = 2;
    std::ofstream(dir.path / "index.json") << index.dump();
    expect_refused(dir.path, "episodes must tile the steps");
  }
  SUBCASE("a function id outside the table") {
    write_dataset(dir.path);
    NpyFileWriter functions(dir.path / "function_ids.npy", DType::int32, {});
    const std::int32_t values[5] = {0, 7, 331, 3, 9999};
    functions.append(values, 5);
    functions.close();
    expect_refused(dir.path, "unknown function id 9999");
  }
}

TEST_CASE("dataset: numpy alone loads the arrays with the documented shapes and values") {
  if (std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) {
    MESSAGE("skipped: /usr/bin/python3 has no numpy (apt install python3-numpy)");
    return;
  }
  TempDir dir("numpy");
  write_dataset(dir.path);
  const std::string script =
      "import json, numpy as np, sys\n"
      "d = sys.argv[1]\n"
      "i = json.load(open(d + '/index.json'))\n"
      "s = np.load(d + '/feature_screen.npy'); assert s.shape == (5, 27, 8, 8) and s.dtype == np.int32, s.shape\n"
      "m = np.load(d + '/feature_minimap.npy'); assert m.shape == (5, 11, 6, 6), m.shape\n"
      "f = np.load(d + '/function_ids.npy'); assert f.tolist() == [0, 7, 331, 3, 12], f\n"
      "a = np.load(d + '/arguments.npy'); assert a.shape == (5, 3, 2) and a[3].tolist() == [[1, -1], [0, 1], [7, 7]]\n"
      "r = np.load(d + '/rewards.npy'); assert r.dtype == np.float32 and abs(r.sum() - 4.0) < 1e-6\n"
      "v = np.load(d + '/available_actions.npy'); assert v.dtype == np.uint8 and v.shape == (5, 573) and v[1, 572] == 1\n"
      "assert i['steps'] == len(f) and sum(e['steps'] for e in i['episodes']) == 5\n";
  const auto script_path = dir.path / "check.py";
  std::ofstream(script_path) << script;
  const std::string command = "/usr/bin/python3 '" + script_path.string() + "' '" + dir.path.string() + "'";
  CHECK(std::system(command.c_str()) == 0);
}
