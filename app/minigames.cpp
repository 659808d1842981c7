#include "app/minigames.h"

namespace sc2::app {

std::optional<int> episode_loop_limit(std::string_view map) {
  struct Limit {
    std::string_view map;
    int loops;
  };
  // 22.4 loops per second: 120 s = 2688, 180 s = 4032, 300 s = 6720, 900 s = 20160.
  static constexpr Limit kLimits[] = {
      {"MoveToBeacon", 2688},         {"CollectMineralShards", 2688}, {"FindAndDefeatZerglings", 4032},
      {"DefeatRoaches", 2688},        {"DefeatZerglingsAndBanelings", 2688},
      {"CollectMineralsAndGas", 6720}, {"BuildMarines", 20160},
  };
  for (const Limit& limit : kLimits) {
    if (limit.map == map) return limit.loops;
  }
  return std::nullopt;
}

}  // namespace sc2::app
