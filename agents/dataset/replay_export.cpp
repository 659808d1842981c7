#include "agents/dataset/replay_export.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <limits>
#include <stdexcept>

#include "agents/dataset/dataset_writer.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"

namespace sc2::agents::dataset {

namespace {

constexpr std::uint32_t kStubGameLoop = std::numeric_limits<std::uint32_t>::max();

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open the replay " + file.string());
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.empty()) throw std::runtime_error("the replay " + file.string() + " is empty");
  return bytes;
}

SC2APIProtocol::InterfaceOptions interface_for(const ReplayExportOptions& options) {
  SC2APIProtocol::InterfaceOptions interface;
  interface.set_raw(true);
  interface.set_score(true);
  auto* feature = interface.mutable_feature_layer();
  feature->set_width(24.0f);
  feature->mutable_resolution()->set_x(options.feature_screen_size);
  feature->mutable_resolution()->set_y(options.feature_screen_size);
  feature->mutable_minimap_resolution()->set_x(options.feature_minimap_size);
  feature->mutable_minimap_resolution()->set_y(options.feature_minimap_size);
  return interface;
}

}  // namespace

ReplayExportSummary export_replay(Controller& controller, const ReplayExportOptions& options) {
  if (options.step_mul < 1) throw std::runtime_error("step_mul must be at least 1");
  const std::string bytes = read_file(options.replay);
  const std::string what = "the replay " + options.replay.string();

  SC2APIProtocol::ResponseReplayInfo info;
  try {
    SC2APIProtocol::Request request;
    request.mutable_replay_info()->set_replay_data(bytes);
    info = controller.call(request).replay_info();
    request.Clear();
    auto* start = request.mutable_start_replay();
    start->set_replay_data(bytes);
    *start->mutable_options() = interface_for(options);
    start->set_observed_player_id(1);
    controller.call(request);
  } catch (const ControllerError& error) {
    throw std::runtime_error("the game refused " + what + ": " + error.what());
  }
  // Decoded once for the whole replay: every observation shares it.
  const std::shared_ptr<const pysc2::GameView> game_view = pysc2::to_game_view(controller.game_info());

  pysc2::ObservationSpec spec;
  spec.screen_width = spec.screen_height = options.feature_screen_size;
  spec.minimap_width = spec.minimap_height = options.feature_minimap_size;
  spec.map_name = info.map_name();
  DatasetInfo dataset_info;
  dataset_info.map = info.map_name();
  dataset_info.agent = "replay:" + options.replay.filename().string();
  dataset_info.step_mul = options.step_mul;
  dataset_info.feature_screen_size = options.feature_screen_size;
  dataset_info.feature_minimap_size = options.feature_minimap_size;
  DatasetWriter writer(options.folder, dataset_info);

  ReplayExportSummary summary;
  summary.map = info.map_name();
  summary.game_loops = info.game_duration_loops();
  SC2APIProtocol::ResponseObservation previous = controller.observe();
  pysc2::Observation seen = pysc2::to_observation(previous, spec, game_view);
  const std::uint32_t first_loop = seen.game_loop;
  writer.begin_episode();
  while (controller.status() != SC2APIProtocol::ended && previous.player_result_size() == 0) {
    std::uint32_t count = static_cast<std::uint32_t>(options.step_mul);
    if (summary.game_loops > seen.game_loop) count = std::min(count, summary.game_loops - seen.game_loop);
    controller.step(count);
    SC2APIProtocol::ResponseObservation response = controller.observe();
    if (response.observation().game_loop() == kStubGameLoop) {  // only the end: keep the last frame
      SC2APIProtocol::ResponseObservation merged = previous;
      *merged.mutable_actions() = response.actions();
      *merged.mutable_player_result() = response.player_result();
      response = std::move(merged);
    }
    pysc2::Observation next = pysc2::to_observation(response, spec, game_view);
    if (next.game_loop <= seen.game_loop && response.player_result_size() == 0) {
      throw std::runtime_error(what + ": the playback did not advance past game loop " + std::to_string(seen.game_loop));
    }
    pysc2::FunctionCall call{pysc2::fn::no_op, {}};
    for (const pysc2::FunctionCall& made : next.last_actions) {
      if (made.function == pysc2::fn::no_op) continue;
      if (call.function == pysc2::fn::no_op) {
        call = made;
      } else {
        ++summary.dropped_calls;
      }
    }
    if (call.function != pysc2::fn::no_op) ++summary.calls;
    const float reward = static_cast<float>(next.score - seen.score);
    writer.add_step(seen, call, reward);
    summary.score += reward;
    ++summary.steps;
    previous = std::move(response);
    seen = std::move(next);
  }
  writer.end_episode(summary.score, static_cast<std::int64_t>(seen.game_loop) - first_loop);
  writer.finish();
  return summary;
}

}  // namespace sc2::agents::dataset
