// The decoded views of an observation and of a game (raw_view.h, ui_view.h, game_view.h):
// one pass over the protobuf messages into plain values.
#include <atomic>
#include <utility>

#include "client/pysc2/features.h"
#include "client/pysc2/observation_keys.h"
#include "client/pysc2/raw_grids.h"
#include "client/pysc2/raw_layers.h"

namespace sc2::pysc2 {
namespace {

std::atomic<std::uint64_t> game_view_count{0};

Point2D point2(const SC2APIProtocol::Point& p) { return {p.x(), p.y()}; }
Point2D point2(const SC2APIProtocol::Point2D& p) { return {p.x(), p.y()}; }

RawUnit raw_unit(const SC2APIProtocol::Unit& u) {
  RawUnit unit;
  unit.tag = u.tag();
  unit.unit_type = u.unit_type();
  unit.owner = u.owner();
  unit.alliance = static_cast<Alliance>(u.alliance());
  unit.display_type = static_cast<DisplayType>(u.display_type());
  unit.cloak = static_cast<CloakState>(u.cloak());
  unit.pos = Point3D{u.pos().x(), u.pos().y(), u.pos().z()};
  unit.facing = u.facing();
  unit.radius = u.radius();
  unit.health = u.health();
  unit.health_max = u.health_max();
  unit.shield = u.shield();
  unit.shield_max = u.shield_max();
  unit.energy = u.energy();
  unit.energy_max = u.energy_max();
  unit.build_progress = u.build_progress();
  unit.has_build_progress = u.has_build_progress();
  unit.mineral_contents = u.mineral_contents();
  unit.vespene_contents = u.vespene_contents();
  unit.assigned_harvesters = u.assigned_harvesters();
  unit.ideal_harvesters = u.ideal_harvesters();
  unit.is_selected = u.is_selected();
  unit.is_hallucination = u.is_hallucination();
  unit.is_burrowed = u.is_burrowed();
  unit.is_flying = u.is_flying();
  if (u.orders_size() > 0) {
    unit.orders.reserve(static_cast<std::size_t>(u.orders_size()));
    for (const SC2APIProtocol::UnitOrder& o : u.orders()) {
      UnitOrder order;
      order.ability_id = o.ability_id();
      if (o.has_target_world_space_pos()) order.target_point = point2(o.target_world_space_pos());
      if (o.has_target_unit_tag()) order.target_tag = o.target_unit_tag();
      order.progress = o.progress();
      unit.orders.push_back(order);
    }
  }
  for (const SC2APIProtocol::RallyTarget& r : u.rally_targets()) {
    RallyTarget rally;
    if (r.has_point()) rally.point = point2(r.point());
    rally.tag = r.tag();
    unit.rally_targets.push_back(rally);
  }
  unit.buff_ids.assign(u.buff_ids().begin(), u.buff_ids().end());
  return unit;
}

UnitInfo unit_info(const SC2APIProtocol::UnitInfo& u) {
  UnitInfo info;
  info.unit_type = u.unit_type();
  info.player_relative = u.player_relative();
  info.health = u.health();
  info.shields = u.shields();
  info.energy = u.energy();
  info.max_health = u.max_health();
  info.max_shields = u.max_shields();
  info.max_energy = u.max_energy();
  info.transport_slots_taken = u.transport_slots_taken();
  info.build_progress = u.build_progress();
  info.has_build_progress = u.has_build_progress();
  return info;
}

std::vector<UnitInfo> unit_infos(const google::protobuf::RepeatedPtrField<SC2APIProtocol::UnitInfo>& units) {
  std::vector<UnitInfo> infos;
  infos.reserve(static_cast<std::size_t>(units.size()));
  for (const SC2APIProtocol::UnitInfo& unit : units) infos.push_back(unit_info(unit));
  return infos;
}

}  // namespace

RawView raw_view(const SC2APIProtocol::ObservationRaw& raw) {
  RawView view;
  view.sent = true;
  view.units.reserve(static_cast<std::size_t>(raw.units_size()));
  for (const SC2APIProtocol::Unit& unit : raw.units()) view.units.push_back(raw_unit(unit));
  for (const SC2APIProtocol::Effect& e : raw.effects()) {
    Effect effect;
    effect.effect_id = e.effect_id();
    effect.alliance = static_cast<Alliance>(e.alliance());
    effect.owner = e.owner();
    effect.radius = e.radius();
    for (const SC2APIProtocol::Point2D& p : e.pos()) effect.positions.push_back(point2(p));
    view.effects.push_back(std::move(effect));
  }
  for (const SC2APIProtocol::RadarRing& ring : raw.radar()) view.radar.push_back({point2(ring.pos()), ring.radius()});
  if (raw.player().has_camera()) view.camera = point2(raw.player().camera());
  view.visibility = decode_raw_grid(raw.map_state().visibility(), kRawLayerNames[3]);
  view.creep = decode_raw_grid(raw.map_state().creep(), kRawLayerNames[4]);
  return view;
}

UiView ui_view(const SC2APIProtocol::ObservationUI& ui) {
  UiView view;
  for (const SC2APIProtocol::ControlGroup& group : ui.groups()) {
    view.groups.push_back({group.control_group_index(), group.leader_unit_type(), group.count()});
  }
  if (ui.has_single()) {
    const SC2APIProtocol::SinglePanel& single = ui.single();
    SinglePanel panel;
    panel.unit = unit_info(single.unit());
    panel.attack_upgrade_level = single.attack_upgrade_level();
    panel.armor_upgrade_level = single.armor_upgrade_level();
    panel.shield_upgrade_level = single.shield_upgrade_level();
    panel.buffs.assign(single.buffs().begin(), single.buffs().end());
    view.single = std::move(panel);
  } else if (ui.has_multi()) {
    view.multi = MultiPanel{unit_infos(ui.multi().units())};
  } else if (ui.has_cargo()) {
    view.cargo = CargoPanel{unit_info(ui.cargo().unit()), unit_infos(ui.cargo().passengers()),
                            ui.cargo().slots_available()};
  } else if (ui.has_production()) {
    ProductionPanel panel;
    panel.unit = unit_info(ui.production().unit());
    panel.build_queue = unit_infos(ui.production().build_queue());
    for (const SC2APIProtocol::BuildItem& item : ui.production().production_queue()) {
      panel.production_queue.push_back({item.ability_id(), item.build_progress()});
    }
    view.production = std::move(panel);
  }
  return view;
}

std::shared_ptr<const GameView> to_game_view(const SC2APIProtocol::ResponseGameInfo& info) {
  game_view_count.fetch_add(1, std::memory_order_relaxed);
  auto view = std::make_shared<GameView>();
  view->map_name = info.map_name();
  const SC2APIProtocol::StartRaw& start = info.start_raw();
  view->map_width = start.map_size().x();
  view->map_height = start.map_size().y();
  if (start.has_playable_area()) {
    const auto& area = start.playable_area();
    view->playable_area = MapArea{area.p0().x(), area.p0().y(), area.p1().x(), area.p1().y()};
  }
  for (const SC2APIProtocol::Point2D& p : start.start_locations()) view->start_locations.push_back(point2(p));
  view->camera_width = info.options().feature_layer().width();
  view->rgb_camera_width = info.options().render().width();
  view->crop_to_playable_area = info.options().feature_layer().crop_to_playable_area();
  view->raw_crop_to_playable_area = info.options().raw_crop_to_playable_area();
  for (const SC2APIProtocol::PlayerInfo& player : info.player_info()) {
    view->players.push_back({player.player_id(), static_cast<PlayerType>(player.type()),
                             static_cast<Race>(player.race_requested())});
  }
  std::vector<Layer> grids = start_raw_layers(info);
  view->terrain_height = std::move(grids[0]);
  view->pathing_grid = std::move(grids[1]);
  view->placement_grid = std::move(grids[2]);
  return view;
}

std::uint64_t game_view_decodes() { return game_view_count.load(std::memory_order_relaxed); }

}  // namespace sc2::pysc2
