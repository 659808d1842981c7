// WebSocketClient::receive_into: one string reused for every reply (the Controller's way),
// and several requests in flight before the first reply is read (pipelining).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "transport/websocket_client.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::net::ConnectionId;
using sc2::net::Reply;
using sc2::net::TransportError;
using sc2::net::WebSocketClient;

namespace {

std::string pattern(std::size_t size, int seed) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 131 + seed) % 251);
  return bytes;
}

}  // namespace

TEST_CASE("receive_into replaces the string's content with each message, large or small") {
  auto server = sc2::test::start_echo_server();
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  std::string reply = "stale bytes from before";
  // Big, then smaller (no leftovers), then empty, then bigger than before (growth).
  for (const std::string& message : {pattern(200000, 1), pattern(70000, 2), std::string(), pattern(3, 4),
                                     pattern(1 << 20, 5)}) {
    client.send(message, 5s);
    client.receive_into(reply, 5s);
    CHECK(reply.size() == message.size());
    CHECK(reply == message);
  }
}

TEST_CASE("pipelined requests are answered in order, one reply each") {
  // The server tags each reply with the request it answers.
  auto server = sc2::test::start_server(
      {[](ConnectionId, std::string_view message) { return Reply{"re:" + std::string(message)}; }, {}});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  std::vector<std::string> sent;
  for (int i = 0; i < 5; ++i) {
    sent.push_back("request " + std::to_string(i) + pattern(static_cast<std::size_t>(i) * 40000, i));
    client.send(sent.back(), 5s);
  }
  std::string reply;
  for (const std::string& message : sent) {
    client.receive_into(reply, 5s);
    CHECK(reply == "re:" + message);
  }
}

TEST_CASE("receive_into on a closed connection fails clearly and leaves nothing behind") {
  auto server = sc2::test::start_server({[](ConnectionId, std::string_view) { return Reply{"bye", true}; }, {}});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  std::string reply;
  client.send("quit", 2s);
  client.receive_into(reply, 2s);
  CHECK(reply == "bye");
  std::string error;
  try {
    client.receive_into(reply, 2s);
  } catch (const TransportError& e) {
    error = e.what();
  }
  CHECK(error.find("receive failed") != std::string::npos);
  CHECK(reply.empty());
  CHECK_FALSE(client.is_open());
}

TEST_CASE("receive_view shows each message whole, large or small, pipelined or not") {
  auto server = sc2::test::start_echo_server();
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  const std::vector<std::string> messages = {pattern(200000, 1), pattern(70000, 2), std::string(), pattern(3, 4),
                                             pattern((1 << 20) + 12345, 5), pattern(10, 6)};
  for (const std::string& message : messages) {
    client.send(message, 5s);
    CHECK(client.receive_view(5s) == message);
  }
  for (const std::string& message : messages) client.send(message, 5s);  // all before any reply
  for (const std::string& message : messages) CHECK(client.receive_view(5s) == message);
}

TEST_CASE("on_message_into: replies written into the connection's reused buffer arrive whole, close_after closes") {
  // Each reply is longer or shorter than the one before it in the same buffer.
  auto server = sc2::test::start_server({{}, {}, [](ConnectionId, std::string_view message, std::string& reply) {
                                           if (message == "quit") {
                                             reply = "bye";
                                             return true;
                                           }
                                           reply.assign(message.size() * 2, 'x');
                                           reply.replace(0, message.size(), message);
                                           return false;
                                         }});
  WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  for (const std::string& message : {pattern(90000, 1), pattern(5, 2), std::string(), pattern(150000, 3)}) {
    client.send(message, 5s);
    CHECK(client.receive_view(5s) == message + std::string(message.size(), 'x'));
  }
  client.send("quit", 2s);
  CHECK(client.receive_view(2s) == "bye");
  std::string error;
  try {
    client.receive_view(5s);
  } catch (const TransportError& e) {
    error = e.what();
  }
  CHECK(error.find("closed") != std::string::npos);
  CHECK_FALSE(client.is_open());
}
