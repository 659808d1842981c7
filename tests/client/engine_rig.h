#pragma once
// An in-process engine game set up by hand for the client tests that run the PySC2 layer
// against the engine: CollectMineralsAndGas (economy on) emptied, then a Command Center,
// two SCVs and a Marine around the camera and 500 minerals; 64x64 screen and minimap,
// camera width 24, raw on.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/util/message_differencer.h>

#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "client/pysc2/observation_keys.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"

namespace sc2::test {


namespace api = SC2APIProtocol;
namespace eng = sc2::engine;
namespace py = sc2::pysc2;

inline constexpr std::uint32_t kMarine = 48, kScv = 45, kCommandCenter = 18;

class Rig {
 public:
  Rig() {
    config_.map = eng::find_mini_game("CollectMineralsAndGas");
    REQUIRE(config_.map != nullptr);
    game_ = std::make_unique<eng::Game>(config_, 5);
    for (eng::Unit* u : world().units()) world().remove(u->id);
    world().player(1).selection.clear();
    world().player(1).economy.minerals = 500;

    api::RequestJoinGame join;
    join.set_race(api::Terran);
    auto* o = join.mutable_options();
    o->set_raw(true);
    o->set_score(true);
    auto* fl = o->mutable_feature_layer();
    fl->set_width(24.0f);
    fl->mutable_resolution()->set_x(64);
    fl->mutable_resolution()->set_y(64);
    fl->mutable_minimap_resolution()->set_x(64);
    fl->mutable_minimap_resolution()->set_y(64);
    std::string error;
    auto iface = eng::parse_interface(join, error);
    REQUIRE_MESSAGE(iface.has_value(), error);
    iface_ = *iface;
    eng::build_game_info(*game_, config_, iface_, &game_info_);

    const eng::Vec2 c = world().player(1).camera;
    cc_ = spawn(kCommandCenter, {c.x - 5.5f, c.y + 0.5f});
    scv_a_ = spawn(kScv, {c.x + 2.0f, c.y + 3.0f});
    scv_b_ = spawn(kScv, {c.x + 2.0f, c.y - 3.0f});
    marine_ = spawn(kMarine, {c.x + 6.0f, c.y});
  }

  eng::World& world() { return game_->world(); }

  void step(std::uint32_t loops) { game_->step(loops); }
  const api::ResponseGameInfo& game_info() const { return game_info_; }

  api::ResponseObservation observe() {
    api::ResponseObservation response;
    eng::build_observation(*game_, iface_, &response);
    return response;
  }

  // Applies a proto as sent and returns the next observation.
  api::ResponseObservation apply(const api::Action& action, api::ActionResult expected) {
    CHECK(eng::apply_action(*game_, iface_, action) == expected);
    api::ResponseObservation response;
    eng::build_observation(*game_, iface_, &response);
    return response;
  }

  // The screen pixel of a unit (the client's PixelMapping, PySC2's world -> screen).
  std::vector<int> screen_pixel(eng::UnitId id) {
    const eng::Unit* u = world().find(id);
    REQUIRE(u != nullptr);
    const eng::Vec2 c = world().player(1).camera;
    const auto p = py::PixelMapping::screen(c.x, c.y, 24.0, 64, 64).pixel(u->pos.x, u->pos.y);
    return {static_cast<int>(p[0]), static_cast<int>(p[1])};
  }
  std::vector<int> minimap_pixel(eng::Vec2 world_pos) {
    const auto p = py::PixelMapping::minimap(*py::to_game_view(game_info_), 64, 64).pixel(world_pos.x, world_pos.y);
    return {static_cast<int>(p[0]), static_cast<int>(p[1])};
  }

  // Sends the call as the Env would (validated against the last available_actions), then
  // observes: the echoed proto must be the one sent (plus its game_loop), and last_actions
  // must give the call back, with specific functions kept or made general as asked.
  void round_trip(const py::FunctionCall& call, const py::FunctionCall& with_specific_hidden) {
    CAPTURE(py::to_string(call));
    py::validate(call, py::ActionSpace{}, &available_);
    const api::Action sent = py::to_proto(call);
    REQUIRE(eng::apply_action(*game_, iface_, sent) == api::Success);

    api::ResponseObservation response;
    eng::build_observation(*game_, iface_, &response);
    REQUIRE(response.actions_size() == 1);
    CHECK(response.action_errors_size() == 0);
    api::Action echoed = response.actions(0);
    CHECK(echoed.game_loop() == world().game_loop());
    echoed.clear_game_loop();
    CHECK(google::protobuf::util::MessageDifferencer::Equals(echoed, sent));

    py::ObservationSpec spec;
    spec.hide_specific_actions = false;
    const py::Observation shown = py::to_observation(response, spec, game_info_);
    REQUIRE(shown.last_actions.size() == 1);
    CHECK(shown.last_actions[0] == call);
    spec.hide_specific_actions = true;
    const py::Observation hidden = py::to_observation(response, spec, game_info_);
    REQUIRE(hidden.last_actions.size() == 1);
    CHECK(hidden.last_actions[0] == with_specific_hidden);
    CHECK(hidden.last_action_ids() == std::vector<int>{with_specific_hidden.function});
    available_ = shown.available_actions;
  }
  void round_trip(const py::FunctionCall& call) { round_trip(call, call); }

  void observe_available() {
    api::ResponseObservation response;
    eng::build_observation(*game_, iface_, &response);
    py::ObservationSpec spec;
    spec.hide_specific_actions = false;
    available_ = py::to_observation(response, spec, game_info_).available_actions;
  }

  // The available_actions of the last observation round_trip / observe_available looked at.
  const std::vector<int>& available() const { return available_; }
  bool offers(std::string_view function) const {
    const pysc2::FunctionSpec* spec = pysc2::find_function(function);
    REQUIRE_MESSAGE(spec, "no function named " << function);
    return std::find(available_.begin(), available_.end(), spec->id) != available_.end();
  }
  eng::UnitId spawn_own(std::uint32_t type, eng::Vec2 pos) { return spawn(type, pos); }

  eng::UnitId cc_, scv_a_, scv_b_, marine_;

 private:
  eng::UnitId spawn(std::uint32_t type, eng::Vec2 pos) {
    const eng::UnitId id = world().spawn(type, 1, pos);
    REQUIRE(world().find(id) != nullptr);
    return id;
  }

  eng::GameConfig config_;
  std::unique_ptr<eng::Game> game_;
  eng::InterfaceSetup iface_;
  api::ResponseGameInfo game_info_;
  std::vector<int> available_;
};

inline pysc2::FunctionCall named_call(std::string_view name, std::vector<std::vector<int>> args) {
  const pysc2::FunctionSpec* function = pysc2::find_function(name);
  REQUIRE_MESSAGE(function, "no function named " << name);
  return pysc2::FunctionCall{function->id, std::move(args)};
}

}  // namespace sc2::test
