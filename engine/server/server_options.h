#pragma once
// Settings of a GameServer that do not come over the wire.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string_view>

#include "engine/server/game_clock.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

struct ServerOptions {
  // Where RequestCreateGame's local_map.map_path is looked up and what RequestAvailableMaps
  // lists beside the built-in maps (sc2lite --maps DIR, else SC2PATH/Maps); empty = none
  // (engine/scripted/map_source.h).
  std::filesystem::path maps_dir;
  // Seed used when RequestCreateGame has no random_seed (the game stays deterministic).
  std::uint32_t default_seed = 1;
  // Receives one line per noteworthy event (bad request, game created, ...); may be empty.
  std::function<void(std::string_view)> log;
  // The player's steps are held to this pace (sc2lite --speed, --pause_on_start).
  GamePace pace;
  // Observers may change the pace (sc2lite --observer_control); a real game never lets them.
  bool observer_control = false;
  // Whether a connection's peer is still there, asked while its step is held (EngineHost
  // fills it from the websocket); empty = always.
  std::function<bool(std::uint64_t connection)> connection_open;
  // Only this connection may drive the game (create, join, step, act, restart, leave, quit);
  // every other one may only observe it (join_game with observed_player_id) and ask what
  // changes nothing (ping, available_maps, data, game_info, replay_info). sc2train's observed
  // game (--observe_port): the trainer plays in-process on connection 0, a stray client on the
  // port must not end its game. Empty = any connection may play (sc2lite).
  std::optional<std::uint64_t> sole_player;
  // How long the first player's join_game of a two-Participant game waits for the second
  // before it fails and frees its seat.
  std::chrono::milliseconds join_wait = std::chrono::seconds(120);

  // Two game processes, one game (how PySC2 starts agent against agent; EngineHost fills these).
  // The process that created a two-Participant game is asked to serve it to the other process
  // on the join's server_ports.game_port ...
  std::function<void(const SC2APIProtocol::RequestJoinGame& join)> serve_peers;
  // ... and a process with no game that is asked to join with server_ports hands the join (and
  // from then on the connection) to the process hosting the game: this answers the join.
  std::function<SC2APIProtocol::Response(std::uint64_t connection, const SC2APIProtocol::Request& join)> join_remote;
};

}  // namespace sc2::engine
