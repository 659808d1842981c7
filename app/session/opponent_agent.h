#pragma once
// OpponentAgent: the other player of a melee game a person plays in sc2studio against an
// agent (--opponent agent:NAME). As PySC2 plays two players, the agent has a game process of
// its own (launched here, a real game or sc2lite, the same choice as the session's) and joins
// each game the session creates there (EnvOptions::Multiplayer, creates_game false; the
// GameRendezvous orders its join after the create). The game steps both players in
// lock-step, so the agent waits on the person's pace and pauses with the game.
//
// Its thread plays episode after episode: after each episode it waits for the next game. The
// rendezvous hands the session's games out in the order they are created, so the agent's
// episode k is the session's game k; the agent counts the games it has seen to the end. A
// failing episode (the agent throws, a step is refused) ends that episode only, the failure is
// kept for the session to show, and the agent waits for the next game; a failure to launch,
// connect or join ends the thread. Stop (or the destructor): abandons the rendezvous and joins.
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

  // Blocks until the agent has seen the end of the session's game number `game` (1 = the
  // first game the session created), or its episode of that game failed, or the agent has
  // stopped; false when `timeout` passed first. The session creates the next game only then.
  // A game the agent has joined is not over for it until it has seen the end: while it still
  // reads the first observation (a session that restarts at once has left the game already),
  // a new game created under it would refuse its next request, which ends the agent, and then
  // wait in vain for its second player.
  bool wait_game_over(int game, std::chrono::milliseconds timeout);
  // The thread has ended (a failure to launch, connect or join a game, or stop()): no more
  // games can be played against it.
  bool stopped() const;

  // The last failure (launching, connecting, an episode), once; nullopt when none is new.
  std::optional<std::string> take_failure();
  const std::string& name() const { return name_; }

 private:
  void run();
  void play_episodes(pysc2::Env& env);
  void game_over();  // one more game seen to the end (or its episode failed)
  void fail(std::string what);

  std::string name_;
  agents::AgentOptions agent_options_;
  pysc2::EnvOptions env_;
  GameChoice game_;
  std::unique_ptr<agents::Agent> agent_;
  std::thread thread_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int games_over_ = 0;  // the session's games 1..games_over_ were seen to the end
  bool connected_ = false;  // its game process accepted the agent's connection
  bool stopped_ = false;
  bool stopping_ = false;
  std::optional<std::string> failure_;
};

}  // namespace sc2::app
