#include "engine/scripted/natives.h"

#include "engine/galaxy/library.h"
#include "engine/galaxy/world_natives.h"

namespace sc2::engine::scripted {

namespace {

// The runtime registers the event natives; the game wraps two of them to learn that it must
// look for created units and new orders each loop (world_events.h), which costs a pass over
// the units that maps without such triggers do not pay.
void watch_registrations(galaxy::NativeRegistry& r, ScriptWorld& w) {
  const auto wrap = [&r](std::string_view name, auto on_call) {
    galaxy::NativeFunction inner = r.at(galaxy::Library::builtin().find_function(name));
    r.add(name, [inner = std::move(inner), on_call](galaxy::NativeCall& call) {
      on_call();
      inner(call);
    });
  };
  wrap("TriggerAddEventUnitCreated", [&w] { w.interest().created = true; });
  wrap("TriggerAddEventUnitOrder", [&w] { w.interest().orders = true; });
}

}  // namespace

void register_world_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  galaxy::register_headless_natives(r);
  register_unit_natives(r, w);
  register_order_natives(r, w);
  register_unit_group_natives(r, w);
  register_region_natives(r, w);
  register_player_natives(r, w);
  register_game_natives(r, w);
  register_vision_natives(r, w);
  register_melee_natives(r, w);
  watch_registrations(r, w);
}

}  // namespace sc2::engine::scripted
