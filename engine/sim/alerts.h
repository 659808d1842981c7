#pragma once
// Alerts: what the game announces to a player (sc2api Observation.alerts). The sim raises
// them during World::advance(); the server reports each once. Reporting only: nothing in
// the simulation reads them back, and the state hash does not cover them.
#include <cstdint>

#include "engine/sim/unit_id.h"
#include "engine/sim/vec2.h"

namespace sc2::engine {

// The alerts the mini-games can produce, numbered as sc2api's Alert enum (sc2api-protocol.md §9.3).
// (Which of ResearchComplete / UpgradeComplete the game raises for Infantry Weapons is not
// in the spec; we raise ResearchComplete.)
enum class Alert : std::uint8_t {
  AddOnComplete = 4,
  BuildingComplete = 5,
  BuildingUnderAttack = 6,
  MineralsExhausted = 9,
  ResearchComplete = 14,
  TrainUnitComplete = 16,
  TrainWorkerComplete = 17,
  UnitUnderAttack = 19,
  VespeneExhausted = 21,
};

struct RaisedAlert {
  int player = 0;
  Alert alert = Alert::UnitUnderAttack;
  UnitId unit;  // the unit concerned (trained, finished, attacked, exhausted)
  Vec2 pos;
};

// Our assumption (the spec does not say how the game rate-limits; engine/README.md): an
// under-attack alert is raised only if the player got no alert of the same kind within
// kAttackAlertQuietLoops loops and kAttackAlertRadius world units of the spot.
inline constexpr std::uint32_t kAttackAlertQuietLoops = 112;  // 5 s at Faster speed (22.4 loops/s)
inline constexpr float kAttackAlertRadius = 15.0f;
// The minimap `alerts` layer shows an under-attack alert for this long after it is raised,
// as a disc of kAttackAlertMarkRadius world units (at least the pixel under the spot).
inline constexpr std::uint32_t kAttackAlertMinimapLoops = 45;  // ~2 s at Faster speed
inline constexpr float kAttackAlertMarkRadius = 2.0f;

// An under-attack alert a player got: for the rate limit and the minimap layer.
struct AttackAlertMark {
  Alert alert = Alert::UnitUnderAttack;
  Vec2 pos;
  std::uint32_t loop = 0;  // the game loop the alert is first observed at (after the advance that raised it)
};

}  // namespace sc2::engine
