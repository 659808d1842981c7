// Fuzz target: the engine's request handling, bytes -> Request -> GameServer -> Response.
// Input: byte 0 picks the status the server is in when the request arrives (launched,
// init_game, in_game with MoveToBeacon running, ended, in_replay), the rest is the Request's
// bytes. One server per status is kept between inputs and rebuilt when a request moved it
// elsewhere, so a game stays running. Oracle: handle_bytes never throws and always answers
// a parseable Response with a status (the SC2 API contract), whatever the bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "engine/server/game_server.h"

namespace {

namespace api = SC2APIProtocol;
using sc2::engine::GameServer;

// Index = Status - 1 (launched 1 .. ended 5), the byte the corpus recorder writes.
constexpr std::array<api::Status, 5> kStartStatuses = {api::launched, api::init_game, api::in_game, api::in_replay,
                                                       api::ended};

api::Response call(GameServer& server, const api::Request& request) { return server.handle(request); }

void create(GameServer& server) {
  api::Request request;
  auto* create = request.mutable_create_game();
  create->mutable_local_map()->set_map_path("mini_games/MoveToBeacon.SC2Map");
  create->add_player_setup()->set_type(api::Participant);
  create->set_random_seed(7);
  call(server, request);
}

void join(GameServer& server) {
  api::Request request;
  auto* join = request.mutable_join_game();
  join->set_race(api::Terran);
  auto* options = join->mutable_options();
  options->set_raw(true);
  options->set_score(true);
  auto* layers = options->mutable_feature_layer();
  layers->set_width(24);
  layers->mutable_resolution()->set_x(64);
  layers->mutable_resolution()->set_y(64);
  layers->mutable_minimap_resolution()->set_x(64);
  layers->mutable_minimap_resolution()->set_y(64);
  call(server, request);
}

void step(GameServer& server, std::uint32_t loops) {
  api::Request request;
  request.mutable_step()->set_count(loops);
  call(server, request);
}

// A server in `wanted` status, built the way a client gets there.
std::unique_ptr<GameServer> make_server(api::Status wanted) {
  auto server = std::make_unique<GameServer>();
  if (wanted == api::launched) return server;
  create(*server);
  if (wanted == api::init_game) return server;
  join(*server);
  if (wanted == api::in_game) return server;
  if (wanted == api::ended) {
    for (int i = 0; i < 1000 && server->status() == api::in_game; ++i) step(*server, 1000);
    return server;
  }
  step(*server, 16);
  api::Request save;
  save.mutable_save_replay();
  const std::string replay = call(*server, save).save_replay().data();
  api::Request leave;
  leave.mutable_leave_game();
  call(*server, leave);
  api::Request start;
  start.mutable_start_replay()->set_replay_data(replay);
  start.mutable_start_replay()->mutable_options()->set_raw(true);
  call(*server, start);
  return server;
}

GameServer& server_in(std::size_t index) {
  static std::array<std::unique_ptr<GameServer>, kStartStatuses.size()> servers;
  auto& server = servers[index];
  if (!server || server->status() != kStartStatuses[index]) {
    server = make_server(kStartStatuses[index]);
    if (server->status() != kStartStatuses[index]) {
      std::fprintf(stderr, "engine_request fuzzer: could not reach status %s\n",
                   api::Status_Name(kStartStatuses[index]).c_str());
      std::abort();
    }
  }
  return *server;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  GameServer& server = server_in(data[0] % kStartStatuses.size());
  const std::string_view request(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string reply = server.handle_bytes(request);
  api::Response response;
  if (!response.ParseFromString(reply) || !response.has_status()) {
    std::fprintf(stderr, "engine_request fuzzer: the reply is not a Response with a status\n");
    std::abort();
  }
  return 0;
}
