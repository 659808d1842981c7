#include "agents/dataset/dataset_reader.h"

#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "agents/dataset/dataset_format.h"
#include "client/pysc2/actions.h"

namespace sc2::agents::dataset {
namespace {

std::string shape_string(const std::vector<std::int64_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

struct ArraySpec {
  std::string_view file;
  DType type;
  std::vector<std::int64_t> shape;
};

// Checks one array against its expected dtype and shape, and its size on disk.
NpyHeader check_array(const std::filesystem::path& folder, const ArraySpec& spec) {
  const auto path = folder / spec.file;
  if (!std::filesystem::is_regular_file(path)) throw DatasetError(path.string() + ": missing (every dataset has it)");
  NpyHeader header = read_npy_header(path);
  if (header.descr != descr(spec.type)) {
    throw DatasetError(path.string() + ": dtype '" + header.descr + "', expected '" + std::string(descr(spec.type)) + "'");
  }
  if (header.fortran_order) throw DatasetError(path.string() + ": stored in Fortran order, expected C order");
  if (header.shape != spec.shape) {
    throw DatasetError(path.string() + ": shape " + shape_string(header.shape) + ", expected " +
                       shape_string(spec.shape) + " (from index.json)");
  }
  std::uintmax_t data_bytes = 0;
  if (__builtin_mul_overflow(static_cast<std::uintmax_t>(header.elements()), item_size(spec.type), &data_bytes)) {
    throw DatasetError(path.string() + ": the shape " + shape_string(header.shape) + " is too large");
  }
  const auto expected = header.data_offset + data_bytes;
  const auto actual = std::filesystem::file_size(path);
  if (actual < expected) {
    throw DatasetError(path.string() + ": truncated: " + std::to_string(actual) + " bytes, the shape " +
                       shape_string(header.shape) + " needs " + std::to_string(expected));
  }
  if (actual > expected) {
    throw DatasetError(path.string() + ": " + std::to_string(actual - expected) + " bytes beyond the data of shape " +
                       shape_string(header.shape));
  }
  return header;
}

template <class T>
T field(const nlohmann::json& index, const char* name, const std::filesystem::path& path) {
  if (!index.contains(name)) throw DatasetError(path.string() + ": the field '" + std::string(name) + "' is missing");
  try {
    return index.at(name).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw DatasetError(path.string() + ": the field '" + std::string(name) + "' has the wrong type (" +
                       index.at(name).dump() + ")");
  }
}

int square_size(const nlohmann::json& index, const char* name, const std::filesystem::path& path) {
  const auto size = field<std::vector<int>>(index, name, path);
  if (size.size() != 2 || size[0] <= 0 || size[0] != size[1]) {
    throw DatasetError(path.string() + ": '" + name + "' must be [width, height] of a square positive size");
  }
  return size[0];
}

DatasetIndex read_index(const std::filesystem::path& folder) {
  const auto path = folder / kIndexFile;
  if (!std::filesystem::is_directory(folder)) throw DatasetError(folder.string() + ": not a dataset folder (no such folder)");
  if (!std::filesystem::is_regular_file(path)) {
    throw DatasetError(path.string() + ": missing (not a dataset, or a recording that was never finished)");
  }
  nlohmann::json json;
  try {
    std::ifstream in(path);
    json = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {
    throw DatasetError(path.string() + ": not valid JSON (" + error.what() + ")");
  }
  if (!json.is_object()) throw DatasetError(path.string() + ": not a JSON object");
  if (field<std::string>(json, "format", path) != kFormatName) {
    throw DatasetError(path.string() + ": format '" + json["format"].get<std::string>() + "', expected '" +
                       std::string(kFormatName) + "'");
  }
  DatasetIndex index;
  index.format_version = field<int>(json, "format_version", path);
  if (index.format_version != kFormatVersion) {
    throw DatasetError(path.string() + ": format version " + std::to_string(index.format_version) +
                       " is not supported (this build reads version " + std::to_string(kFormatVersion) + ")");
  }
  index.info.map = field<std::string>(json, "map", path);
  index.info.agent = field<std::string>(json, "agent", path);
  index.info.seed = field<std::uint64_t>(json, "seed", path);
  index.info.step_mul = field<int>(json, "step_mul", path);
  index.info.feature_screen_size = square_size(json, "feature_screen_size", path);
  index.info.feature_minimap_size = square_size(json, "feature_minimap_size", path);
  index.screen_layers = field<std::vector<std::string>>(json, "screen_layers", path);
  index.minimap_layers = field<std::vector<std::string>>(json, "minimap_layers", path);
  if (index.screen_layers.empty() || index.minimap_layers.empty()) {
    throw DatasetError(path.string() + ": the layer name lists must not be empty");
  }
  if (field<int>(json, "function_count", path) != pysc2::kFunctionCount ||
      field<int>(json, "max_arguments", path) != kMaxArguments) {
    throw DatasetError(path.string() + ": function_count / max_arguments differ from this build's (" +
                       std::to_string(pysc2::kFunctionCount) + " / " + std::to_string(kMaxArguments) + ")");
  }
  index.steps = field<std::int64_t>(json, "steps", path);
  if (index.steps < 0) throw DatasetError(path.string() + ": negative step count");

  const auto episodes = field<nlohmann::json>(json, "episodes", path);
  if (!episodes.is_array()) throw DatasetError(path.string() + ": 'episodes' is not a list");
  std::int64_t next_step = 0;
  for (const auto& item : episodes) {
    if (!item.is_object()) throw DatasetError(path.string() + ": an entry of 'episodes' is not an object");
    RecordedEpisode episode;
    episode.episode = field<int>(item, "episode", path);
    episode.score = field<double>(item, "score", path);
    episode.first_step = field<std::int64_t>(item, "first_step", path);
    episode.steps = field<std::int64_t>(item, "steps", path);
    episode.game_loops = field<std::int64_t>(item, "game_loops", path);
    // next_step <= index.steps holds, so checking steps against what is left cannot overflow.
    if (episode.first_step != next_step || episode.steps < 0 || episode.steps > index.steps - next_step) {
      throw DatasetError(path.string() + ": episode " + std::to_string(episode.episode) + " covers " +
                         std::to_string(episode.steps) + " steps from step " + std::to_string(episode.first_step) +
                         ", but the next free step is " + std::to_string(next_step) + " of " +
                         std::to_string(index.steps) + " (episodes must tile the steps in order)");
    }
    next_step += episode.steps;
    index.episodes.push_back(episode);
  }
  if (next_step != index.steps) {
    throw DatasetError(path.string() + ": the episodes cover " + std::to_string(next_step) + " steps, 'steps' says " +
                       std::to_string(index.steps));
  }
  return index;
}

std::vector<char> read_all(const std::filesystem::path& path, const NpyHeader& header, std::size_t item) {
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(header.data_offset));
  std::vector<char> bytes(static_cast<std::size_t>(header.elements()) * item);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    throw DatasetError(path.string() + ": cannot read the data");
  }
  return bytes;
}

template <class T>
std::vector<T> as_vector(const std::vector<char>& bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

}  // namespace

Dataset Dataset::open(const std::filesystem::path& folder) {
  Dataset dataset;
  dataset.folder_ = folder;
  dataset.index_ = read_index(folder);
  const auto& index = dataset.index_;
  const std::int64_t steps = index.steps;
  const std::int64_t screen = index.info.feature_screen_size, minimap = index.info.feature_minimap_size;
  const std::vector<ArraySpec> arrays = {
      {kScreenFile, DType::int32, {steps, static_cast<std::int64_t>(index.screen_layers.size()), screen, screen}},
      {kMinimapFile, DType::int32, {steps, static_cast<std::int64_t>(index.minimap_layers.size()), minimap, minimap}},
      {kFunctionFile, DType::int32, {steps}},
      {kArgumentFile, DType::int32, {steps, kMaxArguments, kArgumentValues}},
      {kRewardFile, DType::float32, {steps}},
      {kAvailableFile, DType::uint8, {steps, pysc2::kFunctionCount}},
      {kGameLoopFile, DType::int32, {steps}},
  };
  std::map<std::string_view, NpyHeader> headers;
  for (const auto& spec : arrays) headers[spec.file] = check_array(folder, spec);

  const auto functions = as_vector<std::int32_t>(read_all(folder / kFunctionFile, headers[kFunctionFile], 4));
  const auto arguments = as_vector<std::int32_t>(read_all(folder / kArgumentFile, headers[kArgumentFile], 4));
  dataset.calls_.reserve(functions.size());
  for (std::size_t step = 0; step < functions.size(); ++step) {
    const auto where = (folder / kFunctionFile).string() + ": step " + std::to_string(step) + ": ";
    const pysc2::FunctionSpec* function = pysc2::find_function(functions[step]);
    if (function == nullptr) throw DatasetError(where + "unknown function id " + std::to_string(functions[step]));
    pysc2::FunctionCall call{function->id, {}};
    const std::int32_t* values = &arguments[step * kMaxArguments * kArgumentValues];
    for (int a = 0; a < kMaxArguments; ++a) {
      const std::int32_t* slot = values + a * kArgumentValues;
      const bool used = a < static_cast<int>(function->args.size());
      if (!used) {
        if (slot[0] != kUnusedArgument || slot[1] != kUnusedArgument) {
          throw DatasetError(where + std::string(function->name) + " takes " + std::to_string(function->args.size()) +
                             " arguments, but arguments.npy has a value in slot " + std::to_string(a));
        }
        continue;
      }
      const bool point = pysc2::argument_type(function->args[static_cast<std::size_t>(a)]).is_point;
      if (point) {
        call.arguments.push_back({slot[0], slot[1]});
      } else {
        if (slot[1] != kUnusedArgument) {
          throw DatasetError(where + std::string(function->name) + " argument " + std::to_string(a) +
                             " is not a point but has a second value");
        }
        call.arguments.push_back({slot[0]});
      }
    }
    dataset.calls_.push_back(std::move(call));
  }
  return dataset;
}

std::vector<char> Dataset::read_rows(std::string_view file, std::int64_t first, std::int64_t count) const {
  const auto path = folder_ / file;
  const NpyHeader header = read_npy_header(path);
  if (header.shape.empty() || first < 0 || first + count > header.shape[0]) {
    throw DatasetError(path.string() + ": rows [" + std::to_string(first) + ", " + std::to_string(first + count) +
                       ") are outside the " + std::to_string(header.shape.empty() ? 0 : header.shape[0]) + " steps");
  }
  std::int64_t row_elements = 1;
  for (std::size_t i = 1; i < header.shape.size(); ++i) row_elements *= header.shape[i];
  const std::size_t item = header.descr == "|u1" ? 1 : 4;
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(header.data_offset + static_cast<std::size_t>(first * row_elements) * item));
  std::vector<char> bytes(static_cast<std::size_t>(count * row_elements) * item);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    throw DatasetError(path.string() + ": cannot read rows (file changed since open?)");
  }
  return bytes;
}

std::vector<float> Dataset::rewards() const { return as_vector<float>(read_rows(kRewardFile, 0, index_.steps)); }

std::vector<std::int32_t> Dataset::game_loops() const {
  return as_vector<std::int32_t>(read_rows(kGameLoopFile, 0, index_.steps));
}

std::vector<int> Dataset::available_actions(std::int64_t step) const {
  const auto mask = read_rows(kAvailableFile, step, 1);
  std::vector<int> ids;
  for (std::size_t id = 0; id < mask.size(); ++id)
    if (mask[id] != 0) ids.push_back(static_cast<int>(id));
  return ids;
}

std::vector<std::int32_t> Dataset::feature_screen(std::int64_t step) const {
  return as_vector<std::int32_t>(read_rows(kScreenFile, step, 1));
}

std::vector<std::int32_t> Dataset::feature_minimap(std::int64_t step) const {
  return as_vector<std::int32_t>(read_rows(kMinimapFile, step, 1));
}

}  // namespace sc2::agents::dataset
