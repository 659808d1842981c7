// Env against a scripted in-process game (a RequestChannel answering from a script):
// request sequence, reward, episode end and validation before sending.
#include <doctest/doctest.h>

#include <algorithm>
#include <deque>
#include <optional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "client/controller.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/env.h"
#include "client/pysc2/features.h"

using namespace sc2::pysc2;
using SC2APIProtocol::Request;
using SC2APIProtocol::Response;

namespace {

// A tiny game: the score follows a script per step, the episode ends at end_loop.
struct ScriptedGame {
  std::vector<Request> requests;          // everything the client sent, in order
  std::vector<std::int32_t> scores;       // score after step 1, 2, ... (last value repeats)
  std::uint32_t end_loop = 1000;          // player_result from this game loop on
  int echoed_screen = 0;                  // when non-zero, game_info echoes this screen size
  bool stall = false;                     // step does not advance the game loop
  bool stub_end = false;                  // the episode end comes as a stub observation
  SC2APIProtocol::InterfaceOptions joined;
  std::uint32_t loop = 0;
  std::size_t steps = 0;

  std::int32_t score() const {
    if (steps == 0 || scores.empty()) return 0;
    return scores[std::min(steps, scores.size()) - 1];
  }

  Response answer(const Request& request) {
    requests.push_back(request);
    Response response;
    response.set_id(request.id());
    response.set_status(SC2APIProtocol::in_game);
    switch (request.request_case()) {
      case Request::kCreateGame:
        response.mutable_create_game();
        response.set_status(SC2APIProtocol::init_game);
        break;
      case Request::kJoinGame:
        joined = request.join_game().options();
        response.mutable_join_game()->set_player_id(1);
        break;
      case Request::kGameInfo: {
        auto* info = response.mutable_game_info();
        *info->mutable_options() = joined;
        if (echoed_screen) {
          info->mutable_options()->mutable_feature_layer()->mutable_resolution()->set_x(echoed_screen);
          info->mutable_options()->mutable_feature_layer()->mutable_resolution()->set_y(echoed_screen);
        }
        auto* player = info->add_player_info();
        player->set_player_id(1);
        player->set_type(SC2APIProtocol::Participant);
        break;
      }
      case Request::kRestartGame:
        response.mutable_restart_game();
        loop = 0;
        steps = 0;
        break;
      case Request::kAction:
        for (int i = 0; i < request.action().actions_size(); ++i) {
          response.mutable_action()->add_result(SC2APIProtocol::Success);
        }
        break;
      case Request::kStep:
        if (!stall) loop += request.step().count();
        ++steps;
        response.mutable_step()->set_simulation_loop(loop);
        break;
      case Request::kObservation: {
        auto* observation = response.mutable_observation()->mutable_observation();
        observation->set_game_loop(loop);
        observation->mutable_player_common()->set_player_id(1);
        observation->mutable_player_common()->set_army_count(1);
        observation->mutable_score()->set_score_type(SC2APIProtocol::Score::Curriculum);
        observation->mutable_score()->set_score(score());
        auto* move = observation->add_abilities();  // a selected Marine can move
        move->set_ability_id(16);
        move->set_requires_point(true);
        if (loop >= end_loop && stub_end) {
          response.mutable_observation()->clear_observation();
          response.mutable_observation()->mutable_observation()->set_game_loop(0xffffffffu);
        }
        if (loop >= end_loop) {
          auto* result = response.mutable_observation()->add_player_result();
          result->set_player_id(1);
          result->set_result(SC2APIProtocol::Victory);
          response.set_status(SC2APIProtocol::ended);
        }
        break;
      }
      default:
        response.add_error("scripted game: unexpected request");
        break;
    }
    return response;
  }

  std::vector<Request::RequestCase> cases() const {
    std::vector<Request::RequestCase> result;
    for (const Request& request : requests) result.push_back(request.request_case());
    return result;
  }
};

class ScriptedChannel final : public sc2::RequestChannel {
 public:
  explicit ScriptedChannel(ScriptedGame& game) : game_(game) {}
  std::vector<std::string> log;  // "send" / "receive", in order
  void send(std::string_view bytes, std::chrono::milliseconds) override {
    log.push_back("send");
    Request request;
    if (!request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      throw std::runtime_error("scripted channel: unparsable request");
    }
    pending_.push_back(game_.answer(request).SerializeAsString());
  }
  std::string receive(std::chrono::milliseconds) override {
    log.push_back("receive");
    if (pending_.empty()) throw std::runtime_error("scripted channel: nothing to receive");
    std::string bytes = std::move(pending_.front());
    pending_.pop_front();
    return bytes;
  }
  void close() noexcept override {}

 private:
  ScriptedGame& game_;
  std::deque<std::string> pending_;
};

struct Fixture {
  ScriptedGame game;
  std::unique_ptr<ScriptedChannel> owned_channel = std::make_unique<ScriptedChannel>(game);
  ScriptedChannel& channel = *owned_channel;
  sc2::Controller controller{std::move(owned_channel)};
};

// Options naming a map (EnvOptions has no default map); the scripted game takes any.
EnvOptions test_options() {
  EnvOptions options;
  options.map = "MoveToBeacon";
  return options;
}

FunctionCall move_screen(int x, int y) {
  return FunctionCall{find_function("Move_screen")->id, {{0}, {x, y}}};
}

}  // namespace

TEST_CASE("Env::reset performs create_game, join_game, game_info and observation") {
  Fixture f;
  EnvOptions options = test_options();
  options.seed = 1234;
  options.map_data = "MAPBYTES";
  Env env(f.controller, options);
  const TimeStep first = *env.reset();

  using R = Request;
  CHECK(f.game.cases() == std::vector<R::RequestCase>{R::kCreateGame, R::kJoinGame, R::kGameInfo, R::kObservation});
  const auto& create = f.game.requests[0].create_game();
  CHECK(create.local_map().map_path() == "mini_games/MoveToBeacon.SC2Map");
  CHECK(create.local_map().map_data() == "MAPBYTES");
  REQUIRE(create.player_setup_size() == 1);
  CHECK(create.player_setup(0).type() == SC2APIProtocol::Participant);
  CHECK(create.has_realtime());
  CHECK_FALSE(create.realtime());
  CHECK(create.random_seed() == 1234);
  const auto& join = f.game.requests[1].join_game();
  CHECK(join.race() == SC2APIProtocol::Terran);
  CHECK(join.options().raw());
  CHECK(join.options().score());
  CHECK(join.options().feature_layer().width() == 24.0f);
  CHECK(join.options().feature_layer().resolution().x() == 64);
  CHECK(join.options().feature_layer().resolution().y() == 64);
  CHECK(join.options().feature_layer().minimap_resolution().x() == 64);
  CHECK_FALSE(join.options().raw_affects_selection());
  CHECK(f.game.requests[3].observation().game_loop() == 0);

  CHECK(first.first());
  CHECK(first.reward == 0.0f);
  CHECK(first.discount == 0.0f);
  CHECK(first.observation.available_actions == std::vector<int>{0, 1, 2, 3, 4, 7, 331, 332});
  CHECK(first.observation.feature_screen.size() == 27);
  CHECK(env.episode() == 1);
  CHECK(env.game_info().player_info_size() == 1);
}

TEST_CASE("Env::reset without a seed leaves random_seed unset") {
  Fixture f;
  Env env(f.controller, test_options());
  env.reset();
  CHECK_FALSE(f.game.requests[0].create_game().has_random_seed());
  CHECK_FALSE(f.game.requests[0].create_game().disable_fog());
}

TEST_CASE("Env with disable_fog asks the game to create it without fog of war") {
  Fixture f;
  EnvOptions options = test_options();
  options.disable_fog = true;
  Env env(f.controller, options);
  env.reset();
  CHECK(f.game.requests[0].create_game().disable_fog());
}

TEST_CASE("Env::step sends one Action per call, steps step_mul and rewards the score delta") {
  Fixture f;
  f.game.scores = {3, 3, 10};
  EnvOptions options = test_options();
  options.step_mul = 8;
  Env env(f.controller, options);
  env.reset();
  f.game.requests.clear();

  f.channel.log.clear();
  const TimeStep one = *env.step({move_screen(10, 20), FunctionCall{}});
  using R = Request;
  CHECK(f.game.cases() == std::vector<R::RequestCase>{R::kAction, R::kStep, R::kObservation});
  // One round trip: all three go out before the first reply is read.
  CHECK(f.channel.log == std::vector<std::string>{"send", "send", "send", "receive", "receive", "receive"});
  const auto& action = f.game.requests[0].action();
  REQUIRE(action.actions_size() == 2);
  CHECK(action.actions(0).action_feature_layer().unit_command().ability_id() == 3794);
  CHECK(action.actions(1).ByteSizeLong() == 0);  // no_op is an empty Action
  CHECK(f.game.requests[1].step().count() == 8);
  CHECK(f.game.requests[2].observation().game_loop() == 8);
  CHECK(one.step_type == StepType::mid);
  // PySC2's SC2Env: the first step from loop 0 rewards 0 whatever the score did (a map whose
  // score starts at 50 and drops to 0, as CollectMineralsAndGas's file, costs nothing).
  CHECK(one.reward == 0.0f);
  CHECK(one.discount == 1.0f);
  CHECK(env.game_loop() == 8);

  CHECK(env.step(FunctionCall{})->reward == 0.0f);
  CHECK(env.step(FunctionCall{})->reward == 7.0f);  // the score delta from here on
  CHECK(env.episode_steps() == 3);
  CHECK(env.game_loop() == 24);
}

TEST_CASE("Env::step sends raw commands after the calls, asks for raw_affects_selection when told, and refuses raw without raw") {
  Fixture f;
  EnvOptions options = test_options();
  options.raw_affects_selection = true;
  Env env(f.controller, options);
  env.reset();
  CHECK(f.game.requests[1].join_game().options().raw_affects_selection());
  f.game.requests.clear();
  const sc2::pysc2::RawCommand select{0, false, {42}, std::nullopt, std::nullopt};
  env.step({move_screen(1, 2)}, {select});
  const auto& action = f.game.requests[0].action();
  REQUIRE(action.actions_size() == 2);
  CHECK(action.actions(0).has_action_feature_layer());
  CHECK(action.actions(1).action_raw().unit_command().unit_tags(0) == 42u);

  Fixture g;
  EnvOptions no_raw = test_options();
  no_raw.raw = false;
  Env feature_only(g.controller, no_raw);
  feature_only.reset();
  const auto sent_before = g.game.requests.size();
  CHECK_THROWS_AS(feature_only.step({}, {select}), std::invalid_argument);
  CHECK(g.game.requests.size() == sent_before);  // nothing sent
}

TEST_CASE("Env::set_step_mul takes effect on the next step, and below 1 is refused") {
  Fixture f;
  f.game.scores = {0, 0, 0};
  EnvOptions options = test_options();
  options.step_mul = 8;
  Env env(f.controller, options);
  env.reset();
  env.set_step_mul(3);
  f.game.requests.clear();
  env.step(FunctionCall{});
  REQUIRE(f.game.requests.size() == 3);
  CHECK(f.game.requests[1].step().count() == 3);
  CHECK(f.game.requests[2].observation().game_loop() == 3);
  CHECK(env.game_loop() == 3);
  CHECK_THROWS_AS(env.set_step_mul(0), std::invalid_argument);
  CHECK(env.options().step_mul == 3);  // unchanged by the refused value
}

TEST_CASE("Env: player_result ends the episode with discount 0, stepping on throws, reset restarts") {
  Fixture f;
  f.game.end_loop = 16;
  f.game.scores = {1, 2};
  Env env(f.controller, test_options());
  env.reset();
  CHECK(env.step(FunctionCall{})->step_type == StepType::mid);
  const TimeStep last = *env.step(FunctionCall{});
  CHECK(last.last());
  CHECK(last.discount == 0.0f);
  CHECK(last.reward == 1.0f);

  const std::size_t sent = f.game.requests.size();
  CHECK_THROWS_AS(env.step(FunctionCall{}), std::logic_error);
  CHECK(f.game.requests.size() == sent);

  const TimeStep again = *env.reset();
  using R = Request;
  CHECK(f.game.requests[sent].request_case() == R::kRestartGame);
  CHECK(f.game.requests[sent + 1].request_case() == R::kObservation);
  CHECK(f.game.requests.size() == sent + 2);
  CHECK(again.first());
  CHECK(again.reward == 0.0f);
  CHECK(env.episode() == 2);
  CHECK(env.episode_steps() == 0);
  CHECK(env.step(FunctionCall{})->reward == 0.0f);  // an episode's first step rewards 0 (PySC2)
  CHECK(env.step(FunctionCall{})->reward == 1.0f);  // then the change of a score restarted at 0
}

TEST_CASE("Env: a stub end observation keeps the last full observation") {
  Fixture f;
  f.game.end_loop = 16;
  f.game.stub_end = true;
  f.game.scores = {4, 9};
  Env env(f.controller, test_options());
  env.reset();
  const TimeStep mid = *env.step(FunctionCall{});
  const TimeStep last = *env.step(FunctionCall{});
  CHECK(last.last());
  CHECK(last.observation.game_loop == 8);  // the previous full observation's
  CHECK(last.observation.score == 4);
  CHECK(last.reward == 0.0f);
  CHECK(observation_proto(last.observation).player_result_size() == 1);
  CHECK(last.observation.available_actions == mid.observation.available_actions);
}

// Env::last() is the TimeStep reset()/step() returned, the same object: nothing is decoded
// again or copied to keep it.
TEST_CASE("Env::last() is the last returned TimeStep itself, through a stub end, and decodes nothing") {
  Fixture f;
  f.game.end_loop = 16;
  f.game.stub_end = true;
  f.game.scores = {4, 9};
  Env env(f.controller, test_options());
  CHECK(env.last() == nullptr);  // nothing observed yet
  const std::uint64_t decodes = observation_decodes();
  const std::shared_ptr<const TimeStep> first = env.reset();
  CHECK(env.last() == first);
  const std::shared_ptr<const TimeStep> mid = env.step(FunctionCall{});
  CHECK(env.last() == mid);
  CHECK(first->first());  // the first one is unchanged by the step
  CHECK(first->observation.game_loop == 0);
  CHECK(mid->observation.game_loop == 8);
  const std::shared_ptr<const TimeStep> last = env.step(FunctionCall{});
  REQUIRE(last->last());
  CHECK(env.last() == last);
  CHECK(env.last()->observation.game_loop == 8);  // the stub end kept mid's observation
  CHECK(observation_proto(env.last()->observation).player_result_size() == 1);
  for (int i = 0; i < 3; ++i) CHECK(env.last()->observation.score == 4);
  CHECK(observation_decodes() == decodes + 3);  // one per observation, none for last()
}

TEST_CASE("Env decodes each observation once and the game info once per game, shared by every observation") {
  Fixture f;
  f.game.end_loop = 24;
  Env env(f.controller, test_options());
  CHECK(env.game_view() == nullptr);
  const std::uint64_t decodes = observation_decodes();
  const std::uint64_t views = game_view_decodes();
  const auto first = env.reset();
  CHECK(game_view_decodes() == views + 1);
  REQUIRE(env.game_view() != nullptr);
  CHECK(first->observation.game_view == env.game_view());
  std::shared_ptr<const TimeStep> step = first;
  int steps = 0;
  while (!step->last()) {
    step = env.step(FunctionCall{});
    ++steps;
    CHECK(step->observation.game_view == env.game_view());
  }
  CHECK(steps == 3);
  const auto again = env.reset();  // restart_game: the same game, its view kept
  CHECK(again->observation.game_view == env.game_view());
  CHECK(game_view_decodes() == views + 1);
  CHECK(observation_decodes() == decodes + 1 + steps + 1);
}

TEST_CASE("Env::step throws when the game does not advance by step_mul") {
  Fixture f;
  f.game.stall = true;
  Env env(f.controller, test_options());
  env.reset();
  try {
    env.step(FunctionCall{});
    FAIL("expected std::runtime_error");
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()).find("expected 8, got 0") != std::string::npos);
  }
}

TEST_CASE("Env::step before reset throws") {
  Fixture f;
  Env env(f.controller, test_options());
  CHECK_THROWS_AS(env.step(FunctionCall{}), std::logic_error);
  CHECK(f.game.requests.empty());
}

TEST_CASE("Env::reset throws when game_info echoes another resolution") {
  Fixture f;
  f.game.echoed_screen = 84;
  Env env(f.controller, test_options());
  try {
    env.reset();
    FAIL("expected std::runtime_error");
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    CHECK(message.find("64x64") != std::string::npos);
    CHECK(message.find("84x84") != std::string::npos);
  }
}

TEST_CASE("Env rejects invalid calls before anything is sent") {
  Fixture f;
  Env env(f.controller, test_options());
  env.reset();
  const std::size_t sent = f.game.requests.size();
  CHECK_THROWS_AS(env.step(FunctionCall{9999, {}}), std::invalid_argument);
  CHECK_THROWS_AS(env.step(move_screen(64, 0)), std::invalid_argument);
  // Attack_screen is not available (only Move was listed); the first, valid call is not sent either.
  CHECK_THROWS_AS(env.step({move_screen(1, 1), FunctionCall{12, {{0}, {1, 1}}}}), std::invalid_argument);
  CHECK(f.game.requests.size() == sent);
  CHECK_FALSE(env.last()->last());
}

TEST_CASE("Env sends a map path as it is and a bare name under mini_games/") {
  Fixture f;
  EnvOptions options = test_options();
  options.map = "Ladder/Some Map LE.SC2Map";  // a real game's map, as its available_maps lists it
  Env(f.controller, options).reset();
  CHECK(f.game.requests[0].create_game().local_map().map_path() == "Ladder/Some Map LE.SC2Map");
}

TEST_CASE("Env with ensure_available_actions off still validates shapes") {
  Fixture f;
  EnvOptions options = test_options();
  options.ensure_available_actions = false;
  Env env(f.controller, options);
  env.reset();
  CHECK_NOTHROW(env.step(FunctionCall{12, {{0}, {1, 1}}}));  // Attack_screen, not listed
  CHECK_THROWS_AS(env.step(FunctionCall{12, {{0}}}), std::invalid_argument);
}

TEST_CASE("Env options are checked") {
  Fixture f;
  EnvOptions options = test_options();
  options.step_mul = 0;
  CHECK_THROWS_AS(Env(f.controller, options), std::invalid_argument);
  // No default map: a caller that names none is told so.
  CHECK_THROWS_WITH_AS(Env(f.controller, EnvOptions{}), doctest::Contains("map must not be empty"),
                       std::invalid_argument);
  options = test_options();
  options.feature_screen_size = 0;
  CHECK_THROWS_AS(Env(f.controller, options), std::invalid_argument);
}

// ---------------------------------------------------------------------------------------
// Env against our real engine (sc2::engine::GameServer), in-process through handle_bytes.

#include "engine/server/game_server.h"
#include "tests/client/engine_channel.h"

namespace {

using sc2::test::EngineChannel;

bool offered(const Observation& observation, int function) {
  const auto& ids = observation.available_actions;
  return std::find(ids.begin(), ids.end(), function) != ids.end();
}

// Centre of the pixels with `value` in a layer, if any.
std::optional<std::vector<int>> centre_of(const Layer& layer, int value) {
  long sum_x = 0, sum_y = 0, count = 0;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      sum_x += x;
      sum_y += y;
      ++count;
    }
  }
  if (count == 0) return std::nullopt;
  return std::vector<int>{static_cast<int>(sum_x / count), static_cast<int>(sum_y / count)};
}

}  // namespace

TEST_CASE("Env plays MoveToBeacon against the in-process engine, reward = score delta") {
  sc2::Controller controller(std::make_unique<EngineChannel>());
  EnvOptions options = test_options();
  options.seed = 7;
  Env env(controller, options);
  TimeStep step = *env.reset();
  REQUIRE(step.first());
  const Layer* relative = step.observation.screen("player_relative");
  REQUIRE(relative);
  CHECK(centre_of(*relative, 1).has_value());  // our Marine
  CHECK(centre_of(*relative, 3).has_value());  // the beacon (neutral)
  CHECK(offered(step.observation, fn::select_army));

  std::int64_t previous_score = step.observation.score;
  float total_reward = 0.0f;
  const int move_screen = find_function("Move_screen")->id;
  for (int i = 0; i < 120 && !step.last() && step.observation.score == 0; ++i) {
    FunctionCall call;
    const auto beacon = centre_of(*step.observation.screen("player_relative"), 3);
    if (offered(step.observation, move_screen) && beacon) {
      call = FunctionCall{move_screen, {{0}, *beacon}};
    } else if (offered(step.observation, fn::select_army)) {
      call = FunctionCall{fn::select_army, {{0}}};
    }
    const std::uint32_t loop_before = env.game_loop();
    step = *env.step(call);
    CHECK(step.reward == static_cast<float>(step.observation.score - previous_score));
    CHECK(env.game_loop() == loop_before + static_cast<std::uint32_t>(options.step_mul));
    total_reward += step.reward;
    previous_score = step.observation.score;
  }
  CHECK(step.observation.score > 0);  // the Marine reached the beacon
  CHECK(total_reward == static_cast<float>(step.observation.score));

  const TimeStep again = *env.reset();
  CHECK(again.first());
  CHECK(env.episode() == 2);
}

TEST_CASE("Env with non-square layers, a minimap smaller than the screen and crop_to_playable_area") {
  sc2::Controller controller(std::make_unique<EngineChannel>());
  EnvOptions options = test_options();
  options.seed = 7;
  options.feature_screen_size = 80;
  options.feature_screen_height = 60;
  options.feature_minimap_size = 40;
  options.feature_minimap_height = 48;
  options.crop_to_playable_area = true;
  options.allow_cheating_layers = true;
  Env env(controller, options);
  const TimeStep step = *env.reset();

  // The join asked for exactly this, and the game echoes it.
  const auto& echoed = env.game_info().options().feature_layer();
  CHECK(echoed.resolution().x() == 80);
  CHECK(echoed.resolution().y() == 60);
  CHECK(echoed.minimap_resolution().x() == 40);
  CHECK(echoed.minimap_resolution().y() == 48);
  CHECK(echoed.crop_to_playable_area());
  CHECK(echoed.allow_cheating_layers());

  const Observation& observation = step.observation;
  for (const Layer& layer : observation.feature_screen) {
    CAPTURE(layer.name);
    CHECK(layer.width == 80);
    CHECK(layer.height == 60);
  }
  for (const Layer& layer : observation.feature_minimap) {
    CAPTURE(layer.name);
    CHECK(layer.width == 40);
    CHECK(layer.height == 48);
  }

  // The Marine in feature_minimap_units sits on its own pixels of the minimap layers (the
  // client's mapping of the cropped, non-square minimap agrees with the engine's). Not
  // checked for feature_units: on a non-square screen PySC2 scales y by H / camera width
  // while the game's pixels are square (pysc2-action-mapping.md §4), and we keep PySC2's.
  REQUIRE(observation.feature_minimap_units.rows >= 1);
  for (int row = 0; row < observation.feature_minimap_units.rows; ++row) {
    if (observation.feature_minimap_units.at(row, "alliance") != 1) continue;
    const auto x = static_cast<int>(observation.feature_minimap_units.at(row, "x"));
    const auto y = static_cast<int>(observation.feature_minimap_units.at(row, "y"));
    CHECK(observation.minimap("player_relative")->at(x, y) == 1);
    CHECK(observation.minimap("unit_type")->at(x, y) == 48);  // the cheating layer, as asked
  }
  CHECK(std::count(observation.minimap("camera")->values.begin(), observation.minimap("camera")->values.end(), 1) > 0);

  // Calls are validated against these sizes: x and y have their own ranges.
  CHECK(env.action_space().screen_width == 80);
  CHECK(env.action_space().minimap_height == 48);
  CHECK_NOTHROW(env.step(FunctionCall{fn::move_camera, {{39, 47}}}));
  CHECK_THROWS_AS(env.step(FunctionCall{fn::move_camera, {{40, 10}}}), std::invalid_argument);
  CHECK_THROWS_AS(env.step(FunctionCall{fn::move_camera, {{10, 48}}}), std::invalid_argument);
  CHECK_NOTHROW(env.step(FunctionCall{fn::select_point, {{0}, {79, 59}}}));
  CHECK_THROWS_AS(env.step(FunctionCall{fn::select_point, {{0}, {70, 60}}}), std::invalid_argument);
  CHECK(env.last()->observation.last_actions == std::vector<FunctionCall>{FunctionCall{fn::select_point, {{0}, {79, 59}}}});
}

TEST_CASE("Env options: negative heights are refused, 0 means square") {
  Fixture f;
  EnvOptions options = test_options();
  options.feature_screen_height = -1;
  CHECK_THROWS_AS(Env(f.controller, options), std::invalid_argument);
  options = test_options();
  options.feature_minimap_height = -4;
  CHECK_THROWS_AS(Env(f.controller, options), std::invalid_argument);
  options = test_options();
  Env env(f.controller, options);
  CHECK(env.action_space().screen_height == 64);
  CHECK(env.action_space().minimap_height == 64);
}
