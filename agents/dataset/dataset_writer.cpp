#include "agents/dataset/dataset_writer.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "agents/atomic_file.h"
#include "agents/dataset/dataset_format.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"

namespace sc2::agents::dataset {
namespace {

std::filesystem::path file_in(const std::filesystem::path& folder, std::string_view name) { return folder / name; }

std::vector<std::string> layer_names(const std::vector<pysc2::LayerSpec>& specs) {
  std::vector<std::string> names;
  for (const auto& spec : specs) names.emplace_back(spec.name);
  return names;
}

// Throws unless `layers` are `count` layers of size x size (PySC2 order is the observation's).
void check_layers(const std::vector<pysc2::Layer>& layers, std::size_t count, int size, const char* key) {
  if (layers.size() != count) {
    throw DatasetError(std::string("cannot record a step: the observation has ") + std::to_string(layers.size()) +
                       " " + key + " layers, the dataset needs " + std::to_string(count));
  }
  for (const auto& layer : layers) {
    if (layer.width != size || layer.height != size || layer.values.size() != static_cast<std::size_t>(size) * size) {
      throw DatasetError(std::string("cannot record a step: ") + key + " layer '" + layer.name + "' is " +
                         std::to_string(layer.width) + "x" + std::to_string(layer.height) + ", the dataset records " +
                         std::to_string(size) + "x" + std::to_string(size));
    }
  }
}

// Appends checked layers as one row of (count, size, size) int32.
void append_layers(const std::vector<pysc2::Layer>& layers, std::vector<std::int32_t>& row, NpyFileWriter& file) {
  row.clear();
  for (const auto& layer : layers) row.insert(row.end(), layer.values.begin(), layer.values.end());
  file.append(row.data(), 1);
}

}  // namespace

DatasetWriter::DatasetWriter(std::filesystem::path folder, DatasetInfo info)
    : folder_(std::move(folder)), info_(std::move(info)) {
  if (info_.feature_screen_size <= 0 || info_.feature_minimap_size <= 0) {
    throw DatasetError("dataset " + folder_.string() + ": the feature layer sizes must be positive");
  }
  std::error_code error;
  if (std::filesystem::exists(folder_, error)) {
    if (!std::filesystem::is_directory(folder_, error)) {
      throw DatasetError("dataset " + folder_.string() + ": exists and is not a folder");
    }
    if (!std::filesystem::is_empty(folder_, error)) {
      throw DatasetError("dataset " + folder_.string() + ": the folder is not empty (record into a new or empty folder)");
    }
  } else if (!std::filesystem::create_directories(folder_, error) || error) {
    throw DatasetError("dataset " + folder_.string() + ": cannot create the folder (" + error.message() + ")");
  }
  const auto screen = static_cast<std::int64_t>(info_.feature_screen_size);
  const auto minimap = static_cast<std::int64_t>(info_.feature_minimap_size);
  const auto screen_count = static_cast<std::int64_t>(pysc2::screen_layers().size());
  const auto minimap_count = static_cast<std::int64_t>(pysc2::minimap_layers().size());
  screen_ = std::make_unique<NpyFileWriter>(file_in(folder_, kScreenFile), DType::int32,
                                            std::vector<std::int64_t>{screen_count, screen, screen});
  minimap_ = std::make_unique<NpyFileWriter>(file_in(folder_, kMinimapFile), DType::int32,
                                             std::vector<std::int64_t>{minimap_count, minimap, minimap});
  functions_ = std::make_unique<NpyFileWriter>(file_in(folder_, kFunctionFile), DType::int32, std::vector<std::int64_t>{});
  arguments_ = std::make_unique<NpyFileWriter>(file_in(folder_, kArgumentFile), DType::int32,
                                               std::vector<std::int64_t>{kMaxArguments, kArgumentValues});
  rewards_ = std::make_unique<NpyFileWriter>(file_in(folder_, kRewardFile), DType::float32, std::vector<std::int64_t>{});
  available_ = std::make_unique<NpyFileWriter>(file_in(folder_, kAvailableFile), DType::uint8,
                                               std::vector<std::int64_t>{pysc2::kFunctionCount});
  game_loops_ = std::make_unique<NpyFileWriter>(file_in(folder_, kGameLoopFile), DType::int32, std::vector<std::int64_t>{});
}

DatasetWriter::~DatasetWriter() = default;  // each NpyFileWriter closes itself

void DatasetWriter::begin_episode() {
  if (finished_) throw DatasetError("dataset " + folder_.string() + ": begin_episode after finish");
  if (open_episode_) end_episode(open_reward_sum_, 0);
  RecordedEpisode episode;
  episode.episode = static_cast<int>(episodes_.size()) + 1;
  episode.first_step = steps_;
  open_episode_ = episode;
  open_reward_sum_ = 0;
}

void DatasetWriter::add_step(const pysc2::Observation& seen, const pysc2::FunctionCall& call, float reward) {
  if (finished_ || !open_episode_) throw DatasetError("dataset " + folder_.string() + ": add_step outside an episode");
  // Check everything before writing anything, so a refused step leaves the arrays aligned.
  if (call.arguments.size() > static_cast<std::size_t>(kMaxArguments)) {
    throw DatasetError("cannot record " + pysc2::to_string(call) + ": more than " + std::to_string(kMaxArguments) +
                       " arguments");
  }
  std::array<std::int32_t, kMaxArguments * kArgumentValues> arguments;
  arguments.fill(kUnusedArgument);
  for (std::size_t a = 0; a < call.arguments.size(); ++a) {
    const auto& values = call.arguments[a];
    if (values.empty() || values.size() > static_cast<std::size_t>(kArgumentValues)) {
      throw DatasetError("cannot record " + pysc2::to_string(call) + ": argument " + std::to_string(a) + " has " +
                         std::to_string(values.size()) + " values (1 or 2 expected)");
    }
    for (std::size_t v = 0; v < values.size(); ++v) arguments[a * kArgumentValues + v] = values[v];
  }
  std::array<std::uint8_t, pysc2::kFunctionCount> available{};
  for (const int id : seen.available_actions) {
    if (id < 0 || id >= pysc2::kFunctionCount) {
      throw DatasetError("cannot record a step: available_actions holds the unknown function id " + std::to_string(id));
    }
    available[static_cast<std::size_t>(id)] = 1;
  }
  check_layers(seen.feature_screen, pysc2::screen_layers().size(), info_.feature_screen_size, "screen");
  check_layers(seen.feature_minimap, pysc2::minimap_layers().size(), info_.feature_minimap_size, "minimap");

  append_layers(seen.feature_screen, row_, *screen_);
  append_layers(seen.feature_minimap, row_, *minimap_);
  const std::int32_t function = call.function;
  functions_->append(&function, 1);
  arguments_->append(arguments.data(), 1);
  rewards_->append(&reward, 1);
  available_->append(available.data(), 1);
  const auto loop = static_cast<std::int32_t>(std::min<std::uint32_t>(seen.game_loop, std::numeric_limits<std::int32_t>::max()));
  game_loops_->append(&loop, 1);
  ++steps_;
  ++open_episode_->steps;
  open_reward_sum_ += reward;
}

void DatasetWriter::end_episode(double score, std::int64_t game_loops) {
  if (!open_episode_) throw DatasetError("dataset " + folder_.string() + ": end_episode without begin_episode");
  open_episode_->score = score;
  open_episode_->game_loops = game_loops;
  episodes_.push_back(*open_episode_);
  open_episode_.reset();
}

void DatasetWriter::finish() {
  if (finished_) return;
  finished_ = true;
  if (open_episode_) end_episode(open_reward_sum_, 0);
  for (auto* file : {screen_.get(), minimap_.get(), functions_.get(), arguments_.get(), rewards_.get(),
                     available_.get(), game_loops_.get()}) {
    file->close();
  }
  nlohmann::json episodes = nlohmann::json::array();
  for (const auto& episode : episodes_) {
    episodes.push_back({{"episode", episode.episode},
                        {"score", episode.score},
                        {"first_step", episode.first_step},
                        {"steps", episode.steps},
                        {"game_loops", episode.game_loops}});
  }
  const nlohmann::json index = {
      {"format", kFormatName},
      {"format_version", kFormatVersion},
      {"map", info_.map},
      {"agent", info_.agent},
      {"seed", info_.seed},
      {"step_mul", info_.step_mul},
      {"feature_screen_size", {info_.feature_screen_size, info_.feature_screen_size}},
      {"feature_minimap_size", {info_.feature_minimap_size, info_.feature_minimap_size}},
      {"screen_layers", layer_names(pysc2::screen_layers())},
      {"minimap_layers", layer_names(pysc2::minimap_layers())},
      {"function_count", pysc2::kFunctionCount},
      {"max_arguments", kMaxArguments},
      {"steps", steps_},
      {"episodes", episodes},
      {"files",
       {{"feature_screen", kScreenFile},
        {"feature_minimap", kMinimapFile},
        {"function_ids", kFunctionFile},
        {"arguments", kArgumentFile},
        {"rewards", kRewardFile},
        {"available_actions", kAvailableFile},
        {"game_loop", kGameLoopFile}}}};
  // index.json marks the recording complete: it appears whole or not at all.
  const auto path = file_in(folder_, kIndexFile);
  try {
    write_file_atomically(path, index.dump(2) + "\n");
  } catch (const std::runtime_error& error) {
    throw DatasetError(std::string(error.what()) + " (the recording stays unfinished)");
  }
}

}  // namespace sc2::agents::dataset
