// A channel to a game in this process hands Requests and Responses over as messages (no
// serializing, no parsing). Nothing of that may show: every reply, every decoded observation
// and every failure must be what the same game's bytes give.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "client/controller.h"
#include "client/pysc2/env.h"
#include "client/pysc2/features.h"
#include "learning/in_process_channel.h"
#include "tests/client/start_game.h"

using namespace sc2::pysc2;
using sc2::learning::InProcessChannel;

namespace {

// An in-process game reached through bytes only, as over a websocket.
class BytesOnlyChannel final : public sc2::RequestChannel {
 public:
  void send(std::string_view bytes, std::chrono::milliseconds timeout) override { inner_.send(bytes, timeout); }
  std::string receive(std::chrono::milliseconds timeout) override { return inner_.receive(timeout); }
  std::string_view receive_view(std::chrono::milliseconds timeout) override { return inner_.receive_view(timeout); }
  void close() noexcept override {}

 private:
  InProcessChannel inner_;
};

// An in-process game that counts the messages and refuses bytes: proves the Controller took
// the message path.
class MessagesOnlyChannel final : public sc2::RequestChannel {
 public:
  explicit MessagesOnlyChannel(int& messages) : messages_(messages) {}
  void send(std::string_view, std::chrono::milliseconds) override { FAIL("bytes sent on a message channel"); }
  std::string receive(std::chrono::milliseconds) override {
    FAIL("bytes read on a message channel");
    return {};
  }
  void close() noexcept override {}
  bool passes_messages() const noexcept override { return true; }
  void send_message(SC2APIProtocol::Request&& request, std::chrono::milliseconds timeout) override {
    ++messages_;
    inner_.send_message(std::move(request), timeout);
  }
  void receive_message(SC2APIProtocol::Response& reply, std::chrono::milliseconds timeout) override {
    inner_.receive_message(reply, timeout);
  }

 private:
  InProcessChannel inner_;
  int& messages_;
};

void check_same_layers(const std::vector<Layer>& a, const std::vector<Layer>& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CAPTURE(a[i].name);
    CHECK(a[i].name == b[i].name);
    CHECK(a[i].sent == b[i].sent);
    CHECK(a[i].values == b[i].values);
  }
}

}  // namespace

TEST_CASE("an Env over in-process messages sees every reply and layer the game's bytes give") {
  int messages = 0;
  sc2::Controller by_messages(std::make_unique<MessagesOnlyChannel>(messages));
  sc2::Controller by_bytes(std::make_unique<BytesOnlyChannel>());
  EnvOptions options;
  options.map = "FindAndDefeatZerglings";  // fog and a moving camera: layers change and come back
  options.seed = 4;
  options.feature_screen_size = 32;
  options.feature_minimap_size = 24;
  Env a(by_messages, options);
  Env b(by_bytes, options);
  ObservationSpec spec;
  spec.screen_width = spec.screen_height = 32;
  spec.minimap_width = spec.minimap_height = 24;

  std::mt19937 random(11);
  std::shared_ptr<const TimeStep> step_a = a.reset();
  std::shared_ptr<const TimeStep> step_b = b.reset();
  int steps = 0;
  for (int i = 0; i < 90; ++i) {
    CAPTURE(i);
    FunctionCall call{0, {}};
    switch (random() % 4) {
      case 0: call = FunctionCall{7, {{0}}}; break;                                                   // select_army
      case 1: call = FunctionCall{1, {{static_cast<int>(random() % 24), static_cast<int>(random() % 24)}}}; break;  // move_camera
      case 2: call = FunctionCall{331, {{0}, {static_cast<int>(random() % 32), static_cast<int>(random() % 32)}}}; break;
      default: break;
    }
    const auto& available = step_a->observation.available_actions;
    if (std::find(available.begin(), available.end(), call.function) == available.end()) call = FunctionCall{0, {}};
    step_a = a.step(call);
    step_b = b.step(call);
    ++steps;
    REQUIRE(step_a->observation.shared_proto);
    REQUIRE(step_b->observation.shared_proto);
    CHECK(step_a->observation.shared_proto->SerializeAsString() == step_b->observation.shared_proto->SerializeAsString());
    check_same_layers(step_a->observation.feature_screen, step_b->observation.feature_screen);
    check_same_layers(step_a->observation.feature_minimap, step_b->observation.feature_minimap);
    // Recycled arrays and reused messages did not leave stale values: a fresh decode agrees.
    const Observation fresh = to_observation(*step_a->observation.shared_proto, spec, step_a->observation.game_view);
    check_same_layers(step_a->observation.feature_screen, fresh.feature_screen);
    CHECK(step_a->reward == step_b->reward);
    CHECK(step_a->observation.raw_units.rows == step_b->observation.raw_units.rows);
    if (step_a->last()) break;
  }
  CHECK(steps > 40);
  CHECK(messages >= 3 * steps);  // action, step and observation per agent step, no bytes
}

TEST_CASE("a refused request fails the same way over in-process messages as over bytes") {
  int messages = 0;
  sc2::Controller by_messages(std::make_unique<MessagesOnlyChannel>(messages));
  sc2::Controller by_bytes(std::make_unique<BytesOnlyChannel>());
  std::string refused_messages, refused_bytes;
  // No game yet: the engine refuses a step.
  try {
    by_messages.step(1);
  } catch (const sc2::ControllerError& error) {
    refused_messages = error.what();
  }
  try {
    by_bytes.step(1);
  } catch (const sc2::ControllerError& error) {
    refused_bytes = error.what();
  }
  CHECK_FALSE(refused_bytes.empty());
  CHECK(refused_messages == refused_bytes);
  CHECK(by_messages.status() == by_bytes.status());
  // The connection stays usable afterwards.
  CHECK_NOTHROW(by_messages.ping());
  CHECK(messages == 2);
}

TEST_CASE("an agent step after the game ended gives the same replies over in-process messages as over bytes") {
  int messages = 0;
  sc2::Controller by_messages(std::make_unique<MessagesOnlyChannel>(messages));
  sc2::Controller by_bytes(std::make_unique<BytesOnlyChannel>());
  SC2APIProtocol::ResponseObservation spent_a, spent_b;  // reused observations, as Env passes them
  for (sc2::Controller* controller : {&by_messages, &by_bytes}) {
    sc2::test::start_game(*controller, "MoveToBeacon", 7);
    auto first = controller->act_step_observe(SC2APIProtocol::RequestAction{}, 8);
    CHECK(first.stepped);
    (controller == &by_messages ? spent_a : spent_b) = std::move(first.observation);
    controller->step(1u << 14);  // past the time limit: the game ends
    CHECK(controller->status() == SC2APIProtocol::ended);
  }
  // The action is refused with status ended; the step goes out anyway and its refusal is no
  // error; the observation shows the end. The reused observation must not leak into the reply.
  const auto a = by_messages.act_step_observe(SC2APIProtocol::RequestAction{}, 8, 0, std::move(spent_a));
  const auto b = by_bytes.act_step_observe(SC2APIProtocol::RequestAction{}, 8, 0, std::move(spent_b));
  CHECK_FALSE(a.stepped);
  CHECK(a.stepped == b.stepped);
  CHECK(a.observation.player_result_size() > 0);
  CHECK(a.observation.SerializeAsString() == b.observation.SerializeAsString());
  CHECK(a.action.SerializeAsString() == b.action.SerializeAsString());
  CHECK(a.step.SerializeAsString() == b.step.SerializeAsString());
  CHECK(by_messages.status() == by_bytes.status());
}
