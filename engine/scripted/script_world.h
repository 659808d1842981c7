#pragma once
// The game as one map script sees it: the host of its galaxy::Runtime (random numbers from the
// world's seeded generator, unit groups, the map's strings) and the state the world natives
// share (natives.h): which handle is which unit, unit group or region; units that are gone but
// that the script may still ask about (a dying unit's owner in its UnitDied trigger); the
// players' script-only properties (the curriculum score); objectives; the pause; and what map
// init said about the layout (MapSettings).
//
// Players: the script's player 0 is the neutral player, the engine's kNeutralOwner (16); the
// script's 16 (c_playerAny) is "any player" where a native takes it.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/galaxy/host.h"
#include "engine/galaxy/runtime.h"
#include "engine/mapfile/map_data.h"
#include "engine/scripted/handles.h"
#include "engine/scripted/map_unit_types.h"
#include "engine/scripted/scripted_limits.h"
#include "engine/sim/world.h"

namespace sc2::engine::scripted {

// Whether a unit of this type gives the world's economy (harvest, production, supply and their
// score bookkeeping) something to do: a worker, a structure or a resource. A game without any
// runs with the economy off, as the movement and combat maps' C++ rules did (cheaper per loop).
inline bool needs_economy(const UnitTypeStats& type) {
  return type.role == UnitRole::Worker || type.role == UnitRole::Structure || type.role == UnitRole::Resource;
}

inline constexpr int kScriptPlayerAny = 16;   // c_playerAny
inline constexpr int kScriptNeutral = 0;      // the script's neutral player

// What map init said that fixes the game's layout and start (read once per map by a probe run,
// scripted_map.h), and that the episodes repeat.
struct MapSettings {
  std::optional<mapfile::RegionBounds> playable;  // RegionPlayableMapSet
  std::optional<Vec2> camera_start;               // CameraPan(1, ...)
  bool camera_locked = false;                     // CameraLockInput(1, true)
  bool fog_disabled = false;                      // VisEnable(c_visTypeFog, false)
  std::vector<mapfile::RegionBounds> revealed;    // VisRevealArea(1, ...) areas
  // A melee native (MeleeInit*, natives_melee.cpp) ran: a game for as many players as the map
  // has start locations, a tie when it runs out of time (scripted_map.h).
  bool melee = false;
};

// A unit the script names, live or gone (died or removed).
struct UnitFacts {
  const UnitTypeStats* type = nullptr;
  int owner = kNeutralOwner;  // the engine's owner
  Vec2 pos;
  float health = 0.0f;
  bool alive = false;
  bool exists = false;  // still in the world
};

// Objective states (natives.galaxy c_objectiveState*).
inline constexpr int kObjectiveActive = 1;
inline constexpr int kObjectiveCompleted = 2;
inline constexpr int kObjectiveFailed = 3;

// GameOver types (c_gameOver*; our assumption, library_declarations.cpp).
inline constexpr int kGameOverVictory = 0;
inline constexpr int kGameOverDefeat = 1;
inline constexpr int kGameOverTie = 2;

class ScriptWorld : public galaxy::Host {
 public:
  ScriptWorld(const mapfile::MapData& map, const MapUnitTypes& types, const ScriptedLimits& limits, World& world);

  // [SECTION] Host
  std::uint32_t random_u32() override;
  void unit_group_units(galaxy::Handle group, std::vector<galaxy::Handle>& out) override;
  std::optional<std::string_view> external_string(std::string_view key) override;

  World& world() { return world_; }
  const mapfile::MapData& map() const { return map_; }
  const MapUnitTypes& types() const { return types_; }
  const ScriptedLimits& limits() const { return limits_; }

  // [SECTION] Players
  // The engine owner of a script player 0..15 (0 -> neutral), nullopt for others.
  static std::optional<int> engine_owner(int script_player);
  static int script_player(int engine_owner) { return engine_owner == kNeutralOwner ? kScriptNeutral : engine_owner; }
  // c_playerPropCurriculumScore per script player.
  std::int32_t& curriculum_score(int script_player) { return curriculum_score_.at(static_cast<std::size_t>(script_player)); }
  std::int32_t curriculum_score(int script_player) const {
    return curriculum_score_.at(static_cast<std::size_t>(script_player));
  }

  // [SECTION] Units
  Unit* live_unit(galaxy::Handle h);
  std::optional<UnitFacts> facts(galaxy::Handle h);
  // The units of Objects (MapData::objects.units), created before map init where they were
  // placed (no placement search); UnitFromId.
  void place_objects();
  galaxy::Handle placed_unit(std::uint32_t object_id) const;
  // The Objects point with that id (PointFromId), or nullptr; looked up by id, not by a scan.
  const mapfile::PlacedPoint* placed_point(std::uint32_t object_id) const;
  // Creates a unit (placement: unit_placement.h, within `placement_checks`); the caller checked
  // the type and the limits.
  galaxy::Handle create_unit(const UnitTypeStats& type, int owner, Vec2 at, std::optional<float> facing,
                             std::int64_t& placement_checks);
  std::uint32_t live_units() const;
  // Removes a live unit without a death (UnitRemove); a gone or unknown one is left alone.
  void remove_unit(galaxy::Handle h);
  // A death the world reported: remembered so that the script can ask about it.
  void record_death(const UnitDeath& death);
  galaxy::Handle last_created() const { return last_created_; }
  // UnitGetCustomValue / UnitSetCustomValue (raw fixed), per unit: the game keeps a small
  // fixed set per unit, indexes 0..kCustomValues-1 (the reference maps use 0); the caller
  // checks the index (valid_custom_value).
  static constexpr std::int32_t kCustomValues = 64;
  static bool valid_custom_value(std::int32_t index) { return index >= 0 && index < kCustomValues; }
  std::int32_t custom_value(galaxy::Handle unit, std::int32_t index) const;
  void set_custom_value(galaxy::Handle unit, std::int32_t index, std::int32_t raw);
  // A unit the world made itself (production, construction) this loop: seen once.
  bool first_sight(const Unit& unit);

  // [SECTION] Unit groups: members are kept in order; units that left the world drop out.
  std::optional<galaxy::Handle> new_group(std::vector<galaxy::Handle> members, std::string* error);
  std::vector<galaxy::Handle>* group(galaxy::Handle h);  // compacted; nullptr for null / unknown
  bool add_member(std::vector<galaxy::Handle>& group, galaxy::Handle unit, std::string* error);
  std::size_t groups() const { return live_groups_; }

  // [SECTION] Regions: RegionFromId hands out the same (mutable: RegionSetCenter) region each time.
  std::optional<galaxy::Handle> region_from_id(int id);
  galaxy::Handle entire_map() const { return region_handle(0); }
  mapfile::Region* region(galaxy::Handle h);

  // [SECTION] Game state the natives set
  MapSettings& settings() { return settings_; }
  bool in_map_init() const { return in_map_init_; }
  void set_in_map_init(bool v) { in_map_init_ = v; }
  bool paused() const { return paused_; }
  void set_paused(bool v) { paused_ = v; }
  bool restart_requested() const { return restart_requested_; }
  void request_restart() { restart_requested_ = true; }
  std::vector<int>& objectives() { return objectives_; }
  // A player's game is over (GameOver, or the melee end rule): its c_gameOver* type, kept from
  // the first time it is set; nullopt while it plays. Script players 1..15.
  std::optional<int> game_over(int script_player) const { return game_over_.at(static_cast<std::size_t>(script_player)); }
  void set_game_over(int script_player, int type) {
    std::optional<int>& over = game_over_.at(static_cast<std::size_t>(script_player));
    if (!over) over = type;
  }
  // MeleeInitOptions turned the melee end rule on (natives.h apply_melee_end_rule).
  bool melee_end_rule() const { return melee_end_rule_; }
  void set_melee_end_rule() { melee_end_rule_ = true; }
  // The script registered events the host must look for each loop (world_events.h).
  struct Interest {
    bool created = false;
    bool orders = false;
  };
  Interest& interest() { return interest_; }

  // Frees the groups and forgets the gone units the script can no longer reach, when enough
  // came since the last time (ScriptedLimits). Call between script runs.
  void collect_garbage(galaxy::Runtime& runtime, bool force = false);

 private:
  struct GoneUnit {
    const UnitTypeStats* type;
    int owner;
    Vec2 pos;
  };
  struct Group {
    bool used = false;
    std::vector<galaxy::Handle> members;
  };
  galaxy::Handle spawn_unit(const UnitTypeStats& type, int owner, Vec2 spot, std::optional<float> facing);
  void forget(galaxy::Handle h, const Unit& unit);
  void mark_known(UnitId id);

  const mapfile::MapData& map_;
  const MapUnitTypes& types_;
  const ScriptedLimits& limits_;
  World& world_;

  std::unordered_map<std::uint32_t, galaxy::Handle> placed_;  // Objects id -> unit
  std::unordered_map<std::uint32_t, const mapfile::PlacedPoint*> points_;  // Objects id -> point
  std::unordered_map<galaxy::Handle, GoneUnit> gone_;
  std::unordered_map<galaxy::Handle, std::array<std::int32_t, kCustomValues>> custom_values_;
  std::vector<std::uint32_t> known_generation_;  // by slot index: units already seen
  galaxy::Handle last_created_ = 0;
  std::uint32_t gone_since_collect_ = 0;

  std::vector<Group> groups_;
  std::vector<std::uint32_t> free_groups_;
  std::size_t live_groups_ = 0;
  std::size_t group_members_ = 0;
  std::uint32_t groups_since_collect_ = 0;

  std::vector<mapfile::Region> regions_;  // 0 = the entire map
  std::unordered_map<int, std::uint32_t> region_ids_;

  std::array<std::int32_t, kMaxPlayers + 1> curriculum_score_{};
  MapSettings settings_;
  bool in_map_init_ = false;
  bool paused_ = false;
  bool restart_requested_ = false;
  std::vector<int> objectives_;  // state per objective id - 1
  std::array<std::optional<int>, kMaxPlayers + 1> game_over_{};  // by script player
  bool melee_end_rule_ = false;
  Interest interest_;
};

}  // namespace sc2::engine::scripted
