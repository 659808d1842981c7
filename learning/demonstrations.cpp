#include "learning/demonstrations.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>
#include <stdexcept>

#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"

namespace sc2::learning {

namespace {

void check_names(const std::vector<std::string>& names, const std::vector<pysc2::LayerSpec>& specs, const char* what) {
  bool same = names.size() == specs.size();
  for (std::size_t i = 0; same && i < names.size(); ++i) same = names[i] == specs[i].name;
  if (!same) {
    throw std::invalid_argument(std::string("the dataset's ") + what + " layers are not PySC2's " +
                                std::to_string(specs.size()) + " in PySC2's order (it has " +
                                std::to_string(names.size()) + "): the networks cannot read them");
  }
}

std::vector<pysc2::Layer> layers_of(const std::vector<std::int32_t>& values, const std::vector<pysc2::LayerSpec>& specs,
                                    int size) {
  const std::size_t pixels = static_cast<std::size_t>(size) * size;
  std::vector<pysc2::Layer> layers;
  layers.reserve(specs.size());
  for (std::size_t l = 0; l < specs.size(); ++l) {
    pysc2::Layer layer;
    layer.name = std::string(specs[l].name);
    layer.kind = specs[l].kind;
    layer.scale = specs[l].scale;
    layer.width = layer.height = size;
    layer.values.assign(values.begin() + static_cast<std::ptrdiff_t>(l * pixels),
                        values.begin() + static_cast<std::ptrdiff_t>((l + 1) * pixels));
    layer.sent = true;
    layers.push_back(std::move(layer));
  }
  return layers;
}

std::string percent(const TopKCount& count, bool top5) {
  if (count.rows == 0) return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%", 100.0 * (top5 ? count.top5_rate() : count.top1_rate()));
  return text;
}

}  // namespace

void check_dataset_layers(const agents::dataset::DatasetIndex& index) {
  check_names(index.screen_layers, pysc2::screen_layers(), "screen");
  check_names(index.minimap_layers, pysc2::minimap_layers(), "minimap");
}

pysc2::Observation dataset_observation(const agents::dataset::Dataset& dataset, std::int64_t step) {
  const auto& info = dataset.index().info;
  pysc2::Observation observation;
  observation.feature_screen = layers_of(dataset.feature_screen(step), pysc2::screen_layers(), info.feature_screen_size);
  observation.feature_minimap =
      layers_of(dataset.feature_minimap(step), pysc2::minimap_layers(), info.feature_minimap_size);
  observation.available_actions = dataset.available_actions(step);
  return observation;
}

ActionChoice recorded_choice(const pysc2::FunctionCall& call, int screen_size, int minimap_size) {
  const pysc2::FunctionSpec* spec = pysc2::find_function(call.function);
  if (spec == nullptr) throw std::invalid_argument("unknown function id " + std::to_string(call.function));
  if (call.arguments.size() != spec->args.size()) {
    throw std::invalid_argument(std::string(spec->name) + " takes " + std::to_string(spec->args.size()) +
                                " arguments, the call has " + std::to_string(call.arguments.size()));
  }
  ActionChoice choice;
  choice.function = call.function;
  for (std::size_t a = 0; a < spec->args.size(); ++a) {
    const int type = spec->args[a];
    const auto& values = call.arguments[a];
    if (pysc2::argument_type(type).is_point) {
      const int size = type == pysc2::arg::minimap ? minimap_size : screen_size;
      if (values.size() != 2 || values[0] < 0 || values[1] < 0 || values[0] >= size || values[1] >= size) {
        throw std::invalid_argument(std::string(spec->name) + ": a point off the " + std::to_string(size) + "x" +
                                    std::to_string(size) + " layers");
      }
      choice.arguments[static_cast<std::size_t>(type)] = values[1] * size + values[0];
    } else {
      if (values.size() != 1 || values[0] < 0 || values[0] >= pysc2::argument_type(type).size) {
        throw std::invalid_argument(std::string(spec->name) + ": argument " +
                                    std::string(pysc2::argument_type(type).name) + " out of range");
      }
      choice.arguments[static_cast<std::size_t>(type)] = values[0];
    }
  }
  return choice;
}

std::vector<float> episode_returns(const std::vector<float>& rewards,
                                   const std::vector<agents::dataset::RecordedEpisode>& episodes, float discount) {
  std::vector<float> returns(rewards.size(), 0.0f);
  std::int64_t next = 0;
  for (const auto& episode : episodes) {
    if (episode.first_step != next || episode.steps < 0 ||
        episode.first_step + episode.steps > static_cast<std::int64_t>(rewards.size())) {
      throw std::invalid_argument("the episodes do not tile the dataset's rewards");
    }
    double following = 0;
    for (std::int64_t row = episode.first_step + episode.steps - 1; row >= episode.first_step; --row) {
      following = rewards[static_cast<std::size_t>(row)] + discount * following;
      returns[static_cast<std::size_t>(row)] = static_cast<float>(following);
    }
    next += episode.steps;
  }
  if (next != static_cast<std::int64_t>(rewards.size())) {
    throw std::invalid_argument("the episodes do not tile the dataset's rewards");
  }
  return returns;
}

DemonstrationSplit split_demonstrations(const std::vector<agents::dataset::RecordedEpisode>& episodes, double holdout,
                                        std::uint64_t seed) {
  if (!(holdout > 0 && holdout < 1)) throw std::invalid_argument("--holdout must be between 0 and 1 (exclusive)");
  std::int64_t rows = 0;
  for (const auto& episode : episodes) rows += episode.steps;
  if (rows == 0) throw std::invalid_argument("the dataset has no steps to learn from");
  DemonstrationSplit split;
  if (episodes.size() == 1) {
    if (rows < 2) throw std::invalid_argument("a dataset of one episode needs at least two steps to hold one out");
    const auto held = std::clamp<std::int64_t>(std::llround(holdout * static_cast<double>(rows)), 1, rows - 1);
    split.by_rows = true;
    split.held_out_episodes = {episodes[0].episode};
    for (std::int64_t row = 0; row < rows; ++row) (row < rows - held ? split.training : split.held_out).push_back(row);
    return split;
  }
  const auto count = static_cast<std::int64_t>(episodes.size());
  const auto held = std::clamp<std::int64_t>(std::llround(holdout * static_cast<double>(count)), 1, count - 1);
  std::vector<std::size_t> order(episodes.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937_64 random(seed);
  std::shuffle(order.begin(), order.end(), random);
  std::vector<bool> is_held(episodes.size(), false);
  for (std::int64_t i = 0; i < held; ++i) is_held[order[static_cast<std::size_t>(i)]] = true;
  for (std::size_t e = 0; e < episodes.size(); ++e) {
    if (is_held[e]) split.held_out_episodes.push_back(episodes[e].episode);
    auto& rows_of = is_held[e] ? split.held_out : split.training;
    for (std::int64_t row = 0; row < episodes[e].steps; ++row) rows_of.push_back(episodes[e].first_step + row);
  }
  return split;
}

int rank_of(const float* scores, int count, int target) {
  if (target < 0 || target >= count) throw std::out_of_range("rank_of: target outside the scores");
  const float score = scores[target];
  int rank = 0;
  for (int i = 0; i < count; ++i) {
    if (scores[i] > score || (scores[i] == score && i < target)) ++rank;
  }
  return rank;
}

void TopKCount::add(int rank) {
  ++rows;
  if (rank < 1) ++top1;
  if (rank < 5) ++top5;
}

std::string accuracy_table(const std::vector<LabelledAccuracy>& rows) {
  std::string text;
  char line[160];
  std::snprintf(line, sizeof line, "%-22s %-16s %-16s %-16s\n", "", "action", "screen", "minimap");
  text += line;
  std::snprintf(line, sizeof line, "%-22s %-7s %-8s %-7s %-8s %-7s %-8s\n", "", "top-1", "top-5", "top-1", "top-5",
                "top-1", "top-5");
  text += line;
  for (const auto& row : rows) {
    const auto& a = row.accuracy;
    std::snprintf(line, sizeof line, "%-22s %-7s %-8s %-7s %-8s %-7s %-8s\n", row.label.c_str(),
                  percent(a.action, false).c_str(), percent(a.action, true).c_str(), percent(a.screen, false).c_str(),
                  percent(a.screen, true).c_str(), percent(a.minimap, false).c_str(),
                  percent(a.minimap, true).c_str());
    text += line;
  }
  if (!rows.empty()) {
    const auto& a = rows.front().accuracy;
    std::snprintf(line, sizeof line, "(held-out rows: %lld; with a screen argument %lld, with a minimap argument %lld)\n",
                  static_cast<long long>(a.action.rows), static_cast<long long>(a.screen.rows),
                  static_cast<long long>(a.minimap.rows));
    text += line;
  }
  return text;
}

std::string accuracy_csv_header() {
  return "epoch,updates,wall_seconds,training_loss,value_loss,action_top1,action_top5,screen_top1,screen_top5,"
         "minimap_top1,minimap_top5,held_out_rows,screen_rows,minimap_rows\n";
}

std::string accuracy_csv_row(const AccuracyCsvRow& row) {
  const auto& a = row.accuracy;
  char line[400];
  std::snprintf(line, sizeof line, "%.2f,%lld,%.3f,%.6g,%.6g,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%lld,%lld,%lld\n", row.epoch,
                static_cast<long long>(row.updates), row.wall_seconds, row.training_loss, row.value_loss,
                a.action.top1_rate(), a.action.top5_rate(), a.screen.top1_rate(), a.screen.top5_rate(),
                a.minimap.top1_rate(), a.minimap.top5_rate(), static_cast<long long>(a.action.rows),
                static_cast<long long>(a.screen.rows), static_cast<long long>(a.minimap.rows));
  return line;
}

}  // namespace sc2::learning
