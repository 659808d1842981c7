#pragma once
// Env: PySC2's SC2Env contract over a Controller. reset() starts (or restarts) an
// episode; step() sends the FunctionCalls, advances step_mul game loops and observes.
// Reward = change of score.score; the episode ends when the game reports player_result.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client/controller.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "client/pysc2/game_rendezvous.h"
#include "client/pysc2/function_call.h"
#include "client/pysc2/observation.h"
#include "client/pysc2/raw_command.h"

namespace sc2::pysc2 {

struct EnvOptions {
  // Required. A mini-game's name, sent as mini_games/<map>.SC2Map, a map path as the game
  // lists it (client/map_paths.h), or the path of a map file here, sent as its bytes
  // (client/local_map_file.h).
  std::string map;
  int feature_screen_size = 64;        // screen layer width (and height unless set below)
  int feature_minimap_size = 64;       // minimap layer width (and height unless set below)
  // Non-square layers, as PySC2's Dimensions(screen=(w, h), minimap=(w, h)): 0 = square.
  int feature_screen_height = 0;
  int feature_minimap_height = 0;
  bool crop_to_playable_area = false;  // minimap layers cover the playable area only
  bool allow_cheating_layers = false;  // minimap unit_type carries unit types
  float camera_width = 24.0f;          // world units across the screen layers
  // RGB images (rgb_screen, rgb_minimap), as PySC2's rgb_dimensions: 0 = no RGB (default).
  // Both widths set = asked for; rgb_screen_height 0 = square. The game's RGB camera is its
  // own (24 world units across), not camera_width.
  int rgb_screen_width = 0;
  int rgb_screen_height = 0;
  int rgb_minimap_size = 0;
  int step_mul = 8;
  std::optional<std::uint32_t> seed;   // RequestCreateGame.random_seed when set
  bool disable_fog = false;            // RequestCreateGame.disable_fog: everything visible
  bool raw = true;                     // also ask for raw data (the world view needs it)
  bool raw_affects_selection = false;  // raw commands also select their units (PySC2's play: true)
  bool hide_specific_actions = true;  // false: specific functions in available_actions and last_actions
  bool ensure_available_actions = true;  // reject calls not in available_actions
  std::string map_data;                // bytes sent as local_map.map_data (may be empty)
  // A built-in AI opponent (a two-player melee map): player_setup gets a Computer with this
  // difficulty and build after the agent's Participant. The reward is then PySC2's Melee
  // reward, the outcome (1 / 0 / -1) on the last step, 0 before.
  struct Computer {
    SC2APIProtocol::Difficulty difficulty = SC2APIProtocol::VeryEasy;
    SC2APIProtocol::AIBuild build = SC2APIProtocol::RandomBuild;
  };
  std::optional<Computer> computer;
  // Agent against agent (two Participants on a melee map, PySC2's players=[Agent, Agent]):
  // this Env plays one of the two. Every episode is a new game: the Env with creates_game
  // sends create_game with two Participants, and both join with server_ports {game_port,
  // game_port + 1} and one client_ports pair, so that two game processes find each other
  // (engine/server/engine_host.h); two Envs on one game process work the same way. The
  // rendezvous (shared by both Envs) orders the other's join after the create. The reward is
  // the outcome, as against a Computer. Not with `computer`.
  struct Multiplayer {
    bool creates_game = true;
    std::uint16_t game_port = 0;
    std::shared_ptr<GameRendezvous> rendezvous;
  };
  std::optional<Multiplayer> multiplayer;
};

class Env {
 public:
  Env(Controller& controller, EnvOptions options);

  // First call: create_game + join_game + game_info; later calls: restart_game (a new game
  // each time with `multiplayer`). Then
  // observes: a `first` TimeStep with reward 0 and discount 0 (as PySC2). Throws
  // std::runtime_error when the game echoes other feature (or RGB) resolutions than asked for.
  // Every TimeStep is decoded once and shared, never copied: the caller and last() hold the
  // same one.
  std::shared_ptr<const TimeStep> reset();
  // Validates every call (throws std::invalid_argument naming the function and argument),
  // sends them in one RequestAction (one Action per call), steps step_mul loops and
  // observes. Throws std::logic_error before reset() and after the last step of an episode.
  std::shared_ptr<const TimeStep> step(const std::vector<FunctionCall>& calls);
  std::shared_ptr<const TimeStep> step(const FunctionCall& call) { return step(std::vector<FunctionCall>{call}); }
  // As step(calls), plus raw-interface commands sent after them in the same RequestAction
  // (one Action each; not checked against available_actions, as raw actions are not).
  // Throws std::invalid_argument when there are raw commands and the raw interface is off.
  std::shared_ptr<const TimeStep> step(const std::vector<FunctionCall>& calls, const std::vector<RawCommand>& raw);

  const EnvOptions& options() const { return options_; }
  // Game loops per step from the next step on (PySC2's viewer changes it while playing).
  // Throws std::invalid_argument below 1.
  void set_step_mul(int step_mul);
  // The point ranges calls are validated against (the layer resolutions asked for).
  ActionSpace action_space() const;
  const SC2APIProtocol::ResponseGameInfo& game_info() const { return game_info_; }
  // What the views need of the game info, decoded once per game (after the first reset; null
  // before) and shared by every observation's game_view.
  const std::shared_ptr<const GameView>& game_view() const { return game_view_; }
  // The TimeStep the last reset() / step() returned, the same object (nothing decoded or
  // copied); null before the first reset().
  const std::shared_ptr<const TimeStep>& last() const { return last_; }
  int episode() const { return episode_; }          // 1 after the first reset
  std::int64_t episode_steps() const { return episode_steps_; }  // step() calls this episode
  std::uint32_t game_loop() const { return game_loop_; }          // of the last observation
  Controller& controller() { return controller_; }

 private:
  void start_game();
  void create_game();
  void join_game();
  std::shared_ptr<const TimeStep> observe(StepType type, std::uint32_t target_loop);
  // The TimeStep of an observation the game answered (a stub merged into the last one).
  std::shared_ptr<const TimeStep> to_time_step(StepType type, std::uint32_t target_loop,
                                               SC2APIProtocol::ResponseObservation response);
  ObservationSpec observation_spec() const;

  // TimeSteps nobody holds any more come back here (the shared_ptr's deleter, on whichever
  // thread drops the last reference), so the next observation is decoded into their arrays.
  struct Recycler;

  Controller& controller_;
  EnvOptions options_;
  std::string sent_map_path_;  // create_game's local_map.map_path
  std::shared_ptr<Recycler> recycler_;
  // A spent response (of a recycled TimeStep nobody else shared): the next observation is
  // parsed into it, reusing its strings and sub-messages.
  SC2APIProtocol::ResponseObservation spare_response_;
  SC2APIProtocol::ResponseGameInfo game_info_;
  std::shared_ptr<const GameView> game_view_;
  // Later calls read its type (episode end), available actions (validation) and response
  // (a stub's merge). Null before the first reset().
  std::shared_ptr<const TimeStep> last_;
  bool game_created_ = false;
  int episode_ = 0;
  std::int64_t episode_steps_ = 0;
  std::int64_t last_score_ = 0;
  std::uint32_t game_loop_ = 0;
};

}  // namespace sc2::pysc2
