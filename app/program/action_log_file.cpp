#include "app/program/action_log_file.h"

#include <fstream>

#include "client/pysc2/decode_counts.h"

namespace sc2::app {

nlohmann::json own_units(const pysc2::TimeStep& timestep) {
  nlohmann::json units = nlohmann::json::array();
  nlohmann::json enemies = nlohmann::json::array();
  for (const pysc2::RawUnit& unit : timestep.observation.raw_view.units) {
    nlohmann::json entry = {{"tag", unit.tag},       {"unit_type", unit.unit_type}, {"x", unit.pos.x},
                            {"y", unit.pos.y},       {"health", unit.health},      {"shield", unit.shield},
                            {"energy", unit.energy}};
    if (unit.alliance == pysc2::Alliance::self) units.push_back(std::move(entry));
    if (unit.alliance == pysc2::Alliance::enemy) enemies.push_back(std::move(entry));
  }
  return {{"game_loop", timestep.observation.game_loop},
          {"score", timestep.observation.score},
          {"units", units},
          {"enemies", enemies}};
}

std::string write_action_log(const std::string& file, const Session& session, const nlohmann::json& first,
                             const nlohmann::json& last) {
  nlohmann::json actions = nlohmann::json::array();
  for (const ActionRecord& record : session.action_log()) {
    actions.push_back({{"sequence", record.sequence}, {"game_loop", record.game_loop}, {"episode", record.episode},
                       {"source", to_string(record.source)}, {"function", record.call.function},
                       {"arguments", record.call.arguments}, {"text", record.text}, {"result", record.result},
                       {"failed", record.failed}, {"raw", record.raw.has_value()}});
  }
  nlohmann::json episodes = nlohmann::json::array();
  for (const EpisodeSummary& episode : session.episodes()) {
    episodes.push_back({{"episode", episode.episode}, {"score", episode.score}, {"steps", episode.steps},
                        {"agent_steps", episode.agent_steps}, {"human_steps", episode.human_steps},
                        {"finished", episode.finished},
                        {"outcome", episode.outcome ? nlohmann::json(*episode.outcome) : nlohmann::json(nullptr)}});
  }
  const SessionSnapshot state = session.snapshot();
  nlohmann::json recording = {{"folder", state.recording_folder}, {"steps", state.recorded_steps},
                              {"error", state.recording_error}};
  const nlohmann::json session_state = {{"mode", to_string(state.mode)},   {"state", to_string(state.state)},
                                        {"status", state.status},           {"error", state.error},
                                        {"read_only", state.read_only},     {"replay_loops", state.replay_loops},
                                        {"opponent", state.opponent},
                                        {"game_result", state.game_result ? nlohmann::json(*state.game_result)
                                                                          : nlohmann::json(nullptr)}};
  const ObservedGamePace& pace = state.observed_pace;  // observe mode: the game's own pace
  const nlohmann::json observed_pace = {{"known", pace.known},
                                        {"may_pace", pace.may_pace},
                                        {"you_control", pace.you_control},
                                        {"other_controls", pace.other_controls},
                                        {"speed", pace.speed},
                                        {"paused", pace.paused},
                                        {"loops_per_second", pace.loops_per_second},
                                        {"note", pace.note}};
  // Written after the session stopped: every observation decoded was published, so the two
  // counts match when nothing else (the UI thread) decoded one.
  const nlohmann::json decoding = {{"observations_published", state.timestep_version},
                                   {"observations_decoded", pysc2::observation_decodes()},
                                   {"game_infos_decoded", pysc2::game_view_decodes()}};
  // The watched agent's policy at its last step, as the Agent panel showed it (null: none).
  nlohmann::json policy = nullptr;
  if (state.policy) {
    const agents::PolicyView& view = state.policy->view;
    nlohmann::json arguments = nlohmann::json::array();
    for (const agents::ArgumentDistribution& argument : view.arguments) arguments.push_back(argument.argument_type);
    double function_sum = 0.0;
    for (float p : view.function_probabilities) function_sum += p;
    policy = {{"game_loop", state.policy->game_loop}, {"value", view.value},
              {"values", state.policy->values.size()}, {"chosen_function", view.chosen.function},
              {"function_probability_sum", function_sum}, {"argument_types", arguments}};
  }
  const nlohmann::json agent = {{"name", state.agent}, {"policy", policy},
                                {"without_policy", state.agent_without_policy}};
  // Observe mode: each unit's last raw command, as the World view marks it, and the session's
  // last observation they go with (it may be newer than the last frame drawn, `last`).
  const nlohmann::json final_observation = state.timestep ? own_units(*state.timestep) : nlohmann::json(nullptr);
  nlohmann::json unit_commands = nlohmann::json::array();
  if (state.unit_commands) {
    for (const auto& [tag, echoed] : *state.unit_commands) {
      unit_commands.push_back({{"tag", tag}, {"game_loop", echoed.game_loop}, {"name", pysc2::short_name(echoed.command)},
                               {"text", pysc2::to_string(echoed.command)}});
    }
  }
  const nlohmann::json document = {{"actions", actions},   {"episodes", episodes},
                                   {"recording", recording}, {"first_observation", first},
                                   {"last_observation", last}, {"session", session_state},
                                   {"observed_pace", observed_pace}, {"decoding", decoding},
                                   {"agent", agent}, {"unit_commands", unit_commands},
                                   {"final_observation", final_observation}};
  std::ofstream out(file);
  out << document.dump(2) << "\n";
  out.close();
  return out ? std::string() : "cannot write the action log " + file;
}

}  // namespace sc2::app
