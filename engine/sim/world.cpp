#include "engine/sim/world.h"

#include "engine/sim/combat.h"
#include "engine/sim/production.h"
#include "engine/sim/separation.h"
#include "engine/sim/unit_behaviour.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace sc2::engine {

namespace {

// Structures and resources (mineral fields, geysers) block ground pathing, as in the game.
// A Refinery stands exactly on its geyser, whose disc already closes the gaps around it.
bool closes_gaps(const UnitTypeStats& type) { return type.id != unit_type::kRefinery; }

bool blocks_pathing(const UnitTypeStats& type) {
  return (type.role == UnitRole::Structure || type.role == UnitRole::Resource) && type.footprint_w > 0;
}

}  // namespace

World::World(MapLayout layout, std::uint64_t seed) : map_(std::move(layout)), pathing_(map_), rng_(seed) {
  if (std::vector<std::uint8_t> cliffs = cliff_walkable(map_); cliffs != map_.pathable) {
    MapLayout walker = map_;
    walker.pathable = std::move(cliffs);
    cliff_pathing_.emplace(walker);
  }
  const Vec2 centre{(map_.playable.x0 + map_.playable.x1) * 0.5f,
                    (map_.playable.y0 + map_.playable.y1) * 0.5f};
  for (auto& p : players_) {
    p.camera = map_.camera_start.value_or(centre);
    p.explored.assign(static_cast<std::size_t>(map_.width) * map_.height, 0);
  }
}

void World::restrict_abilities(std::uint32_t unit_type, std::vector<std::uint32_t> kept) {
  std::sort(kept.begin(), kept.end());
  for (CommandCard& card : command_cards_) {
    if (card.unit_type == unit_type) {
      card.kept = std::move(kept);
      return;
    }
  }
  command_cards_.push_back({unit_type, std::move(kept)});
}

bool World::ability_allowed(std::uint32_t unit_type, std::uint32_t ability) const {
  for (const CommandCard& card : command_cards_) {
    if (card.unit_type == unit_type) return std::binary_search(card.kept.begin(), card.kept.end(), ability);
  }
  return true;
}

UnitId World::spawn(std::uint32_t unit_type, int owner, Vec2 pos) {
  const UnitTypeStats* stats = find_unit_type(unit_type);
  if (stats == nullptr) {
    throw std::invalid_argument("spawn: unit type " + std::to_string(unit_type) +
                                " has no stats in unit_data.cpp");
  }
  std::uint32_t index;
  if (!free_slots_.empty()) {
    index = free_slots_.back();
    free_slots_.pop_back();
  } else {
    index = static_cast<std::uint32_t>(slots_.size());
    slots_.emplace_back();
  }
  Slot& slot = slots_[index];
  slot.generation = (slot.generation % kGenerationMask) + 1;  // 1..mask, never 0

  Unit unit;
  unit.id = UnitId{index, slot.generation};
  unit.stats = stats;
  unit.owner = owner;
  unit.pos = pos;
  unit.radius = stats->radius;
  unit.health = unit.health_max = stats->health_max;
  unit.health_accounted = unit.health;
  unit.shield = unit.shield_max = stats->shield_max;
  unit.energy = stats->energy_start;
  unit.energy_max = stats->energy_max;
  unit.mineral_contents = stats->mineral_contents;
  unit.vespene_contents = stats->vespene_contents;
  unit.facing = 1.5f * std::numbers::pi_v<float>;  // facing south, towards the viewer
  slot.unit = std::move(unit);
  if (blocks_pathing(*stats)) {
    pathing_.add_structure(*stats, pos, closes_gaps(*stats));
    if (cliff_pathing_) cliff_pathing_->add_structure(*stats, pos, closes_gaps(*stats));
  }
  if (fog_ && stats->role == UnitRole::Resource) {
    for (int p = 1; p < kNeutralOwner; ++p) remember(p, *slot.unit);
  }
  return slot.unit->id;
}

bool World::remove(UnitId id) {
  const Unit* unit = find(id);
  if (unit == nullptr) return false;
  if (blocks_pathing(*unit->stats)) {
    pathing_.remove_structure(*unit->stats, unit->pos, closes_gaps(*unit->stats));
    if (cliff_pathing_) cliff_pathing_->remove_structure(*unit->stats, unit->pos, closes_gaps(*unit->stats));
  }
  slots_[id.index].unit.reset();
  free_slots_.push_back(id.index);
  for (auto& p : players_) {
    std::erase(p.selection, id);
    for (auto& group : p.control_groups) std::erase(group, id);
  }
  return true;
}

Unit* World::find(UnitId id) {
  if (!id.valid() || id.index >= slots_.size()) return nullptr;
  Slot& slot = slots_[id.index];
  return (slot.unit && slot.generation == id.generation) ? &*slot.unit : nullptr;
}

const Unit* World::find(UnitId id) const { return const_cast<World*>(this)->find(id); }

std::vector<Unit*> World::units() {
  std::vector<Unit*> out;
  out.reserve(slots_.size());  // one allocation, not one per doubling
  for (auto& slot : slots_) {
    if (slot.unit) out.push_back(&*slot.unit);
  }
  return out;
}

std::vector<const Unit*> World::units() const {
  std::vector<const Unit*> out;
  out.reserve(slots_.size());
  for (const auto& slot : slots_) {
    if (slot.unit) out.push_back(&*slot.unit);
  }
  return out;
}

PlayerState& World::player(int player_id) {
  if (player_id < 0 || player_id > kMaxPlayers) {
    throw std::out_of_range("player id " + std::to_string(player_id) + " is not 0..16");
  }
  return players_[static_cast<std::size_t>(player_id)];
}

const PlayerState& World::player(int player_id) const {
  return const_cast<World*>(this)->player(player_id);
}

float World::ground_height(Vec2 p) const {
  const int x = std::clamp(floor_to_int(p.x), 0, map_.width - 1);
  const int y = std::clamp(floor_to_int(p.y), 0, map_.height - 1);
  return height_from_byte(map_.terrain_height[map_.cell(x, y)]);
}

Vec2 World::clamp_camera(Vec2 centre, Vec2 half_view) const {
  const auto& r = map_.view_bounds();
  auto axis = [](float value, float low, float high, float half) {
    if (high - low <= 2.0f * half) return 0.5f * (low + high);
    return std::clamp(value, low + half, high - half);
  };
  return {axis(centre.x, static_cast<float>(r.x0), static_cast<float>(r.x1), half_view.x),
          axis(centre.y, static_cast<float>(r.y0), static_cast<float>(r.y1), half_view.y)};
}

bool World::sees_cell(int player_id, int x, int y) const {
  const Vec2 centre{x + 0.5f, y + 0.5f};
  for (const auto& slot : slots_) {
    if (!slot.unit || slot.unit->owner != player_id) continue;
    const float sight = slot.unit->stats->sight_range;
    if (sight > 0.0f && distance(slot.unit->pos, centre) <= sight) return true;
  }
  return false;
}

std::uint8_t World::visibility(int player_id, int x, int y) const {
  if (!map_.in_bounds(x, y)) return 0;
  if (!fog_) return 2;
  if (sees_cell(player_id, x, y)) return 2;
  return player(player_id).explored[map_.cell(x, y)] != 0 ? 1 : 0;
}

void World::visibility_grid(int player_id, std::vector<std::uint8_t>& out) const {
  const std::size_t cells = static_cast<std::size_t>(map_.width) * map_.height;
  if (!fog_) {
    out.assign(cells, 2);
    return;
  }
  const std::vector<std::uint8_t>& explored = player(player_id).explored;
  out.resize(cells);
  for (std::size_t i = 0; i < cells; ++i) out[i] = explored[i] != 0 ? 1 : 0;
  // Each unit marks the cells sees_cell would find it sees: the same distance test, over
  // its sight box plus one cell of slack for float rounding (any box holding those cells
  // gives the same grid; NaN / infinite bounds take the whole map).
  const auto low_cell = [](float v, int size) { return !(v > 0.0f) ? 0 : (v >= size ? size - 1 : static_cast<int>(v)); };
  const auto high_cell = [](float v, int size) { return !(v < size) ? size - 1 : (v < 0.0f ? 0 : static_cast<int>(v)); };
  for (const auto& slot : slots_) {
    if (!slot.unit || slot.unit->owner != player_id) continue;
    const Unit& u = *slot.unit;
    const float sight = u.stats->sight_range;
    if (!(sight > 0.0f)) continue;
    const int x0 = std::max(0, low_cell(u.pos.x - sight, map_.width) - 1);
    const int y0 = std::max(0, low_cell(u.pos.y - sight, map_.height) - 1);
    const int x1 = std::min(map_.width - 1, high_cell(u.pos.x + sight, map_.width) + 1);
    const int y1 = std::min(map_.height - 1, high_cell(u.pos.y + sight, map_.height) + 1);
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        if (distance(u.pos, {x + 0.5f, y + 0.5f}) <= sight) out[map_.cell(x, y)] = 2;
      }
    }
  }
}

bool World::unit_visible(int player_id, const Unit& unit) const {
  if (unit.owner == player_id || !fog_) return true;
  return visibility(player_id, floor_to_int(unit.pos.x), floor_to_int(unit.pos.y)) == 2;
}

bool World::seen_at_last_update(int player_id, const Unit& unit) const {
  if (unit.owner == player_id || !fog_) return true;
  const int x = floor_to_int(unit.pos.x), y = floor_to_int(unit.pos.y);
  if (player_id < 0 || static_cast<std::size_t>(player_id) >= seen_stamp_.size() || !map_.in_bounds(x, y)) return false;
  const auto& seen = seen_stamp_[static_cast<std::size_t>(player_id)];
  return !seen.empty() && seen[map_.cell(x, y)] == game_loop_;  // update_vision stamps game_loop_ + 1, then the loop advances
}

void World::update_vision() {
  if (!fog_) return;
  const std::uint32_t stamp = game_loop_ + 1;
  for (const auto& slot : slots_) {
    if (!slot.unit || slot.unit->owner < 1 || slot.unit->owner >= kNeutralOwner) continue;
    const Unit& u = *slot.unit;
    const float r = u.stats->sight_range;
    auto& explored = players_[static_cast<std::size_t>(u.owner)].explored;
    auto& seen = seen_stamp_[static_cast<std::size_t>(u.owner)];
    if (seen.empty()) seen.assign(explored.size(), 0);
    const int x0 = std::max(0, floor_to_int(u.pos.x - r));
    const int x1 = std::min(map_.width - 1, floor_to_int(u.pos.x + r));
    const int y0 = std::max(0, floor_to_int(u.pos.y - r));
    const int y1 = std::min(map_.height - 1, floor_to_int(u.pos.y + r));
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        if (distance(u.pos, {x + 0.5f, y + 0.5f}) <= r) {
          explored[map_.cell(x, y)] = 1;
          seen[map_.cell(x, y)] = stamp;
        }
      }
    }
  }
}

bool World::leaves_snapshot(const Unit& unit) {
  return unit.stats->role == UnitRole::Structure || unit.stats->role == UnitRole::Resource;
}

void World::remember(int player_id, const Unit& unit) {
  auto& memory = players_[static_cast<std::size_t>(player_id)].snapshots;
  const UnitSnapshot snap{unit.id, unit.type(), unit.owner, unit.pos, unit.facing, unit.radius, unit.build_progress()};
  const auto at = std::find_if(memory.begin(), memory.end(), [&](const UnitSnapshot& s) { return s.id == unit.id; });
  if (at != memory.end()) {
    *at = snap;
  } else {
    memory.push_back(snap);  // in the order first seen
  }
}

// After vision: each player remembers the others' structures and the resources it sees
// now, and forgets what it sees is no longer there.
void World::update_snapshots() {
  const std::uint32_t stamp = game_loop_ + 1;
  for (int p = 1; p < kNeutralOwner; ++p) {
    const auto& seen = seen_stamp_[static_cast<std::size_t>(p)];
    if (seen.empty()) continue;  // the player never had a unit
    const auto sees = [&](Vec2 pos) {
      const int x = floor_to_int(pos.x), y = floor_to_int(pos.y);
      return map_.in_bounds(x, y) && seen[map_.cell(x, y)] == stamp;
    };
    for (const auto& slot : slots_) {
      if (!slot.unit || slot.unit->owner == p || !leaves_snapshot(*slot.unit)) continue;
      if (sees(slot.unit->pos)) remember(p, *slot.unit);
    }
    std::erase_if(players_[static_cast<std::size_t>(p)].snapshots, [&](const UnitSnapshot& s) {
      const Unit* live = find(s.id);
      return sees(s.pos) && (live == nullptr || !(live->pos == s.pos));
    });
  }
}

namespace {

bool is_player(int owner) { return owner >= 1 && owner < kNeutralOwner; }

// At the start of a loop, every live unit's vitals per the type's rates (spec sc2-map-files.md
// §5.4), never above their maximum: shields once `shield_regen_wait` has run out (a hit resets
// it to the type's 10 s, so the first gain comes 160 loops after the last hit), Zerg life
// always, energy always. Regenerated life is no damage taken back: the accounted life follows.
void regenerate(const std::vector<Unit*>& units) {
  for (Unit* u : units) {
    if (!u->alive() || u->health <= 0.0f) continue;  // the dead do not come back
    const UnitTypeStats& type = *u->stats;
    if (u->shield_regen_wait > 0) --u->shield_regen_wait;
    if (u->shield_regen_wait == 0 && u->shield < u->shield_max) {
      u->shield = std::min(u->shield_max, u->shield + type.shield_regen_per_loop);
    }
    if (type.life_regen_per_loop > 0.0f && u->health < u->health_max) {
      const float before = u->health;
      u->health = std::min(u->health_max, u->health + type.life_regen_per_loop);
      u->health_accounted += u->health - before;
    }
    if (u->energy < u->energy_max) u->energy = std::min(u->energy_max, u->energy + type.energy_regen_per_loop);
  }
}

}  // namespace

// Life lost this loop goes to the damage totals of the victim's owner and of whoever hit
// it last (a Baneling's own burst is no damage dealt); idle workers and idle finished
// production structures add a loop of idle time.
void World::account_loop(const std::vector<Unit*>& units) {
  for (Unit* u : units) {
    if (u->health < u->health_accounted) {
      const float lost = u->health_accounted - u->health;
      const int attacker = u->last_attacker_owner;
      if (is_player(attacker) && attacker != u->owner) {
        players_[static_cast<std::size_t>(attacker)].score.damage_dealt.life += lost;
        if (is_player(u->owner)) players_[static_cast<std::size_t>(u->owner)].score.damage_taken.life += lost;
      }
    }
    if (u->health < u->health_accounted && is_player(u->owner) && is_player(u->last_attacker_owner) &&
        hostile(u->last_attacker_owner, u->owner)) {
      raise_alert(u->owner, u->stats->role == UnitRole::Structure ? Alert::BuildingUnderAttack : Alert::UnitUnderAttack,
                  *u);
    }
    u->health_accounted = u->health;
    if (!u->alive() || !is_player(u->owner)) continue;
    ScoreTotals& score = players_[static_cast<std::size_t>(u->owner)].score;
    if (u->stats->role == UnitRole::Worker && u->idle()) score.idle_worker_time += 1.0f;
    if (u->complete() && u->production.empty() && u->stats->trains_units) score.idle_production_time += 1.0f;
  }
}

// A death: its value is lost for the owner and killed for an enemy killer (by the dead
// unit's category); own units killed by their own side count as friendly fire, except a
// Baneling's own burst.
void World::account_death(const Unit& unit, int killer) {
  if (!is_player(unit.owner)) return;
  const UnitTypeStats& type = *unit.stats;
  const ScoreCategory category = score_category(type);
  const auto minerals = static_cast<float>(type.mineral_cost);
  const auto vespene = static_cast<float>(type.vespene_cost);
  ScoreTotals& loser = players_[static_cast<std::size_t>(unit.owner)].score;
  loser.lost_minerals.at(category) += minerals;
  loser.lost_vespene.at(category) += vespene;
  if (is_player(killer) && hostile(killer, unit.owner)) {
    ScoreTotals& winner = players_[static_cast<std::size_t>(killer)].score;
    winner.killed_minerals.at(category) += minerals;
    winner.killed_vespene.at(category) += vespene;
    (type.role == UnitRole::Structure ? winner.killed_value_structures : winner.killed_value_units) +=
        minerals + vespene;
  } else if (killer == unit.owner && !unit.burst) {
    loser.friendly_fire_minerals.at(category) += minerals;
    loser.friendly_fire_vespene.at(category) += vespene;
  }
}

void World::remove_dead(const std::vector<Unit*>& units) {
  // Killed Banelings burst too; a burst may kill an enemy Baneling, so repeat until calm.
  for (bool burst = true; burst;) {
    burst = false;
    for (Unit* u : units) {
      if (!u->alive() && u->stats->explosion && !u->burst) {
        explode(*u, units);
        burst = true;
      }
    }
  }
  account_loop(units);
  for (Unit* u : units) {
    if (u->alive()) continue;
    const int killer = u->last_attacker_owner;
    account_death(*u, killer);
    deaths_.push_back({u->id, u->type(), u->owner, killer, u->pos});
    if (u->owner >= 0 && u->owner <= kMaxPlayers) ++losses_[static_cast<std::size_t>(u->owner)];
    if (killer > 0 && killer <= kMaxPlayers && hostile(killer, u->owner)) ++kills_[static_cast<std::size_t>(killer)];
    remove(u->id);
  }
  if (deaths_.empty()) return;
  // Attack and heal orders on the dead end now, as in the game.
  for (Unit* u : units) {
    if (find(u->id) == nullptr) continue;
    std::erase_if(u->orders, [&](const Order& o) {
      return (o.kind == OrderKind::AttackUnit || o.kind == OrderKind::Heal) && find(o.target_unit) == nullptr;
    });
  }
}

void World::raise_alert(int player, Alert alert, const Unit& unit) {
  if (!is_player(player)) return;
  const std::uint32_t shown_at = game_loop_ + 1;  // the loop the alert is observed at
  if (alert == Alert::UnitUnderAttack || alert == Alert::BuildingUnderAttack) {
    auto& marks = players_[static_cast<std::size_t>(player)].attack_alerts;
    for (const AttackAlertMark& m : marks) {
      if (m.alert == alert && shown_at - m.loop < kAttackAlertQuietLoops && distance(m.pos, unit.pos) <= kAttackAlertRadius) {
        return;  // rate-limited: this spot was alerted a moment ago
      }
    }
    marks.push_back({alert, unit.pos, shown_at});
  }
  alerts_.push_back({player, alert, unit.id, unit.pos});
}

void World::advance() {
  deaths_.clear();
  alerts_.clear();
  for (PlayerState& p : players_) {
    std::erase_if(p.attack_alerts, [&](const AttackAlertMark& m) {
      return game_loop_ + 1 - m.loop >= std::max(kAttackAlertQuietLoops, kAttackAlertMinimapLoops);
    });
  }
  const std::vector<Unit*> live = units();
  grid_.rebuild(live, map_.width, map_.height);
  max_unit_radius_ = 0.0f;
  owners_present_ = 0;
  for (const Unit* u : live) {
    max_unit_radius_ = std::max(max_unit_radius_, u->radius);
    owners_present_ |= 1u << u->owner;
  }
  regenerate(live);
  for (Unit* u : live) {
    run_unit(*this, *u);
    // Structures and resources never move (their pathing cells are marked where they stand).
    if (!u->stats->immobile()) u->pos = clamp_to_playable(u->pos, u->radius);
  }
  fly_missiles(*this, missiles_);
  answer_calls_for_help(*this, live);
  separate_units(*this, live);
  remove_dead(live);
  update_vision();
  if (fog_) update_snapshots();
  ++game_loop_;
}

}  // namespace sc2::engine
