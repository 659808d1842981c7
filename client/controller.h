#pragma once
// Controller: one typed call per SC2 API request, over a WebSocketClient.
// Every call checks the Response's `error` strings, its `status` and the request's
// own error enum, and throws ControllerError saying what was asked and what came back.
// A timeout applies to connect and to every call; a dead server fails within a second.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2 {

class ControllerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ControllerOptions {
  std::chrono::milliseconds connect_timeout{10000};
  std::chrono::milliseconds call_timeout{60000};
};

// Carries serialized Requests to a game and brings back its serialized Responses.
// The websocket is the normal channel; tests and benchmarks may plug a game in-process.
class RequestChannel {
 public:
  virtual ~RequestChannel() = default;
  virtual void send(std::string_view bytes, std::chrono::milliseconds timeout) = 0;
  virtual std::string receive(std::chrono::milliseconds timeout) = 0;  // throws on timeout/close
  // receive() into `out` (replaced); channels that can reuse the string's capacity override it.
  virtual void receive_into(std::string& out, std::chrono::milliseconds timeout) { out = receive(timeout); }
  // The next reply as a view, valid until the next call on this channel (what the Controller
  // reads). Channels with a buffer of their own override it to spare a copy.
  virtual std::string_view receive_view(std::chrono::milliseconds timeout) {
    receive_into(view_buffer_, timeout);
    return view_buffer_;
  }
  virtual void close() noexcept = 0;

  // Channels to a game in the same process may hand the messages over as they are: the
  // Controller then neither serializes its requests nor parses the replies (a quarter of an
  // in-process agent step). The replies are the messages the bytes would have parsed into.
  virtual bool passes_messages() const noexcept { return false; }
  virtual void send_message(SC2APIProtocol::Request&& request, std::chrono::milliseconds timeout);
  // Replaces `reply` with the next reply; what `reply` held (a spent observation) may be reused
  // by the channel for a later reply.
  virtual void receive_message(SC2APIProtocol::Response& reply, std::chrono::milliseconds timeout);

 private:
  std::string view_buffer_;  // receive_view's default: replies kept here
};

// The maps a game can start (RequestAvailableMaps).
struct AvailableMaps {
  // Paths under the game's Maps folder, as create_game's local_map.map_path takes them
  // (sc2lite: "mini_games/<Name>.SC2Map" for each mini-game), in the game's order.
  std::vector<std::string> local_map_paths;
  std::vector<std::string> battlenet_map_names;  // a real game's Battle.net maps (by name)
};

class Controller {
 public:
  // Connects to ws://host:port/sc2api, retrying until connect_timeout passes.
  Controller(const std::string& host, std::uint16_t port, ControllerOptions options = {});
  // Speaks over any channel (e.g. an in-process engine).
  Controller(std::unique_ptr<RequestChannel> channel, ControllerOptions options = {});
  ~Controller();
  Controller(const Controller&) = delete;
  Controller& operator=(const Controller&) = delete;

  SC2APIProtocol::ResponsePing ping();
  SC2APIProtocol::ResponseCreateGame create_game(const SC2APIProtocol::RequestCreateGame& request);
  SC2APIProtocol::ResponseJoinGame join_game(const SC2APIProtocol::RequestJoinGame& request);
  SC2APIProtocol::ResponseGameInfo game_info();
  SC2APIProtocol::ResponseData data(const SC2APIProtocol::RequestData& request);
  SC2APIProtocol::ResponseObservation observe(std::uint32_t game_loop = 0);
  SC2APIProtocol::ResponseAction act(const SC2APIProtocol::RequestAction& request);
  SC2APIProtocol::ResponseStep step(std::uint32_t count);
  SC2APIProtocol::ResponseRestartGame restart_game();
  SC2APIProtocol::ResponseLeaveGame leave_game();
  SC2APIProtocol::ResponseSaveReplay save_replay();
  // Throws ControllerError also when the game lists an empty map path or name.
  AvailableMaps available_maps();
  // Sends quit and closes; never throws (the game may exit before answering).
  void quit() noexcept;

  // Status reported by the last response (launched before any call).
  SC2APIProtocol::Status status() const noexcept;

  // Sends any request and returns the checked Response (used by the typed calls).
  SC2APIProtocol::Response call(SC2APIProtocol::Request request);

  // Pipelining (the SC2 API answers requests strictly in order and lets clients send
  // several before reading): sends every request, then reads and checks each reply as
  // call() does. One wait for the whole batch instead of one per request. When a reply
  // fails its check the remaining replies are still read, then the first failure is thrown.
  std::vector<SC2APIProtocol::Response> call_all(std::vector<SC2APIProtocol::Request> requests);

  // One agent step in one round trip: action, step `count` game loops, observation (with
  // `game_loop` as in observe()), all sent before the first reply is read. The calls one by
  // one would skip the step when the action leaves the game ended: here the step is sent
  // anyway and, in that case only, its refusal is not an error (`stepped` is false); nor is
  // it when the game ended between the action and the step (the other player of a
  // two-player game left): the step's reply says status ended.
  struct StepReplies {
    SC2APIProtocol::ResponseAction action;
    SC2APIProtocol::ResponseStep step;
    SC2APIProtocol::ResponseObservation observation;
    bool stepped = true;
  };
  // `reuse`: a message the observation is parsed into (cleared first), so that its strings and
  // sub-messages keep their memory (a spent observation; the result is the same).
  StepReplies act_step_observe(const SC2APIProtocol::RequestAction& action, std::uint32_t count,
                               std::uint32_t game_loop = 0, SC2APIProtocol::ResponseObservation reuse = {});

 private:
  std::unique_ptr<RequestChannel> channel_;
  ControllerOptions options_;
  std::uint32_t next_id_ = 1;
  SC2APIProtocol::Status status_ = SC2APIProtocol::launched;
  // One reply of a batch: the Response, its failure (if its check failed) and the status
  // after it.
  struct Exchanged {
    SC2APIProtocol::Response response;
    std::optional<ControllerError> failure;
    SC2APIProtocol::Status status = SC2APIProtocol::launched;
  };
  // Sends every request, then reads and checks every reply into `replies` (one per request,
  // each Response empty or holding a cleared member to parse into); throws only when the
  // connection fails (a reply that fails its check keeps its failure).
  void exchange(std::vector<SC2APIProtocol::Request> requests, std::vector<Exchanged>& replies);
  std::string request_buffer_;  // each request is serialized into this one string

  // Parses `reply` into `response` (see exchange), then check_response.
  void check_reply(std::string_view reply, const std::string& name, std::uint32_t id, const std::string& what,
                   SC2APIProtocol::Response& response);
  // Throws ControllerError when the reply answers another request, has no status, reports
  // errors or lacks the requested member; sets status_.
  void check_response(const std::string& name, std::uint32_t id, const std::string& what,
                      const SC2APIProtocol::Response& response);
};

}  // namespace sc2
