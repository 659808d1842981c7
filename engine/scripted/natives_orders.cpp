// Orders (spec §2.4 "Units and orders"): a script's order (AbilityCommand("attack", 0) at a
// point, a unit or a unit group) given to a unit as the engine's command (engine/sim/orders.h),
// and a unit's orders read back as the script's (UnitOrder, UnitOrderCount).
//
// An ability command names the game's ability by its data id and command index ("move", 0);
// the engine's ability table keeps both (AbilityInfo link_name, link_index), so the command is
// the unit's own ability of that id and index. When the unit has none, one of its abilities
// with the same button does (BuildMarines orders its Command Center to "Rally": the Barracks'
// rally ability in the table, the same Rally button as the Command Center's RallyCommand).
// Otherwise the order is refused (UnitIssueOrder answers false), as the game refuses an ability
// a unit does not have. A unit-group target (SMAC's 2c_vs_64zg attacks its Colossi as a group)
// becomes the group's live member nearest the ordered unit (spec §6 q12: how the game picks is
// not in the files; approximate).
#include <algorithm>
#include <limits>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

constexpr std::int32_t kQueueReplace = 0;  // c_orderQueueReplace; AddToEnd 1, AddToFront 2 (queued at the end)

bool unit_has(const Unit& unit, std::uint32_t ability) {
  const auto& own = unit.stats->abilities;
  return std::find(own.begin(), own.end(), ability) != own.end();
}

// The unit's ability for a script's (data id, command index), or 0.
std::uint32_t resolve(const Unit& unit, std::string_view link, std::int32_t index) {
  std::vector<const AbilityInfo*> candidates;
  for (const AbilityInfo& info : ability_table()) {
    if (info.link_name == link && static_cast<std::int32_t>(info.link_index) == index) candidates.push_back(&info);
  }
  for (const AbilityInfo* info : candidates) {
    if (unit_has(unit, info->id)) return info->id;
  }
  for (const AbilityInfo* info : candidates) {
    for (const std::uint32_t own : unit.stats->abilities) {
      const AbilityInfo* mine = find_ability(own);
      if (mine != nullptr && mine->button_name == info->button_name) return own;
    }
  }
  return 0;
}

const Unit* nearest_live_member(NativeCall& call, ScriptWorld& w, galaxy::Handle group, Vec2 from) {
  const std::vector<galaxy::Handle>* members = w.group(group);
  if (members == nullptr) return nullptr;
  call.charge(static_cast<std::int64_t>(members->size()));
  const Unit* best = nullptr;
  float best_distance = std::numeric_limits<float>::max();
  for (const galaxy::Handle h : *members) {
    const Unit* u = w.live_unit(h);
    if (u == nullptr || !u->alive()) continue;
    const float d = distance(u->pos, from);
    if (d < best_distance) best = u, best_distance = d;
  }
  return best;
}

// The engine's target of a script's order for `unit`; nullopt when it names nothing live.
std::optional<CommandTarget> target_of(NativeCall& call, ScriptWorld& w, const galaxy::Order& order, const Unit& unit) {
  switch (order.target_kind) {
    case galaxy::OrderTarget::None: return CommandTarget{};
    case galaxy::OrderTarget::Point: return CommandTarget{to_vec(order.target_point()), {}};
    case galaxy::OrderTarget::Unit: {
      const Unit* target = w.live_unit(order.target);
      if (target == nullptr) return std::nullopt;
      return CommandTarget{target->pos, target->id};
    }
    case galaxy::OrderTarget::UnitGroup: {
      const Unit* target = nearest_live_member(call, w, order.target, unit.pos);
      if (target == nullptr) return std::nullopt;
      return CommandTarget{target->pos, target->id};
    }
  }
  return std::nullopt;
}

bool give(NativeCall& call, ScriptWorld& w, Unit& unit, const galaxy::Order& order, bool queue) {
  const std::string_view link = call.runtime().strings().view(order.ability.ability);
  const std::uint32_t ability = resolve(unit, link, order.ability.index);
  if (ability == 0) return false;
  const std::optional<CommandTarget> target = target_of(call, w, order, unit);
  if (!target) return false;
  return issue_command(w.world(), unit, ability, *target, queue) == CommandOutcome::Done;
}

const galaxy::Order* order_arg(NativeCall& call, std::uint32_t i) {
  const galaxy::Order* order = call.order_arg(i);
  if (order == nullptr) call.fail("the order is null");
  return order;
}

// A unit's order as the script's record: its ability's data id and index, its target.
std::optional<galaxy::Order> script_order(NativeCall& call, const Order& order) {
  const AbilityInfo* info = find_ability(order.ability_id);
  if (info == nullptr) return std::nullopt;
  const std::optional<galaxy::StringId> link = call.runtime().strings().intern(info->link_name);
  if (!link) return std::nullopt;
  galaxy::Order made;
  made.ability = {*link, static_cast<std::int32_t>(info->link_index)};
  const bool on_unit = (order.kind == OrderKind::AttackUnit || order.kind == OrderKind::Gather) && order.target_unit.valid();
  made.target_kind = on_unit ? galaxy::OrderTarget::Unit : galaxy::OrderTarget::Point;
  made.target = on_unit ? unit_handle(order.target_unit) : galaxy::pack_point(to_point(order.target)).bits;
  return made;
}

}  // namespace

void register_order_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitIssueOrder", [&w](NativeCall& call) {
    const galaxy::Order* order = order_arg(call, 1);
    if (order == nullptr) return;
    Unit* unit = w.live_unit(call.handle_arg(0));
    call.return_bool(unit != nullptr && give(call, w, *unit, *order, call.int_arg(2) != kQueueReplace));
  });
  r.add("UnitGroupIssueOrder", [&w](NativeCall& call) {
    const galaxy::Order* order = order_arg(call, 1);
    std::vector<galaxy::Handle>* members = order ? group_arg(call, w, 0) : nullptr;
    if (members == nullptr) return;
    bool any = false;
    for (const galaxy::Handle h : std::vector<galaxy::Handle>(*members)) {
      if (Unit* unit = w.live_unit(h)) any = give(call, w, *unit, *order, call.int_arg(2) != kQueueReplace) || any;
    }
    call.return_bool(any);
  });
  // NativeLib's AI-issued order (demo mode): an order that replaces the unit's.
  r.add("libNtve_gf_AICast", [&w](NativeCall& call) {
    const galaxy::Order* order = order_arg(call, 1);
    if (order == nullptr) return;
    if (Unit* unit = w.live_unit(call.handle_arg(0))) give(call, w, *unit, *order, false);
  });
  // How many orders are in the unit's queue (SMACv2's 32x32_flat orders only idle enemies): 0 for
  // an idle unit, and for a null, dead or gone one.
  r.add("UnitOrderCount", [&w](NativeCall& call) {
    const Unit* unit = w.live_unit(call.handle_arg(0));
    call.return_int(unit == nullptr || !unit->alive() ? 0 : static_cast<std::int32_t>(unit->orders.size()));
  });
  r.add("UnitOrder", [&w](NativeCall& call) {
    const Unit* unit = w.live_unit(call.handle_arg(0));
    const std::int32_t index = call.int_arg(1);
    if (unit == nullptr || index < 0 || static_cast<std::size_t>(index) >= unit->orders.size()) return;  // null order
    if (const std::optional<galaxy::Order> order = script_order(call, unit->orders[static_cast<std::size_t>(index)])) {
      call.return_order(*order);
    }
  });
}

}  // namespace sc2::engine::scripted
