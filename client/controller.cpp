// Controller: numbers, sends and checks every SC2 API request. The checks are generic
// (protobuf reflection): the Response member answering a Request member has the same
// field name, and a member's own failure is an enum field named `error` (plus an
// optional `error_details` string), which is how every SC2 API response reports it.
#include "client/controller.h"

#include <algorithm>
#include <optional>
#include <thread>
#include <utility>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/wire_format_lite.h>

#include "transport/websocket_client.h"
#include "client/websocket_channel.h"

namespace sc2 {

namespace pb = google::protobuf;
using SC2APIProtocol::Request;
using SC2APIProtocol::Response;
using std::chrono::milliseconds;
using std::chrono::steady_clock;

namespace {

constexpr std::uint32_t kQuitRequestId = 999999999;  // what PySC2 uses; the reply is not awaited
constexpr milliseconds kConnectRetryPause{100};
constexpr milliseconds kQuitSendTimeout{2000};
constexpr milliseconds kQuitReplyWait{500};

std::string format_duration(milliseconds duration) {
  if (duration.count() % 1000 == 0) return std::to_string(duration.count() / 1000) + " s";
  return std::to_string(duration.count()) + " ms";
}

// Name of the member set in a message's only oneof ("ping", "create_game", ...), or "".
std::string oneof_member_name(const pb::Message& message) {
  const pb::Descriptor* descriptor = message.GetDescriptor();
  if (descriptor->oneof_decl_count() == 0) return {};
  const pb::FieldDescriptor* field =
      message.GetReflection()->GetOneofFieldDescriptor(message, descriptor->oneof_decl(0));
  return field ? field->name() : std::string();
}

std::string status_text(const Response& response) {
  return response.has_status() ? "status " + SC2APIProtocol::Status_Name(response.status())
                               : "no status";
}

// The member's own failure (e.g. ResponseCreateGame.error), described; "" when none.
std::string member_error(const pb::Message& member) {
  const pb::Descriptor* descriptor = member.GetDescriptor();
  const pb::Reflection* reflection = member.GetReflection();
  const pb::FieldDescriptor* error = descriptor->FindFieldByName("error");
  if (!error || error->is_repeated() || error->type() != pb::FieldDescriptor::TYPE_ENUM ||
      !reflection->HasField(member, error))
    return {};
  const pb::EnumValueDescriptor* value = reflection->GetEnum(member, error);
  std::string text = value->name() + " (" + value->type()->name() + " " +
                     std::to_string(value->number()) + ")";
  const pb::FieldDescriptor* details = descriptor->FindFieldByName("error_details");
  if (details && details->type() == pb::FieldDescriptor::TYPE_STRING && !details->is_repeated() &&
      reflection->HasField(member, details))
    text += ": " + reflection->GetString(member, details);
  return text;
}

// Whether a serialized message has field `number` at its top level (tags scanned, values skipped).
bool carries_field(std::string_view bytes, int number) {
  pb::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()), static_cast<int>(bytes.size()));
  while (const std::uint32_t tag = in.ReadTag()) {
    if (pb::internal::WireFormatLite::GetTagFieldNumber(tag) == number) return true;
    if (!pb::internal::WireFormatLite::SkipField(&in, tag)) return false;
  }
  return false;
}

// "websocket ws://host:port/sc2api: cannot connect: ..." -> "cannot connect: ..."
std::string without_url_prefix(const std::string& message, const std::string& url) {
  const std::string prefix = "websocket " + url + ": ";
  return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

}  // namespace

Controller::Controller(const std::string& host, std::uint16_t port, ControllerOptions options)
    : options_(options) {
  const std::string url = "ws://" + host + ":" + std::to_string(port) + "/sc2api";
  const auto deadline = steady_clock::now() + options_.connect_timeout;
  std::string last_error = "no attempt was made (connect_timeout is 0)";
  for (;;) {
    const auto remaining = std::chrono::duration_cast<milliseconds>(deadline - steady_clock::now());
    if (remaining <= milliseconds(0)) break;
    auto client = std::make_unique<net::WebSocketClient>();
    try {
      client->connect(host, port, remaining);
      channel_ = std::make_unique<WebSocketChannel>(std::move(client));
      return;
    } catch (const net::TransportError& error) {
      last_error = without_url_prefix(error.what(), url);
    }
    std::this_thread::sleep_for(std::min(kConnectRetryPause, std::max(remaining, milliseconds(0))));
  }
  throw ControllerError("could not connect to " + url + " within " +
                        format_duration(options_.connect_timeout) + ": " + last_error);
}

void RequestChannel::send_message(Request&& request, milliseconds timeout) {
  send(request.SerializeAsString(), timeout);
}

void RequestChannel::receive_message(Response& reply, milliseconds timeout) {
  const std::string_view bytes = receive_view(timeout);
  reply.Clear();
  if (!reply.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw ControllerError("the game's reply (" + std::to_string(bytes.size()) + " bytes) is not a valid Response");
}

Controller::Controller(std::unique_ptr<RequestChannel> channel, ControllerOptions options)
    : channel_(std::move(channel)), options_(options) {}

Controller::~Controller() {
  if (channel_) channel_->close();
}

Response Controller::call(Request request) {
  std::vector<Request> one;
  one.push_back(std::move(request));
  return std::move(call_all(std::move(one)).front());
}

std::vector<Response> Controller::call_all(std::vector<Request> requests) {
  std::vector<Exchanged> replies(requests.size());
  exchange(std::move(requests), replies);
  std::vector<Response> responses;
  responses.reserve(replies.size());
  for (Exchanged& reply : replies) {
    if (reply.failure) throw *reply.failure;
    responses.push_back(std::move(reply.response));
  }
  return responses;
}

void Controller::exchange(std::vector<Request> requests, std::vector<Exchanged>& replies) {
  struct Sent {
    std::string name;  // the request member, e.g. "observation"
    std::uint32_t id = 0;
    std::string what;  // "observation (request id 7)"
  };
  std::vector<Sent> sent(requests.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    sent[i].name = oneof_member_name(requests[i]);
    if (sent[i].name.empty()) throw ControllerError("cannot send an empty Request (no request member is set)");
  }
  if (requests.empty()) return;
  if (!channel_) throw ControllerError(sent.front().name + " failed: the connection to the game is closed");

  // All requests go out before any reply is read: the game answers in order, and the
  // replies of a batch then cost one wait instead of one per request.
  const bool messages = channel_->passes_messages();
  for (std::size_t i = 0; i < requests.size(); ++i) {
    sent[i].id = next_id_++;
    requests[i].set_id(sent[i].id);
    sent[i].what = sent[i].name + " (request id " + std::to_string(sent[i].id) + ")";
    try {
      if (messages) {
        channel_->send_message(std::move(requests[i]), options_.call_timeout);
      } else {
        requests[i].SerializeToString(&request_buffer_);
        channel_->send(request_buffer_, options_.call_timeout);
      }
    } catch (const std::exception& error) {
      throw ControllerError(sent[i].what + " failed: " + error.what());
    }
  }
  for (std::size_t i = 0; i < requests.size(); ++i) {
    std::string_view reply;
    try {
      if (messages) {
        channel_->receive_message(replies[i].response, options_.call_timeout);
      } else {
        reply = channel_->receive_view(options_.call_timeout);
      }
    } catch (const std::exception& error) {
      throw ControllerError(sent[i].what + " failed: " + error.what());
    }
    // A failed reply is kept and the rest are still read, so that the connection stays in
    // step with the requests.
    try {
      if (messages) {
        check_response(sent[i].name, sent[i].id, sent[i].what, replies[i].response);
      } else {
        check_reply(reply, sent[i].name, sent[i].id, sent[i].what, replies[i].response);
      }
    } catch (const ControllerError& failure) {
      replies[i].failure = failure;
    }
    replies[i].status = status_;
  }
}

void Controller::check_reply(std::string_view reply, const std::string& name, std::uint32_t id,
                             const std::string& what, Response& response) {
  // Merged into `response` as it comes (empty, or a cleared member to reuse): the same as parsing,
  // except that a member set beforehand stays set when the reply has none; it is dropped then.
  const Response::ResponseCase preset = response.response_case();
  pb::io::ArrayInputStream bytes(reply.data(), static_cast<int>(reply.size()));
  if (!response.MergeFromBoundedZeroCopyStream(&bytes, static_cast<int>(reply.size())))
    throw ControllerError(what + " failed: the game's reply (" + std::to_string(reply.size()) +
                          " bytes) is not a valid Response");
  if (preset != Response::RESPONSE_NOT_SET && response.response_case() == preset &&
      !carries_field(reply, static_cast<int>(preset)))
    response.clear_response();
  check_response(name, id, what, response);
}

void Controller::check_response(const std::string& name, std::uint32_t id, const std::string& what,
                                const Response& response) {
  if (response.has_id() && response.id() != id)
    throw ControllerError(what + " failed: the response carries id " +
                          std::to_string(response.id()) + " (answers another request)");
  if (!response.has_status())
    throw ControllerError(what + " failed: the response has no status");
  status_ = response.status();

  if (response.error_size() > 0) {
    std::string errors;
    for (const std::string& error : response.error()) errors += (errors.empty() ? "" : "; ") + error;
    throw ControllerError(what + " failed (" + status_text(response) + "): " + errors);
  }

  const pb::FieldDescriptor* member = Response::descriptor()->FindFieldByName(name);
  if (member) {
    if (!response.GetReflection()->HasField(response, member)) {
      const std::string carried = oneof_member_name(response);
      throw ControllerError(what + " failed: the response carries " +
                            (carried.empty() ? "no answer" : carried + " instead of " + name) +
                            " (" + status_text(response) + ")");
    }
    const std::string failure = member_error(response.GetReflection()->GetMessage(response, member));
    if (!failure.empty())
      throw ControllerError(what + " failed: " + failure + " (" + status_text(response) + ")");
  }
}

// The typed calls move their member out of the Response: an observation carries every
// feature layer, and copying it would cost as much as parsing it.
SC2APIProtocol::ResponsePing Controller::ping() {
  Request request;
  request.mutable_ping();
  return std::move(*call(std::move(request)).mutable_ping());
}

SC2APIProtocol::ResponseCreateGame Controller::create_game(
    const SC2APIProtocol::RequestCreateGame& create_game) {
  Request request;
  *request.mutable_create_game() = create_game;
  return std::move(*call(std::move(request)).mutable_create_game());
}

SC2APIProtocol::ResponseJoinGame Controller::join_game(const SC2APIProtocol::RequestJoinGame& join_game) {
  Request request;
  *request.mutable_join_game() = join_game;
  return std::move(*call(std::move(request)).mutable_join_game());
}

SC2APIProtocol::ResponseGameInfo Controller::game_info() {
  Request request;
  request.mutable_game_info();
  return std::move(*call(std::move(request)).mutable_game_info());
}

SC2APIProtocol::ResponseData Controller::data(const SC2APIProtocol::RequestData& data) {
  Request request;
  *request.mutable_data() = data;
  return std::move(*call(std::move(request)).mutable_data());
}

SC2APIProtocol::ResponseObservation Controller::observe(std::uint32_t game_loop) {
  Request request;
  auto* observation = request.mutable_observation();
  if (game_loop != 0) observation->set_game_loop(game_loop);
  return std::move(*call(std::move(request)).mutable_observation());
}

SC2APIProtocol::ResponseAction Controller::act(const SC2APIProtocol::RequestAction& action) {
  Request request;
  *request.mutable_action() = action;
  return std::move(*call(std::move(request)).mutable_action());
}

Controller::StepReplies Controller::act_step_observe(const SC2APIProtocol::RequestAction& action,
                                                    std::uint32_t count, std::uint32_t game_loop,
                                                    SC2APIProtocol::ResponseObservation reuse) {
  std::vector<Request> requests(3);
  *requests[0].mutable_action() = action;
  requests[1].mutable_step()->set_count(count);
  auto* observation = requests[2].mutable_observation();
  if (game_loop != 0) observation->set_game_loop(game_loop);
  std::vector<Exchanged> replies(3);
  // Parsed into `reuse`: cleared, its strings and sub-messages keep their memory.
  reuse.Clear();
  *replies[2].response.mutable_observation() = std::move(reuse);
  exchange(std::move(requests), replies);
  // A game that ended before the action (in a two-player game the other player may end it
  // while this one decides) refuses it with status ended: as PySC2's catch_game_end, that is
  // the end of the episode, shown by the observation, not a failure.
  const bool ended_by_action = replies[0].status == SC2APIProtocol::ended;
  if (replies[0].failure && !ended_by_action) throw *replies[0].failure;
  // Sent one by one, the step would not go out once the action left the game ended; here it
  // went out already, and its refusal is what the game says of a step after the end. The
  // other player of a two-player game may also end it between the action and the step (it
  // leaves): the step is refused with status ended then, and that too is the episode's end.
  const bool ended_before_step = replies[1].status == SC2APIProtocol::ended;
  if (replies[1].failure && !ended_by_action && !ended_before_step) throw *replies[1].failure;
  if (replies[2].failure) throw *replies[2].failure;
  StepReplies result;
  result.action = std::move(*replies[0].response.mutable_action());
  result.step = std::move(*replies[1].response.mutable_step());
  result.observation = std::move(*replies[2].response.mutable_observation());
  result.stepped = !ended_by_action && !(replies[1].failure && ended_before_step);
  return result;
}

SC2APIProtocol::ResponseStep Controller::step(std::uint32_t count) {
  Request request;
  request.mutable_step()->set_count(count);
  return std::move(*call(std::move(request)).mutable_step());
}

AvailableMaps Controller::available_maps() {
  Request request;
  request.mutable_available_maps();
  SC2APIProtocol::ResponseAvailableMaps reply = std::move(*call(std::move(request)).mutable_available_maps());
  AvailableMaps maps;
  // An empty entry could be neither shown nor sent back in create_game: the reply is broken.
  const auto take = [](auto& from, std::vector<std::string>& to, const char* what) {
    for (int i = 0; i < from.size(); ++i) {
      if (from.Get(i).empty()) {
        throw ControllerError(std::string("available_maps failed: the game lists an empty ") + what + " (item " +
                              std::to_string(i) + ")");
      }
      to.push_back(std::move(*from.Mutable(i)));
    }
  };
  take(*reply.mutable_local_map_paths(), maps.local_map_paths, "local map path");
  take(*reply.mutable_battlenet_map_names(), maps.battlenet_map_names, "Battle.net map name");
  return maps;
}

SC2APIProtocol::ResponseRestartGame Controller::restart_game() {
  Request request;
  request.mutable_restart_game();
  return std::move(*call(std::move(request)).mutable_restart_game());
}

SC2APIProtocol::ResponseLeaveGame Controller::leave_game() {
  Request request;
  request.mutable_leave_game();
  return std::move(*call(std::move(request)).mutable_leave_game());
}

SC2APIProtocol::ResponseSaveReplay Controller::save_replay() {
  Request request;
  request.mutable_save_replay();
  return std::move(*call(std::move(request)).mutable_save_replay());
}

void Controller::quit() noexcept {
  if (!channel_) return;
  try {
    Request request;
    request.mutable_quit();
    request.set_id(kQuitRequestId);
    channel_->send(request.SerializeAsString(), std::min(options_.call_timeout, kQuitSendTimeout));
    // The game may exit before answering: look for a reply only briefly.
    Response response;
    if (response.ParseFromString(channel_->receive(std::min(options_.call_timeout, kQuitReplyWait))) &&
        response.has_status())
      status_ = response.status();
  } catch (...) {
  }
  channel_->close();
  channel_.reset();
}

SC2APIProtocol::Status Controller::status() const noexcept { return status_; }

}  // namespace sc2
