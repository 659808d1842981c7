// Golden state hashes: each map, a fixed seed and a fixed action script, the state hash
// after 480 loops. Any change of the simulation (movement, combat, RNG use, triggers)
// changes these values.
//
// When the simulation changes ON PURPOSE: run
//   build/<dir>/tests/test_engine -tc="golden*" -s
// read the `actual` values from the failure messages, check the change is the intended one
// (e.g. the other engine tests still pass), and paste them into kGolden below.
#include <cstdio>
#include <string>
#include <limits>

#include "engine/server/game.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"
#include "engine/sim/state_hash.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr std::uint64_t kSeed = 20240601;
constexpr int kLoops = 480;
constexpr int kStepMul = 8;

// The nearest unit of `owner` to `from` (slot order on ties).
Unit* nearest(World& w, Vec2 from, int owner) {
  Unit* best = nullptr;
  float best_d = std::numeric_limits<float>::max();
  for (Unit* u : w.units()) {
    if (u->owner != owner) continue;
    const float d = distance(from, u->pos);
    if (d < best_d) best = u, best_d = d;
  }
  return best;
}

// The script: every 8 loops each own unit goes for the nearest enemy (attack) or, with
// no enemies, the nearest neutral (move; workers gather from it with Smart); every 40
// loops the first unit holds instead. Structures train what they can every 80 loops.
void script(World& w, int loop) {
  if (loop % kStepMul != 0) return;
  std::vector<Unit*> own;
  for (Unit* u : w.units()) {
    if (u->owner == 1) own.push_back(u);
  }
  for (std::size_t i = 0; i < own.size(); ++i) {
    Unit& u = *own[i];
    if (u.stats->immobile()) {
      if (loop % 80 == 0) {
        for (std::uint32_t a : u.stats->abilities) {
          if (a == ability::kTrainScv || a == ability::kTrainMarine) issue_command(w, u, a, {}, false);
        }
      }
      continue;
    }
    if (i == 0 && loop % 40 == 0) {
      issue_command(w, u, ability::kHoldPositionHold, {}, false);
      continue;
    }
    if (Unit* enemy = nearest(w, u.pos, 2)) {
      issue_command(w, u, ability::kAttackAttack, {enemy->pos, enemy->id}, false);
    } else if (Unit* neutral = nearest(w, u.pos, kNeutralOwner)) {
      if (u.stats->role == UnitRole::Worker) {
        if (u.idle()) issue_command(w, u, ability::kSmart, {neutral->pos, neutral->id}, false);
      } else {
        issue_command(w, u, ability::kMoveMove, {neutral->pos, {}}, false);
      }
    }
  }
}

std::uint64_t run(std::string_view map) {
  GameConfig config;
  config.map = find_mini_game(map);
  REQUIRE(config.map != nullptr);
  Game game(config, kSeed);
  for (int loop = 0; loop < kLoops && !game.ended(); ++loop) {
    script(game.world(), loop);
    game.step(1);
  }
  return state_hash(game.world());
}

struct Golden {
  const char* map;
  std::uint64_t hash;
};

constexpr Golden kGolden[] = {
    {"MoveToBeacon", 0x3904d034e3e24112ull},
    {"CollectMineralShards", 0xcba686fa6af1d18full},
    {"DefeatRoaches", 0x3fb848ecb91bfda8ull},
    {"DefeatZerglingsAndBanelings", 0xb9cd8a234a633d44ull},
    {"CollectMineralsAndGas", 0x6eb52dd5ca701b10ull},
    {"BuildMarines", 0x841c68e16d27ce24ull},
    {"FindAndDefeatZerglings", 0xc0abfed0784d3e87ull},
};

}  // namespace

TEST_CASE("golden state hash per map after a fixed script and seed") {
  for (const Golden& g : kGolden) {
    const std::string map_name = g.map;
    CAPTURE(map_name);
    const std::uint64_t actual = run(g.map);
    char text[32];
    std::snprintf(text, sizeof text, "0x%016llxull", static_cast<unsigned long long>(actual));
    INFO("actual = " << text);
    CHECK(actual == g.hash);
    CHECK(run(g.map) == actual);  // and it is repeatable within one process
  }
}
