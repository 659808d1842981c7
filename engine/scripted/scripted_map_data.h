#pragma once
// Everything about one map file that does not change between its episodes: the map as read,
// its unit types, its script compiled once, and the layout its map init sets. Made by
// ScriptedMapFactory::load (scripted_map.h), shared by every episode.
#include <memory>
#include <string>

#include "engine/galaxy/bytecode.h"
#include "engine/galaxy/galaxy.h"
#include "engine/mapfile/map_data.h"
#include "engine/scripted/map_unit_types.h"
#include "engine/scripted/script_world.h"
#include "engine/scripted/scripted_limits.h"
#include "engine/sim/map_layout.h"

namespace sc2::engine::scripted {

struct ScriptedMapData {
  mapfile::MapData map;
  std::string source;  // how errors name the map: the path the client gave, or the map's name
  ScriptedLimits limits;
  std::unique_ptr<MapUnitTypes> types;
  galaxy::CompileResult compiled;  // owns the Program the bytecode refers to
  std::shared_ptr<const galaxy::CompiledProgram> code;
  MapSettings settings;  // what map init said (a probe run at load)
  MapLayout layout;
  bool fog = true;
};

}  // namespace sc2::engine::scripted
