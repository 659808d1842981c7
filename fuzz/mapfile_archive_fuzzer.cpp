// Fuzz target: the map reader (engine/mapfile), as a client's RequestCreateGame.local_map
// .map_data reaches it. Input: byte 0 picks the form, the rest is
//   even: an .SC2Map archive's bytes, read with read_map_bytes (StormLib in its child
//         process, then every parser);
//   odd:  a bundle of the map's files (mapfile_bundle.h), read with map_data_from_files (the
//         parsers alone, where libFuzzer sees the coverage).
// A map that reads is then used as the engine uses it: game_info's grids, unit type ids and
// every unit's fields, random points of every region, include lookups.
// Oracle: the map reads or MapError names what is wrong; any other exception, crash, UB,
// leak or hang is a finding. Limits are lowered (MapLimits) so that every input is quick.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "engine/mapfile/game_info_grids.h"
#include "engine/mapfile/map_data.h"
#include "engine/mapfile/mpq_extent.h"
#include "engine/mapfile/unit_types.h"
#include "fuzz/mapfile_bundle.h"

namespace {

namespace mf = sc2::engine::mapfile;

mf::MapLimits fuzz_limits() {
  mf::MapLimits limits;
  limits.max_archive_bytes = 1u << 20;
  limits.max_file_bytes = 1u << 20;
  limits.max_total_bytes = 4u << 20;
  limits.max_files = 256;
  limits.max_xml_bytes = 256u << 10;
  limits.max_xml_elements = 20000;
  limits.max_map_side = 128;
  limits.max_archive_read_seconds = 4;
  limits.max_reader_memory_bytes = 256u << 20;
  return limits;
}

// How the inputs went, printed at exit (ROBUSTNESS.md records them): StormLib runs (in a
// child process, ~100 times the cost of a bundle under ASan) only for archives whose header
// passes check_mpq_extent.
struct Counts {
  std::size_t archives = 0;
  std::size_t archives_to_stormlib = 0;
  std::size_t bundles = 0;
  std::size_t maps_read = 0;
  Counts() {
    std::atexit([] {
      const Counts& c = counts();
      std::fprintf(stderr, "mapfile_archive: %zu archive inputs (%zu past the header check, to StormLib), %zu bundles, %zu maps read\n",
                   c.archives, c.archives_to_stormlib, c.bundles, c.maps_read);
    });
  }
  static Counts& counts() {
    static Counts c;
    return c;
  }
};

bool passes_header_check(std::string_view bytes) {
  try {
    mf::check_mpq_extent(bytes, "fuzz");
    return true;
  } catch (const mf::MapError&) {
    return false;
  }
}

// What the engine does with a map that read.
void use(const mf::MapData& map) {
  const mf::GameInfoGrids grids = mf::game_info_grids(map, {.own_start_location = 0});
  (void)grids;
  static constexpr mf::BuiltinUnitType kBuiltin[] = {{"Marine", 48}, {"Zealot", 73}, {"Stalker", 74}};
  for (const mf::MapUnitType& type : mf::assign_unit_type_ids(map.game_data, kBuiltin)) {
    (void)mf::unit_fields(map.game_data, type.name);
  }
  float next = 0.25f;
  auto uniform = [&next] {
    next = next * 1.618f - static_cast<float>(static_cast<int>(next * 1.618f));
    return next;
  };
  for (const mf::Region& region : map.regions) {
    if (const auto bounds = region.bounds()) (void)mf::cell_area_of(*bounds, map.terrain.width, map.terrain.height);
    (void)region.random_point(uniform, 8);
  }
  for (const mf::DataEntry& entry : map.game_data.entries) (void)entry.flat_fields();
  (void)map.include_text("MapScript");
  (void)map.document_name();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const mf::MapLimits limits = fuzz_limits();
  Counts& counts = Counts::counts();
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    if (data[0] % 2 == 0) {
      ++counts.archives;
      counts.archives_to_stormlib += passes_header_check(rest) && rest.size() <= limits.max_archive_bytes;
      use(mf::read_map_bytes(rest, "fuzz/Input.SC2Map", limits));
    } else {
      ++counts.bundles;
      mf::MapFiles files(limits);
      for (auto& [name, bytes] : sc2::fuzz::mapfile_bundle::decode(rest)) files.put(std::move(name), std::move(bytes));
      use(mf::map_data_from_files(std::move(files), "Input"));
    }
    ++counts.maps_read;
  } catch (const mf::MapError&) {
  }
  return 0;
}
