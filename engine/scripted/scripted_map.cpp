#include "engine/scripted/scripted_map.h"

#include <algorithm>
#include <limits>

#include "engine/galaxy/bytecode_compiler.h"
#include "engine/scripted/natives.h"
#include "engine/scripted/scripted_layout.h"

namespace sc2::engine::scripted {

namespace {

constexpr int kAgent = 1;
constexpr std::uint64_t kProbeSeed = 0;

// [SECTION] Loading

void compile_script(ScriptedMapData& data) {
  galaxy::CompileOptions options;
  const mapfile::MapData& map = data.map;
  options.include_loader = [&map](std::string_view path) { return map.include_text(path); };
  data.compiled = galaxy::compile("MapScript.galaxy", map.script, options);
  if (!data.compiled.ok()) throw ScriptedMapError(data.source + ": " + data.compiled.error_text());
  data.code = galaxy::compile_bytecode(*data.compiled.program);
}

void check_placed_units(const ScriptedMapData& data) {
  // Placed units count against the live-unit limit as created ones do (before any is made).
  const std::size_t placed = data.map.objects.units.size();
  if (placed > data.limits.max_units) {
    throw ScriptedMapError(data.source + ": Objects: " + std::to_string(placed) + " placed units, more than the limit of " +
                           std::to_string(data.limits.max_units) + " units (ScriptedLimits)");
  }
  for (const mapfile::PlacedUnit& placed : data.map.objects.units) {
    if (data.types->find(placed.unit_type) == nullptr) {
      throw ScriptedMapError(data.source + ": Objects: unit " + std::to_string(placed.id) + ": " +
                             data.types->why_not(placed.unit_type));
    }
  }
}

// The map with its camera bounds as the playable area: where map init runs at load.
MapLayout probe_layout(const mapfile::MapData& map) { return build_layout(map, MapSettings{}); }

std::string unsupported_types_note(const MapUnitTypes& types) {
  if (types.unsupported().empty()) return {};
  std::string note = " (the map defines unit types sc2lite cannot play yet:";
  for (const std::string& name : types.unsupported()) note += " " + name;
  return note + ")";
}

// A melee map is made for as many players as it has start locations (natives_melee.cpp: player
// p on the p-th); any other map for one.
int players_of(const ScriptedMapData& data) {
  if (!data.settings.melee) return 1;
  const std::size_t starts = data.map.objects.start_locations().size();
  return static_cast<int>(std::clamp<std::size_t>(starts, 1, kNeutralOwner - 1));
}

GameResult result_of_game_over(int type) {
  if (type == kGameOverVictory) return GameResult::Victory;
  if (type == kGameOverDefeat) return GameResult::Defeat;
  return GameResult::Tie;
}

MapSettings probe_map_init(const ScriptedMapData& data) {
  World world(probe_layout(data.map), kProbeSeed);
  world.set_economy(true);
  ScriptSession session(data, world);
  if (!session.start()) throw ScriptedMapError(*session.error() + unsupported_types_note(*data.types));
  return session.script_world().settings();
}

}  // namespace

std::shared_ptr<const ScriptedMapFactory> ScriptedMapFactory::load(mapfile::MapData map, std::string source,
                                                                   ScriptedLimits limits) {
  auto data = std::make_shared<ScriptedMapData>();
  data->source = source.empty() ? map.name + ".SC2Map" : std::move(source);
  data->map = std::move(map);
  data->limits = limits;
  try {
    data->types = std::make_unique<MapUnitTypes>(data->map.game_data);
  } catch (const mapfile::MapError& error) {
    throw ScriptedMapError(data->source + ": " + error.what());
  }
  compile_script(*data);
  check_placed_units(*data);
  data->settings = probe_map_init(*data);
  data->layout = build_layout(data->map, data->settings);
  data->fog = fog_after_map_init(data->settings, data->layout);
  return std::shared_ptr<const ScriptedMapFactory>(new ScriptedMapFactory(std::move(data)));
}

// [SECTION] An episode

ScriptedMap::ScriptedMap(std::shared_ptr<const ScriptedMapData> data)
    : data_(std::move(data)), players_(players_of(*data_)) {}

std::uint32_t ScriptedMap::time_limit_loops() const { return std::numeric_limits<std::uint32_t>::max(); }

GameResult ScriptedMap::time_up_result() const { return data_->settings.melee ? GameResult::Tie : GameResult::Victory; }

std::vector<Vec2> ScriptedMap::enemy_start_locations(int player) const {
  std::vector<Vec2> others;
  const std::vector<mapfile::PlacedPoint> starts = data_->map.objects.start_locations();
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (static_cast<int>(i) != player - 1) others.push_back({starts[i].position.x, starts[i].position.y});
  }
  return others;
}

void ScriptedMap::setup(World& world) {
  // The economy runs when the game has a worker, structure or resource (script_world.h
  // needs_economy): from the placed units and map init's, or once the script makes one later.
  world.set_economy(false);
  apply_command_cards(world, data_->types->command_cards());  // the map's UnitData.xml cards
  session_ = std::make_unique<ScriptSession>(*data_, world);
  session_->start();
  apply_end_rules(world, true);
  check_end();
}

void ScriptedMap::on_loop(World& world) {
  if (end_ || !session_) return;
  session_->after_loop();
  apply_end_rules(world, false);
  check_end();
}

// The melee end rule, when the script turned it on: after map init, then after each loop in
// which a structure died (as the C++ melee maps count; a structure the script removes without
// a death is not looked at until the next one dies).
void ScriptedMap::apply_end_rules(const World& world, bool at_start) {
  ScriptWorld& w = session_->script_world();
  if (!w.melee_end_rule() || session_->error()) return;
  bool structure_died = at_start;
  for (const UnitDeath& death : world.deaths_last_loop()) {
    const UnitTypeStats* type = w.types().find_id(death.unit_type);
    structure_died = structure_died || (type != nullptr && type->role == UnitRole::Structure);
  }
  if (structure_died) apply_melee_end_rule(w, players_);
}

int ScriptedMap::score() const { return session_ ? session_->script_world().curriculum_score(kAgent) : 0; }

void ScriptedMap::check_end() {
  if (end_) return;
  if ((error_ = session_->error())) {
    end_ = GameResult::Undecided;
    return;
  }
  ScriptWorld& w = session_->script_world();
  if (w.restart_requested()) {
    end_ = GameResult::Undecided;
  } else if (const std::optional<int> over = w.game_over(kAgent)) {
    end_ = result_of_game_over(*over);
  } else if (w.paused()) {
    const std::vector<int>& objectives = w.objectives();
    const bool failed = std::find(objectives.begin(), objectives.end(), kObjectiveFailed) != objectives.end();
    end_ = failed ? GameResult::Defeat : GameResult::Victory;
  }
}

}  // namespace sc2::engine::scripted
