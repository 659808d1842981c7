#pragma once
// Static unit-type stats from the shared spec's sc2-game-data.tsv, converted once into
// simulation units (speeds per game loop, weapon cooldowns in game loops).
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace sc2::engine {

namespace unit_type {
inline constexpr std::uint32_t kBaneling = 9;
inline constexpr std::uint32_t kScv = 45;
inline constexpr std::uint32_t kMarine = 48;
inline constexpr std::uint32_t kZergling = 105;
inline constexpr std::uint32_t kRoach = 110;
inline constexpr std::uint32_t kBeacon = 317;          // Beacon_Terran
inline constexpr std::uint32_t kMineralShard = 1680;   // NaturalMinerals
inline constexpr std::uint32_t kCommandCenter = 18;
inline constexpr std::uint32_t kSupplyDepot = 19;
inline constexpr std::uint32_t kRefinery = 20;
inline constexpr std::uint32_t kBarracks = 21;
inline constexpr std::uint32_t kEngineeringBay = 22;
inline constexpr std::uint32_t kFactory = 27;
inline constexpr std::uint32_t kBarracksTechLab = 37;
inline constexpr std::uint32_t kReaper = 49;
inline constexpr std::uint32_t kMarauder = 51;
inline constexpr std::uint32_t kHellion = 53;
inline constexpr std::uint32_t kMineralField = 341;
inline constexpr std::uint32_t kVespeneGeyser = 342;
// The SMAC units (issue 36; ids from the spec's sc2-map-files.md §4.7 / §5.2).
inline constexpr std::uint32_t kColossus = 4;
inline constexpr std::uint32_t kMedivac = 54;
inline constexpr std::uint32_t kZealot = 73;
inline constexpr std::uint32_t kStalker = 74;
inline constexpr std::uint32_t kSpineCrawler = 98;
inline constexpr std::uint32_t kHydralisk = 107;
}  // namespace unit_type

// SC2APIProtocol::Attribute numbers.
namespace attribute {
inline constexpr std::uint32_t kLight = 1;
inline constexpr std::uint32_t kArmored = 2;
inline constexpr std::uint32_t kBiological = 3;
inline constexpr std::uint32_t kMechanical = 4;
inline constexpr std::uint32_t kMassive = 7;
inline constexpr std::uint32_t kStructure = 8;
}  // namespace attribute

// Resource: a mineral field or vespene geyser (neutral, immobile, solid).
enum class UnitRole { Army, Worker, Structure, Neutral, Resource };

// Same numbers as Weapon.TargetType.
enum class WeaponTargets { Ground = 1, Air = 2, Any = 3 };

// A weapon whose every attack also hits a line across its target (the Colossus's Thermal Lances,
// combat.h: fire_weapon): the segment of `half_length` either side of the target's centre,
// perpendicular to the attacker -> target direction; enemy ground units whose centre is within
// `search_radius` + their radius of it take each of the attack's hits too.
struct LineSplash {
  float half_length = 0.0f;
  float search_radius = 0.0f;
};

struct Weapon {
  WeaponTargets targets = WeaponTargets::Ground;
  float damage = 0.0f;                 // per attack
  std::uint32_t attacks = 1;           // attacks per volley
  std::uint32_t bonus_attribute = 0;   // 0 = no bonus
  float bonus_damage = 0.0f;
  float range = 0.0f;                  // edge to edge, world units
  float cooldown_normal_s = 0.0f;      // API Weapon.speed
  float cooldown_loops = 0.0f;         // cooldown_normal_s * 16, converted once
  std::optional<LineSplash> line_splash;
  // The missile that carries the damage of a ranged weapon (spec sc2-map-files.md §5.3
  // "missile"; its mover's speeds, world units per normal-speed second; missiles.h). 0: no
  // missile, the damage lands when the weapon fires (hitscan and melee weapons).
  float missile_speed = 0.0f;         // at launch
  float missile_acceleration = 0.0f;  // per second, up to missile_max_speed
  float missile_max_speed = 0.0f;

  bool melee() const { return range < 1.0f; }
  bool has_missile() const { return missile_speed > 0.0f; }
};

// A suicide attack (the Baneling's Volatile Burst): explodes on contact, hits every enemy
// ground unit within the splash radius, then the unit dies.
struct Explosion {
  float damage = 0.0f;
  std::uint32_t bonus_attribute = 0;
  float bonus_damage = 0.0f;
  float trigger_range = 0.0f;  // edge to edge
  float splash_radius = 0.0f;  // from the exploding unit's centre to the victim's edge
};

// A healing ability (the Medivac's Heal, ability 386; spec sc2-map-files.md §5.4): an order on
// an injured own Biological non-structure unit other than itself; within `range` (edge to edge)
// it restores `rate` life per normal-speed second, paying `energy_per_life` energy for each
// point, until the target is full, gone or the energy runs out. Autocast: an idle healer of a
// type that is not passive heals, on its own, the nearest such unit within `autocast_range`.
struct Heal {
  float range = 0.0f;
  float rate = 0.0f;              // life per normal-speed second
  float rate_per_loop = 0.0f;     // rate / 16, converted once
  float energy_per_life = 0.0f;
  float autocast_range = 0.0f;    // edge to edge
};

struct UnitTypeStats {
  std::uint32_t id = 0;
  std::string_view name;
  int race = 0;                       // SC2APIProtocol::Race number
  UnitRole role = UnitRole::Neutral;
  float health_max = 0.0f;            // 0 = no life (e.g. beacons, shards)
  float armor = 0.0f;                 // life armor; shields have none (spec §5.2: no ShieldArmor)
  // Vitals per normal-speed second (spec §5.2 / §5.4), converted once to per loop (/16).
  // Protoss shields: damage goes to them first; they regenerate at `shield_regen_rate` once
  // the unit took no damage for `shield_regen_delay_s`.
  float shield_max = 0.0f;
  float shield_regen_rate = 0.0f;
  float shield_regen_delay_s = 0.0f;
  float shield_regen_per_loop = 0.0f;
  std::uint32_t shield_regen_delay_loops = 0;
  float life_regen_rate = 0.0f;       // Zerg life regeneration, always on while alive
  float life_regen_per_loop = 0.0f;
  float energy_start = 0.0f;          // spellcasters (Medivac)
  float energy_max = 0.0f;
  float energy_regen_rate = 0.0f;
  float energy_regen_per_loop = 0.0f;
  float movement_speed = 0.0f;        // API value: world units per normal-speed second
  float speed_per_loop = 0.0f;        // movement_speed / 16
  // World units per normal-speed second squared, for speeding up from rest and slowing down
  // before a stop; 0 = full speed from the first loop (see the SCV's entry for the figure).
  float acceleration = 0.0f;
  float acceleration_per_loop = 0.0f;  // per loop per loop: acceleration / 16^2
  float radius = 0.0f;
  float sight_range = 0.0f;
  // The weapon's MinScanRange (spec sc2-map-files.md §5.3; CWeapon's default 5, the Marine's
  // 5.5): idle and attack-moving units acquire enemies within max(this, weapon range), not
  // within sight (combat.h: acquire_range).
  float scan_range = 5.0f;
  float food_required = 0.0f;
  float food_provided = 0.0f;         // supply: Command Center 15, Supply Depot 8
  int footprint_w = 0;                // placement footprint in cells (0 = none)
  int footprint_h = 0;
  int mineral_contents = 0;           // a resource's starting contents
  int vespene_contents = 0;
  std::uint32_t mineral_cost = 0;
  std::uint32_t vespene_cost = 0;
  std::uint32_t build_time_loops = 0;
  std::uint32_t built_by_ability = 0;
  // UnitTypeData.tech_requirement: a finished structure of this type the player must own
  // (0 = none); with `requires_attached` it is the producer's add-on instead.
  std::uint32_t tech_requirement = 0;
  bool requires_attached = false;
  std::uint32_t cargo_size = 0;
  bool flying = false;                // air units ignore the pathing grid (none in the mini-games yet)
  // A ground unit in the air plane too (planes Ground and Air: the Colossus, spec §5.2): weapons
  // that hit ground and weapons that hit air both reach it (combat.h: can_attack).
  bool also_air = false;
  // Walks up and down cliffs (`Mover Colossus`): its ground pathing also crosses the map's cliff
  // faces (map_layout.h: cliff_walkable, World::pathing_for).
  bool cliff_walker = false;
  std::vector<std::uint32_t> attributes;  // SC2APIProtocol::Attribute numbers
  std::vector<std::uint32_t> abilities;   // specific ability ids the unit offers, ascending
  bool trains_units = false;  // one of `abilities` trains a unit (set with the table: read every loop)
  // Never picks a target by itself while idle (a map's DefaultAcquireLevel Passive: SMAC's
  // `_RL` units, engine/scripted/map_unit_types.h); ordered attacks still fight. No built-in type is.
  bool passive = false;
  std::optional<Weapon> weapon;
  std::optional<Explosion> explosion;
  std::optional<Heal> heal;

  bool has_attribute(std::uint32_t a) const;
  // Takes part in collisions and combat: units with life (not beacons or shards).
  bool solid() const { return health_max > 0.0f; }
  bool can_attack() const { return weapon.has_value() || explosion.has_value(); }
  // Never moves (structures and resources); others push against it, it does not yield.
  bool immobile() const { return solid() && speed_per_loop <= 0.0f; }
};

std::span<const UnitTypeStats> unit_type_table();
const UnitTypeStats* find_unit_type(std::uint32_t id);

}  // namespace sc2::engine
