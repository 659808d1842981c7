// The worked example of engine/README.md "Making a mini-game" (issue 35 item 2):
// examples/maps/mini_games/TwoBeacons.SC2Map, a map folder of our own that sc2lite plays from a
// maps folder with no rebuild. Its rules: one Marine, two beacons, +1 for each beacon reached,
// which (only it) jumps; 60 game seconds, Victory.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/maps/mini_game_registry.h"
#include "engine/scripted/map_source.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;

namespace {

const std::filesystem::path kExampleMaps = std::filesystem::path(SC2_SOURCE_DIR) / "examples" / "maps";
constexpr std::string_view kTwoBeacons = "mini_games/TwoBeacons.SC2Map";

const MiniGameEntry* no_builtin(std::string_view) { return nullptr; }

std::shared_ptr<const ScriptedMapFactory> two_beacons() {
  const ChosenMap chosen = choose_map(kTwoBeacons, "", kExampleMaps, no_builtin);
  REQUIRE(chosen.file != nullptr);
  return chosen.file;
}

std::vector<Unit*> beacons(test::Episode& episode) {
  std::vector<Unit*> found;
  for (Unit* u : episode.world.units()) {
    if (u->stats->name == "Beacon_Terran") found.push_back(u);
  }
  return found;
}

}  // namespace

TEST_CASE("example map: TwoBeacons is listed and chosen from a maps folder like any map") {
  const std::vector<std::string> listed = map_files_under(kExampleMaps);
  CHECK(std::find(listed.begin(), listed.end(), std::string(kTwoBeacons)) != listed.end());
  CHECK(two_beacons()->data().map.name == "TwoBeacons");
}

TEST_CASE("example map: a beacon reached scores 1 and only it jumps, at least 5 from the Marine") {
  test::Episode episode(*two_beacons(), 3);
  std::vector<Unit*> start = beacons(episode);
  REQUIRE(start.size() == 2);
  Unit& marine = *episode.only("Marine");
  CHECK(marine.owner == 1);
  const Vec2 target = start[0]->pos;
  const Vec2 other = start[1]->pos;
  episode.move(marine, target);
  for (int loop = 0; loop < 400 && episode.score() == 0; ++loop) episode.step();
  REQUIRE(episode.score() == 1);
  CHECK(start[1]->pos.x == doctest::Approx(other.x));  // the other beacon stayed
  CHECK(start[1]->pos.y == doctest::Approx(other.y));
  CHECK(distance(start[0]->pos, target) > 0.5f);       // the one reached jumped
  CHECK(distance(start[0]->pos, marine.pos) >= 5.0f - 0.01f);
}

TEST_CASE("example map: an episode lasts 60 game seconds and ends in Victory with its score") {
  test::Episode episode(*two_beacons(), 5);
  CHECK_FALSE(episode.step(60 * 16 - 1));
  CHECK(episode.step(1));
  CHECK(*episode.result == GameResult::Victory);
  CHECK(episode.world.game_loop() == 960u);
  CHECK(episode.score() == 0);  // nobody moved
}
