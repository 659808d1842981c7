// Controller against a scripted fake game (a WebSocketServer whose handler parses the
// Request and answers with whatever Response the test wants).
#include "client/controller.h"

#include <doctest/doctest.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "transport/websocket_server.h"

using namespace std::chrono_literals;
using SC2APIProtocol::Request;
using SC2APIProtocol::Response;
using sc2::Controller;
using sc2::ControllerError;
using sc2::ControllerOptions;

namespace {

// The answer a well-behaved game gives: same id, a status, the matching member.
Response answer(const Request& request, SC2APIProtocol::Status status = SC2APIProtocol::in_game) {
  Response response;
  if (request.has_id()) response.set_id(request.id());
  response.set_status(status);
  const auto* oneof = Request::descriptor()->oneof_decl(0);
  if (const auto* field = request.GetReflection()->GetOneofFieldDescriptor(request, oneof))
    response.GetReflection()->MutableMessage(&response, Response::descriptor()->FindFieldByName(field->name()));
  return response;
}

// A fake game on a free port; `script` turns each Request into the bytes to send back.
struct FakeGame {
  explicit FakeGame(std::function<std::string(const Request&)> script)
      : server("127.0.0.1", 0,
               {[this, script](sc2::net::ConnectionId, std::string_view bytes) {
                  Request request;
                  if (!request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
                    throw std::runtime_error("fake game got bytes that are not a Request");
                  {
                    std::lock_guard lock(mutex);
                    requests.push_back(request);
                  }
                  return sc2::net::Reply{script(request)};
                },
                {}}) {
    server.start();
  }

  std::vector<Request> received() {
    std::lock_guard lock(mutex);
    return requests;
  }

  std::mutex mutex;
  std::vector<Request> requests;
  sc2::net::WebSocketServer server;
};

ControllerOptions quick_options() {
  ControllerOptions options;
  options.connect_timeout = 2s;
  options.call_timeout = 2s;
  return options;
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const ControllerError& error) {
    return error.what();
  }
  return "(no ControllerError)";
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("ping round trip: ids count up, the status is kept, the answer comes back") {
  FakeGame game([](const Request& request) {
    Response response = answer(request, SC2APIProtocol::launched);
    response.mutable_ping()->set_game_version("4.10.0");
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  CHECK(controller.ping().game_version() == "4.10.0");
  CHECK(controller.ping().game_version() == "4.10.0");
  CHECK(controller.status() == SC2APIProtocol::launched);
  const auto requests = game.received();
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].id() == 1);
  CHECK(requests[1].id() == 2);
  CHECK(requests[0].has_ping());
}

TEST_CASE("observe sets game_loop only when asked, step sends the count") {
  FakeGame game([](const Request& request) { return answer(request).SerializeAsString(); });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  controller.observe();
  controller.observe(448);
  controller.step(8);
  const auto requests = game.received();
  REQUIRE(requests.size() == 3);
  CHECK_FALSE(requests[0].observation().has_game_loop());
  CHECK(requests[1].observation().game_loop() == 448);
  CHECK(requests[2].step().count() == 8);
  CHECK(controller.status() == SC2APIProtocol::in_game);
}

TEST_CASE("error strings in the response become a ControllerError naming the request") {
  FakeGame game([](const Request& request) {
    Response response = answer(request, SC2APIProtocol::launched);
    response.add_error("Game has not started");
    response.add_error("second problem");
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  const std::string error = error_of([&] { controller.game_info(); });
  CHECK(contains(error, "game_info"));
  CHECK(contains(error, "Game has not started"));
  CHECK(contains(error, "second problem"));
  CHECK(contains(error, "launched"));
}

TEST_CASE("a response without status is an error") {
  FakeGame game([](const Request& request) {
    Response response = answer(request);
    response.clear_status();
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  const std::string error = error_of([&] { controller.ping(); });
  CHECK(contains(error, "ping"));
  CHECK(contains(error, "no status"));
}

TEST_CASE("a response with another request's id is an error") {
  FakeGame game([](const Request& request) {
    Response response = answer(request);
    response.set_id(request.id() + 40);
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  const std::string error = error_of([&] { controller.ping(); });
  CHECK(contains(error, "ping"));
  CHECK(contains(error, "id 41"));
}

TEST_CASE("a response that answers something else (or nothing) is an error") {
  FakeGame game([](const Request& request) {
    Response response;
    response.set_id(request.id());
    response.set_status(SC2APIProtocol::in_game);
    if (request.has_step()) response.mutable_ping();
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  CHECK(contains(error_of([&] { controller.step(1); }), "carries ping instead of step"));
  CHECK(contains(error_of([&] { controller.restart_game(); }), "restart_game"));
}

TEST_CASE("ResponseCreateGame.error is reported by name with its details") {
  FakeGame game([](const Request& request) {
    Response response = answer(request, SC2APIProtocol::launched);
    response.mutable_create_game()->set_error(SC2APIProtocol::ResponseCreateGame::InvalidMapPath);
    response.mutable_create_game()->set_error_details("no map at mini_games/Nowhere.SC2Map");
    return response.SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path("mini_games/Nowhere.SC2Map");
  const std::string error = error_of([&] { controller.create_game(create); });
  CHECK(contains(error, "create_game"));
  CHECK(contains(error, SC2APIProtocol::ResponseCreateGame::Error_Name(
                            SC2APIProtocol::ResponseCreateGame::InvalidMapPath)));
  CHECK(contains(error, "no map at mini_games/Nowhere.SC2Map"));
}

TEST_CASE("bytes that are not a Response are an error") {
  FakeGame game([](const Request&) { return std::string(12, '\xff'); });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  const std::string error = error_of([&] { controller.ping(); });
  CHECK(contains(error, "ping"));
  CHECK(contains(error, "not a valid Response"));
}

TEST_CASE("a game that never answers makes the call time out with a clear error") {
  std::mutex mutex;
  std::condition_variable cv;
  bool release = false;
  FakeGame game([&](const Request& request) {
    std::unique_lock lock(mutex);
    cv.wait_for(lock, 3s, [&] { return release; });
    return answer(request).SerializeAsString();
  });
  ControllerOptions options = quick_options();
  options.call_timeout = 300ms;
  Controller controller("127.0.0.1", game.server.port(), options);
  const std::string error = error_of([&] { controller.observe(); });
  {
    std::lock_guard lock(mutex);
    release = true;
  }
  cv.notify_all();
  CHECK(contains(error, "observation"));
  CHECK(contains(error, "timed out"));
}

TEST_CASE("a game that closes the connection gives a clear error, not a hang") {
  FakeGame game([](const Request&) -> std::string { throw std::runtime_error("crash"); });
  ControllerOptions options = quick_options();
  options.call_timeout = 30s;  // the close must end the call, not the timeout
  Controller controller("127.0.0.1", game.server.port(), options);
  const auto start = std::chrono::steady_clock::now();
  const std::string error = error_of([&] { controller.ping(); });
  CHECK(std::chrono::steady_clock::now() - start < 5s);
  CHECK(contains(error, "ping"));
  CHECK(contains(error, "closed"));
  CHECK(contains(error_of([&] { controller.ping(); }), "ping"));  // still an error, still named
}

TEST_CASE("connecting to a closed port fails within connect_timeout and says why") {
  std::uint16_t port = 0;
  {
    FakeGame gone([](const Request& request) { return answer(request).SerializeAsString(); });
    port = gone.server.port();
  }
  ControllerOptions options;
  options.connect_timeout = 500ms;
  const auto start = std::chrono::steady_clock::now();
  const std::string error = error_of([&] { Controller controller("127.0.0.1", port, options); });
  CHECK(std::chrono::steady_clock::now() - start < 5s);
  CHECK(contains(error, "ws://127.0.0.1:" + std::to_string(port) + "/sc2api"));
  CHECK(contains(error, "500 ms"));
  CHECK(contains(error, "refused"));
}

TEST_CASE("connect keeps retrying until the game listens") {
  // Learn a free port, then start the game on it only after the controller began trying.
  std::uint16_t port = 0;
  {
    sc2::net::WebSocketServer probe("127.0.0.1", 0, {[](sc2::net::ConnectionId, std::string_view) {
                                                       return sc2::net::Reply{};
                                                     },
                                                     {}});
    port = probe.port();
  }
  std::unique_ptr<sc2::net::WebSocketServer> late;
  std::thread starter([&] {
    std::this_thread::sleep_for(300ms);
    late = std::make_unique<sc2::net::WebSocketServer>(
        "127.0.0.1", port,
        sc2::net::ServerHandlers{[](sc2::net::ConnectionId, std::string_view bytes) {
                                   Request request;
                                   request.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
                                   return sc2::net::Reply{answer(request).SerializeAsString()};
                                 },
                                 {}});
    late->start();
  });
  ControllerOptions options = quick_options();
  options.connect_timeout = 5s;
  Controller controller("127.0.0.1", port, options);
  starter.join();
  CHECK(controller.status() == SC2APIProtocol::launched);  // nothing reported yet
  controller.ping();
  CHECK(controller.status() == SC2APIProtocol::in_game);
}

TEST_CASE("quit sends id 999999999, does not wait for a reply and never throws") {
  FakeGame game([](const Request& request) {
    if (request.has_quit()) throw std::runtime_error("the game exits without answering");
    return answer(request).SerializeAsString();
  });
  Controller controller("127.0.0.1", game.server.port(), quick_options());
  controller.ping();
  const auto start = std::chrono::steady_clock::now();
  controller.quit();
  controller.quit();  // again: nothing left to do
  CHECK(std::chrono::steady_clock::now() - start < 2s);
  const auto requests = game.received();
  REQUIRE(requests.size() == 2);
  CHECK(requests[1].has_quit());
  CHECK(requests[1].id() == 999999999u);
  CHECK(contains(error_of([&] { controller.ping(); }), "closed"));
}

namespace {

// An in-process channel whose receive fails like a broken transport would.
class BrokenChannel : public sc2::RequestChannel {
 public:
  void send(std::string_view, std::chrono::milliseconds) override {}
  std::string receive(std::chrono::milliseconds) override {
    throw std::runtime_error("engine thread is gone");
  }
  void close() noexcept override {}
};

}  // namespace

TEST_CASE("a failing channel becomes a ControllerError naming the request") {
  Controller controller(std::make_unique<BrokenChannel>());
  const std::string error = error_of([&] { controller.leave_game(); });
  CHECK(contains(error, "leave_game"));
  CHECK(contains(error, "engine thread is gone"));
  CHECK(contains(error_of([&] { controller.call(Request()); }), "empty Request"));
}
