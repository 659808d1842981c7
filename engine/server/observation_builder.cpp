#include "engine/server/observation_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "engine/raster/image_encoding.h"
#include "engine/raster/rgb_render.h"
#include "engine/raster/view_transform.h"
#include "engine/server/score_report.h"
#include "engine/sim/abilities.h"
#include "engine/sim/add_ons.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/harvest.h"
#include "engine/sim/production.h"
#include "engine/sim/unit_abilities.h"
#include "engine/sim/upgrades.h"

namespace sc2::engine {

namespace {

// Raw coordinates: the whole map, or the playable area moved to (0,0) when cropping.
struct RawFrame {
  CellRect area;
  Vec2 to_raw(Vec2 p) const { return {p.x - area.x0, p.y - area.y0}; }
};

RawFrame raw_frame(const MapLayout& map, const InterfaceSetup& iface) {
  if (iface.raw_crop_to_playable_area) return {map.playable};
  return {CellRect{0, 0, map.width, map.height}};
}

// The screen the player looks at; without feature layers PySC2's defaults stand in.
ScreenView player_screen(const World& world, const InterfaceSetup& iface) {
  const FeatureLayerSetup defaults;
  const FeatureLayerSetup& l = iface.feature_layer ? iface.layers : defaults;
  return ScreenView(world.player(iface.player).camera, l.camera_width, l.screen_width, l.screen_height);
}

constexpr std::uint32_t kTechLabAlias = 5;  // unit type TechLab

float item_progress(const TrainItem& item) {
  const std::uint32_t total = item_duration_loops(item);
  return total > 0 ? static_cast<float>(item.loops_done) / static_cast<float>(total) : 0.0f;
}

bool on_screen(const Unit& u, const WorldRect& r) {
  const float cx = std::clamp(u.pos.x, r.x0, r.x1);
  const float cy = std::clamp(u.pos.y, r.y0, r.y1);
  return distance(u.pos, {cx, cy}) <= u.radius;
}

// A map-space grid (row 0 = bottom) of the raw frame.
LayerGrid map_grid(const World& world, const RawFrame& frame, auto&& value_of_cell) {
  LayerGrid grid(frame.area.width(), frame.area.height());
  for (int y = 0; y < grid.height(); ++y) {
    for (int x = 0; x < grid.width(); ++x) {
      grid.at(x, y) = value_of_cell(frame.area.x0 + x, frame.area.y0 + y);
    }
  }
  (void)world;
  return grid;
}

void fill_unit_info(const Unit& u, int me, SC2APIProtocol::UnitInfo* info) {
  info->set_unit_type(u.type());
  info->set_player_relative(static_cast<std::uint32_t>(alliance_of(me, u.owner)));
  info->set_health(static_cast<std::int32_t>(u.health));
  info->set_shields(static_cast<std::int32_t>(u.shield));
  info->set_energy(static_cast<std::int32_t>(u.energy));
  info->set_transport_slots_taken(0);
  info->set_build_progress(u.build_progress());
  info->set_max_health(static_cast<std::int32_t>(u.health_max));
  info->set_max_shields(static_cast<std::int32_t>(u.shield_max));
  info->set_max_energy(static_cast<std::int32_t>(u.energy_max));
}

// Workers assigned to a Command Center (harvesting minerals) or a Refinery, and the ideal
// number (2 per mineral field within reach, 3 per Refinery), as the game reports them.
void fill_harvesters(const World& world, const Unit& base, SC2APIProtocol::Unit* out) {
  constexpr float kBaseReach = 10.0f;  // mineral fields and workers counted around a base
  int assigned = 0, fields = 0;
  for (const Unit* u : world.units()) {
    if (u->owner == base.owner && u->stats->role == UnitRole::Worker && !u->orders.empty() &&
        u->orders.front().kind == OrderKind::Gather) {
      const Unit* r = world.find(u->orders.front().target_unit);
      if (r == nullptr) continue;
      if (base.type() == unit_type::kRefinery ? r->id == base.id
                                              : (is_mineral_field(*r) && distance(r->pos, base.pos) <= kBaseReach)) {
        ++assigned;
      }
    }
    if (base.type() == unit_type::kCommandCenter && is_mineral_field(*u) && distance(u->pos, base.pos) <= kBaseReach) {
      ++fields;
    }
  }
  out->set_assigned_harvesters(assigned);
  out->set_ideal_harvesters(base.type() == unit_type::kRefinery ? 3 : 2 * fields);
}

void fill_raw_unit(const World& world, int me, const Unit& u, const RawFrame& frame, const WorldRect& screen,
                   SC2APIProtocol::Unit* out) {
  const PlayerState& player = world.player(me);
  const bool own = u.owner == me;
  const Vec2 raw = frame.to_raw(u.pos);
  out->set_display_type(SC2APIProtocol::Visible);
  out->set_alliance(static_cast<SC2APIProtocol::Alliance>(alliance_of(me, u.owner)));
  out->set_tag(to_tag(u.id));
  out->set_unit_type(u.type());
  out->set_owner(u.owner);
  out->mutable_pos()->set_x(raw.x);
  out->mutable_pos()->set_y(raw.y);
  out->mutable_pos()->set_z(world.ground_height(u.pos));
  out->set_facing(u.facing);
  out->set_radius(u.radius);
  out->set_build_progress(u.build_progress());
  if (u.stats->role == UnitRole::Resource || u.type() == unit_type::kRefinery) {
    if (is_mineral_field(u)) out->set_mineral_contents(u.mineral_contents);
    if (u.stats->vespene_contents > 0 || u.type() == unit_type::kRefinery) {
      out->set_vespene_contents(u.vespene_contents);
    }
  }
  out->set_cloak(SC2APIProtocol::NotCloaked);
  out->set_is_selected(std::find(player.selection.begin(), player.selection.end(), u.id) != player.selection.end());
  out->set_is_on_screen(on_screen(u, screen));
  out->set_is_blip(false);
  out->set_is_powered(false);
  out->set_is_active(!u.production.empty());  // like the `active` feature layer
  out->set_is_flying(u.stats->flying);
  out->set_is_burrowed(false);
  out->set_is_hallucination(false);
  if (u.health_max > 0.0f) {
    out->set_health(u.health);
    out->set_health_max(u.health_max);
    out->set_shield(u.shield);
    out->set_shield_max(u.shield_max);
    out->set_energy(u.energy);
    out->set_energy_max(u.energy_max);
  }
  if (!own) return;
  for (const Order& order : u.orders) {
    auto* o = out->add_orders();
    o->set_ability_id(order.ability_id);
    // Unit targets: attack, heal, gather / return (the resource), a Refinery's geyser.
    const bool unit_target = order.kind == OrderKind::AttackUnit || order.kind == OrderKind::Heal ||
                             (order.kind == OrderKind::Gather && world.find(order.target_unit) != nullptr) ||
                             (order.kind == OrderKind::Build && order.phase == OrderPhase::Approach &&
                              order.target_unit.valid());
    if (unit_target) {
      o->set_target_unit_tag(to_tag(order.target_unit));
    } else {
      const Vec2 t = frame.to_raw(order.target);
      o->mutable_target_world_space_pos()->set_x(t.x);
      o->mutable_target_world_space_pos()->set_y(t.y);
      o->mutable_target_world_space_pos()->set_z(world.ground_height(order.target));
    }
    o->set_progress(0.0f);
  }
  // Production shows as orders of the structure, the front one with its progress.
  for (const TrainItem& item : u.production) {
    auto* o = out->add_orders();
    o->set_ability_id(item.ability_id);
    o->set_progress(item_progress(item));
  }
  if (world.find(u.add_on) != nullptr) out->set_add_on_tag(to_tag(u.add_on));
  if (u.stats->role == UnitRole::Worker) {
    if (const std::uint32_t buff = carry_buff(u); buff != 0) out->add_buff_ids(buff);
  }
  if (u.has_rally) {
    auto* r = out->add_rally_targets();
    const Vec2 p = frame.to_raw(u.rally_point);
    r->mutable_point()->set_x(p.x);
    r->mutable_point()->set_y(p.y);
    r->mutable_point()->set_z(world.ground_height(u.rally_point));
    if (world.find(u.rally_unit) != nullptr) r->set_tag(to_tag(u.rally_unit));
  }
  if (u.type() == unit_type::kCommandCenter || u.type() == unit_type::kRefinery) fill_harvesters(world, u, out);
  out->set_weapon_cooldown(u.weapon_cooldown);  // game loops, as the real game reports it
  if (u.engaged_target.valid() && world.find(u.engaged_target) != nullptr) {
    out->set_engaged_target_tag(to_tag(u.engaged_target));
  }
}

// A remembered structure / resource in the fog: last-seen state, no life or contents.
void fill_snapshot_unit(const World& world, int me, const UnitSnapshot& s, const RawFrame& frame, const WorldRect& screen,
                        SC2APIProtocol::Unit* out) {
  const Vec2 raw = frame.to_raw(s.pos);
  out->set_display_type(SC2APIProtocol::Snapshot);
  out->set_alliance(static_cast<SC2APIProtocol::Alliance>(alliance_of(me, s.owner)));
  out->set_tag(to_tag(s.id));
  out->set_unit_type(s.unit_type);
  out->set_owner(s.owner);
  out->mutable_pos()->set_x(raw.x);
  out->mutable_pos()->set_y(raw.y);
  out->mutable_pos()->set_z(world.ground_height(s.pos));
  out->set_facing(s.facing);
  out->set_radius(s.radius);
  out->set_build_progress(s.build_progress);
  out->set_cloak(SC2APIProtocol::CloakedUnknown);
  const float cx = std::clamp(s.pos.x, screen.x0, screen.x1), cy = std::clamp(s.pos.y, screen.y0, screen.y1);
  out->set_is_on_screen(distance(s.pos, {cx, cy}) <= s.radius);
  out->set_is_blip(false);
  out->set_is_powered(false);
}

// Visibility of every raw-frame cell (8 bpp, row 0 = bottom) and creep (none: zeros),
// written straight into the message from one visibility grid of the whole map.
void fill_map_state(const World& world, int me, const RawFrame& frame, SC2APIProtocol::MapState* out) {
  const MapLayout& map = world.map();
  const int w = frame.area.width(), h = frame.area.height();
  std::vector<std::uint8_t> grid;
  world.visibility_grid(me, grid);
  auto* visibility = out->mutable_visibility();
  LayerWriter::into(visibility, w, h, 8);  // size, depth and w*h zero bytes
  char* bytes = visibility->mutable_data()->data();
  // Row by row, the part of each row that lies on the map (cells off it stay 0).
  const int x_begin = std::max(frame.area.x0, 0), x_end = std::min(frame.area.x0 + w, map.width);
  for (int y = 0; y < h; ++y) {
    const int my = frame.area.y0 + y;
    if (my < 0 || my >= map.height || x_begin >= x_end) continue;
    std::memcpy(bytes + static_cast<std::size_t>(y) * w + (x_begin - frame.area.x0), &grid[map.cell(x_begin, my)],
                static_cast<std::size_t>(x_end - x_begin));
  }
  encode_zero(w, h, 1, out->mutable_creep());
}

void fill_raw(Game& game, const InterfaceSetup& iface, SC2APIProtocol::ObservationRaw* raw) {
  const World& world = game.world();
  const RawFrame frame = raw_frame(world.map(), iface);
  const int me = iface.player;
  const Vec2 camera = world.player(me).camera;
  const Vec2 raw_camera = frame.to_raw(camera);
  auto* cam = raw->mutable_player()->mutable_camera();
  cam->set_x(raw_camera.x);
  cam->set_y(raw_camera.y);
  cam->set_z(world.ground_height(camera));
  for (std::uint32_t upgrade : world.player(me).upgrades) raw->mutable_player()->add_upgrade_ids(upgrade);

  const WorldRect screen = player_screen(world, iface).world_bounds();
  for (const Unit* u : world.units()) {
    if (world.unit_visible(me, *u)) fill_raw_unit(world, me, *u, frame, screen, raw->add_units());
  }
  for (const UnitSnapshot& s : world.player(me).snapshots) {
    const Unit* live = world.find(s.id);
    if (live == nullptr || !world.unit_visible(me, *live)) {
      fill_snapshot_unit(world, me, s, frame, screen, raw->add_units());
    }
  }
  fill_map_state(world, me, frame, raw->mutable_map_state());
  auto* event = raw->mutable_event();
  for (std::uint64_t tag : game.feed(me).dead_unit_tags) event->add_dead_units(tag);
}

void fill_player_common(const World& world, int me, SC2APIProtocol::PlayerCommon* pc) {
  std::uint32_t army = 0, workers = 0;
  float food_army = 0, food_workers = 0;
  for (const Unit* u : world.units()) {
    if (u->owner != me) continue;
    if (u->stats->role == UnitRole::Army) {
      ++army;
      food_army += u->stats->food_required;
    } else if (u->stats->role == UnitRole::Worker) {
      ++workers;
      food_workers += u->stats->food_required;
    }
  }
  pc->set_player_id(static_cast<std::uint32_t>(me));
  const PlayerEconomy& bank = world.player(me).economy;
  pc->set_minerals(static_cast<std::uint32_t>(std::max(0, bank.minerals)));
  pc->set_vespene(static_cast<std::uint32_t>(std::max(0, bank.vespene)));
  pc->set_food_cap(static_cast<std::uint32_t>(food_cap(world, me)));
  pc->set_food_used(static_cast<std::uint32_t>(std::lround(food_used(world, me))));
  pc->set_food_army(static_cast<std::uint32_t>(std::lround(food_army)));
  pc->set_food_workers(static_cast<std::uint32_t>(std::lround(food_workers)));
  pc->set_idle_worker_count(static_cast<std::uint32_t>(idle_workers(world, me).size()));
  pc->set_army_count(army);
  pc->set_warp_gate_count(0);
  pc->set_larva_count(0);
}

// Specific abilities of the selected own units, each once, in ascending id order.
void fill_abilities(const World& world, int me, SC2APIProtocol::Observation* obs) {
  std::vector<std::uint32_t> ids;
  SupplyCount supply(world, me);  // counted once, not per trainable ability of each selected unit
  for (UnitId id : world.player(me).selection) {
    const Unit* u = world.find(id);
    if (u == nullptr || u->owner != me) continue;
    const std::vector<std::uint32_t> own = available_abilities(world, *u, true, &supply);
    ids.insert(ids.end(), own.begin(), own.end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (std::uint32_t id : ids) {
    const AbilityInfo* info = find_ability(id);
    if (info == nullptr) continue;
    auto* a = obs->add_abilities();
    a->set_ability_id(static_cast<std::int32_t>(id));
    a->set_requires_point(requires_point(*info));
  }
}

void fill_ui(const World& world, int me, SC2APIProtocol::ObservationUI* ui) {
  const PlayerState& player = world.player(me);
  for (std::size_t i = 0; i < player.control_groups.size(); ++i) {
    std::uint32_t count = 0, leader = 0;
    for (UnitId id : player.control_groups[i]) {
      if (const Unit* u = world.find(id)) {
        if (count++ == 0) leader = u->type();
      }
    }
    if (count == 0) continue;
    auto* g = ui->add_groups();
    g->set_control_group_index(static_cast<std::uint32_t>(i));
    g->set_leader_unit_type(leader);
    g->set_count(count);
  }
  std::vector<const Unit*> selected;
  for (UnitId id : player.selection) {
    if (const Unit* u = world.find(id)) selected.push_back(u);
  }
  if (selected.size() == 1 && !selected.front()->production.empty()) {
    const Unit& producer = *selected.front();
    auto* panel = ui->mutable_production();
    fill_unit_info(producer, me, panel->mutable_unit());
    for (const TrainItem& item : producer.production) {
      const UnitTypeStats* s = find_unit_type(item.unit_type);
      const float progress = item_progress(item);
      auto* queued = panel->add_production_queue();
      queued->set_ability_id(item.ability_id);
      queued->set_build_progress(progress);
      if (item.upgrade != 0) continue;  // research: a production_queue entry only
      auto* info = panel->add_build_queue();
      info->set_unit_type(item.unit_type);
      info->set_player_relative(1);
      info->set_build_progress(progress);
      if (s != nullptr) {
        info->set_health(static_cast<std::int32_t>(s->health_max));
        info->set_max_health(static_cast<std::int32_t>(s->health_max));
      }
    }
  } else if (selected.size() == 1) {
    fill_unit_info(*selected.front(), me, ui->mutable_single()->mutable_unit());
  } else if (selected.size() > 1) {
    auto* multi = ui->mutable_multi();
    for (const Unit* u : selected) fill_unit_info(*u, me, multi->add_units());
  }
}

}  // namespace

void build_observation(Game& game, const InterfaceSetup& iface, SC2APIProtocol::ResponseObservation* out,
                       FeatureLayerCache* layer_cache) {
  const World& world = game.world();
  const int me = iface.player;
  Game::PlayerFeed& feed = game.feed(me);
  for (auto& a : feed.echoed_actions) *out->add_actions() = std::move(a);
  for (auto& e : feed.action_errors) *out->add_action_errors() = std::move(e);
  feed.echoed_actions.clear();
  feed.action_errors.clear();

  auto* obs = out->mutable_observation();
  obs->set_game_loop(world.game_loop());
  for (Alert alert : feed.alerts) obs->add_alerts(static_cast<SC2APIProtocol::Alert>(alert));
  feed.alerts.clear();  // each reported once
  fill_player_common(world, me, obs->mutable_player_common());
  fill_abilities(world, me, obs);
  if (iface.score) {
    auto* score = obs->mutable_score();
    score->set_score_type(SC2APIProtocol::Score::Curriculum);
    score->set_score(game.mini_game().score());
    fill_score_details(world, me, score->mutable_score_details());
  }
  if (iface.raw) fill_raw(game, iface, obs->mutable_raw_data());
  if (iface.feature_layer) {
    auto* fl = obs->mutable_feature_layer_data();
    render_screen(world, me, iface.layers, fl->mutable_renders(), layer_cache);
    render_minimap(world, me, iface.layers, fl->mutable_minimap_renders(), layer_cache);
  }
  if (iface.render) {  // only when asked: nothing is drawn otherwise
    render_rgb(world, me, *iface.render, obs->mutable_render_data(), layer_cache);
  }
  if (iface.feature_layer || iface.render) fill_ui(world, me, obs->mutable_ui_data());  // spec §9: either interface
  feed.dead_unit_tags.clear();  // reported once, like the game's event
  if (auto result = game.result()) {
    // One entry per player, as the game reports them (a melee game has two).
    for (int player = 1; player <= game.mini_game().players(); ++player) {
      auto* r = out->add_player_result();
      r->set_player_id(static_cast<std::uint32_t>(player));
      r->set_result(static_cast<SC2APIProtocol::Result>(result_of_player(*result, player)));
    }
  }
}

void build_game_info(const Game& game, const GameConfig& config, const InterfaceSetup& iface,
                     SC2APIProtocol::ResponseGameInfo* out) {
  const World& world = game.world();
  const MapLayout& map = world.map();
  out->set_map_name(std::string(game.mini_game().name()));
  out->set_local_map_path(config.map_path);

  // Ids as Game gives them: the Participants first (in join order), then the Computers. The
  // asking player's own entry carries its join's race and name.
  int participants = 0;
  for (const auto& setup : config.players) participants += setup.type() == SC2APIProtocol::Participant ? 1 : 0;
  participants = std::max(participants, 1);
  for (int id = 1; id <= participants; ++id) {
    auto* info = out->add_player_info();
    info->set_player_id(static_cast<std::uint32_t>(id));
    info->set_type(SC2APIProtocol::Participant);
    info->set_race_requested(id == iface.player ? iface.race_requested : SC2APIProtocol::Terran);
    info->set_race_actual(SC2APIProtocol::Terran);  // sc2lite's maps are Terran games
    if (id == iface.player && !iface.player_name.empty()) info->set_player_name(iface.player_name);
  }
  std::uint32_t next_id = static_cast<std::uint32_t>(participants) + 1;
  for (const auto& setup : config.players) {
    if (setup.type() != SC2APIProtocol::Computer) continue;
    auto* bot = out->add_player_info();
    bot->set_player_id(next_id++);
    bot->set_type(SC2APIProtocol::Computer);
    bot->set_race_requested(setup.race());
    if (setup.has_difficulty()) bot->set_difficulty(setup.difficulty());
    if (setup.has_ai_build()) bot->set_ai_build(setup.ai_build());
  }

  const RawFrame frame = raw_frame(map, iface);
  auto* start = out->mutable_start_raw();
  start->mutable_map_size()->set_x(frame.area.width());
  start->mutable_map_size()->set_y(frame.area.height());
  encode_layer(map_grid(world, frame, [&](int x, int y) { return map.pathable[map.cell(x, y)]; }), 1,
               start->mutable_pathing_grid());
  encode_layer(map_grid(world, frame, [&](int x, int y) { return map.terrain_height[map.cell(x, y)]; }), 8,
               start->mutable_terrain_height());
  encode_layer(map_grid(world, frame, [&](int x, int y) { return map.buildable[map.cell(x, y)]; }), 1,
               start->mutable_placement_grid());
  for (Vec2 p : game.mini_game().enemy_start_locations(iface.player)) {
    auto* location = start->add_start_locations();
    location->set_x(frame.to_raw(p).x);
    location->set_y(frame.to_raw(p).y);
  }
  auto* area = start->mutable_playable_area();
  area->mutable_p0()->set_x(map.playable.x0 - frame.area.x0);
  area->mutable_p0()->set_y(map.playable.y0 - frame.area.y0);
  area->mutable_p1()->set_x(map.playable.x1 - frame.area.x0);
  area->mutable_p1()->set_y(map.playable.y1 - frame.area.y0);

  *out->mutable_options() = iface.echoed;
}

namespace {

// One UnitTypeData entry: the engine's own types and a map file's new ones (SMAC's Marine_RL).
void fill_unit_type_data(const UnitTypeStats& s, SC2APIProtocol::UnitTypeData* d) {
  d->set_unit_id(s.id);
  d->set_name(std::string(s.name));
  d->set_available(true);
  d->set_cargo_size(s.cargo_size);
  d->set_mineral_cost(s.mineral_cost);
  d->set_vespene_cost(s.vespene_cost);
  d->set_food_required(s.food_required);
  d->set_food_provided(s.food_provided);
  if (s.built_by_ability != 0) d->set_ability_id(s.built_by_ability);
  d->set_race(static_cast<SC2APIProtocol::Race>(s.race));
  d->set_build_time(static_cast<float>(s.build_time_loops));
  d->set_sight_range(s.sight_range);
  for (std::uint32_t attr : s.attributes) d->add_attributes(static_cast<SC2APIProtocol::Attribute>(attr));
  d->set_movement_speed(s.movement_speed);
  d->set_armor(s.armor);
  if (s.tech_requirement != 0) {
    // The game names the generic TechLab (5) for the Marauder: its tech alias.
    d->set_tech_requirement(s.requires_attached && s.tech_requirement == unit_type::kBarracksTechLab
                                ? kTechLabAlias
                                : s.tech_requirement);
    d->set_require_attached(s.requires_attached);
  }
  if (s.weapon) {
    auto* w = d->add_weapons();
    w->set_type(static_cast<SC2APIProtocol::Weapon::TargetType>(s.weapon->targets));
    w->set_damage(s.weapon->damage);
    w->set_attacks(s.weapon->attacks);
    w->set_range(s.weapon->range);
    w->set_speed(s.weapon->cooldown_normal_s);
    if (s.weapon->bonus_attribute != 0) {
      auto* bonus = w->add_damage_bonus();
      bonus->set_attribute(static_cast<SC2APIProtocol::Attribute>(s.weapon->bonus_attribute));
      bonus->set_bonus(s.weapon->bonus_damage);
    }
  }
}

}  // namespace

void build_data(const SC2APIProtocol::RequestData& request, SC2APIProtocol::ResponseData* out,
                const std::vector<const UnitTypeStats*>& map_types) {
  if (request.ability_id()) {
    for (const AbilityInfo& a : ability_table()) {
      auto* d = out->add_abilities();
      d->set_ability_id(a.id);
      d->set_link_name(std::string(a.link_name));
      d->set_link_index(a.link_index);
      d->set_button_name(std::string(a.button_name));
      d->set_friendly_name(std::string(a.friendly_name));
      d->set_hotkey(std::string(a.hotkey));
      if (a.remaps_to != 0) d->set_remaps_to_ability_id(a.remaps_to);
      d->set_available(true);
      d->set_target(static_cast<SC2APIProtocol::AbilityData::Target>(a.target));
      d->set_allow_minimap(a.allow_minimap);
      // Heal is the only ability that casts itself (the recorded data: autocast, range 4).
      const UnitTypeStats* medivac = a.id == ability::kEffectHeal ? find_unit_type(unit_type::kMedivac) : nullptr;
      const bool heals = medivac != nullptr && medivac->heal.has_value();
      d->set_allow_autocast(heals);
      const std::uint32_t built = structure_built_by(a.id);
      const UnitTypeStats* structure = built != 0 ? find_unit_type(built) : nullptr;
      // Build_TechLab: the game reports the Barracks and its add-on together (radius 3.5),
      // placed at once (no SCV walks there).
      const bool add_on = add_on_built_by(a.id) != 0 || a.id == ability::kBuildTechLab;
      d->set_is_building(structure != nullptr || add_on);
      d->set_footprint_radius(add_on ? 3.5f : structure != nullptr ? structure->footprint_w * 0.5f : 0.0f);
      d->set_is_instant_placement(add_on);
      d->set_cast_range(heals ? medivac->heal->range : 0.0f);
    }
  }
  if (request.unit_type_id()) {
    // Dense, as the real game reports it: one entry per id from 0 to the largest, index == id;
    // ids without a type are {unit_id, available: false} (SMACv2 counts back from the end of
    // the list to find a map's new types, which have the largest ids).
    std::vector<const UnitTypeStats*> by_id;
    const auto place = [&by_id](const UnitTypeStats& s) {
      if (by_id.size() <= s.id) by_id.resize(static_cast<std::size_t>(s.id) + 1, nullptr);
      if (by_id[s.id] == nullptr) by_id[s.id] = &s;  // the engine's own first
    };
    for (const UnitTypeStats& s : unit_type_table()) place(s);
    for (const UnitTypeStats* s : map_types) place(*s);
    out->mutable_units()->Reserve(static_cast<int>(by_id.size()));
    for (std::size_t id = 0; id < by_id.size(); ++id) {
      auto* d = out->add_units();
      if (by_id[id] != nullptr) {
        fill_unit_type_data(*by_id[id], d);
      } else {
        d->set_unit_id(static_cast<std::uint32_t>(id));
        d->set_available(false);
      }
    }
  }
  if (request.upgrade_id()) {
    for (const UpgradeStats& u : upgrade_table()) {
      auto* d = out->add_upgrades();
      d->set_upgrade_id(u.id);
      d->set_name(std::string(u.name));
      d->set_mineral_cost(u.mineral_cost);
      d->set_vespene_cost(u.vespene_cost);
      d->set_research_time(static_cast<float>(u.research_time_loops));
      d->set_ability_id(u.research_ability);
    }
  }
  // Buffs and effects: none exist in sc2lite yet.
}

}  // namespace sc2::engine
