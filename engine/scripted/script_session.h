#pragma once
// One run of a map's script over one world: the ScriptWorld (host and natives' state), the
// galaxy::Runtime, and the events of each loop. A ScriptedMap (one episode) has one; so has
// the probe run that reads a map's layout at load.
#include <memory>
#include <optional>
#include <string>

#include "engine/galaxy/runtime.h"
#include "engine/scripted/scripted_map_data.h"
#include "engine/scripted/world_events.h"

namespace sc2::engine::scripted {

class ScriptSession {
 public:
  ScriptSession(const ScriptedMapData& data, World& world);

  // Creates the map's placed units (Objects), then runs map init: the globals, InitMap() and
  // the map-init triggers. False when the script failed (error()).
  bool start();
  // After the world ran a loop: its events (world_events.h), then the script's threads, timers
  // and periodic triggers up to the world's loop. False when the script failed.
  bool after_loop();

  // The first script error, "<source>: MapScript.galaxy:88:9: UnitCreate: ...", once any.
  std::optional<std::string> error() const;

  ScriptWorld& script_world() { return script_world_; }
  const ScriptWorld& script_world() const { return script_world_; }
  galaxy::Runtime& runtime() { return runtime_; }

 private:
  const ScriptedMapData& data_;
  ScriptWorld script_world_;
  galaxy::Runtime runtime_;
  WorldEvents events_;
};

}  // namespace sc2::engine::scripted
