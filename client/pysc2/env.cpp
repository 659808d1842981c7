// Env: PySC2's SC2Env request sequence over a Controller (pysc2-env-protocol.md §5, §6).
#include "client/pysc2/env.h"

#include <limits>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "client/local_map_file.h"
#include "client/map_paths.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"

namespace sc2::pysc2 {
namespace {

// A stub observation (loop 2^32-1) only carries the episode end; PySC2 keeps the last
// full observation and takes the new actions and player_result from the stub.
constexpr std::uint32_t kStubGameLoop = std::numeric_limits<std::uint32_t>::max();

void check_options(const EnvOptions& options) {
  auto require = [](bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("Env options: " + what);
  };
  require(options.feature_screen_size > 0, "feature_screen_size must be positive");
  require(options.feature_minimap_size > 0, "feature_minimap_size must be positive");
  require(options.feature_screen_height >= 0, "feature_screen_height must not be negative (0 = square)");
  require(options.feature_minimap_height >= 0, "feature_minimap_height must not be negative (0 = square)");
  require(options.camera_width > 0.0f, "camera_width must be positive");
  require(options.rgb_screen_width >= 0 && options.rgb_screen_height >= 0 && options.rgb_minimap_size >= 0,
          "RGB sizes must not be negative (0 = no RGB)");
  require((options.rgb_screen_width > 0) == (options.rgb_minimap_size > 0),
          "rgb_screen_width and rgb_minimap_size go together: set both for RGB, neither without");
  require(options.rgb_screen_height == 0 || options.rgb_screen_width > 0, "rgb_screen_height needs rgb_screen_width");
  require(options.step_mul >= 1, "step_mul must be at least 1");
  require(!options.map.empty(), "map must not be empty");
  require(!(options.multiplayer && options.computer),
          "multiplayer (agent against agent) and computer (against the built-in AI) exclude each other");
  require(!options.multiplayer || options.multiplayer->game_port != 0,
          "multiplayer needs a game_port (both players' joins name it)");
}

int screen_height(const EnvOptions& options) {
  return options.feature_screen_height > 0 ? options.feature_screen_height : options.feature_screen_size;
}
int minimap_height(const EnvOptions& options) {
  return options.feature_minimap_height > 0 ? options.feature_minimap_height : options.feature_minimap_size;
}

bool wants_rgb(const EnvOptions& options) { return options.rgb_screen_width > 0; }
int rgb_screen_height(const EnvOptions& options) {
  return options.rgb_screen_height > 0 ? options.rgb_screen_height : options.rgb_screen_width;
}

std::string describe_setup(const EnvOptions& options) {
  std::ostringstream out;
  out << "screen " << options.feature_screen_size << "x" << screen_height(options) << ", minimap "
      << options.feature_minimap_size << "x" << minimap_height(options) << ", camera width " << options.camera_width;
  return out.str();
}

// PySC2 raises when the game does not echo the feature setup it was asked for.
void check_echoed_setup(const SC2APIProtocol::ResponseGameInfo& info, const EnvOptions& options) {
  const auto& echoed = info.options().feature_layer();
  const bool matches = info.options().has_feature_layer() &&
                       echoed.resolution().x() == options.feature_screen_size &&
                       echoed.resolution().y() == screen_height(options) &&
                       echoed.minimap_resolution().x() == options.feature_minimap_size &&
                       echoed.minimap_resolution().y() == minimap_height(options) &&
                       echoed.width() == options.camera_width;
  if (matches) return;
  std::ostringstream out;
  out << "the game's feature layer setup doesn't match the one requested: asked for "
      << describe_setup(options)
      << "; game_info echoes ";
  if (!info.options().has_feature_layer()) {
    out << "no feature_layer";
  } else {
    out << "screen " << echoed.resolution().x() << "x" << echoed.resolution().y() << ", minimap "
        << echoed.minimap_resolution().x() << "x" << echoed.minimap_resolution().y() << ", camera width "
        << echoed.width();
  }
  throw std::runtime_error(out.str());
}

// PySC2 raises too when it asked for RGB and the echoed render resolutions differ.
void check_echoed_rgb(const SC2APIProtocol::ResponseGameInfo& info, const EnvOptions& options) {
  if (!wants_rgb(options)) return;
  const auto& echoed = info.options().render();
  const bool matches = info.options().has_render() && echoed.resolution().x() == options.rgb_screen_width &&
                       echoed.resolution().y() == rgb_screen_height(options) &&
                       echoed.minimap_resolution().x() == options.rgb_minimap_size &&
                       echoed.minimap_resolution().y() == options.rgb_minimap_size;
  if (matches) return;
  std::ostringstream out;
  out << "the game's RGB (render) setup doesn't match the one requested: asked for screen "
      << options.rgb_screen_width << "x" << rgb_screen_height(options) << ", minimap " << options.rgb_minimap_size
      << "x" << options.rgb_minimap_size << "; game_info echoes ";
  if (!info.options().has_render()) {
    out << "no render";
  } else {
    out << "screen " << echoed.resolution().x() << "x" << echoed.resolution().y() << ", minimap "
        << echoed.minimap_resolution().x() << "x" << echoed.minimap_resolution().y();
  }
  throw std::runtime_error(out.str());
}

// This player's result as PySC2's outcome: 1 victory, -1 defeat, 0 tie or undecided; the only
// entry when the game lists one player.
std::optional<int> outcome_of(const SC2APIProtocol::ResponseObservation& response, std::uint32_t player_id) {
  for (const auto& r : response.player_result()) {
    if (r.player_id() != player_id && response.player_result_size() > 1) continue;
    if (r.result() == SC2APIProtocol::Victory) return 1;
    if (r.result() == SC2APIProtocol::Defeat) return -1;
    return 0;
  }
  return std::nullopt;
}

}  // namespace

// Keeps one TimeStep that was let go (more would only hold memory: a step needs one).
struct Env::Recycler {
  std::mutex mutex;
  std::unique_ptr<TimeStep> spare;

  void give(TimeStep* step) {
    std::unique_ptr<TimeStep> owned(step);
    std::lock_guard lock(mutex);
    if (!spare) spare = std::move(owned);
  }
  std::unique_ptr<TimeStep> take() {
    std::lock_guard lock(mutex);
    return std::move(spare);
  }
};

Env::Env(Controller& controller, EnvOptions options)
    : controller_(controller), options_(std::move(options)), recycler_(std::make_shared<Recycler>()) {
  check_options(options_);
  // A map file on this computer goes to the game as bytes (client/local_map_file.h).
  if (options_.map_data.empty()) {
    if (auto file = read_local_map_file(options_.map)) {
      options_.map_data = std::move(file->bytes);
      sent_map_path_ = std::move(file->map_path);
    }
  }
  if (sent_map_path_.empty()) sent_map_path_ = map_path_for(options_.map);
}

void Env::start_game() {
  if (options_.multiplayer && !options_.multiplayer->creates_game) {
    if (options_.multiplayer->rendezvous) options_.multiplayer->rendezvous->wait_created();
  } else {
    create_game();
  }
  join_game();
  game_info_ = controller_.game_info();
  check_echoed_setup(game_info_, options_);
  check_echoed_rgb(game_info_, options_);
  game_view_ = to_game_view(game_info_);  // once per game: every observation shares it
  game_created_ = true;
}

void Env::create_game() {
  SC2APIProtocol::RequestCreateGame create;
  auto* map = create.mutable_local_map();
  map->set_map_path(sent_map_path_);
  if (!options_.map_data.empty()) map->set_map_data(options_.map_data);
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  if (options_.multiplayer) create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  if (options_.computer) {
    auto* bot = create.add_player_setup();
    bot->set_type(SC2APIProtocol::Computer);
    bot->set_race(SC2APIProtocol::Terran);
    bot->set_difficulty(options_.computer->difficulty);
    bot->set_ai_build(options_.computer->build);
  }
  create.set_disable_fog(options_.disable_fog);
  create.set_realtime(false);
  if (options_.seed) create.set_random_seed(*options_.seed);
  controller_.create_game(create);
  if (options_.multiplayer && options_.multiplayer->rendezvous) options_.multiplayer->rendezvous->created();
}

void Env::join_game() {
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  auto* interface = join.mutable_options();
  interface->set_raw(options_.raw);
  interface->set_score(true);
  // Unset unless asked for: agents act through feature actions, whose selection raw commands
  // must not change.
  if (options_.raw_affects_selection) interface->set_raw_affects_selection(true);
  auto* feature = interface->mutable_feature_layer();
  feature->set_width(options_.camera_width);
  feature->mutable_resolution()->set_x(options_.feature_screen_size);
  feature->mutable_resolution()->set_y(screen_height(options_));
  feature->mutable_minimap_resolution()->set_x(options_.feature_minimap_size);
  feature->mutable_minimap_resolution()->set_y(minimap_height(options_));
  feature->set_crop_to_playable_area(options_.crop_to_playable_area);
  feature->set_allow_cheating_layers(options_.allow_cheating_layers);
  if (wants_rgb(options_)) {  // as PySC2: resolutions only, the game's RGB camera width stays its own
    auto* render = interface->mutable_render();
    render->mutable_resolution()->set_x(options_.rgb_screen_width);
    render->mutable_resolution()->set_y(rgb_screen_height(options_));
    render->mutable_minimap_resolution()->set_x(options_.rgb_minimap_size);
    render->mutable_minimap_resolution()->set_y(options_.rgb_minimap_size);
  }
  if (options_.multiplayer) {
    const std::uint16_t port = options_.multiplayer->game_port;
    join.mutable_server_ports()->set_game_port(port);
    join.mutable_server_ports()->set_base_port(port + 1);
    auto* client = join.add_client_ports();
    client->set_game_port(port + 2);
    client->set_base_port(port + 3);
  }
  controller_.join_game(join);
}

std::shared_ptr<const TimeStep> Env::reset() {
  if (!game_created_ || options_.multiplayer) {
    start_game();
  } else {
    controller_.restart_game();
  }
  ++episode_;
  episode_steps_ = 0;
  return observe(StepType::first, 0);
}

std::shared_ptr<const TimeStep> Env::step(const std::vector<FunctionCall>& calls) { return step(calls, {}); }

std::shared_ptr<const TimeStep> Env::step(const std::vector<FunctionCall>& calls, const std::vector<RawCommand>& raw) {
  if (!raw.empty() && !options_.raw) {
    throw std::invalid_argument("raw commands need the raw interface (EnvOptions.raw)");
  }
  if (episode_ == 0) throw std::logic_error("Env::step() called before reset()");
  if (last_ && last_->last()) {
    throw std::logic_error("Env::step() called after the episode ended; call reset() first");
  }

  const ActionSpace space = action_space();
  const std::vector<int>* available =
      options_.ensure_available_actions ? &last_->observation.available_actions : nullptr;
  SC2APIProtocol::RequestAction request;
  for (const FunctionCall& call : calls) {
    validate(call, space, available);  // every call before anything is sent
    *request.add_actions() = to_proto(call);
  }
  for (const RawCommand& command : raw) *request.add_actions() = to_action(command);
  // Action, step and observation in one round trip (the game answers in order); the step is
  // not an error when the action left the game ended, as PySC2 skips it then.
  const auto step_mul = static_cast<std::uint32_t>(options_.step_mul);
  const std::uint32_t target_loop = game_loop_ + step_mul;
  Controller::StepReplies replies =
      controller_.act_step_observe(request, step_mul, target_loop, std::move(spare_response_));
  ++episode_steps_;
  return to_time_step(StepType::mid, target_loop, std::move(replies.observation));
}

std::shared_ptr<const TimeStep> Env::observe(StepType type, std::uint32_t target_loop) {
  return to_time_step(type, target_loop, controller_.observe(target_loop));
}

std::shared_ptr<const TimeStep> Env::to_time_step(StepType type, std::uint32_t target_loop,
                                                  SC2APIProtocol::ResponseObservation response) {
  const bool ended = response.player_result_size() > 0;
  const SC2APIProtocol::ResponseObservation* previous = last_ ? last_->observation.shared_proto.get() : nullptr;
  if (response.observation().game_loop() == kStubGameLoop && ended && type != StepType::first && previous) {
    SC2APIProtocol::ResponseObservation merged = *previous;
    *merged.mutable_actions() = response.actions();
    *merged.mutable_action_errors() = response.action_errors();
    *merged.mutable_player_result() = response.player_result();
    response = std::move(merged);
  }
  const std::uint32_t loop = response.observation().game_loop();
  if (type != StepType::first && !ended && loop < target_loop) {
    throw std::runtime_error("the game didn't advance to the expected game loop: expected " +
                             std::to_string(target_loop) + ", got " + std::to_string(loop));
  }

  // Decoded once; the TimeStep is shared by the caller and last() (and holds the response for
  // the stub merge): never copied. It is decoded into the arrays of one nobody holds any more,
  // and goes back to the recycler when the last holder lets it go.
  // Not const: once spent, Env parses the next response into it (below).
  std::shared_ptr<const SC2APIProtocol::ResponseObservation> shared_response =
      std::make_shared<SC2APIProtocol::ResponseObservation>(std::move(response));
  std::unique_ptr<TimeStep> recycled = recycler_->take();
  std::shared_ptr<TimeStep> step(new TimeStep, [recycler = recycler_](TimeStep* done) { recycler->give(done); });
  if (recycled) {
    step->observation = to_observation(std::move(shared_response), observation_spec(), game_view_,
                                       std::move(recycled->observation));
    // Its response was compared against and is spent; nobody else shares it when the count is
    // 1 (this TimeStep was the last holder). Env made it, not const (above).
    auto& spent = recycled->observation.shared_proto;
    if (spent && spent.use_count() == 1) {
      spare_response_ = std::move(const_cast<SC2APIProtocol::ResponseObservation&>(*spent));
    }
  } else {
    step->observation = to_observation(std::move(shared_response), observation_spec(), game_view_);
  }
  if (type == StepType::first) {
    step->step_type = StepType::first;
    step->reward = 0.0f;
    step->discount = 0.0f;  // PySC2: FIRST steps have discount 0
  } else {
    step->step_type = ended ? StepType::last : StepType::mid;
    // As PySC2's SC2Env, which counts the episode's loops only after the reward: the first
    // step after the first observation (loop 0) rewards 0 too, whatever the score did.
    step->reward = game_loop_ == 0 ? 0.0f : static_cast<float>(step->observation.score - last_score_);
    step->discount = ended ? 0.0f : 1.0f;
  }
  if (ended) {
    step->outcome = outcome_of(*step->observation.shared_proto, static_cast<std::uint32_t>(step->observation.player[0]));
  }
  if (options_.computer || options_.multiplayer) step->reward = static_cast<float>(step->outcome.value_or(0));  // PySC2's Melee: the outcome
  last_score_ = step->observation.score;
  game_loop_ = loop;
  last_ = step;
  return step;
}

void Env::set_step_mul(int step_mul) {
  if (step_mul < 1) throw std::invalid_argument("step_mul must be at least 1, got " + std::to_string(step_mul));
  options_.step_mul = step_mul;
}

ObservationSpec Env::observation_spec() const {
  ObservationSpec spec;
  spec.screen_width = options_.feature_screen_size;
  spec.screen_height = screen_height(options_);
  spec.minimap_width = options_.feature_minimap_size;
  spec.minimap_height = minimap_height(options_);
  spec.hide_specific_actions = options_.hide_specific_actions;
  spec.map_name = options_.map;  // PySC2's map_name is the map's name, as the Env was asked for it
  spec.camera_width = options_.camera_width;
  return spec;
}

ActionSpace Env::action_space() const {
  return ActionSpace{options_.feature_screen_size, screen_height(options_), options_.feature_minimap_size,
                     minimap_height(options_)};
}

}  // namespace sc2::pysc2
