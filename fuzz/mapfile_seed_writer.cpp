// Writes the mapfile_archive fuzz target's seed corpus (fuzz/README.md): small maps of our own
// content (map_writer.h's example map and variants of it), each as an archive made by our
// archive writer (first byte 0) and as a bundle of files (first byte 1). Never the real maps.
//   fuzz_mapfile_seed_writer fuzz/corpus/mapfile_archive
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_writer.h"
#include "fuzz/mapfile_bundle.h"

namespace {

namespace mf = sc2::engine::mapfile;

struct Seed {
  std::string name;
  mf::MapFiles files;
};

std::vector<Seed> seeds() {
  std::vector<Seed> out;
  out.push_back({"example", mf::example_map_files()});
  out.push_back({"flat-2x3", mf::flat_map_files(2, 3, "void InitMap () {}\n")});
  mf::MapFiles ramps = mf::example_map_files();
  mf::Terrain terrain;
  terrain.width = 4;
  terrain.height = 2;
  terrain.vertex_height = {0, 1, 8, 10, 10, 8, 8, 9, 10, 10, 0, 0, 8, 10, 12};
  terrain.vertex_cliff_level = {0, 0, 1, 2, 2, 1, 1, 1, 2, 2, 0, 0, 1, 2, 3};
  terrain.cell_flags = {3, 2, 2, 3, 1, 0, 2, 2};
  terrain.cell_cliff_level = {0, 72, 88, 128, 64, 104, 64, 192};
  const mf::TerrainFiles grids = mf::terrain_file_bytes(terrain);
  mf::MapInfo info = mf::parse_map_info(*ramps.find("MapInfo"));
  info.width = 4;
  info.height = 2;
  info.camera = {0, 0, 4, 2};
  info.players.push_back({2, 4, 2, "Zerg", "Comp", "Decal_Zerg_0017_01"});
  ramps.put("MapInfo", mf::map_info_bytes(info));
  ramps.put("t3SyncHeightMap", grids.sync_height_map);
  ramps.put("t3CellFlags", grids.cell_flags);
  ramps.put("t3SyncCliffLevel", grids.sync_cliff_level);
  out.push_back({"ramps-two-players", ramps});
  mf::MapFiles data = mf::example_map_files();
  data.put("Base.SC2Data/GameData/UnitData.xml",
           "<?xml version=\"1.0\"?>\n<Catalog>\n<CUnit id=\"Medic_X\" parent=\"Marine\"><LifeMax value=\"150\"/>"
           "<ShieldsMax value=\"20\"/><Mover value=\"Fly\"/><PlaneArray index=\"Air\" value=\"1\"/>"
           "<AbilArray Link=\"move\"/><CostResource index=\"Minerals\" value=\"100\"/>"
           "<CardLayouts><LayoutButtons Face=\"Move\" Row=\"0\"/><LayoutButtons index=\"1\" removed=\"1\"/></CardLayouts>"
           "</CUnit>\n<CValidatorCombine id=\"Check\"><CombineArray value=\"A\"/></CValidatorCombine>\n</Catalog>\n");
  data.put("Base.SC2Data/GameData/ActorData.xml", "<Catalog><CActorUnit id=\"Medic_X\"/></Catalog>");
  out.push_back({"game-data", data});
  mf::MapFiles bad = mf::example_map_files();
  bad.put("Regions", "<!DOCTYPE r [<!ENTITY a \"&a;&a;\">]><Regions><region id=\"1\"/></Regions>");
  out.push_back({"dtd", bad});
  return out;
}

void write(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CORPUS_FOLDER\n", argv[0]);
    return 2;
  }
  const std::filesystem::path folder = argv[1];
  std::filesystem::create_directories(folder);
  int written = 0;
  for (const Seed& seed : seeds()) {
    write(folder / ("archive-" + seed.name), std::string(1, '\0') + mf::archive_bytes(seed.files));
    sc2::fuzz::mapfile_bundle::Files bundle;
    for (const std::string& name : seed.files.names()) bundle.emplace_back(name, *seed.files.find(name));
    write(folder / ("bundle-" + seed.name), std::string(1, '\1') + sc2::fuzz::mapfile_bundle::encode(bundle));
    written += 2;
  }
  std::printf("%d seeds written to %s\n", written, folder.string().c_str());
  return 0;
}
