#include "engine/sim/unit_data.h"

#include <algorithm>

#include "engine/sim/abilities.h"
#include "engine/sim/production.h"

namespace sc2::engine {

namespace {

constexpr float kLoopsPerNormalSecond = 16.0f;

// Every mobile combat unit of the mini-games offers the same basic commands.
std::vector<std::uint32_t> basic_commands() {
  return {ability::kSmart, ability::kStopStop, ability::kMoveMove, ability::kPatrolPatrol,
          ability::kHoldPositionHold, ability::kAttackAttack};
}

// The mover of a weapon's missile (missiles.h), world units per normal-speed second, as the
// game's MoverData gives them (Liberty 4.10-era data; acceleration 3200 reaches full speed
// within the first loop, so those movers fly at their maximum speed from the launch).
void with_missile(Weapon& w, float speed, float acceleration = 0.0f, float max_speed = 0.0f) {
  w.missile_speed = speed;
  w.missile_acceleration = acceleration;
  w.missile_max_speed = max_speed;
}

Weapon weapon(WeaponTargets targets, float damage, float range, float cooldown_normal_s) {
  Weapon w;
  w.targets = targets;
  w.damage = damage;
  w.range = range;
  w.cooldown_normal_s = cooldown_normal_s;
  return w;
}

UnitTypeStats marine() {
  UnitTypeStats s;
  s.id = unit_type::kMarine;
  s.name = "Marine";
  s.race = 1;  // Terran
  s.role = UnitRole::Army;
  s.health_max = 45.0f;
  s.armor = 0.0f;
  s.movement_speed = 2.25f;
  s.radius = 0.375f;
  s.sight_range = 9.0f;
  s.food_required = 1.0f;
  s.mineral_cost = 50;
  s.build_time_loops = 400;
  s.built_by_ability = 560;
  s.cargo_size = 1;
  s.attributes = {attribute::kLight, attribute::kBiological};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Any, 6.0f, 5.0f, 0.8608398f);
  s.scan_range = 5.5f;  // GuassRifle MinScanRange (spec §5.3)
  return s;
}

UnitTypeStats scv() {
  UnitTypeStats s;
  s.id = unit_type::kScv;
  s.name = "SCV";
  s.race = 1;
  s.role = UnitRole::Worker;
  s.health_max = 45.0f;
  s.movement_speed = 2.8125f;
  // Measured in the game (sc2math.wordpress.com, "SCV Acceleration", 2010-09-10: positions
  // every 1/16 Normal second over a 4-unit move): the speed rises by ~0.0098 units per tick
  // up to 0.1758 (2.8125 / 16) in 18 ticks and falls at the same rate before the stop, i.e.
  // 2.5 units/s^2. The spec's tables carry no acceleration; other units start at full speed.
  s.acceleration = 2.5f;
  s.radius = 0.375f;
  s.sight_range = 8.0f;
  s.food_required = 1.0f;
  s.mineral_cost = 50;
  s.build_time_loops = 272;
  s.built_by_ability = 524;
  s.cargo_size = 1;
  s.attributes = {attribute::kLight, attribute::kBiological, attribute::kMechanical};
  s.abilities = basic_commands();
  s.abilities.insert(s.abilities.end(),
                     {ability::kHarvestGatherScv, ability::kHarvestReturnScv, ability::kBuildCommandCenter,
                      ability::kBuildSupplyDepot, ability::kBuildRefinery, ability::kBuildBarracks,
                      ability::kBuildEngineeringBay, ability::kBuildFactory});
  s.weapon = weapon(WeaponTargets::Ground, 5.0f, 0.100097656f, 1.5f);
  return s;
}

// Zerg life regeneration: LifeRegenRate 0.2734 per second on Zergling, Baneling, Hydralisk,
// Roach and Spine Crawler (spec sc2-map-files.md §5.2 / §5.4).
constexpr float kZergLifeRegen = 0.2734f;

UnitTypeStats zergling() {
  UnitTypeStats s;
  s.id = unit_type::kZergling;
  s.name = "Zergling";
  s.race = 2;  // Zerg
  s.role = UnitRole::Army;
  s.health_max = 35.0f;
  s.life_regen_rate = kZergLifeRegen;  // spec sc2-map-files.md §5.4
  s.movement_speed = 2.953125f;
  s.radius = 0.375f;
  s.sight_range = 8.0f;
  s.food_required = 0.5f;
  s.mineral_cost = 25;
  s.build_time_loops = 384;
  s.built_by_ability = 1343;
  s.cargo_size = 1;
  s.attributes = {attribute::kLight, attribute::kBiological};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Ground, 5.0f, 0.100097656f, 0.6960449f);
  return s;
}

// The explosion is not in the API data; the game-data table gives two Liquipedia
// revisions: 18 (+17 vs Light) and the older 20 (+15 vs Light). We use the newer one,
// 18 +17; both total 35 against Light targets such as Marines, so the mini-game plays the
// same. Trigger range 0.25 (edge to edge), splash radius 2.2, no friendly fire.
UnitTypeStats baneling() {
  UnitTypeStats s;
  s.id = unit_type::kBaneling;
  s.name = "Baneling";
  s.race = 2;
  s.role = UnitRole::Army;
  s.health_max = 30.0f;
  s.life_regen_rate = kZergLifeRegen;  // spec sc2-map-files.md §5.4
  s.movement_speed = 2.5f;
  s.radius = 0.375f;
  s.sight_range = 8.0f;
  s.food_required = 0.5f;
  s.mineral_cost = 50;
  s.vespene_cost = 25;
  s.build_time_loops = 320;
  s.built_by_ability = 80;
  s.cargo_size = 2;
  s.attributes = {attribute::kBiological};
  s.abilities = basic_commands();
  s.abilities.push_back(ability::kEffectExplode);
  Explosion e;
  e.damage = 18.0f;
  e.bonus_attribute = attribute::kLight;
  e.bonus_damage = 17.0f;
  e.trigger_range = 0.25f;
  e.splash_radius = 2.2f;
  s.explosion = e;
  return s;
}

UnitTypeStats roach() {
  UnitTypeStats s;
  s.id = unit_type::kRoach;
  s.name = "Roach";
  s.race = 2;
  s.role = UnitRole::Army;
  s.health_max = 145.0f;
  s.life_regen_rate = kZergLifeRegen;  // spec sc2-map-files.md §5.4
  s.armor = 1.0f;
  s.movement_speed = 2.25f;
  s.radius = 0.5f;
  s.sight_range = 9.0f;
  s.food_required = 2.0f;
  s.mineral_cost = 75;
  s.vespene_cost = 25;
  s.build_time_loops = 432;
  s.built_by_ability = 1351;
  s.cargo_size = 2;
  s.attributes = {attribute::kArmored, attribute::kBiological};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Ground, 16.0f, 4.0f, 2.0f);
  with_missile(*s.weapon, 18.75f);  // AcidSalivaWeapon
  return s;
}

// Melee units (issue 19). UnitTypeData values from the real game's ResponseData in
// ../shared/fixtures (5.0.11-era); hp and radius, which UnitTypeData lacks, from the shared
// spec's table (Reaper, Marauder); the Hellion is not in that table: 90 hp as the LotV wiki
// sc2jpwiki.com gives it ("Hellion"), radius 0.625 as python-sc2's data.json records it.
UnitTypeStats reaper() {
  UnitTypeStats s;
  s.id = unit_type::kReaper;
  s.name = "Reaper";
  s.race = 1;
  s.role = UnitRole::Army;
  s.health_max = 60.0f;
  s.movement_speed = 3.75f;
  s.radius = 0.375f;
  s.sight_range = 9.0f;
  s.food_required = 1.0f;
  s.mineral_cost = 50;
  s.vespene_cost = 50;
  s.build_time_loops = 720;
  s.built_by_ability = ability::kTrainReaper;
  s.cargo_size = 1;
  s.attributes = {attribute::kLight, attribute::kBiological};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Ground, 4.0f, 5.0f, 1.1000977f);
  s.weapon->attacks = 2;
  return s;
}

UnitTypeStats marauder() {
  UnitTypeStats s;
  s.id = unit_type::kMarauder;
  s.name = "Marauder";
  s.race = 1;
  s.role = UnitRole::Army;
  s.health_max = 125.0f;
  s.armor = 1.0f;
  s.movement_speed = 2.25f;
  s.radius = 0.5625f;
  s.sight_range = 10.0f;
  s.food_required = 2.0f;
  s.mineral_cost = 100;
  s.vespene_cost = 25;
  s.build_time_loops = 480;
  s.built_by_ability = ability::kTrainMarauder;
  s.tech_requirement = unit_type::kBarracksTechLab;  // the game says TechLab (5), its alias
  s.requires_attached = true;
  s.cargo_size = 2;
  s.attributes = {attribute::kArmored, attribute::kBiological};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Ground, 10.0f, 6.0f, 1.5f);
  with_missile(*s.weapon, 20.0f);  // PunisherGrenadesWeapon
  s.weapon->bonus_attribute = attribute::kArmored;
  s.weapon->bonus_damage = 10.0f;
  s.scan_range = 6.5f;  // PunisherGrenades MinScanRange (spec §5.3)
  return s;
}

UnitTypeStats hellion() {
  UnitTypeStats s;
  s.id = unit_type::kHellion;
  s.name = "Hellion";
  s.race = 1;
  s.role = UnitRole::Army;
  s.health_max = 90.0f;
  s.movement_speed = 4.25f;
  s.radius = 0.625f;
  s.sight_range = 10.0f;
  s.food_required = 2.0f;
  s.mineral_cost = 100;
  s.build_time_loops = 480;
  s.built_by_ability = ability::kTrainHellion;
  s.cargo_size = 2;
  s.attributes = {attribute::kLight, attribute::kMechanical};
  s.abilities = basic_commands();
  s.weapon = weapon(WeaponTargets::Ground, 8.0f, 5.0f, 2.5f);
  s.weapon->bonus_attribute = attribute::kLight;
  s.weapon->bonus_damage = 6.0f;
  return s;
}

// The SMAC units (issue 36). The SMAC maps depend on the Liberty mod only, so their units use
// the Wings of Liberty data set (spec sc2-map-files.md §5.1), not the LotV multiplayer values
// SMAClite and Liquipedia give (§5.5). Every value below is from the spec: unit fields §5.2,
// weapons §5.3, shields / regeneration / energy §5.4. Costs, supply and build data are not in
// those tables and stay 0 (nothing trains these units in sc2lite; SMAC's `_RL` copies cost no
// supply). Weapon range is edge to edge like the others; cooldowns are the weapon periods.

// Shields of the three Protoss units: regenerate 2 per second after 10 s without damage (§5.4).
void protoss_shields(UnitTypeStats& s, float shield_max) {
  s.shield_max = shield_max;
  s.shield_regen_rate = 2.0f;
  s.shield_regen_delay_s = 10.0f;
}

UnitTypeStats stalker() {
  UnitTypeStats s;
  s.id = unit_type::kStalker;
  s.name = "Stalker";
  s.race = 3;  // Protoss
  s.role = UnitRole::Army;
  s.health_max = 80.0f;                      // §5.2
  protoss_shields(s, 80.0f);                 // §5.2 / §5.4
  s.armor = 1.0f;                            // §5.2
  // §5.2: 2.9531 (the Zergling's 2.953125); its acceleration 1000 reaches full speed within
  // the first loop, which our 0 (full speed at once) means.
  s.movement_speed = 2.953125f;
  s.radius = 0.625f;                         // §5.2
  s.sight_range = 10.0f;                     // §5.2
  s.attributes = {attribute::kArmored, attribute::kMechanical};  // §5.2
  s.abilities = basic_commands();
  // ParticleDisruptors §5.3: 10 (+4 Armored), period 1.44, range 6, ground and air.
  s.weapon = weapon(WeaponTargets::Any, 10.0f, 6.0f, 1.44f);
  with_missile(*s.weapon, 18.75f);  // StalkerWeapon (MissileDefault)
  s.weapon->bonus_attribute = attribute::kArmored;
  s.weapon->bonus_damage = 4.0f;
  s.scan_range = 6.5f;  // ParticleDisruptors MinScanRange (spec §5.3)
  return s;
}

UnitTypeStats zealot() {
  UnitTypeStats s;
  s.id = unit_type::kZealot;
  s.name = "Zealot";
  s.race = 3;
  s.role = UnitRole::Army;
  s.health_max = 100.0f;                     // §5.2
  protoss_shields(s, 50.0f);                 // §5.2 / §5.4
  s.armor = 1.0f;                            // §5.2
  s.movement_speed = 2.25f;                  // §5.2
  s.radius = 0.5f;                           // §5.2 (the default radius)
  s.sight_range = 9.0f;                      // §5.2
  s.attributes = {attribute::kLight, attribute::kBiological};  // §5.2
  s.abilities = basic_commands();
  // PsiBlades §5.3: 8 x 2, period 1.2, melee range 0.1, ground. Both hits land at once here
  // (the data spaces them 0.28 s apart).
  s.weapon = weapon(WeaponTargets::Ground, 8.0f, 0.1f, 1.2f);
  s.weapon->attacks = 2;
  return s;
}

UnitTypeStats colossus() {
  UnitTypeStats s;
  s.id = unit_type::kColossus;
  s.name = "Colossus";
  s.race = 3;
  s.role = UnitRole::Army;
  s.health_max = 200.0f;                     // §5.2
  protoss_shields(s, 150.0f);                // §5.2 / §5.4
  s.armor = 1.0f;                            // §5.2
  s.movement_speed = 2.25f;                  // §5.2
  s.radius = 1.0f;                           // §5.2
  s.sight_range = 10.0f;                     // §5.2
  s.attributes = {attribute::kArmored, attribute::kMechanical, attribute::kMassive};  // §5.2
  s.abilities = basic_commands();
  s.also_air = true;                         // §5.2: planes Ground and Air
  s.cliff_walker = true;                     // §5.2: Mover Colossus
  // ThermalLances §5.3: ThermalLancesMU 20 per hit, period 2.2, range 6, ground. Each attack is
  // two sweeps (DisplayAttackCount 2: attacks 2), each hitting the target once (the sweep's
  // expire effect) and sweeping offsets -1.25..+1.25 with area searches of radius 0.15 that hit
  // the other ground units there. Our model (an approximation, spec §6 item 10 leaves the exact
  // pattern open): both sweeps land at once, on the segment of length 2.5 centred on the target
  // and perpendicular to the attack's direction; every enemy ground unit whose centre is within
  // 0.15 + its radius of it takes 20 per sweep, as the target does, once per sweep however many
  // of the game's 11 search steps would find it, without the game's 0.25 s delay.
  s.weapon = weapon(WeaponTargets::Ground, 20.0f, 6.0f, 2.2f);
  s.weapon->attacks = 2;
  s.weapon->line_splash = LineSplash{1.25f, 0.15f};
  s.scan_range = 7.5f;  // ThermalLances MinScanRange (spec §5.3)
  return s;
}

UnitTypeStats hydralisk() {
  UnitTypeStats s;
  s.id = unit_type::kHydralisk;
  s.name = "Hydralisk";
  s.race = 2;  // Zerg
  s.role = UnitRole::Army;
  s.health_max = 80.0f;                      // §5.2 Liberty (VoidMulti: 90)
  s.life_regen_rate = kZergLifeRegen;        // §5.2 / §5.4
  s.armor = 0.0f;                            // §5.2
  s.movement_speed = 2.25f;                  // §5.2 (off creep; sc2lite has no creep)
  s.radius = 0.625f;                         // §5.2
  s.sight_range = 9.0f;                      // §5.2
  s.attributes = {attribute::kLight, attribute::kBiological};  // §5.2
  s.abilities = basic_commands();
  // NeedleSpines §5.3: 12, period 0.83, range 5, ground and air (its hidden melee weapon,
  // the same 12 at range 0.5, is not modelled: the spines reach it too).
  s.weapon = weapon(WeaponTargets::Any, 12.0f, 5.0f, 0.83f);
  with_missile(*s.weapon, 40.0f);  // NeedleSpinesWeapon
  return s;
}

UnitTypeStats medivac() {
  UnitTypeStats s;
  s.id = unit_type::kMedivac;
  s.name = "Medivac";
  s.race = 1;  // Terran
  s.role = UnitRole::Army;
  s.health_max = 150.0f;                     // §5.2
  s.armor = 1.0f;                            // §5.2
  s.movement_speed = 2.75f;                  // §5.2 Liberty (Swarm and later: 2.5)
  s.acceleration = 2.3125f;                  // §5.2 Liberty (Swarm and later: 2.25)
  s.radius = 0.75f;                          // §5.2
  s.sight_range = 11.0f;                     // §5.2
  s.flying = true;                           // §5.2: Mover Fly
  s.energy_start = 50.0f;                    // §5.2 / §5.4
  s.energy_max = 200.0f;
  s.energy_regen_rate = 0.5625f;
  s.attributes = {attribute::kArmored, attribute::kMechanical};  // §5.2
  // No weapon (§5.2). Heal (ability 386), §5.4: Liberty MedivacHeal, range 4, 9 life per second
  // (RechargeVitalRate 9), energy DrainVitalCostFactor 0.33 per life point (about 1 per 3),
  // autocast on with autocast range 6.
  s.abilities = {ability::kSmart, ability::kStopStop, ability::kMoveMove, ability::kPatrolPatrol,
                 ability::kHoldPositionHold, ability::kEffectHeal};
  Heal heal;
  heal.range = 4.0f;
  heal.rate = 9.0f;
  heal.energy_per_life = 0.33f;
  heal.autocast_range = 6.0f;
  s.heal = heal;
  return s;
}

// A structure that attacks: rooted (speed 0), footprint 2x2 (§5.2).
UnitTypeStats spine_crawler() {
  UnitTypeStats s;
  s.id = unit_type::kSpineCrawler;
  s.name = "SpineCrawler";
  s.race = 2;
  s.role = UnitRole::Structure;
  s.health_max = 300.0f;                     // §5.2
  s.life_regen_rate = kZergLifeRegen;        // §5.2 / §5.4
  s.armor = 2.0f;                            // §5.2
  s.radius = 0.875f;                         // §5.2
  s.footprint_w = s.footprint_h = 2;         // §5.2
  s.sight_range = 11.0f;                     // §5.2
  s.attributes = {attribute::kArmored, attribute::kBiological, attribute::kStructure};  // §5.2
  s.abilities = {ability::kSmart, ability::kStopStop, ability::kAttackAttack};
  // ImpalerTentacle §5.3: 25 (+5 Armored), period 1.6 (Swarm: 1.85), range 7, ground.
  s.weapon = weapon(WeaponTargets::Ground, 25.0f, 7.0f, 1.6f);
  with_missile(*s.weapon, 12.0f, 140.0f, 200.0f);  // SpineCrawlerTentacleExtendLong (its short throw, within 3, not modelled)
  s.weapon->bonus_attribute = attribute::kArmored;
  s.weapon->bonus_damage = 5.0f;
  return s;
}

// The beacon has no stats in the game data; its radius is our choice (see move_to_beacon.cpp).
UnitTypeStats beacon() {
  UnitTypeStats s;
  s.id = unit_type::kBeacon;
  s.name = "Beacon_Terran";
  s.race = 0;  // NoRace
  s.role = UnitRole::Neutral;
  s.radius = 1.0f;
  return s;
}

// The mineral shard of CollectMineralShards: no stats recorded; radius is our choice
// (see collect_mineral_shards.cpp).
UnitTypeStats mineral_shard() {
  UnitTypeStats s;
  s.id = unit_type::kMineralShard;
  s.name = "NaturalMinerals";
  s.race = 0;
  s.role = UnitRole::Neutral;
  s.radius = 0.5f;
  return s;
}

// Structures: hp, armour, radius, footprint, sight, supply, cost and build time from the
// game-data table (Normal-speed loops).
UnitTypeStats structure(std::uint32_t id, std::string_view name, float hp, float radius, int footprint,
                        float sight, float food_provided, std::uint32_t minerals, std::uint32_t build_loops,
                        std::uint32_t built_by, std::vector<std::uint32_t> abilities, std::uint32_t vespene = 0,
                        std::uint32_t tech_requirement = 0) {
  UnitTypeStats s;
  s.id = id;
  s.name = name;
  s.race = 1;
  s.role = UnitRole::Structure;
  s.health_max = hp;
  s.armor = 1.0f;
  s.radius = radius;
  s.footprint_w = s.footprint_h = footprint;
  s.sight_range = sight;
  s.food_provided = food_provided;
  s.mineral_cost = minerals;
  s.vespene_cost = vespene;
  s.build_time_loops = build_loops;
  s.built_by_ability = built_by;
  s.tech_requirement = tech_requirement;
  s.attributes = {attribute::kArmored, attribute::kMechanical, attribute::kStructure};
  s.abilities = std::move(abilities);
  return s;
}

// Resources: 10000 hp, armour 10, no sight; contents as recorded (1800 minerals, 2250 gas).
UnitTypeStats resource(std::uint32_t id, std::string_view name, float radius, int w, int h, int minerals,
                       int vespene) {
  UnitTypeStats s;
  s.id = id;
  s.name = name;
  s.race = 0;
  s.role = UnitRole::Resource;
  s.health_max = 10000.0f;
  s.armor = 10.0f;
  s.radius = radius;
  s.footprint_w = w;
  s.footprint_h = h;
  s.mineral_contents = minerals;
  s.vespene_contents = vespene;
  s.attributes = {attribute::kStructure};
  return s;
}

std::vector<UnitTypeStats> economy_types() {
  using namespace ability;
  return {
      structure(unit_type::kCommandCenter, "CommandCenter", 1500.0f, 2.75f, 5, 11.0f, 15.0f, 400, 1600, 318,
                {kSmart, kRallyCommandCenter, kCancelQueue5, kTrainScv}),
      structure(unit_type::kSupplyDepot, "SupplyDepot", 400.0f, 1.25f, 2, 9.0f, 8.0f, 100, 480,
                kBuildSupplyDepot, {}),
      structure(unit_type::kRefinery, "Refinery", 500.0f, 1.6875f, 3, 9.0f, 0.0f, 75, 480, kBuildRefinery, {}),
      structure(unit_type::kBarracks, "Barracks", 1000.0f, 1.8125f, 3, 9.0f, 0.0f, 150, 1040, kBuildBarracks,
                {kSmart, kRallyBuilding, kCancelQueue5, kTrainMarine, kTrainReaper, kTrainMarauder,
                 kBuildTechLabBarracks},
                0, unit_type::kSupplyDepot),
      // Melee structures (issue 19): UnitTypeData from the real game's ResponseData (see
      // the melee units above); hp from the shared spec (Engineering Bay, Tech Lab) or the
      // StarCraft Wiki ("Factory", 1,250). The Tech Lab is built by its Barracks (add_ons.h).
      structure(unit_type::kEngineeringBay, "EngineeringBay", 850.0f, 1.8125f, 3, 9.0f, 0.0f, 125, 560,
                kBuildEngineeringBay, {kCancelQueue5, kResearchTerranInfantryWeaponsLevel1}, 0,
                unit_type::kCommandCenter),
      structure(unit_type::kFactory, "Factory", 1250.0f, 1.8125f, 3, 9.0f, 0.0f, 150, 960, kBuildFactory,
                {kSmart, kRallyBuilding, kCancelQueue5, kTrainHellion}, 100, unit_type::kBarracks),
      structure(unit_type::kBarracksTechLab, "BarracksTechLab", 400.0f, 1.125f, 2, 9.0f, 0.0f, 50, 400,
                kBuildTechLabBarracks, {}, 25),
      resource(unit_type::kMineralField, "MineralField", 1.125f, 2, 1, 1800, 0),
      resource(unit_type::kVespeneGeyser, "VespeneGeyser", 1.5f, 3, 3, 0, 2250),
  };
}

std::vector<UnitTypeStats> build_table() {
  std::vector<UnitTypeStats> table = {baneling(), scv(),    marine(),       zergling(), roach(),
                                      beacon(),   mineral_shard(), reaper(), marauder(), hellion(),
                                      stalker(),  zealot(),  colossus(), hydralisk(), medivac(), spine_crawler()};
  for (auto& s : economy_types()) table.push_back(std::move(s));
  for (auto& s : table) {
    s.speed_per_loop = s.movement_speed / kLoopsPerNormalSecond;
    s.acceleration_per_loop = s.acceleration / (kLoopsPerNormalSecond * kLoopsPerNormalSecond);
    s.shield_regen_per_loop = s.shield_regen_rate / kLoopsPerNormalSecond;
    s.shield_regen_delay_loops = static_cast<std::uint32_t>(s.shield_regen_delay_s * kLoopsPerNormalSecond);
    s.life_regen_per_loop = s.life_regen_rate / kLoopsPerNormalSecond;
    s.energy_regen_per_loop = s.energy_regen_rate / kLoopsPerNormalSecond;
    if (s.weapon) s.weapon->cooldown_loops = s.weapon->cooldown_normal_s * kLoopsPerNormalSecond;
    if (s.heal) s.heal->rate_per_loop = s.heal->rate / kLoopsPerNormalSecond;
    std::sort(s.abilities.begin(), s.abilities.end());
    s.trains_units = std::any_of(s.abilities.begin(), s.abilities.end(),
                                 [](std::uint32_t a) { return unit_trained_by(a) != 0; });
  }
  return table;
}

const std::vector<UnitTypeStats>& table() {
  static const std::vector<UnitTypeStats> instance = build_table();
  return instance;
}

}  // namespace

bool UnitTypeStats::has_attribute(std::uint32_t a) const {
  return std::find(attributes.begin(), attributes.end(), a) != attributes.end();
}

std::span<const UnitTypeStats> unit_type_table() { return table(); }

const UnitTypeStats* find_unit_type(std::uint32_t id) {
  for (const auto& s : table()) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

}  // namespace sc2::engine
