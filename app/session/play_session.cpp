// Session, play and watch mode: launches the game, creates the mini-game (or the melee game
// against the built-in AI) and steps it at the person's pace. Each step sends the calls the
// person queued (none: no_op) or the call the watched agent chose; between steps the game
// thread carries out what was asked of it (step_mul, agent, recording, replay, restart). A
// mini-game's next episode starts at once; a melee game that ended waits for a restart with
// its result shown. The session ends when stopped or after --max_game_steps game loops;
// --save_replay keeps a replay of every episode played.
#include <ctime>
#include <exception>
#include <stdexcept>
#include <string>

#include "app/session/opponent_agent.h"
#include "app/session/opponent_choice.h"
#include "app/session/replay_files.h"
#include "app/session/session.h"
#include "client/launcher.h"
#include "client/map_paths.h"
#include "client/pysc2/game_requests.h"
#include "client/unit_type_names.h"

namespace sc2::app {

void Session::run_play() {
  // Declared before the game: on the way out the game quits first, which ends any wait of the
  // opponent agent's (its lock-step step, its join), and then the opponent is joined.
  std::unique_ptr<OpponentAgent> opponent;
  std::unique_ptr<GameProcess> game = launch_game();
  if (pacer_.stop_requested()) return;
  fetch_available_maps(game->controller());
  controller_ = &game->controller();
  if (!options_.opponent_agent.empty()) opponent = start_opponent();
  opponent_ = opponent.get();
  struct Forget {  // the raw pointers above must not outlive this call
    Session& session;
    ~Forget() {
      session.opponent_ = nullptr;
      session.controller_ = nullptr;
    }
  } forget{*this};

  set_status("creating the game (" + options_.env.map + ")");
  pysc2::Env env(game->controller(), options_.env);
  publish(env.reset(), env);
  fetch_unit_type_names(game->controller());
  std::string against;
  if (options_.env.computer) against = " against " + opponent_label(*options_.env.computer);
  if (opponent) against = " against " + opponent_agent_label(opponent->name());
  const std::string title = options_.env.map + against + " on " + game->executable().path.filename().string();
  set_running(title);
  if (!options_.agent.empty()) load_agent(options_.agent);
  if (options_.record_dir) open_recording(*options_.record_dir);

  auto deadline = StepPacer::Clock::now();
  while (!pacer_.stop_requested()) {
    // A melee game that ended waits for a restart (or other requests) with its result shown.
    if (env.last()->last()) {
      if (!pacer_.wait_for_request([this] { return requests_.pending(); })) break;
    } else {
      deadline = pacer_.next_deadline(deadline, options_.env.step_mul);
      if (!wait_for_step(deadline)) break;
    }
    const StepPacer::Turn turn = pacer_.take_turn();
    const Requests requests = requests_.take();
    apply_step_mul(env, requests.step_mul);
    apply_agent_and_recording(requests);
    if (requests.save_replay) save_replay(env, *requests.save_replay);
    if (requests.restart) {
      new_episode(env, title);
      deadline = StepPacer::Clock::now();
      continue;
    }
    if (env.last()->last() || (turn.paused && !turn.step)) continue;
    play_step(env);
    report_opponent_failure();
    if (game_loop_limit_reached()) break;
    if (env.last()->last()) {
      if (melee()) {
        show_game_result(*env.last());
      } else {
        new_episode(env, title);  // a mini-game: the next episode at once
      }
    }
  }
  keep_episode_replay(env);
  set_status("quitting the game");
  // `game` goes out of scope here: the GameProcess destructor quits the game process.
}

// The names are a courtesy of the panels (ids are shown without them): a game that will not say
// costs nothing but them.
void Session::fetch_unit_type_names(sc2::Controller& controller) {
  std::shared_ptr<const std::map<std::uint32_t, std::string>> names;
  try {
    names = std::make_shared<const std::map<std::uint32_t, std::string>>(sc2::fetch_unit_type_names(controller));
  } catch (const ControllerError& error) {
    notice(std::string("the game gave no unit type names: ") + error.what());
    return;
  }
  std::lock_guard lock(mutex_);
  snapshot_.unit_type_names = std::move(names);
}

void Session::fetch_available_maps(sc2::Controller& controller) {
  set_status("asking the game for its maps");
  std::vector<std::string> maps;
  std::string problem;
  try {
    for (const std::string& path : controller.available_maps().local_map_paths) maps.push_back(map_choice_for_path(path));
  } catch (const ControllerError& error) {
    problem = error.what();
  }
  if (options_.env.map.empty()) {
    if (maps.empty()) {
      throw std::runtime_error("no map given (--map), and " + (problem.empty() ? "the game lists none" : problem));
    }
    options_.env.map = maps.front();
  }
  if (!problem.empty()) notice("the game did not list its maps (the settings offer none): " + problem);
  std::lock_guard lock(mutex_);
  snapshot_.available_maps = std::move(maps);
  snapshot_.map = options_.env.map;
}

void Session::apply_step_mul(pysc2::Env& env, std::optional<int> step_mul) {
  if (!step_mul || *step_mul == options_.env.step_mul) return;
  if (recorder_.recording()) {
    notice("step_mul stays " + std::to_string(options_.env.step_mul) + " while recording (a dataset has one)");
    return;
  }
  env.set_step_mul(*step_mul);
  options_.env.step_mul = *step_mul;
  std::lock_guard lock(mutex_);
  snapshot_.step_mul = *step_mul;
}

void Session::apply_agent_and_recording(const Requests& requests) {
  if (requests.agent) load_agent(*requests.agent);
  if (requests.stop_record) close_recording();
  if (requests.record) open_recording(*requests.record);
}

// A melee game ended: its result stays on screen (the game waits for a restart).
void Session::show_game_result(const pysc2::TimeStep& last) {
  const int result = last.outcome.value_or(0);
  const char* text = game_result_name(result);
  notice(std::string("the game ended: ") + text + " at game loop " + std::to_string(last.observation.game_loop) +
         " (restart for a new game)");
  std::lock_guard lock(mutex_);
  snapshot_.game_result = result;
  snapshot_.status = std::string("game over: ") + text;
}

std::unique_ptr<OpponentAgent> Session::start_opponent() {
  const std::string& name = options_.opponent_agent;
  set_status("starting the opponent agent '" + name + "'");
  options_.env.computer.reset();
  options_.env.multiplayer =
      pysc2::EnvOptions::Multiplayer{true, pick_free_port(), std::make_shared<pysc2::GameRendezvous>()};
  auto opponent = std::make_unique<OpponentAgent>(
      name, agents::AgentOptions{options_.agent_seed + 1, {}, false}, options_.env,
      GameChoice{options_.sc2path, options_.sc2lite_dir, kGameStartupTimeout});
  try {
    opponent->start();
  } catch (const std::invalid_argument& error) {  // no such agent, or none for this map
    throw std::runtime_error("cannot play against the agent '" + name + "': " + error.what());
  }  // a game that cannot start says so itself (std::runtime_error naming the agent)
  return opponent;
}

void Session::end_game_with_opponent(pysc2::Env& env) {
  if (!env.last()->last() && controller_ != nullptr) {
    try {
      controller_->leave_game();  // the opponent wins the game left
    } catch (const ControllerError& error) {
      notice(std::string("leaving the game: ") + error.what());
    }
  }
  set_status("waiting for the opponent agent to see the game end");
  constexpr std::chrono::seconds kOpponentWait{30};
  // env.episode(): the games this Env created, this one last. The agent joined it (a join
  // returns once both players have), though it may still be reading its first observation:
  // the next game is created only once the agent has seen this one end.
  if (!opponent_->wait_game_over(env.episode(), kOpponentWait)) {
    throw std::runtime_error("the opponent agent '" + opponent_->name() + "' did not finish its game within " +
                             std::to_string(kOpponentWait.count()) + " s");
  }
  if (opponent_->stopped()) {  // the next game's join would wait for it in vain
    throw std::runtime_error(opponent_->take_failure().value_or("the opponent agent '" + opponent_->name() +
                                                                "' stopped") +
                             "; no new game can be played against it");
  }
  report_opponent_failure();
}

void Session::report_opponent_failure() {
  if (opponent_ == nullptr) return;
  if (std::optional<std::string> failure = opponent_->take_failure()) notice(std::move(*failure));
}

// Ends the episode (a restart asked for, or the game's end) and starts the next one.
void Session::new_episode(pysc2::Env& env, const std::string& title) {
  set_status("restarting the episode");
  {
    std::lock_guard lock(mutex_);
    snapshot_.game_result.reset();
  }
  if (recorder_.recording()) {
    recorder_.end_episode(env.game_loop());  // nothing when its last step ended it already
    publish_recording();
  }
  keep_episode_replay(env);
  if (opponent_ != nullptr) end_game_with_opponent(env);
  publish(env.reset(), env);
  agent_.new_episode();
  set_status(title);
}

// One step: the calls of whoever is in control, sent; their results logged; recorded when
// recording; the new TimeStep published.
void Session::play_step(pysc2::Env& env) {
  const std::shared_ptr<const pysc2::TimeStep> before = env.last();  // kept across env.step
  pysc2::ActionSpace space;
  space.screen_width = space.screen_height = options_.env.feature_screen_size;
  space.minimap_width = space.minimap_height = options_.env.feature_minimap_size;
  Controller controller;
  {
    std::lock_guard lock(mutex_);
    controller = snapshot_.controller;
    if (controller == Controller::human) snapshot_.policy.reset();  // no stale heat-map while the person plays
  }
  std::optional<StepCalls> chosen =
      controller == Controller::agent ? agent_calls(*before, space) : person_calls(before->observation, space);
  if (!chosen) return;  // no agent to ask (still loading, or it failed): no step
  StepCalls& sent = *chosen;
  if (sent.calls.empty()) sent.calls.push_back(pysc2::FunctionCall{pysc2::fn::no_op, {}});

  const std::uint32_t loop_before = env.game_loop();
  std::shared_ptr<const pysc2::TimeStep> after;
  try {
    after = env.step(sent.calls, sent.raw);
  } catch (const std::invalid_argument& error) {
    // The Env refused the batch (should not happen after validate); the game is still fine.
    log_.set_result(sent.sequences, std::string("rejected: ") + error.what(), true);
    return;
  }
  const std::uint32_t loop_after = env.game_loop();
  episode_played_ = episode_played_ || loop_after != loop_before;
  if (loop_after > loop_before) total_game_loops_ += loop_after - loop_before;

  const StepResult result = step_result(after->observation.action_result);
  log_.set_result(sent.sequences, result.text, result.failed);
  if (recorder_.recording()) {
    recorder_.record(before->observation, sent.calls.front(), *after);
    publish_recording();
  }
  publish(std::move(after), env, controller);
}

// The agent's call, logged as sent (or rejected when invalid: then no_op goes); nothing when
// no agent can be asked.
std::optional<Session::StepCalls> Session::agent_calls(const pysc2::TimeStep& before, const pysc2::ActionSpace& space) {
  if (!agent_.loaded()) return std::nullopt;  // the agent is still loading
  AgentDriver::Choice choice = agent_.choose(before);
  if (choice.error) {
    agent_failed(*choice.error);
    return std::nullopt;
  }
  {
    std::lock_guard lock(mutex_);
    snapshot_.agent_without_policy = choice.policy == nullptr;
    snapshot_.policy = std::move(choice.policy);
  }
  const std::vector<int>& available = before.observation.available_actions;
  const std::uint64_t sequence = log_call(choice.call, Controller::agent, available, "sent");
  StepCalls calls;
  try {
    pysc2::validate(choice.call, space, &available);
    calls.calls.push_back(std::move(choice.call));
    calls.sequences.push_back(sequence);
  } catch (const std::exception& error) {
    log_.set_result({sequence}, std::string("rejected: ") + error.what(), true);
  }
  return calls;
}

// The person's queued calls (one only while recording: a dataset row holds the one call
// sent), the rejected ones logged; raw commands go after the calls.
Session::StepCalls Session::person_calls(const pysc2::Observation& before, const pysc2::ActionSpace& space) {
  CallQueue::Taken taken = queue_.take(space, before.available_actions, recorder_.recording());
  for (const auto& [sequence, why] : taken.rejected) log_.set_result({sequence}, why, true);
  StepCalls calls;
  for (auto& [sequence, call] : taken.calls) {
    calls.calls.push_back(std::move(call));
    calls.sequences.push_back(sequence);
  }
  calls.raw = std::move(taken.raw);
  calls.sequences.insert(calls.sequences.end(), taken.raw_sequences.begin(), taken.raw_sequences.end());
  return calls;
}

// --max_game_steps: ends the session by itself, saying why.
bool Session::game_loop_limit_reached() {
  if (options_.max_game_loops == 0 || total_game_loops_ < options_.max_game_loops) return false;
  const std::string reason = "played " + std::to_string(total_game_loops_) + " game loops (--max_game_steps " +
                             std::to_string(options_.max_game_loops) + ")";
  notice(reason);
  std::lock_guard lock(mutex_);
  snapshot_.finished = reason;
  return true;
}

// --save_replay: every episode that saw a step leaves a replay, however it ends.
void Session::keep_episode_replay(pysc2::Env& env) {
  if (options_.save_replay_dir && episode_played_) save_replay(env, *options_.save_replay_dir);
  episode_played_ = false;
}

void Session::save_replay(pysc2::Env& env, const std::filesystem::path& folder) {
  try {
    const std::string replay = pysc2::save_replay(env.controller());
    const std::filesystem::path file = save_replay_file(folder, options_.env.map, replay, std::time(nullptr));
    notice("replay saved: " + file.string() + " (" + std::to_string(replay.size()) + " bytes)");
  } catch (const std::exception& error) {
    // A lost connection also shows up in the next step, which fails the session.
    notice(std::string("saving the replay failed: ") + error.what());
  }
}

// [watch mode]

void Session::load_agent(const std::string& name) {
  if (name.empty()) {
    agent_.unload();
    std::lock_guard lock(mutex_);
    snapshot_.agent.clear();
    snapshot_.controller = Controller::human;
    snapshot_.policy.reset();
    snapshot_.agent_without_policy = false;
    return;
  }
  agents::AgentSpec spec;
  spec.map = options_.env.map;
  spec.feature_screen_size = options_.env.feature_screen_size;
  spec.feature_minimap_size = options_.env.feature_minimap_size;
  spec.step_mul = options_.env.step_mul;
  if (std::optional<std::string> error = agent_.load(name, spec)) {
    agent_failed(*error);
    return;
  }
  std::lock_guard lock(mutex_);
  snapshot_.agent = name;
  snapshot_.agent_error.clear();
  snapshot_.policy.reset();  // the agent loaded before said it
  snapshot_.agent_without_policy = false;
  snapshot_.controller = Controller::agent;
  drop_queued_calls("dropped: the agent took control");
  notice("watching the agent " + name + " (take over: F6)");
}

void Session::agent_failed(const std::string& error) {
  agent_.unload();
  std::lock_guard lock(mutex_);
  snapshot_.agent.clear();
  snapshot_.agent_error = error;
  snapshot_.policy.reset();
  snapshot_.agent_without_policy = false;
  snapshot_.controller = Controller::human;
  notice(error + "; the person has control");
}

// [recording]

void Session::open_recording(const std::filesystem::path& folder) {
  agents::dataset::DatasetInfo info;
  info.map = options_.env.map;
  {
    std::lock_guard lock(mutex_);
    info.agent = snapshot_.agent.empty() ? "human" : snapshot_.agent;
  }
  info.seed = options_.env.seed.value_or(0);
  info.step_mul = options_.env.step_mul;
  info.feature_screen_size = options_.env.feature_screen_size;
  info.feature_minimap_size = options_.env.feature_minimap_size;
  recorder_.open(folder, info);
  publish_recording();
}

void Session::close_recording() {
  if (!recorder_.recording()) return;
  recorder_.close();
  publish_recording();
}

void Session::publish_recording() {
  const RecordingStatus& status = recorder_.status();
  std::lock_guard lock(mutex_);
  snapshot_.recording = status.recording;
  snapshot_.recording_folder = status.folder;
  snapshot_.recorded_steps = status.steps;
  snapshot_.recorded_episodes = status.episodes;
  snapshot_.recording_error = status.error;
}

}  // namespace sc2::app
