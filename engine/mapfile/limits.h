#pragma once
// Every bound on what a map may ask of the reader. A map is untrusted input (issue 34 item 4):
// past any of these the read stops with a MapError naming the file and the limit; memory
// stays proportional to these numbers whatever the bytes claim. Tests lower them to reach
// them with small inputs.
#include <cstddef>
#include <cstdint>

namespace sc2::engine::mapfile {

struct MapLimits {
  // Bytes of a whole .SC2Map archive (the 30 reference maps are 14-46 KB; the server's
  // message limit is 128 MiB, so bytes a client sends never exceed this anyway).
  std::uint64_t max_archive_bytes = 128ull << 20;
  // Bytes of one file inside the map once unpacked (the largest reference file is the 1 MiB
  // t3TextureMasks of a 64x64 map; a 256x256 map's is 16 times that).
  std::uint64_t max_file_bytes = 64ull << 20;
  // Bytes of all files of one map together, unpacked (bounds a decompression bomb).
  std::uint64_t max_total_bytes = 256ull << 20;
  // Files in one map (the reference maps have 33-40).
  std::size_t max_files = 4096;
  // Characters in one file name inside the map.
  std::size_t max_name_length = 1024;
  // Folder levels below an unpacked map folder that are read.
  std::size_t max_folder_depth = 16;
  // Bytes of one XML file (Regions, Objects, DocumentInfo, GameData): the parsed tree takes
  // several times its text.
  std::uint64_t max_xml_bytes = 16ull << 20;
  // Element nesting within an XML file that the reader walks (GameData fields nest 3 deep in
  // the reference maps).
  std::size_t max_xml_depth = 32;
  // Elements (counted as '<' characters, before parsing) in one XML file: the parsed tree
  // costs ~100 bytes an element, so this bounds it whatever the file's size. The largest
  // reference file has ~600; a big ladder map's Objects some tens of thousands.
  std::size_t max_xml_elements = 250000;
  // GameData entries of a map, all catalog files together, and top-level fields of one entry
  // (the reference maps have at most 6 entries, of at most 74 fields).
  std::size_t max_data_entries = 100000;
  std::size_t max_data_fields = 4096;
  // Bytes of GameStrings.txt (the reference maps' are under 4 KB; every line becomes a
  // key and a value in memory).
  std::uint64_t max_strings_bytes = 16ull << 20;
  // Keys of GameStrings.txt (the reference maps have under 100): a file of short "k=" lines
  // would otherwise become millions of map nodes.
  std::size_t max_strings = 65536;
  // Cells along each side of the map (the editor's largest map is 256x256).
  std::uint32_t max_map_side = 256;
  // Characters in one string of the binary MapInfo (tileset, fog, race, decal, ...).
  std::size_t max_info_string = 1024;
  // Seconds the isolated archive reader may take before it is stopped (archive.h).
  int max_archive_read_seconds = 60;
  // Address space the isolated archive reader (a child process) may add to what it inherits:
  // StormLib's own tables and buffers for an archive whose headers lie. Past it an
  // allocation fails inside the child, which then reports the archive as damaged. Not set
  // under MemorySanitizer (its shadow is mapped as needed); ASan's is reserved at start.
  std::uint64_t max_reader_memory_bytes = 1ull << 30;
  // Shapes of one region (the reference maps' have 1): a script's every "is it inside" costs
  // one test per shape.
  std::size_t max_region_shapes = 64;
  // Tries of RegionRandomPoint-style sampling before it gives up (a region whose negative
  // shapes leave almost nothing of its bounding box).
  int max_random_point_tries = 1000;
};

}  // namespace sc2::engine::mapfile
