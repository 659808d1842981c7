// A map changed only in its script behaves as changed (issue 34, "done when"): variants of the
// real files written as archives with StormLib (engine/mapfile/archive_writer.cpp) and read back
// from their bytes, as a client would send them.
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
using namespace sc2::engine::scripted::test;

namespace {

// The real map's files with its script edited, through an archive's bytes.
std::shared_ptr<const ScriptedMapFactory> variant(const std::filesystem::path& path, const std::string& from,
                                                  const std::string& to) {
  mapfile::MapFiles files = mapfile::read_archive_file(path);
  files.put("MapScript.galaxy", replaced(*files.find("MapScript.galaxy"), from, to));
  const std::string bytes = mapfile::archive_bytes(files);
  REQUIRE(mapfile::looks_like_archive(bytes));
  return ScriptedMapFactory::load(mapfile::read_map_bytes(bytes, "Variant.SC2Map"), "Variant.SC2Map");
}

}  // namespace

TEST_CASE("scripted variant: a MoveToBeacon whose script gives +3 per beacon scores 3 per beacon") {
  const auto path = map_file(kMiniGames, "MoveToBeacon");
  if (!path) return;
  const auto map = variant(*path, "PlayerModifyPropertyInt(1, c_playerPropCurriculumScore, c_playerPropOperAdd, 1);",
                           "PlayerModifyPropertyInt(1, c_playerPropCurriculumScore, c_playerPropOperAdd, 3);");
  Episode e(*map, 21);
  for (int reached = 1; reached <= 2; ++reached) {
    const int before = e.score();
    for (int loop = 0; loop < 2000 && e.score() == before; ++loop) {
      Unit* marine = e.only("Marine");
      if (marine->idle()) e.move(*marine, e.only("Beacon_Terran")->pos);
      e.step();
    }
    CHECK(e.score() == 3 * reached);
  }
}

TEST_CASE("scripted variant: a DefeatRoaches whose script makes 5 Marines has 5") {
  const auto path = map_file(kMiniGames, "DefeatRoaches");
  if (!path) return;
  // The init trigger's loop "for lv_i = 1 to 9" creating the Marines (its end is a local of its own).
  const auto map = variant(*path, "autoA0DE7821_ae = 9;", "autoA0DE7821_ae = 5;");
  Episode e(*map, 22);
  CHECK(e.units_of(1, "Marine").size() == 5);
  CHECK(e.units_of(2, "Roach").size() == 4);
}
