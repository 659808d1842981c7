// Writing maps (engine/mapfile/archive.h, map_writer.h) and map folders: a map written and
// read back is the same map, from an archive, its bytes or a folder; a variant of a real map
// with a replaced MapScript.galaxy reads back with the new script and nothing else changed.
#include <doctest/doctest.h>

#include <string>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_writer.h"
#include "tests/engine/mapfile_test_util.h"

namespace {

using namespace sc2::test::mapfile;

// What map_data_from_files makes of the files, named as the map read back will be.
mf::MapData parsed(const mf::MapFiles& files, const std::string& name) { return mf::map_data_from_files(files, name); }

}  // namespace

TEST_CASE("mapfile: the binary files written from their structs parse back to the same structs") {
  mf::MapInfo info;
  info.version = 39;
  info.width = 48;
  info.height = 40;
  info.fog = "Dark";
  info.tileset = "BraxisAlpha";
  info.camera = {2, 3, 46, 38};
  info.named_slots = 4;
  info.players = {{1, 1, 1, "Terr", "", ""}, {2, 4, 2, "Zerg", "Comp", "Decal_Zerg_0017_01"}};
  CHECK(mf::parse_map_info(mf::map_info_bytes(info)) == info);

  mf::Terrain terrain;
  terrain.width = 3;
  terrain.height = 2;
  terrain.vertex_height = {0, 1.5f, 8, 10, 255.99609375f, 7.99609375f, 2, 3, 4, 5, 6, 7};
  terrain.vertex_cliff_level = {0, 0, 1, 2, 3, 1, 1, 1, 1, 1, 1, 1};
  terrain.cell_flags = {2, 3, 0, 1, 2, 2};
  terrain.cell_cliff_level = {64, 72, 88, 104, 128, 0};
  const mf::TerrainFiles files = mf::terrain_file_bytes(terrain);
  CHECK(files.sync_height_map.size() == 64 + 4 * 12);
  CHECK(files.cell_flags.size() == 32 + 6);
  CHECK(files.sync_cliff_level.size() == 32 + 2 * 6);
  CHECK(mf::parse_terrain(files.sync_height_map, files.cell_flags, files.sync_cliff_level, 3, 2) == terrain);
}

TEST_CASE("mapfile: a map written as an archive reads back the same, from its path and from its bytes") {
  const mf::MapFiles files = tiny_map_files();
  TempDir temp("writer");
  const fs::path archive = temp.path() / "Tiny.SC2Map";
  mf::write_archive_file(files, archive);
  const mf::MapData from_path = mf::read_map(archive);
  CHECK(from_path == parsed(files, "Tiny"));
  CHECK(from_path.files == files);
  // What the tiny map holds, read through the archive.
  CHECK(from_path.info.width == 8);
  CHECK(from_path.terrain.pathable_cells() == 64);
  CHECK(from_path.region(2)->contains({4, 6.5f}));
  CHECK_FALSE(from_path.region(2)->contains({4, 4.5f}));
  CHECK(from_path.objects.point(77)->name == "Middle");
  CHECK(from_path.objects.unit(5)->flags == std::vector<std::string>{"ForcePlacement"});
  CHECK(from_path.objects.start_locations().size() == 1);
  CHECK(from_path.document_name() == "Tiny");
  CHECK(from_path.strings.at("Param/Value/00000001") == "Hello");
  CHECK(from_path.document.dependencies.at(0).file == "Mods/Liberty.SC2Mod");
  CHECK(from_path.game_data.units().size() == 2);
  CHECK(from_path.include_text("MapScript") == from_path.script);  // includes name no extension

  const std::string bytes = mf::archive_bytes(files);
  CHECK(mf::looks_like_archive(bytes));
  CHECK(mf::read_map_bytes(bytes, "Custom/Tiny.SC2Map") == from_path);
  // Both ways of handing bytes to StormLib.
  CHECK(mf::read_archive_bytes(bytes, "Tiny", {}, mf::ByteBacking::temp_file) == files);
  CHECK(mf::read_archive_bytes(bytes, "Tiny", {}, mf::ByteBacking::memory_file) == files);
}

TEST_CASE("mapfile: a map folder reads the same as its archive, and an archive packed by smpq reads too") {
  const mf::MapFiles files = tiny_map_files();
  TempDir temp("folder");
  const fs::path folder = temp.path() / "Tiny.SC2Map";
  for (const std::string& name : files.names()) write_file(folder / name, *files.find(name));
  const mf::MapData from_folder = mf::read_map(folder);
  CHECK(from_folder == parsed(files, "Tiny"));
  // "Tiny.SC2Map/" names the same map.
  CHECK(mf::read_map(folder.string() + "/").name == "Tiny");
  if (!have_smpq()) return;
  const fs::path packed = temp.path() / "Packed.SC2Map";
  pack_with_smpq(folder, files.names(), packed);
  const mf::MapData from_smpq = mf::read_map(packed);
  CHECK(from_smpq.files == files);
  CHECK(from_smpq.name == "Packed");
}

TEST_CASE("mapfile: a variant of MoveToBeacon with a replaced script reads back with the new script, all else the same") {
  const std::optional<fs::path> real = real_map(mini_games_dir(), "MoveToBeacon");
  if (!real) return;
  const mf::MapData original = mf::read_map(*real);
  // The change a test of issue 34 makes: +3 per beacon instead of +1.
  std::string script = original.script;
  const std::string from = "c_playerPropCurriculumScore, c_playerPropOperAdd, 1)";
  const std::size_t at = script.find(from);
  REQUIRE(at != std::string::npos);
  script.replace(at, from.size(), "c_playerPropCurriculumScore, c_playerPropOperAdd, 3)");
  mf::MapFiles files = original.files;
  files.put("MapScript.galaxy", script);
  TempDir temp("variant");
  const fs::path variant = temp.path() / "MoveToBeaconPlus3.SC2Map";
  mf::write_archive_file(files, variant);
  const mf::MapData read = mf::read_map(variant);
  CHECK(read.script == script);
  CHECK(read.name == "MoveToBeaconPlus3");
  mf::MapData expected = original;
  expected.name = read.name;
  expected.script = script;
  expected.files = files;
  CHECK(read == expected);
  // Every other file byte for byte.
  for (const std::string& name : original.files.names()) {
    if (mf::MapFiles::key(name) == "mapscript.galaxy") continue;
    INFO(name);
    CHECK(*read.files.find(name) == *original.files.find(name));
  }
  // And as bytes a client sends.
  CHECK(mf::read_map_bytes(mf::archive_bytes(files), "mini_games/MoveToBeaconPlus3.SC2Map") == read);
}

TEST_CASE("mapfile: a variant without a file, or with one put in, reads as such") {
  mf::MapFiles files = tiny_map_files();
  CHECK(files.remove("regions"));  // any case
  CHECK_FALSE(files.remove("Regions"));
  files.put("BASE.SC2DATA/GameData/UnitData.xml", "<Catalog><CUnit id=\"Only\"/></Catalog>");
  TempDir temp("variant2");
  mf::write_archive_file(files, temp.path() / "V.SC2Map");
  const mf::MapData read = mf::read_map(temp.path() / "V.SC2Map");
  CHECK(read.regions.empty());
  REQUIRE(read.game_data.units().size() == 1);
  CHECK(read.game_data.units()[0]->id == "Only");
  // put() replaced the file of that name in any case, keeping the new spelling.
  CHECK(read.files.names() == files.names());
  CHECK(read.files.find("Base.SC2Data/GameData/UnitData.xml") != nullptr);
}

TEST_CASE("mapfile: writing an archive where it cannot be written is a MapError naming the path") {
  const mf::MapFiles files = tiny_map_files();
  const fs::path nowhere = "/nonexistent-folder-for-sc2lite/x.SC2Map";
  const mf::MapError error = map_error_of([&] { mf::write_archive_file(files, nowhere); });
  CHECK(error.file() == nowhere.string());
  CHECK(error.reason().find("cannot create the archive") != std::string::npos);
}
