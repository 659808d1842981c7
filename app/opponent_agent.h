#pragma once
// OpponentAgent: the other player of a melee game a person plays in sc2studio against an
// agent (--opponent agent:NAME). As PySC2 plays two players, the agent has a game process of
// its own (launched here, a real game or sc2lite, the same choice as the session's) and joins
// each game the session creates there (EnvOptions::Multiplayer, creates_game false; the
// GameRendezvous orders its join after the create). The game steps both players in
// lock-step, so the agent waits on the person's pace and pauses with the game.
//
// Its thread plays episode after episode: after each episode it waits for the next game. A
// failing episode (the agent throws, a step is refused) ends that episode only, the failure is
// kept for the session to show, and the agent waits for the next game; a failure to launch or
// connect ends the thread. Stop (or the destructor): abandons the rendezvous and joins.
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "agents/agent.h"
#include "client/launcher.h"
#include "client/pysc2/env.h"
#include "client/pysc2/game_rendezvous.h"

namespace sc2::app {

class OpponentAgent {
 public:
  // `env`: the session's options (map, resolutions, step_mul, multiplayer with the game port
  // and the rendezvous); the agent's own copy joins instead of creating.
  OpponentAgent(std::string name, agents::AgentOptions agent_options, pysc2::EnvOptions env, GameChoice game);
  ~OpponentAgent();  // stop()
  OpponentAgent(const OpponentAgent&) = delete;
  OpponentAgent& operator=(const OpponentAgent&) = delete;

  // Makes the agent (throws std::invalid_argument as agents::make_agent and Agent::setup do:
  // before any process starts), then starts the thread that launches its game, and returns
  // once that game accepts the agent's connection. Throws std::runtime_error with the reason
  // when it cannot start (no game to launch, it does not answer): the session's join would
  // otherwise wait for a player who never comes.
  void start();
  void stop();

  // Blocks until the agent is between games (its last episode seen to the end, or not yet
  // joined any), or has stopped; false when `timeout` passed first. The session creates the
  // next game only then, so the agent never reads the new game as the old one's end.
  bool wait_between_games(std::chrono::milliseconds timeout);

  // The last failure (launching, connecting, an episode), once; nullopt when none is new.
  std::optional<std::string> take_failure();
  const std::string& name() const { return name_; }

 private:
  void run();
  void play_episodes(pysc2::Env& env);
  void set_between_games(bool between);
  void fail(std::string what);

  std::string name_;
  agents::AgentOptions agent_options_;
  pysc2::EnvOptions env_;
  GameChoice game_;
  std::unique_ptr<agents::Agent> agent_;
  std::thread thread_;

  std::mutex mutex_;
  std::condition_variable changed_;
  bool between_games_ = true;
  bool connected_ = false;  // its game process accepted the agent's connection
  bool stopped_ = false;
  bool stopping_ = false;
  std::optional<std::string> failure_;
};

}  // namespace sc2::app
