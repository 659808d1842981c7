#pragma once
// GameServer: the SC2 API on top of the engine, transport-free. One Request in, one
// Response out, with `id` echoed and `status` always set. Thread-safe (one mutex).
//
// Status machine (Blizzard's table plus what PySC2 sends):
//   launched  --create_game-->  init_game  --join_game-->  in_game  --(time up)-->  ended
//   in_game/ended --restart_game--> in_game;  ended/in_replay --create_game--> init_game;
//   in_game/ended/in_replay --leave_game--> launched;   any --quit--> quit.
// A request not valid in the current status gets a Response with only `error`, `id` and the
// unchanged `status`; the server keeps working.
//
// Replays (engine/REPLAY_FORMAT.md): save_replay records the current episode (in a game of
// two Participants either may ask: both players' actions are in it); start_replay
// (launched/ended/in_replay) --> in_replay, seen from observed_player_id's side (0 = player
// 1); step re-applies the recorded requests; at the end of the recording --> ended with
// player_result. action is refused in a replay.
//
// Connections: every request names its connection (0 = the default one; EngineHost passes
// the websocket's id). Any connection drives the game as before, except those that joined
// as observers (join_game with observed_player_id while a game runs: 1, or 2 on a melee
// map, 0 = 1): they see that player's side of the game (its fog) with their own
// InterfaceOptions and camera (each observation carries every action that player made since
// the observer's previous one, see EchoHistory), may send obs_action camera moves, and are
// refused action, step and game-control requests.
// With ServerOptions::sole_player only that connection plays; the others may only observe.
// connection_closed() forgets an observer. When the connection that created or joined the
// game (the player's) closes, the game is freed (status back to launched) so that the next
// client can create a new one.
//
// Pace (game_server_pace.cpp, GameClock): the player's step requests are held to the pace in
// force (ServerOptions::pace) before they run; nothing else about them changes. With
// ServerOptions::observer_control an observer may change the pace with RequestDebug
// game_pace (sc2lite's extension, proto/README.md); the first observer to do so keeps control
// until it releases it or goes away (the game then runs on at the starting pace, unpaused).
// A player that goes away while its step is held frees the game.
//
// Debug (game_server_debug.cpp): the player's kill_unit (the units die in the next loop),
// create_unit (SMACv2 places its teams with it) and draw (ignored), checked as a whole first
// (Game::debug: an error and nothing applied); game_pace from observers.
//
// Melee maps (melee_registry.h): one Participant (player 1) and one Computer (player 2,
// played by the engine's melee_ai.h), or two Participants on two connections; the race is
// Terran (Random plays Terran, others are refused); player_result lists both players once the
// game has ended.
// Two Participants (game_server_multiplayer.cpp): the connection that created the game is
// player 1 when it joins, another connection player 2 (a game created by a third connection:
// the first to join is player 2, the next player 1); each join returns once both have joined (or fails after ServerOptions::join_wait). Each
// player then observes, acts and steps on its own connection; a step returns once both
// players have asked for it (lock-step: the game runs to the nearer of their two loops). A
// player that leaves or whose connection closes loses; the other wins (status ended). The
// game is freed when neither is left. restart_game is refused (a multiplayer game is created
// again); save_replay records both players' actions, debug kill_unit / create_unit and a player leaving.
//
// Limits: a step asks for at most kMaxStepLoops game loops (more is refused with an error
// naming the limit; a mini-game ends long before); feature layers are at most
// kMaxLayerResolution (interface_setup.h) on each axis.
#include <array>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "engine/server/echo_history.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/replay_playback.h"
#include "engine/server/replay_recorder.h"
#include "engine/server/server_options.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

// Version facts answered to RequestPing (the last Linux build, which PySC2's tables match).
inline constexpr std::string_view kGameVersion = "4.10.0.75689";
inline constexpr std::string_view kDataVersion = "B89B5D6FA7CBF6452E721311BFBC6CB2";
inline constexpr std::uint32_t kDataBuild = 75689;
inline constexpr std::uint32_t kBaseBuild = 75689;

// Who sent a request: 0 = the single default connection (in-process callers).
using ConnectionId = std::uint64_t;
inline constexpr ConnectionId kDefaultConnection = 0;

// Most game loops one step request may ask for: about 13 hours of game time, and the work
// one request may hold the game for.
inline constexpr std::uint32_t kMaxStepLoops = 1u << 20;

class GameServer {
 public:
  explicit GameServer(ServerOptions options = {});
  ~GameServer();
  GameServer(const GameServer&) = delete;
  GameServer& operator=(const GameServer&) = delete;

  // Never throws: malformed bytes give a Response with an error and the current status.
  std::string handle_bytes(std::string_view request_bytes, ConnectionId connection = kDefaultConnection);
  // The same into `out` (replaced), reusing its capacity: what a transport keeping one reply
  // buffer per connection calls, so an observation costs no allocation.
  void handle_bytes_into(std::string_view request_bytes, std::string& out,
                         ConnectionId connection = kDefaultConnection);
  // The same without bytes, for a client in this process: the reply replaces `out`. A spent
  // observation left in `out` is reused for a later observation (its strings keep their memory).
  void handle_into(const SC2APIProtocol::Request& request, SC2APIProtocol::Response& out,
                   ConnectionId connection = kDefaultConnection);
  SC2APIProtocol::Response handle(const SC2APIProtocol::Request& request,
                                  ConnectionId connection = kDefaultConnection);

  SC2APIProtocol::Status status() const;
  bool quit_requested() const;
  // The connection asked to go (an observer's quit): close it after sending the reply.
  bool should_close(ConnectionId connection) const;
  // Forgets the connection's state (observer role, camera); the game goes on, unless this
  // was the player's connection: then the game is freed and the status is launched again.
  void connection_closed(ConnectionId connection);
  std::size_t observer_count() const;
  GamePace pace() const { return game_clock_.pace(); }

 private:
  struct Observer {
    InterfaceSetup iface;
    std::optional<Vec2> camera;  // nullopt = follow player 1's camera
    bool detached = false;       // the observed game went away (create/leave/start_replay)
    bool closing = false;        // sent quit
    std::uint64_t echo_cursor = 0;   // into echo_histories_: the observed player's actions not yet shown
    std::uint64_t error_cursor = 0;  // into error_histories_: its action errors not yet shown
  };

  // Under mutex_: answers into `out` (id and status set), never throws.
  void handle_locked(const SC2APIProtocol::Request& request, ConnectionId connection, SC2APIProtocol::Response& out);
  void dispatch(const SC2APIProtocol::Request& request, ConnectionId connection, SC2APIProtocol::Response& out);
  bool dispatch_observer(const SC2APIProtocol::Request& request, Observer& observer, ConnectionId connection,
                         SC2APIProtocol::Response& out);
  void join_as_observer(const SC2APIProtocol::RequestJoinGame& r, ConnectionId connection,
                        SC2APIProtocol::Response& out);
  void observer_action(const SC2APIProtocol::RequestObserverAction& r, std::optional<Vec2>& camera,
                       const InterfaceSetup& iface, SC2APIProtocol::Response& out);
  void detach_observers();
  void start_replay(const SC2APIProtocol::RequestStartReplay& r, SC2APIProtocol::Response& out);
  void replay_info(const SC2APIProtocol::RequestReplayInfo& r, SC2APIProtocol::Response& out);
  void log(std::string_view line) const;

  void create_game(const SC2APIProtocol::RequestCreateGame& r, SC2APIProtocol::Response& out);
  void join_game(const SC2APIProtocol::RequestJoinGame& r, SC2APIProtocol::Response& out);
  // The join's race and options checked and parsed; nullopt with `result`'s error filled.
  std::optional<InterfaceSetup> validate_join(const SC2APIProtocol::RequestJoinGame& r,
                                              SC2APIProtocol::ResponseJoinGame* result) const;
  void restart_game(SC2APIProtocol::Response& out);
  void leave_game(SC2APIProtocol::Response& out);
  void observation(SC2APIProtocol::Response& out, ConnectionId connection);
  void action(const SC2APIProtocol::RequestAction& r, SC2APIProtocol::Response& out, ConnectionId connection);
  void step(const SC2APIProtocol::RequestStep& r, SC2APIProtocol::Response& out);
  void save_replay(SC2APIProtocol::Response& out);
  void start_episode();

  void free_game();  // as leave_game: back to launched, observers detached

  // [game_server_multiplayer.cpp] Without mutex_: a two-Participant game's join_game and
  // step, which wait for the other player. nullopt when `request` is not one of those.
  std::optional<SC2APIProtocol::Response> multiplayer_request(const SC2APIProtocol::Request& request,
                                                              ConnectionId connection);
  void join_two_player_game(std::unique_lock<std::mutex>& lock, const SC2APIProtocol::Request& request,
                            ConnectionId connection, SC2APIProtocol::Response& out);
  void lockstep(std::unique_lock<std::mutex>& lock, const SC2APIProtocol::RequestStep& r, int player,
                ConnectionId connection, SC2APIProtocol::Response& out);
  // Under mutex_: the game has (or will have) two Participants.
  bool two_participants() const;
  // Under mutex_: 1 or 2 when `connection` holds a seat of a two-Participant game, else 0.
  int seat_of(ConnectionId connection) const;
  // Under mutex_: the player leaves (leave_game, or its connection closed): the other wins.
  void leave_seat(int player);
  // Under mutex_: runs the game while both players wait for a step; wakes them.
  void advance_lockstep();
  const InterfaceSetup& interface_of(ConnectionId connection) const;
  FeatureLayerCache& layer_cache_of(ConnectionId connection);

  // [game_server_pace.cpp] Without mutex_: holds the player's step to the pace. Nothing when
  // it may run now; the answer when the player went away meanwhile (the game is freed then).
  std::optional<SC2APIProtocol::Response> pace_step(const SC2APIProtocol::Request& request, ConnectionId connection);
  // Under mutex_: RequestDebug with game_pace commands (observers only).
  void game_pace(const SC2APIProtocol::RequestDebug& r, ConnectionId connection, SC2APIProtocol::Response& out);
  void release_pace(ConnectionId connection);  // under mutex_: if it held the pace
  // [game_server_debug.cpp] Under mutex_: the player's RequestDebug (game_pace goes to
  // game_pace(), which refuses it for a player).
  void debug(const SC2APIProtocol::RequestDebug& r, ConnectionId connection, SC2APIProtocol::Response& out);
  // Under mutex_: the players a game has (1 on a mini-game, 2 on a melee map): the ids an
  // observer may watch.
  int players_in_game() const;
  // Under mutex_: race and name of `player` as it joined (a Computer: Terran, no name).
  void describe_player(int player, InterfaceSetup& view) const;

  ServerOptions options_;
  mutable std::mutex mutex_;
  SC2APIProtocol::Status status_ = SC2APIProtocol::launched;
  // The connection that last created, joined or started a replay (not an observer's).
  std::optional<ConnectionId> player_connection_;
  std::optional<GameConfig> config_;        // after create_game
  std::optional<InterfaceSetup> interface_; // after join_game
  std::unique_ptr<Game> game_;              // after join_game, or the replay being played
  std::uint64_t episode_ = 0;
  SC2APIProtocol::RequestJoinGame join_request_;  // the player's, for replays
  ReplayRecorder recorder_;                       // the current episode
  std::unique_ptr<ReplayPlayback> replay_;        // set while in (or after) a replay
  std::map<ConnectionId, Observer> observers_;
  // Each player's echoed actions and action errors for observers (the player's own
  // observation takes its own); [0] player 1, [1] player 2.
  std::array<EchoHistory, 2> echo_histories_;
  std::array<ErrorHistory, 2> error_histories_;
  // Speed: the player's static feature layers, and the last ResponseObservation sent by
  // handle_bytes, cleared and refilled next time so its buffers are not allocated again.
  FeatureLayerCache layer_cache_;
  std::unique_ptr<SC2APIProtocol::ResponseObservation> spare_observation_;
  // The pace of the player's steps, and the observer that sets it (none: the options' pace).
  GameClock game_clock_;
  std::optional<ConnectionId> pace_owner_;

  // Player 2 of a two-Participant game (player 1's seat is player_connection_, interface_,
  // join_request_ and layer_cache_ above).
  struct SecondSeat {
    std::optional<ConnectionId> connection;
    std::optional<InterfaceSetup> iface;
    SC2APIProtocol::RequestJoinGame join;  // for replays
    FeatureLayerCache layer_cache;
  };
  SecondSeat second_;
  std::optional<ConnectionId> creator_;  // who created the two-Participant game: player 1
  // A waiting step's wanted game loop, per player (lock-step).
  std::array<std::optional<std::uint32_t>, 2> step_targets_;
  // Seats taken or given up, the game started or ended, a lock-step advanced.
  std::condition_variable players_changed_;
};

}  // namespace sc2::engine
