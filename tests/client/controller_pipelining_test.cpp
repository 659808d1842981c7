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
#include "engine/server/engine_host.h"
#include "engine/server/game_server.h"
#include "tests/client/start_game.h"

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
  sc2::test::start_game(pipelined, "CollectMineralShards", 12);
  sc2::test::start_game(one_by_one, "CollectMineralShards", 12);
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

namespace {

// A game answering from a script: the action reply's status, the step's refusal, and what the
// observation reply carries are the test's to choose.
class ScriptedRepliesChannel final : public sc2::RequestChannel {
 public:
  std::function<void(const Request&, Response&)> answer;
  std::vector<Request::RequestCase> sent;

  void send(std::string_view bytes, std::chrono::milliseconds) override {
    Request request;
    REQUIRE(request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    sent.push_back(request.request_case());
    Response response;
    response.set_id(request.id());
    response.set_status(SC2APIProtocol::in_game);
    answer(request, response);
    pending_.push_back(response.SerializeAsString());
  }
  std::string receive(std::chrono::milliseconds) override {
    if (pending_.empty()) throw std::runtime_error("receive without a pending reply");
    std::string reply = std::move(pending_.front());
    pending_.pop_front();
    return reply;
  }
  void close() noexcept override {}

 private:
  std::deque<std::string> pending_;
};

// Action and step answered; the step refused ("Game has already ended") when `ended`.
void answer_step(const Request& request, Response& response, bool ended) {
  if (request.has_action()) {
    response.mutable_action();
    if (ended) response.set_status(SC2APIProtocol::ended);
  } else if (request.has_step()) {
    if (ended) {
      response.set_status(SC2APIProtocol::ended);
      response.add_error("Game has already ended: step is not valid in status ended");
    } else {
      response.mutable_step()->set_simulation_loop(8);
    }
  }
}

}  // namespace

TEST_CASE("act_step_observe: a step refused because the action ended the game is not an error") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  ScriptedRepliesChannel& game = *channel;
  game.answer = [](const Request& request, Response& response) {
    answer_step(request, response, true);
    if (request.has_observation()) {
      response.set_status(SC2APIProtocol::ended);
      response.mutable_observation()->mutable_observation()->set_game_loop(40);
      response.mutable_observation()->add_player_result()->set_player_id(1);
    }
  };
  Controller controller(std::move(channel));
  const Controller::StepReplies replies = controller.act_step_observe(select_army_action(), 8);
  CHECK_FALSE(replies.stepped);
  CHECK(replies.observation.observation().game_loop() == 40);
  CHECK(replies.observation.player_result_size() == 1);
  CHECK(game.sent == std::vector<Request::RequestCase>{Request::kAction, Request::kStep, Request::kObservation});
  CHECK(controller.status() == SC2APIProtocol::ended);
}

TEST_CASE("act_step_observe: an action refused because the game ended before it (the other player left) ends the episode") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  channel->answer = [](const Request& request, Response& response) {
    response.set_status(SC2APIProtocol::ended);
    if (request.has_action() || request.has_step()) {
      response.add_error("Game has already ended: action is not valid in status ended");
    }
    if (request.has_observation()) {
      response.mutable_observation()->mutable_observation()->set_game_loop(24);
      response.mutable_observation()->add_player_result()->set_player_id(1);
    }
  };
  Controller controller(std::move(channel));
  const Controller::StepReplies replies = controller.act_step_observe(select_army_action(), 8);
  CHECK_FALSE(replies.stepped);
  CHECK(replies.observation.player_result_size() == 1);
}

TEST_CASE("act_step_observe: a step refused because the game ended after the action (the other player left) ends the episode") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  channel->answer = [](const Request& request, Response& response) {
    if (request.has_action()) response.mutable_action();  // in_game: taken
    if (request.has_step() || request.has_observation()) response.set_status(SC2APIProtocol::ended);
    if (request.has_step()) response.add_error("Game has already ended: step is not valid in status ended");
    if (request.has_observation()) {
      response.mutable_observation()->mutable_observation()->set_game_loop(16);
      response.mutable_observation()->add_player_result()->set_player_id(1);
    }
  };
  Controller controller(std::move(channel));
  const Controller::StepReplies replies = controller.act_step_observe(select_army_action(), 8);
  CHECK_FALSE(replies.stepped);
  CHECK(replies.observation.player_result_size() == 1);
  CHECK(controller.status() == SC2APIProtocol::ended);
}

TEST_CASE("act_step_observe: an action refused while the game goes on is still an error") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  channel->answer = [](const Request& request, Response& response) {
    if (request.has_action()) response.add_error("action refused for a test");
    if (request.has_step()) response.mutable_step()->set_simulation_loop(8);
    if (request.has_observation()) response.mutable_observation()->mutable_observation()->set_game_loop(8);
  };
  Controller controller(std::move(channel));
  const std::string error = error_of([&] { controller.act_step_observe(select_army_action(), 8); });
  CHECK(error.find("action refused for a test") != std::string::npos);
}

TEST_CASE("act_step_observe: a step refused while the game goes on is an error naming the step") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  channel->answer = [](const Request& request, Response& response) {
    if (request.has_action()) response.mutable_action();  // in_game: the step had to run
    if (request.has_step()) response.add_error("step refused for a test");
    if (request.has_observation()) response.mutable_observation()->mutable_observation()->set_game_loop(8);
  };
  Controller controller(std::move(channel));
  const std::string error = error_of([&] { controller.act_step_observe(select_army_action(), 8); });
  CHECK(error.find("step (request id 2)") != std::string::npos);
  CHECK(error.find("step refused for a test") != std::string::npos);
}

TEST_CASE("act_step_observe parses into the message handed to it, and still notices a reply without observation") {
  auto channel = std::make_unique<ScriptedRepliesChannel>();
  bool carry_observation = true;
  channel->answer = [&carry_observation](const Request& request, Response& response) {
    answer_step(request, response, false);
    if (request.has_observation() && carry_observation) {
      auto* observation = response.mutable_observation();
      observation->mutable_observation()->set_game_loop(16);
      observation->mutable_observation()->mutable_raw_data()->add_units()->set_tag(7);
    }
  };
  Controller controller(std::move(channel));
  // A spent message full of other content: none of it may show through.
  SC2APIProtocol::ResponseObservation spent;
  spent.mutable_observation()->set_game_loop(999);
  for (int i = 0; i < 3; ++i) spent.mutable_observation()->mutable_raw_data()->add_units()->set_tag(100 + i);
  spent.add_player_result()->set_player_id(1);
  const Controller::StepReplies replies = controller.act_step_observe(select_army_action(), 8, 0, std::move(spent));
  CHECK(replies.stepped);
  CHECK(replies.observation.observation().game_loop() == 16);
  REQUIRE(replies.observation.observation().raw_data().units_size() == 1);
  CHECK(replies.observation.observation().raw_data().units(0).tag() == 7);
  CHECK(replies.observation.player_result_size() == 0);

  // An observation reply carrying no observation is still an error, reused message or not.
  carry_observation = false;
  SC2APIProtocol::ResponseObservation reuse = replies.observation;
  const std::string error = error_of([&] { controller.act_step_observe(select_army_action(), 8, 0, std::move(reuse)); });
  CHECK(error.find("observation (request id 6) failed: the response carries no answer") != std::string::npos);
}
