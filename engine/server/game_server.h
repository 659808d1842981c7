#pragma once
// GameServer: the SC2 API on top of the engine, transport-free. One Request in, one
// Response out, with `id` echoed and `status` always set. Thread-safe (one mutex).
//
// Status machine (Blizzard's table plus what PySC2 sends):
//   launched  --create_game-->  init_game  --join_game-->  in_game  --(time up)-->  ended
//   in_game/ended --restart_game--> in_game;  ended --create_game--> init_game;
//   in_game/ended --leave_game--> launched;   any --quit--> quit.
// A request not valid in the current status gets a Response with only `error`, `id` and the
// unchanged `status`; the server keeps working.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/server_options.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

// Version facts answered to RequestPing (the last Linux build, which PySC2's tables match).
inline constexpr std::string_view kGameVersion = "4.10.0.75689";
inline constexpr std::string_view kDataVersion = "B89B5D6FA7CBF6452E721311BFBC6CB2";
inline constexpr std::uint32_t kDataBuild = 75689;
inline constexpr std::uint32_t kBaseBuild = 75689;

class GameServer {
 public:
  explicit GameServer(ServerOptions options = {});
  ~GameServer();
  GameServer(const GameServer&) = delete;
  GameServer& operator=(const GameServer&) = delete;

  // Never throws: malformed bytes give a Response with an error and the current status.
  std::string handle_bytes(std::string_view request_bytes);
  SC2APIProtocol::Response handle(const SC2APIProtocol::Request& request);

  SC2APIProtocol::Status status() const;
  bool quit_requested() const;

 private:
  SC2APIProtocol::Response dispatch(const SC2APIProtocol::Request& request);
  void log(std::string_view line) const;

  void create_game(const SC2APIProtocol::RequestCreateGame& r, SC2APIProtocol::Response& out);
  void join_game(const SC2APIProtocol::RequestJoinGame& r, SC2APIProtocol::Response& out);
  void restart_game(SC2APIProtocol::Response& out);
  void leave_game(SC2APIProtocol::Response& out);
  void observation(SC2APIProtocol::Response& out);
  void action(const SC2APIProtocol::RequestAction& r, SC2APIProtocol::Response& out);
  void step(const SC2APIProtocol::RequestStep& r, SC2APIProtocol::Response& out);
  void save_replay(SC2APIProtocol::Response& out);
  void start_episode();

  ServerOptions options_;
  mutable std::mutex mutex_;
  SC2APIProtocol::Status status_ = SC2APIProtocol::launched;
  std::optional<GameConfig> config_;        // after create_game
  std::optional<InterfaceSetup> interface_; // after join_game
  std::unique_ptr<Game> game_;              // after join_game
  std::uint64_t episode_ = 0;
};

}  // namespace sc2::engine
