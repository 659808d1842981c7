// Runtime natives: value records (ability commands, orders, unit filters, player groups) and
// unit-group loops, whose state is the script thread's (a loop survives a Wait inside it;
// runtime_group_loops.cpp keeps it within the limits).
#include "engine/galaxy/runtime.h"
#include "engine/galaxy/runtime_natives.h"

namespace sc2::galaxy {

namespace {

constexpr std::uint32_t kAllPlayers = 0xFFFF;  // players 0 (neutral) .. 15

GroupLoop* innermost_loop(NativeCall& call) {
  Thread& thread = call.thread();
  return thread.group_loops.empty() ? nullptr : &thread.group_loops.back();
}

}  // namespace

void register_value_natives(NativeRegistry& r) {
  r.add("AbilityCommand", [](NativeCall& call) {
    call.return_value(pack_abilcmd({call.arg(0).as_id(), call.int_arg(1)}));
  });
  r.add("OrderTargetingPoint", [](NativeCall& call) {
    if (call.is_null(1)) return call.fail("the point is null");
    call.return_order({call.abilcmd_arg(0), OrderTarget::Point, call.arg(1).bits});
  });
  r.add("OrderTargetingUnit", [](NativeCall& call) {
    call.return_order({call.abilcmd_arg(0), OrderTarget::Unit, call.handle_arg(1)});
  });
  r.add("OrderTargetingUnitGroup", [](NativeCall& call) {
    call.return_order({call.abilcmd_arg(0), OrderTarget::UnitGroup, call.handle_arg(1)});
  });
  r.add("UnitFilter", [](NativeCall& call) {
    call.return_unit_filter({static_cast<std::uint32_t>(call.int_arg(0)), static_cast<std::uint32_t>(call.int_arg(1)),
                             static_cast<std::uint32_t>(call.int_arg(2)), static_cast<std::uint32_t>(call.int_arg(3))});
  });
  r.add("PlayerGroupAll", [](NativeCall& call) { call.return_value(pack_player_group(kAllPlayers)); });

  r.add("UnitGroupLoopBegin", [](NativeCall& call) { call.runtime().begin_group_loop(call, call.handle_arg(0)); });
  r.add("UnitGroupLoopDone", [](NativeCall& call) {
    const GroupLoop* loop = innermost_loop(call);
    call.return_bool(!loop || loop->next >= loop->end);
  });
  r.add("UnitGroupLoopStep", [](NativeCall& call) {
    if (GroupLoop* loop = innermost_loop(call); loop && loop->next < loop->end) ++loop->next;
  });
  r.add("UnitGroupLoopCurrent", [](NativeCall& call) {
    const GroupLoop* loop = innermost_loop(call);
    call.return_handle(loop && loop->next < loop->end ? call.thread().group_loop_units[loop->next] : 0);
  });
  r.add("UnitGroupLoopEnd", [](NativeCall& call) { call.runtime().end_group_loop(call.thread()); });
}

}  // namespace sc2::galaxy
