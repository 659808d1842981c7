#include "learning/network_spec.h"

#include <cmath>
#include <stdexcept>

namespace sc2::learning {

namespace {

constexpr int kAtariMinimumSize = 20;  // conv 8x8 stride 4 then 4x4 stride 2 leave 1x1 at 20

int positive(const nlohmann::json& json, const char* key) {
  if (!json.contains(key) || !json.at(key).is_number_integer()) {
    throw std::invalid_argument(std::string("network spec: missing or non-integer '") + key + "'");
  }
  return json.at(key).get<int>();
}

}  // namespace

void validate(const NetworkSpec& spec) {
  auto require_positive = [](int value, const char* name) {
    if (value < 1) throw std::invalid_argument(std::string(name) + " must be at least 1, got " + std::to_string(value));
  };
  require_positive(spec.screen_size, "screen size");
  require_positive(spec.minimap_size, "minimap size");
  require_positive(spec.screen_embedding, "screen embedding channels");
  require_positive(spec.minimap_embedding, "minimap embedding channels");
  require_positive(spec.non_spatial_units, "non-spatial units");
  require_positive(spec.hidden_units, "hidden units");
  require_positive(spec.lstm_channels, "LSTM channels");
  if (spec.pooled_size < 0) throw std::invalid_argument("pooled size must be 0 (no pooling) or more");
  if (!std::isfinite(spec.unit_prior)) throw std::invalid_argument("the unit prior must be a finite number");
  if (spec.architecture == Architecture::atari && spec.unit_prior != 0) {
    throw std::invalid_argument("atari has no spatial heads for a unit prior (use 0)");
  }
  if (spec.architecture == Architecture::atari) {
    if (spec.screen_size < kAtariMinimumSize || spec.minimap_size < kAtariMinimumSize) {
      throw std::invalid_argument("atari needs screen and minimap sizes of at least " +
                                  std::to_string(kAtariMinimumSize) + " (got " + std::to_string(spec.screen_size) +
                                  " and " + std::to_string(spec.minimap_size) + ")");
    }
  } else if (spec.screen_size != spec.minimap_size) {
    throw std::invalid_argument(std::string(architecture_name(spec.architecture)) +
                                " needs equal screen and minimap sizes (got " + std::to_string(spec.screen_size) +
                                " and " + std::to_string(spec.minimap_size) + ")");
  } else if (spec.pooled_size > spec.screen_size) {
    throw std::invalid_argument("pooled size " + std::to_string(spec.pooled_size) + " is larger than the screen size " +
                                std::to_string(spec.screen_size));
  }
}

nlohmann::json to_json(const NetworkSpec& spec) {
  return {{"architecture", std::string(architecture_name(spec.architecture))},
          {"screen_size", spec.screen_size},
          {"minimap_size", spec.minimap_size},
          {"screen_embedding", spec.screen_embedding},
          {"minimap_embedding", spec.minimap_embedding},
          {"non_spatial_units", spec.non_spatial_units},
          {"hidden_units", spec.hidden_units},
          {"pooled_size", spec.pooled_size},
          {"lstm_channels", spec.lstm_channels},
          {"unit_prior", spec.unit_prior},
          {"unit_prior_own", spec.unit_prior_own}};
}

NetworkSpec network_spec_from_json(const nlohmann::json& json) {
  if (!json.is_object()) throw std::invalid_argument("network spec: not a JSON object");
  if (!json.contains("architecture") || !json.at("architecture").is_string()) {
    throw std::invalid_argument("network spec: missing 'architecture'");
  }
  NetworkSpec spec;
  spec.architecture = parse_architecture(json.at("architecture").get<std::string>());
  spec.screen_size = positive(json, "screen_size");
  spec.minimap_size = positive(json, "minimap_size");
  spec.screen_embedding = positive(json, "screen_embedding");
  spec.minimap_embedding = positive(json, "minimap_embedding");
  spec.non_spatial_units = positive(json, "non_spatial_units");
  spec.hidden_units = positive(json, "hidden_units");
  spec.pooled_size = positive(json, "pooled_size");
  spec.lstm_channels = positive(json, "lstm_channels");
  if (json.contains("unit_prior")) {  // checkpoints older than the prior have none: 0
    if (!json.at("unit_prior").is_number()) throw std::invalid_argument("network spec: non-numeric 'unit_prior'");
    spec.unit_prior = json.at("unit_prior").get<double>();
  }
  if (json.contains("unit_prior_own")) {  // checkpoints older than the choice covered own units
    if (!json.at("unit_prior_own").is_boolean()) throw std::invalid_argument("network spec: 'unit_prior_own' is not true or false");
    spec.unit_prior_own = json.at("unit_prior_own").get<bool>();
  }
  validate(spec);
  return spec;
}

}  // namespace sc2::learning
