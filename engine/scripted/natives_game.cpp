// Game state (spec §2.4 "Timers and game state", "Objectives", "Computer AI"): the pause, a
// restart, the objectives' states, the computer AI. With them the game sees how a mini-game's
// episode ends (spec §2.6; scripted_map.h): the scripts' end triggers mark the objectives
// completed (time up) or failed (defeat) and pause every unit.
#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

void register_pause_and_restart(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("UnitPauseAll", [&w](NativeCall& call) { w.set_paused(call.bool_arg(0)); });
  // One unit's pause: approximate, sc2lite's world has no paused unit. The reference maps only
  // unpause (BuildMarines' and CollectMineralsAndGas' reset).
  r.add("libNtve_gf_PauseUnit", [](NativeCall&) {});
  r.add("RestartGame", [&w](NativeCall&) { w.request_restart(); });
}

// Objectives get ids from 1 (0 is c_invalidObjectiveId); their state is kept, nothing is shown.
void register_objectives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("ObjectiveCreate", [&w](NativeCall& call) {
    if (w.objectives().size() >= static_cast<std::size_t>(w.limits().max_objectives)) {
      return call.fail("more than " + std::to_string(w.limits().max_objectives) + " objectives (ScriptedLimits)");
    }
    w.objectives().push_back(call.int_arg(2));
    call.return_int(static_cast<std::int32_t>(w.objectives().size()));
  });
  r.add("ObjectiveLastCreated", [&w](NativeCall& call) { call.return_int(static_cast<std::int32_t>(w.objectives().size())); });
  r.add("ObjectiveSetState", [&w](NativeCall& call) {
    const std::int32_t id = call.int_arg(0);
    if (id < 1 || static_cast<std::size_t>(id) > w.objectives().size()) return;  // c_invalidObjectiveId: nothing, as the game
    w.objectives()[static_cast<std::size_t>(id - 1)] = call.int_arg(1);
  });
}

// The computer AI plays a map's player only in the mini-games' demo mode (player 1 a computer,
// never under PySC2); sc2lite has no campaign AI, so starting one does nothing.
void register_computer_ai(galaxy::NativeRegistry& r) {
  const auto nothing = [](NativeCall&) {};
  r.add("AIStart", nothing);
  r.add("AICampaignStart", nothing);
  r.add("AIToggleBulliesInRegion", nothing);
}

}  // namespace

void register_game_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  register_pause_and_restart(r, w);
  register_objectives(r, w);
  register_computer_ai(r);
}

}  // namespace sc2::engine::scripted
