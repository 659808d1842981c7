// Players and properties (spec §2.4 "Players and properties", §2.5): the bank (minerals, gas),
// what was collected (the economy's totals), and the curriculum score, which is player 1's
// Observation.score.score (ScriptedMap::score()). Other properties are refused by number.
#include <algorithm>
#include <limits>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

// natives.galaxy c_playerProp* and c_playerPropOper*.
constexpr std::int32_t kMinerals = 0;
constexpr std::int32_t kVespene = 1;
constexpr std::int32_t kMineralsCollected = 12;
constexpr std::int32_t kVespeneCollected = 13;
constexpr std::int32_t kCurriculumScore = 20;
constexpr std::int32_t kSetTo = 0;
constexpr std::int32_t kAdd = 1;
constexpr std::int32_t kSubtract = 2;

// c_playerType*: the one participant is the user; the map's other players are the computer's
// (the scripts' "demo mode" asks PlayerType(1) == c_playerTypeComputer, never so under PySC2).
constexpr std::int32_t kPlayerTypeUser = 1;
constexpr std::int32_t kPlayerTypeComputer = 2;

// The property's cell, or nullptr (the call failed).
std::int32_t* property(NativeCall& call, ScriptWorld& w) {
  const std::optional<int> owner = player_arg(call, 0);
  if (!owner) return nullptr;
  PlayerEconomy& economy = w.world().player(*owner).economy;
  switch (call.int_arg(1)) {
    case kMinerals: return &economy.minerals;
    case kVespene: return &economy.vespene;
    case kMineralsCollected: return &economy.collected_minerals;
    case kVespeneCollected: return &economy.collected_vespene;
    case kCurriculumScore: return &w.curriculum_score(ScriptWorld::script_player(*owner));
    default:
      call.fail("player property " + std::to_string(call.int_arg(1)) + " is not supported by sc2lite");
      return nullptr;
  }
}

std::int32_t saturated(std::int64_t v) {
  return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, std::numeric_limits<std::int32_t>::min(),
                                                            std::numeric_limits<std::int32_t>::max()));
}

}  // namespace

void register_player_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("PlayerModifyPropertyInt", [&w](NativeCall& call) {
    std::int32_t* cell = property(call, w);
    if (cell == nullptr) return;
    const std::int64_t value = call.int_arg(3);
    switch (call.int_arg(2)) {
      case kSetTo: *cell = saturated(value); break;
      case kAdd: *cell = saturated(*cell + value); break;
      case kSubtract: *cell = saturated(*cell - value); break;
      default: call.fail("player property operation " + std::to_string(call.int_arg(2)) + " is not supported by sc2lite");
    }
  });
  r.add("PlayerGetPropertyInt", [&w](NativeCall& call) {
    if (const std::int32_t* cell = property(call, w)) call.return_int(*cell);
  });
  r.add("PlayerGetPropertyFixed", [&w](NativeCall& call) {
    if (const std::int32_t* cell = property(call, w)) call.return_fixed(*cell);
  });
  r.add("PlayerType", [](NativeCall& call) {
    if (player_arg(call, 0)) call.return_int(call.int_arg(0) == 1 ? kPlayerTypeUser : kPlayerTypeComputer);
  });
}

}  // namespace sc2::engine::scripted
