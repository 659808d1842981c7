#include "engine/scripted/script_session.h"

#include <stdexcept>

#include "engine/galaxy/world_natives.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

ScriptSession::ScriptSession(const ScriptedMapData& data, World& world)
    : data_(data),
      script_world_(data.map, *data.types, data.limits, world),
      runtime_(data.code, script_world_, data.limits.runtime) {
  register_world_natives(runtime_.natives(), script_world_);
  const std::vector<std::string> missing = galaxy::missing_world_natives(runtime_.natives());
  if (!missing.empty()) throw std::logic_error("sc2lite registers no world native " + missing.front());
}

bool ScriptSession::start() {
  script_world_.place_objects();
  script_world_.set_in_map_init(true);
  runtime_.run_map_init(script_world_.world().game_loop());
  script_world_.set_in_map_init(false);
  script_world_.collect_garbage(runtime_);
  return runtime_.error_count() == 0;
}

bool ScriptSession::after_loop() {
  events_.fire(script_world_, runtime_);
  runtime_.advance_to(script_world_.world().game_loop());
  script_world_.collect_garbage(runtime_);
  return runtime_.error_count() == 0;
}

std::optional<std::string> ScriptSession::error() const {
  if (runtime_.error_count() == 0) return std::nullopt;
  return data_.source + ": " + runtime_.errors().front();
}

}  // namespace sc2::engine::scripted
