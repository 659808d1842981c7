#include "app/session/recorded_session.h"

#include <stdexcept>
#include <utility>

#include "app/session/action_log.h"
#include "client/pysc2/actions.h"

namespace sc2::app {

RecordedSession::RecordedSession(std::vector<RecordedStep> steps, RecordedSessionOptions options)
    : steps_(std::move(steps)), options_(std::move(options)) {
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    if (!steps_[i].timestep) throw std::invalid_argument("recorded step " + std::to_string(i) + " has no TimeStep");
  }
  snapshot_.state = SessionState::running;
  snapshot_.status = "recorded session (" + std::to_string(steps_.size()) + " steps)";
  snapshot_.mode = SessionMode::play;
  snapshot_.map = options_.map;
  if (!options_.map.empty()) snapshot_.available_maps = {options_.map};
  snapshot_.step_mul = options_.step_mul;
  snapshot_.agent = options_.agent;
  snapshot_.controller = options_.agent.empty() ? Controller::human : Controller::agent;
}

bool RecordedSession::advance() {
  if (snapshot_.paused && !std::exchange(step_requested_, false)) return false;
  bool new_episode = next_ == 0;
  if (next_ == steps_.size()) {
    if (!options_.loop || steps_.empty()) return false;
    next_ = 0;
    new_episode = true;
  }
  const RecordedStep& step = steps_[next_++];
  publish(step, new_episode || step.timestep->first());
  return true;
}

// As Session::publish: the snapshot, the running episode's summary and the call chosen on it.
void RecordedSession::publish(const RecordedStep& step, bool new_episode) {
  const pysc2::TimeStep& timestep = *step.timestep;
  if (new_episode) {
    if (!episodes_.empty()) {
      episodes_.back().finished = true;
      snapshot_.finished_episode_scores.push_back(snapshot_.episode_reward);
    }
    ++snapshot_.episode;
    snapshot_.episode_steps = 0;
    snapshot_.episode_reward = 0.0;
    episodes_.push_back(EpisodeSummary{});
    episodes_.back().episode = snapshot_.episode;
    episode_first_loop_ = timestep.observation.game_loop;
  }
  const Controller source = snapshot_.controller;
  EpisodeSummary& episode = episodes_.back();
  ++episode.steps;
  ++(source == Controller::agent ? episode.agent_steps : episode.human_steps);
  episode.score += timestep.reward;
  episode.reward_curve.push_back(static_cast<float>(episode.score));
  episode.game_loops = timestep.observation.game_loop - episode_first_loop_;
  if (timestep.last()) episode.outcome = timestep.outcome;
  ++snapshot_.episodes_version;
  snapshot_.game_result.reset();
  if (timestep.last() && !snapshot_.opponent.empty()) snapshot_.game_result = timestep.outcome.value_or(0);

  ++snapshot_.episode_steps;
  snapshot_.last_reward = timestep.reward;
  snapshot_.episode_reward += timestep.reward;
  snapshot_.game_view = timestep.observation.game_view;
  snapshot_.timestep = step.timestep;
  ++snapshot_.timestep_version;
  // As Session: the policy of the agent in control at its last step, none while the person plays.
  const bool agent_plays = source == Controller::agent && !snapshot_.agent.empty();
  snapshot_.policy = agent_plays ? step.policy : nullptr;
  snapshot_.agent_without_policy = agent_plays && step.call && !step.policy;
  if (step.call) {
    ActionRecord record;
    record.call = *step.call;
    record.text = pysc2::to_string(*step.call);
    record.source = source;
    if (source == Controller::agent) record.available = timestep.observation.available_actions;
    record.result = "ok";
    log(std::move(record));
  }
}

void RecordedSession::log(ActionRecord record) {
  record.sequence = next_sequence_++;
  record.episode = snapshot_.episode;
  record.game_loop = snapshot_.timestep ? snapshot_.timestep->observation.game_loop : 0;
  log_.push_back(std::move(record));
  if (log_.size() > ActionLog::kMaxLog) log_.erase(log_.begin());
  ++snapshot_.log_version;
}

std::vector<std::string> RecordedSession::take_notices() { return std::exchange(notices_, {}); }

void RecordedSession::submit(pysc2::FunctionCall call) {
  ActionRecord record;
  record.text = pysc2::to_string(call);
  record.call = call;
  record.result = "queued";
  log(std::move(record));
  calls_.push_back(std::move(call));
}

void RecordedSession::submit(pysc2::RawCommand command) {
  ActionRecord record;
  record.text = pysc2::to_string(command);
  record.call = pysc2::FunctionCall{pysc2::fn::no_op, {}};
  record.raw = command;
  record.result = "queued";
  log(std::move(record));
  raw_.push_back(std::move(command));
}

void RecordedSession::set_paused(bool paused) {
  snapshot_.paused = paused;
  request(paused ? "pause" : "resume");
}

void RecordedSession::set_speed(double speed) { request("speed " + std::to_string(speed)); }

void RecordedSession::set_step_mul(int step_mul) {
  snapshot_.step_mul = step_mul;
  request("step_mul " + std::to_string(step_mul));
}

void RecordedSession::request_step() {
  step_requested_ = true;
  request("step");
}

void RecordedSession::set_render_sync(bool on) {
  snapshot_.render_sync = on;
  request(on ? "render_sync on" : "render_sync off");
}

void RecordedSession::request_restart_episode() { request("restart episode"); }

void RecordedSession::request_save_replay(std::filesystem::path folder) { request("save replay " + folder.string()); }

void RecordedSession::set_agent(std::string name) {
  snapshot_.agent = name;
  snapshot_.controller = name.empty() ? Controller::human : Controller::agent;
  request("agent " + name);
}

void RecordedSession::set_controller(Controller controller) {
  if (controller == Controller::agent && snapshot_.agent.empty()) return;  // as Session: no agent to hand to
  snapshot_.controller = controller;
  request(std::string("controller ") + to_string(controller));
}

void RecordedSession::start_recording(std::filesystem::path folder) {
  snapshot_.recording = true;
  snapshot_.recording_folder = folder.string();
  request("record " + folder.string());
}

void RecordedSession::stop_recording() {
  snapshot_.recording = false;
  request("stop recording");
}

void RecordedSession::request_seek(std::uint32_t game_loop) { request("seek " + std::to_string(game_loop)); }

void RecordedSession::set_observed_player(int player_id) {
  snapshot_.observed_player = player_id;
  request("observe player " + std::to_string(player_id));
}

}  // namespace sc2::app
