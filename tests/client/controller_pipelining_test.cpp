// Controller::call_all / act_step_observe: several requests sent before any reply is read,
// replies checked one by one, the connection kept in step when one of them fails.
#include <doctest/doctest.h>

#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "client/controller.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/server/engine_host.h"
#include "engine/server/game_server.h"

using SC2APIProtocol::Request;
using SC2APIProtocol::Response;
using sc2::Controller;
using sc2::ControllerError;

namespace {

// An in-process game that logs the order of sends and receives.
class LoggingChannel final : public sc2::RequestChannel {
 public:
  explicit LoggingChannel(std::vector<std::string>& log) : log_(log) {}
  void send(std::string_view bytes, std::chrono::milliseconds) override {
    log_.push_back("send");
    pending_.push_back(server_.handle_bytes(bytes));
  }
  std::string receive(std::chrono::milliseconds) override {
    log_.push_back("receive");
    if (pending_.empty()) throw std::runtime_error("receive without a pending reply");
    std::string reply = std::move(pending_.front());
    pending_.pop_front();
    return reply;
  }
  void close() noexcept override {}

 private:
  std::vector<std::string>& log_;
  sc2::engine::GameServer server_;
  std::deque<std::string> pending_;
};

void start(Controller& controller, const std::string& map, std::uint32_t seed) {
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(sc2::engine::mini_game_map_path(map));
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  create.set_random_seed(seed);
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  join.mutable_options()->set_raw(true);
  join.mutable_options()->set_score(true);
  auto* layers = join.mutable_options()->mutable_feature_layer();
  layers->set_width(24.0f);
  layers->mutable_resolution()->set_x(32);
  layers->mutable_resolution()->set_y(32);
  layers->mutable_minimap_resolution()->set_x(16);
  layers->mutable_minimap_resolution()->set_y(16);
  controller.join_game(join);
}

SC2APIProtocol::RequestAction select_army_action() {
  SC2APIProtocol::RequestAction action;
  action.add_actions()->mutable_action_ui()->mutable_select_army();
  return action;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const ControllerError& error) {
    return error.what();
  }
  return "(no ControllerError)";
}

}  // namespace

TEST_CASE("call_all sends every request before reading the first reply") {
  std::vector<std::string> log;
  Controller controller(std::make_unique<LoggingChannel>(log));
  std::vector<Request> requests(3);
  for (auto& r : requests) r.mutable_ping();
  const auto responses = controller.call_all(requests);
  CHECK(log == std::vector<std::string>{"send", "send", "send", "receive", "receive", "receive"});
  REQUIRE(responses.size() == 3);
  CHECK(responses[0].id() + 1 == responses[1].id());
  CHECK(responses[1].id() + 1 == responses[2].id());
  for (const auto& r : responses) CHECK(r.has_ping());
  CHECK(controller.call_all({}).empty());
}

TEST_CASE("a failing request in a batch is reported and the connection stays in step") {
  sc2::engine::EngineHost host("127.0.0.1", 0);
  host.start();
  Controller controller("127.0.0.1", host.port());
  std::vector<Request> requests(3);
  requests[0].mutable_ping();
  requests[1].mutable_restart_game();  // not valid before a game exists
  requests[2].mutable_ping();
  const std::string error = error_of([&] { controller.call_all(requests); });
  CHECK(error.find("restart_game") != std::string::npos);
  CHECK(error.find("not valid in status launched") != std::string::npos);
  // The third reply was read too: the next call gets its own answer.
  CHECK(controller.ping().game_version().size() > 0);
  CHECK(controller.status() == SC2APIProtocol::launched);
}

TEST_CASE("act_step_observe gives the same observations as act, step and observe one by one") {
  sc2::engine::EngineHost host("127.0.0.1", 0);
  host.start();
  Controller pipelined("127.0.0.1", host.port());
  std::vector<std::string> log;
  Controller one_by_one(std::make_unique<LoggingChannel>(log));
  start(pipelined, "CollectMineralShards", 12);
  start(one_by_one, "CollectMineralShards", 12);
  const auto first = pipelined.observe();
  CHECK(first.SerializeAsString() == one_by_one.observe().SerializeAsString());
  for (int step = 0; step < 20; ++step) {
    CAPTURE(step);
    const auto action = select_army_action();
    const Controller::StepReplies replies = pipelined.act_step_observe(action, 8);
    const auto acted = one_by_one.act(action);
    const auto stepped = one_by_one.step(8);
    const auto observation = one_by_one.observe();
    CHECK(replies.action.SerializeAsString() == acted.SerializeAsString());
    CHECK(replies.step.simulation_loop() == stepped.simulation_loop());
    CHECK(replies.observation.SerializeAsString() == observation.SerializeAsString());
    CHECK(replies.observation.observation().game_loop() == first.observation().game_loop() + 8u * (step + 1));
  }
  CHECK(pipelined.status() == SC2APIProtocol::in_game);
}
