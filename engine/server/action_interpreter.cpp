#include "engine/server/action_interpreter.h"

#include <algorithm>
#include <cmath>

#include "engine/raster/view_transform.h"
#include "engine/sim/abilities.h"
#include "engine/sim/construction.h"
#include "engine/sim/economy.h"
#include "engine/sim/orders.h"
#include "engine/sim/production.h"
#include "engine/sim/upgrades.h"
#include "engine/sim/unit_abilities.h"

namespace sc2::engine {

namespace {

using SC2APIProtocol::ActionResult;

// Where the selection's command points land and how far a click reaches.
struct Views {
  ScreenView screen;
  MinimapView minimap;
};

Views make_views(const World& world, const InterfaceSetup& iface) {
  const FeatureLayerSetup& l = iface.layers;
  return {ScreenView(world.player(iface.player).camera, l.camera_width, l.screen_width, l.screen_height),
          MinimapView(world.map(), l.crop_to_playable_area, l.minimap_width, l.minimap_height)};
}

std::vector<Unit*> own_units(World& world, int player, const std::vector<UnitId>& ids) {
  std::vector<Unit*> out;
  for (UnitId id : ids) {
    Unit* u = world.find(id);
    if (u != nullptr && u->owner == player) out.push_back(u);
  }
  return out;
}

ActionResult to_action_result(CommandOutcome outcome) {
  switch (outcome) {
    case CommandOutcome::Done: return SC2APIProtocol::Success;
    case CommandOutcome::QueueIsFull: return SC2APIProtocol::QueueIsFull;
    case CommandOutcome::NeedsTarget: return SC2APIProtocol::Error;
    case CommandOutcome::NotEnoughMinerals: return SC2APIProtocol::NotEnoughMinerals;
    case CommandOutcome::NotEnoughVespene: return SC2APIProtocol::NotEnoughVespene;
    case CommandOutcome::NotEnoughFood: return SC2APIProtocol::NotEnoughFood;
    case CommandOutcome::CantTargetThatUnit: return SC2APIProtocol::CantTargetThatUnit;
    case CommandOutcome::CantHarvestThatResource: return SC2APIProtocol::CantHarvestThatResource;
    case CommandOutcome::CantBuildLocationInvalid: return SC2APIProtocol::CantBuildLocationInvalid;
    case CommandOutcome::CantBuildOnThat: return SC2APIProtocol::CantBuildOnThat;
    case CommandOutcome::TechRequirementsNotMet: return SC2APIProtocol::BuildTechRequirementsNotMet;
    case CommandOutcome::NothingToCancel: return SC2APIProtocol::CantFindCancelOrder;
    case CommandOutcome::CantTargetCaster: return SC2APIProtocol::CantTargetCaster;
    case CommandOutcome::CantTargetEnemyUnits: return SC2APIProtocol::CantTargetEnemyUnits;
    case CommandOutcome::CantTargetStructures: return SC2APIProtocol::CantTargetStructures;
    case CommandOutcome::MustTargetBiologicalUnits: return SC2APIProtocol::MustTargetBiologicalUnits;
    case CommandOutcome::NotEnoughEnergy: return SC2APIProtocol::NotEnoughEnergy;
    case CommandOutcome::Error: return SC2APIProtocol::Error;
  }
  return SC2APIProtocol::Error;
}

// Train and Research go to one structure of the selection (the shortest queue), Build to one worker
// (the nearest to the site), as the game does; everything else to every unit.
std::vector<Unit*> receivers(const std::vector<Unit*>& units, std::uint32_t specific_of_first,
                             const CommandTarget& target) {
  if (unit_trained_by(specific_of_first) != 0 || upgrade_researched_by(specific_of_first) != 0) {
    Unit* best = nullptr;
    for (Unit* u : units) {
      if (best == nullptr || u->production.size() < best->production.size()) best = u;
    }
    return {best};
  }
  if (structure_built_by(specific_of_first) != 0 && target.point) {
    Unit* best = nullptr;
    for (Unit* u : units) {
      if (best == nullptr || distance(u->pos, *target.point) < distance(best->pos, *target.point)) best = u;
    }
    return {best};
  }
  return units;
}

bool on_map(const MapLayout& map, Vec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && p.x >= 0.0f && p.y >= 0.0f &&
         p.x < static_cast<float>(map.width) && p.y < static_cast<float>(map.height);
}

// Nobody can use `requested` now. When a unit's type has it but its state does not allow it
// (Barracks before a finished depot, Return without a load, Cancel with nothing queued),
// the command's own check names the reason (BuildTechRequirementsNotMet...); otherwise Error.
ActionResult refusal_for_unavailable(World& world, const std::vector<Unit*>& units, std::uint32_t requested,
                                     const CommandTarget& target, bool queue) {
  for (Unit* u : units) {
    if (u->under_construction) continue;
    const std::uint32_t specific = resolve_ability(requested, card_abilities(world, *u));
    if (specific == 0) continue;
    const CommandOutcome outcome = issue_command(world, *u, specific, target, queue);
    return outcome == CommandOutcome::Done ? SC2APIProtocol::Success : to_action_result(outcome);
  }
  return SC2APIProtocol::Error;
}

// Issues `requested` (specific or general) to every unit that has it now. A target is
// required for point abilities and ignored otherwise.
ActionResult command_units(World& world, const std::vector<Unit*>& units, std::uint32_t requested,
                           const CommandTarget& target, bool queue) {
  const AbilityInfo* info = find_ability(requested);
  if (info == nullptr) return SC2APIProtocol::Error;  // unknown ability id
  if (units.empty()) return SC2APIProtocol::Error;    // nothing to command
  const bool needs_point = requires_point(*info);
  if (needs_point && !target.point) return SC2APIProtocol::Error;
  // A point off the map (or not a number) is refused; one on the map but outside the
  // playable area is clamped into it, and an unpathable one is walked to as near as
  // possible, as the game does (engine/README.md, "Robustness").
  if (target.point && !on_map(world.map(), *target.point)) {
    return structure_built_by(requested) != 0 ? SC2APIProtocol::CantBuildLocationInvalid : SC2APIProtocol::Error;
  }

  std::vector<Unit*> able;
  std::uint32_t first_specific = 0;
  for (Unit* u : units) {
    const std::uint32_t specific = resolve_ability(requested, available_abilities(world, *u, false));
    if (specific == 0) continue;
    if (first_specific == 0) first_specific = specific;
    able.push_back(u);
  }
  if (able.empty()) return refusal_for_unavailable(world, units, requested, target, queue);
  bool anyone = false;
  CommandOutcome refusal = CommandOutcome::Error;
  for (Unit* u : receivers(able, first_specific, target)) {
    const std::uint32_t specific = resolve_ability(requested, available_abilities(world, *u, false));
    const AbilityInfo* own = find_ability(specific);
    const CommandTarget aimed = (own != nullptr && requires_point(*own)) ? target : CommandTarget{};
    const CommandOutcome outcome = issue_command(world, *u, specific, aimed, queue);
    if (outcome == CommandOutcome::QueueIsFull) return SC2APIProtocol::QueueIsFull;
    if (outcome == CommandOutcome::Done) {
      anyone = true;
    } else {
      refusal = outcome;
    }
  }
  return anyone ? SC2APIProtocol::Success : to_action_result(refusal);
}

// ---- selection -------------------------------------------------------------------------

bool in_selection(const PlayerState& player, UnitId id) {
  return std::find(player.selection.begin(), player.selection.end(), id) != player.selection.end();
}

void add_to_selection(PlayerState& player, UnitId id) {
  if (!in_selection(player, id)) player.selection.push_back(id);
}

// The unit under a world point (own units first, then the nearest centre).
const Unit* unit_at(const World& world, int player, Vec2 p, float slack) {
  const Unit* best = nullptr;
  float best_key = 0.0f;
  for (const Unit* u : world.units()) {
    if (!world.unit_visible(player, *u)) continue;
    const float d = distance(p, u->pos);
    if (d > u->radius + slack) continue;
    const float key = d - (u->owner == player ? 1000.0f : 0.0f);
    if (best == nullptr || key < best_key) {
      best = u;
      best_key = key;
    }
  }
  return best;
}

// The visible unit whose disc covers a world point (nearest centre wins), for command targets.
const Unit* unit_under(const World& world, int player, Vec2 p, float slack) {
  const Unit* best = nullptr;
  float best_distance = 0.0f;
  for (const Unit* u : world.units()) {
    if (!world.unit_visible(player, *u)) continue;
    const float d = distance(p, u->pos);
    if (d > u->radius + slack) continue;
    if (best == nullptr || d < best_distance) {
      best = u;
      best_distance = d;
    }
  }
  return best;
}

bool disc_touches_rect(const Unit& u, const WorldRect& r) {
  const float cx = std::clamp(u.pos.x, r.x0, r.x1);
  const float cy = std::clamp(u.pos.y, r.y0, r.y1);
  return distance(u.pos, {cx, cy}) <= u.radius;
}

std::vector<UnitId> own_of_type_on_screen(const World& world, int player, const ScreenView& screen,
                                          std::uint32_t type) {
  std::vector<UnitId> out;
  const WorldRect bounds = screen.world_bounds();
  for (const Unit* u : world.units()) {
    if (u->owner == player && u->type() == type && disc_touches_rect(*u, bounds)) {
      out.push_back(u->id);
    }
  }
  return out;
}

ActionResult select_point(World& world, int me, const ScreenView& screen,
                          const SC2APIProtocol::ActionSpatialUnitSelectionPoint& a) {
  using Type = SC2APIProtocol::ActionSpatialUnitSelectionPoint;
  const auto& pt = a.selection_screen_coord();
  if (!a.has_selection_screen_coord() || !screen.in_range(pt.x(), pt.y())) return SC2APIProtocol::Error;
  PlayerState& player = world.player(me);
  const Unit* hit = unit_at(world, me, screen.pixel_centre(pt.x(), pt.y()), screen.world_per_pixel() * 0.5f);
  if (hit == nullptr) return SC2APIProtocol::Success;  // clicking the ground keeps the selection
  const bool own = hit->owner == me;
  const auto type = a.has_type() ? a.type() : Type::Select;
  if (!own || type == Type::Select) {
    player.selection = {hit->id};
  } else if (type == Type::Toggle) {
    if (in_selection(player, hit->id)) {
      std::erase(player.selection, hit->id);
    } else {
      player.selection.push_back(hit->id);
    }
  } else {
    if (type == Type::AllType) player.selection.clear();
    for (UnitId id : own_of_type_on_screen(world, me, screen, hit->type())) add_to_selection(player, id);
  }
  return SC2APIProtocol::Success;
}

ActionResult select_rect(World& world, int me, const ScreenView& screen,
                         const SC2APIProtocol::ActionSpatialUnitSelectionRect& a) {
  if (a.selection_screen_coord_size() == 0) return SC2APIProtocol::Error;
  std::vector<UnitId> found;
  for (const auto& rect : a.selection_screen_coord()) {
    const int x0 = std::min(rect.p0().x(), rect.p1().x()), x1 = std::max(rect.p0().x(), rect.p1().x());
    const int y0 = std::min(rect.p0().y(), rect.p1().y()), y1 = std::max(rect.p0().y(), rect.p1().y());
    if (!screen.in_range(x0, y0) || !screen.in_range(x1, y1)) return SC2APIProtocol::Error;
    const float half = screen.world_per_pixel() * 0.5f;
    const Vec2 top_left = screen.pixel_centre(x0, y0);
    const Vec2 bottom_right = screen.pixel_centre(x1, y1);
    const WorldRect area{top_left.x - half, bottom_right.y - half, bottom_right.x + half, top_left.y + half};
    for (const Unit* u : world.units()) {
      if (u->owner == me && disc_touches_rect(*u, area) &&
          std::find(found.begin(), found.end(), u->id) == found.end()) {
        found.push_back(u->id);
      }
    }
  }
  PlayerState& player = world.player(me);
  if (!a.selection_add() && !found.empty()) player.selection.clear();
  for (UnitId id : found) add_to_selection(player, id);
  return SC2APIProtocol::Success;
}

// ---- spatial / UI / raw ------------------------------------------------------------------

ActionResult apply_spatial(Game& game, const InterfaceSetup& iface, const SC2APIProtocol::ActionSpatial& a,
                           std::uint32_t& ability_for_error) {
  if (!iface.feature_layer) return SC2APIProtocol::NotSupported;
  World& world = game.world();
  const Views views = make_views(world, iface);
  PlayerState& player = world.player(iface.player);
  switch (a.action_case()) {
    case SC2APIProtocol::ActionSpatial::kUnitCommand: {
      const auto& cmd = a.unit_command();
      ability_for_error = static_cast<std::uint32_t>(std::max(cmd.ability_id(), 0));
      CommandTarget target;
      if (cmd.has_target_screen_coord()) {
        const auto& p = cmd.target_screen_coord();
        if (!views.screen.in_range(p.x(), p.y())) return SC2APIProtocol::Error;
        target.point = views.screen.pixel_centre(p.x(), p.y());
        // A click on a unit targets it (Smart/Attack on an enemy attack it).
        if (const Unit* hit = unit_under(world, iface.player, *target.point, views.screen.world_per_pixel() * 0.5f)) {
          target.unit = hit->id;
        }
      } else if (cmd.has_target_minimap_coord()) {
        const auto& p = cmd.target_minimap_coord();
        if (!views.minimap.in_range(p.x(), p.y())) return SC2APIProtocol::Error;
        target.point = views.minimap.pixel_centre(p.x(), p.y());
      }
      return command_units(world, own_units(world, iface.player, player.selection), ability_for_error, target,
                           cmd.queue_command());
    }
    case SC2APIProtocol::ActionSpatial::kCameraMove: {
      const auto& p = a.camera_move().center_minimap();
      if (!a.camera_move().has_center_minimap() || !views.minimap.in_range(p.x(), p.y())) {
        return SC2APIProtocol::Error;
      }
      // The game keeps the view inside the camera bounds (Galaxy's CameraSetBounds "limit ...
      // players from moving their camera beyond the bounds"; mapster.talv.space,
      // camera-set-bounds); a map that locks the camera (CameraLockInput) keeps it still.
      if (world.map().camera_locked) return SC2APIProtocol::Success;
      player.camera = world.clamp_camera(views.minimap.pixel_centre(p.x(), p.y()), views.screen.half_extent());
      return SC2APIProtocol::Success;
    }
    case SC2APIProtocol::ActionSpatial::kUnitSelectionPoint:
      return select_point(world, iface.player, views.screen, a.unit_selection_point());
    case SC2APIProtocol::ActionSpatial::kUnitSelectionRect:
      return select_rect(world, iface.player, views.screen, a.unit_selection_rect());
    case SC2APIProtocol::ActionSpatial::ACTION_NOT_SET:
      return SC2APIProtocol::Success;
  }
  return SC2APIProtocol::NotSupported;
}

// Set: the next idle worker after the selected one (cycling); Add: the next one not yet
// selected, added; All / AddAll: every idle worker (replacing / added).
ActionResult select_idle_worker(World& world, int me, SC2APIProtocol::ActionSelectIdleWorker::Type type) {
  using IW = SC2APIProtocol::ActionSelectIdleWorker;
  PlayerState& player = world.player(me);
  const std::vector<const Unit*> idle = idle_workers(world, me);
  if (idle.empty()) return SC2APIProtocol::Error;
  switch (type) {
    case IW::Set: {
      std::size_t next = 0;
      if (player.selection.size() == 1) {
        for (std::size_t i = 0; i < idle.size(); ++i) {
          if (idle[i]->id == player.selection.front()) next = (i + 1) % idle.size();
        }
      }
      player.selection = {idle[next]->id};
      return SC2APIProtocol::Success;
    }
    case IW::Add:
      for (const Unit* u : idle) {
        if (!in_selection(player, u->id)) {
          player.selection.push_back(u->id);
          return SC2APIProtocol::Success;
        }
      }
      return SC2APIProtocol::Success;
    case IW::All:
      player.selection.clear();
      [[fallthrough]];
    case IW::AddAll:
      for (const Unit* u : idle) add_to_selection(player, u->id);
      return SC2APIProtocol::Success;
  }
  return SC2APIProtocol::Error;
}

ActionResult apply_ui(Game& game, int me, const SC2APIProtocol::ActionUI& a) {
  World& world = game.world();
  PlayerState& player = world.player(me);
  switch (a.action_case()) {
    case SC2APIProtocol::ActionUI::kSelectArmy: {
      std::vector<UnitId> army;
      for (const Unit* u : world.units()) {
        if (u->owner == me && u->stats->role == UnitRole::Army) army.push_back(u->id);
      }
      if (army.empty()) return SC2APIProtocol::Error;
      if (!a.select_army().selection_add()) player.selection.clear();
      for (UnitId id : army) add_to_selection(player, id);
      return SC2APIProtocol::Success;
    }
    case SC2APIProtocol::ActionUI::kControlGroup: {
      using CG = SC2APIProtocol::ActionControlGroup;
      const auto& cg = a.control_group();
      if (cg.control_group_index() >= player.control_groups.size()) return SC2APIProtocol::Error;
      auto& group = player.control_groups[cg.control_group_index()];
      const auto steal = [&] {
        for (auto& other : player.control_groups) {
          if (&other == &group) continue;
          std::erase_if(other, [&](UnitId id) { return in_selection(player, id); });
        }
      };
      switch (cg.action()) {
        case CG::Recall:
          if (group.empty()) return SC2APIProtocol::Error;
          player.selection = group;
          return SC2APIProtocol::Success;
        case CG::SetAndSteal:
          steal();
          [[fallthrough]];
        case CG::Set:
          group = player.selection;
          return SC2APIProtocol::Success;
        case CG::AppendAndSteal:
          steal();
          [[fallthrough]];
        case CG::Append:
          for (UnitId id : player.selection) {
            if (std::find(group.begin(), group.end(), id) == group.end()) group.push_back(id);
          }
          return SC2APIProtocol::Success;
      }
      return SC2APIProtocol::Error;
    }
    case SC2APIProtocol::ActionUI::kMultiPanel: {
      using MP = SC2APIProtocol::ActionMultiPanel;
      const auto& mp = a.multi_panel();
      if (mp.unit_index() < 0 || static_cast<std::size_t>(mp.unit_index()) >= player.selection.size()) {
        return SC2APIProtocol::Error;
      }
      const UnitId picked = player.selection[static_cast<std::size_t>(mp.unit_index())];
      const Unit* unit = world.find(picked);
      if (unit == nullptr) return SC2APIProtocol::Error;
      const std::uint32_t type = unit->type();
      const auto same_type = [&](UnitId id) {
        const Unit* u = world.find(id);
        return u != nullptr && u->type() == type;
      };
      switch (mp.type()) {
        case MP::SingleSelect: player.selection = {picked}; break;
        case MP::DeselectUnit: std::erase(player.selection, picked); break;
        case MP::SelectAllOfType: std::erase_if(player.selection, [&](UnitId id) { return !same_type(id); }); break;
        case MP::DeselectAllOfType: std::erase_if(player.selection, same_type); break;
      }
      return SC2APIProtocol::Success;
    }
    case SC2APIProtocol::ActionUI::kSelectIdleWorker:
      return select_idle_worker(world, me, a.select_idle_worker().type());
    case SC2APIProtocol::ActionUI::kProductionPanel: {
      // Removes slot `unit_index` from the queue of the single selected structure.
      if (player.selection.size() != 1) return SC2APIProtocol::Error;
      Unit* structure = world.find(player.selection.front());
      const int index = a.production_panel().unit_index();
      if (structure == nullptr || structure->owner != me || index < 0) return SC2APIProtocol::Error;
      return to_action_result(cancel_slot(world, *structure, static_cast<std::size_t>(index)));
    }
    default:
      return SC2APIProtocol::NotSupported;  // larva, warp gates, cargo, autocast...
  }
}

// Raw coordinates are relative to the playable area when cropping is on.
Vec2 raw_to_world(const World& world, const InterfaceSetup& iface, float x, float y) {
  if (!iface.raw_crop_to_playable_area) return {x, y};
  return {x + world.map().playable.x0, y + world.map().playable.y0};
}

ActionResult apply_raw(Game& game, const InterfaceSetup& iface, const SC2APIProtocol::ActionRaw& a,
                       std::uint32_t& ability_for_error) {
  if (!iface.raw) return SC2APIProtocol::NotSupported;
  World& world = game.world();
  switch (a.action_case()) {
    case SC2APIProtocol::ActionRaw::kUnitCommand: {
      const auto& cmd = a.unit_command();
      ability_for_error = static_cast<std::uint32_t>(std::max(cmd.ability_id(), 0));
      std::vector<Unit*> units;
      for (std::uint64_t tag : cmd.unit_tags()) {
        Unit* u = world.find_by_tag(tag);
        if (u != nullptr && u->owner == iface.player) units.push_back(u);
      }
      if (iface.raw_affects_selection && !units.empty()) {
        // The commanded units become the selection, as the game does with this option; a
        // command without an ability (id 0) is how a raw-interface player selects.
        PlayerState& player = world.player(iface.player);
        player.selection.clear();
        for (const Unit* u : units) add_to_selection(player, u->id);
        if (cmd.ability_id() == 0) return SC2APIProtocol::Success;
      }
      CommandTarget target;
      if (cmd.has_target_world_space_pos()) {
        target.point = raw_to_world(world, iface, cmd.target_world_space_pos().x(), cmd.target_world_space_pos().y());
      } else if (cmd.has_target_unit_tag()) {
        const Unit* t = world.find_by_tag(cmd.target_unit_tag());
        if (t == nullptr || !world.unit_visible(iface.player, *t)) return SC2APIProtocol::CantTargetThatUnit;
        target.point = t->pos;  // a move on a unit walks to where it stands (no following yet)
        target.unit = t->id;
      }
      return command_units(world, units, ability_for_error, target, cmd.queue_command());
    }
    case SC2APIProtocol::ActionRaw::kCameraMove: {
      const auto& c = a.camera_move().center_world_space();
      if (!std::isfinite(c.x()) || !std::isfinite(c.y())) return SC2APIProtocol::Error;  // NaN passes a clamp
      if (world.map().camera_locked) return SC2APIProtocol::Success;
      const Vec2 wanted = raw_to_world(world, iface, c.x(), c.y());
      world.player(iface.player).camera = iface.feature_layer ? world.clamp_camera(wanted, make_views(world, iface).screen.half_extent())
                                                              : world.clamp_to_playable(wanted);
      return SC2APIProtocol::Success;
    }
    case SC2APIProtocol::ActionRaw::ACTION_NOT_SET:
      return SC2APIProtocol::Success;
    default:
      return SC2APIProtocol::NotSupported;
  }
}

}  // namespace

SC2APIProtocol::ActionResult apply_action(Game& game, const InterfaceSetup& iface,
                                          const SC2APIProtocol::Action& action) {
  ActionResult result = SC2APIProtocol::Success;
  std::uint32_t ability_for_error = 0;
  const auto note = [&](ActionResult r) {
    if (r != SC2APIProtocol::Success) result = r;
  };
  if (action.has_action_raw()) note(apply_raw(game, iface, action.action_raw(), ability_for_error));
  if (action.has_action_feature_layer()) {
    note(apply_spatial(game, iface, action.action_feature_layer(), ability_for_error));
  }
  if (action.has_action_render()) note(SC2APIProtocol::NotSupported);  // the game does not implement it either
  if (action.has_action_ui()) note(apply_ui(game, iface.player, action.action_ui()));

  if (result != SC2APIProtocol::Success) {
    SC2APIProtocol::ActionError error;
    error.set_ability_id(ability_for_error);
    error.set_result(result);
    game.feed(iface.player).action_errors.push_back(error);
  } else if (action.has_action_feature_layer() || action.has_action_ui()) {
    // Echo as the game understood it; raw parts are not echoed (PySC2 cannot map them back).
    SC2APIProtocol::Action echo;
    if (action.has_action_feature_layer()) *echo.mutable_action_feature_layer() = action.action_feature_layer();
    if (action.has_action_ui()) *echo.mutable_action_ui() = action.action_ui();
    echo.set_game_loop(game.world().game_loop());
    game.feed(iface.player).echoed_actions.push_back(std::move(echo));
  }
  return result;
}

}  // namespace sc2::engine
