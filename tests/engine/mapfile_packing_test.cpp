// A map between its two forms (engine/mapfile/map_packing.h, sc2lite --pack / --unpack): a
// folder packed and unpacked again gives the same files; a real mini-game unpacked and packed
// again reads as the same map; what cannot be a map, or would overwrite files, is refused.
#include <doctest/doctest.h>

#include <fstream>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_data.h"
#include "engine/mapfile/map_folder.h"
#include "engine/mapfile/map_packing.h"
#include "tests/engine/mapfile_test_util.h"

using namespace sc2::test::mapfile;

namespace {

// `files` written as a map folder under `folder`.
void write_folder(const mf::MapFiles& files, const fs::path& folder) {
  for (const std::string& name : files.names()) write_file(folder / name, *files.find(name));
}

}  // namespace

TEST_CASE("mapfile packing: a folder packed, then unpacked, gives back the same files") {
  TempDir dir("pack_round_trip");
  const mf::MapFiles original = tiny_map_files();
  write_folder(original, dir.path() / "Tiny.SC2Map");
  const fs::path archive = dir.path() / "Packed.SC2Map";
  CHECK(mf::pack_map_folder(dir.path() / "Tiny.SC2Map", archive) == original.size());
  CHECK(mf::read_archive_file(archive) == original);
  CHECK(mf::unpack_map_archive(archive, dir.path() / "Unpacked") == original.size());
  CHECK(mf::read_map_folder(dir.path() / "Unpacked") == original);
}

TEST_CASE("mapfile packing: a real mini-game unpacked and packed again reads as the same map") {
  const auto real = real_map(mini_games_dir(), "MoveToBeacon");
  if (!real) return;
  TempDir dir("pack_real");
  mf::unpack_map_archive(*real, dir.path() / "MoveToBeacon");
  // A script edited as text, as a map maker would.
  const fs::path script = dir.path() / "MoveToBeacon" / "MapScript.galaxy";
  const std::string edited = read_file(script) + "\n// edited\n";
  write_file(script, edited);
  mf::pack_map_folder(dir.path() / "MoveToBeacon", dir.path() / "Edited.SC2Map");
  const mf::MapData before = mf::read_map(*real);
  const mf::MapData after = mf::read_map(dir.path() / "Edited.SC2Map");
  CHECK(after.script == edited);
  CHECK(after.files.size() == before.files.size());
  for (const std::string& name : before.files.names()) {
    if (name == "MapScript.galaxy") continue;
    CAPTURE(name);
    REQUIRE(after.files.find(name) != nullptr);
    CHECK(*after.files.find(name) == *before.files.find(name));
  }
}

TEST_CASE("mapfile packing: unpacking never writes into a folder that holds files") {
  TempDir dir("unpack_refused");
  const fs::path archive = dir.path() / "Tiny.SC2Map";
  mf::write_archive_file(tiny_map_files(), archive);
  const fs::path edits = dir.path() / "Edits";
  write_file(edits / "MapScript.galaxy", "// my edits\n");
  const mf::MapError error = map_error_of([&] { mf::unpack_map_archive(archive, edits); });
  CHECK(error.reason().find("not an empty folder") != std::string::npos);
  CHECK(read_file(edits / "MapScript.galaxy") == "// my edits\n");
  CHECK_FALSE(fs::exists(edits / "MapInfo"));
  // A file where the folder would go is refused too; an empty folder is used.
  write_file(dir.path() / "AFile", "x");
  CHECK_THROWS_AS(mf::unpack_map_archive(archive, dir.path() / "AFile"), mf::MapError);
  fs::create_directories(dir.path() / "Empty");
  CHECK(mf::unpack_map_archive(archive, dir.path() / "Empty") == tiny_map_files().size());
}

TEST_CASE("mapfile packing: a folder that is no map is refused, and the old archive stays as it was") {
  TempDir dir("pack_refused");
  const fs::path archive = dir.path() / "Kept.SC2Map";
  mf::write_archive_file(tiny_map_files(), archive);
  const std::string kept = read_file(archive);
  mf::MapFiles no_script = tiny_map_files();
  no_script.remove("MapScript.galaxy");
  write_folder(no_script, dir.path() / "NoScript");
  const mf::MapError error = map_error_of([&] { mf::pack_map_folder(dir.path() / "NoScript", archive); });
  CHECK(std::string(error.what()).find("MapScript.galaxy") != std::string::npos);
  CHECK(read_file(archive) == kept);
  CHECK_THROWS_AS(mf::pack_map_folder(dir.path() / "Missing", archive), mf::MapError);
  CHECK(read_file(archive) == kept);
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    CHECK(entry.path().filename().string().find(".partial") == std::string::npos);  // nothing left behind
  }
}
