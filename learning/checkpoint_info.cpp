#include "learning/checkpoint_info.h"

#include <chrono>
#include <ctime>

namespace sc2::learning {

namespace {

constexpr const char* kFormat = "sc2studio-checkpoint";
constexpr int kVersion = 1;

template <typename T>
T field(const nlohmann::json& json, const char* key) {
  if (!json.contains(key)) throw CheckpointError(std::string("checkpoint metadata: missing '") + key + "'");
  try {
    return json.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw CheckpointError(std::string("checkpoint metadata: '") + key + "' has the wrong type");
  }
}

std::string resolution(int screen, int minimap) {
  std::string text = std::to_string(screen) + "x" + std::to_string(screen);
  if (minimap != screen) text += " (minimap " + std::to_string(minimap) + "x" + std::to_string(minimap) + ")";
  return text;
}

}  // namespace

nlohmann::json to_json(const CheckpointInfo& info) {
  nlohmann::json json = {{"format", kFormat},         {"version", kVersion},          {"network", to_json(info.spec)},
                         {"map", info.map},           {"steps", info.steps},          {"episodes", info.episodes},
                         {"mean_score", info.mean_score}, {"created", info.created}};
  if (!info.demonstrations.empty()) json["demonstrations"] = info.demonstrations;
  if (info.step_mul > 0) json["step_mul"] = info.step_mul;
  return json;
}

CheckpointInfo checkpoint_info_from_json(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("format") || json.at("format") != kFormat) {
    throw CheckpointError("not an SC2 Studio checkpoint (its metadata has no format \"" + std::string(kFormat) + "\")");
  }
  const int version = field<int>(json, "version");
  if (version < 1 || version > kVersion) {
    throw CheckpointError("checkpoint format version " + std::to_string(version) + " is not one this program reads (" +
                          std::to_string(kVersion) + ")");
  }
  CheckpointInfo info;
  if (!json.contains("network")) throw CheckpointError("checkpoint metadata: missing 'network'");
  try {
    info.spec = network_spec_from_json(json.at("network"));
  } catch (const std::invalid_argument& error) {
    throw CheckpointError(std::string("checkpoint metadata: ") + error.what());
  }
  info.map = field<std::string>(json, "map");
  info.steps = field<std::int64_t>(json, "steps");
  info.episodes = field<std::int64_t>(json, "episodes");
  info.mean_score = field<double>(json, "mean_score");
  info.created = field<std::string>(json, "created");
  if (json.contains("demonstrations")) info.demonstrations = field<std::string>(json, "demonstrations");
  if (json.contains("step_mul")) {
    info.step_mul = field<int>(json, "step_mul");
    if (info.step_mul < 1) throw CheckpointError("checkpoint metadata: 'step_mul' must be at least 1");
  }
  return info;
}

void check_checkpoint_fits(const CheckpointInfo& info, std::string_view map, int screen, int minimap) {
  if (info.map == map && info.spec.screen_size == screen && info.spec.minimap_size == minimap) return;
  throw CheckpointError("checkpoint is for " + info.map + " at " +
                        resolution(info.spec.screen_size, info.spec.minimap_size) + ", this game is " +
                        std::string(map) + " at " + resolution(screen, minimap));
}

std::string utc_timestamp_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace sc2::learning
