// A map is untrusted input (issue 34 item 4): any client can send any bytes as map_data, and
// a map folder can hold anything. Every damaged or hostile map below is refused with a MapError
// naming the file and the reason, within the limits of engine/mapfile/limits.h; never a crash,
// a hang or an allocation the limits do not bound. (The fuzz target
// fuzz/mapfile_archive_fuzzer.cpp does the same with arbitrary bytes.)
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <random>
#include <set>
#include <string>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_writer.h"
#include "tests/engine/mapfile_test_util.h"

// Under AddressSanitizer a failed allocation in the archive reader's child is a report of its
// own (the memory limit test is left to the other builds); under ThreadSanitizer there is no
// child at all (isolated_read.h): StormLib reads in this process, so the tests that hand it
// damaged archives are left to the other builds.
#if defined(__SANITIZE_ADDRESS__)
#define SC2_MAPFILE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SC2_MAPFILE_TEST_ASAN 1
#endif
#endif
#ifndef SC2_MAPFILE_TEST_ASAN
#define SC2_MAPFILE_TEST_ASAN 0
#endif
#if defined(__SANITIZE_THREAD__)
#define SC2_MAPFILE_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SC2_MAPFILE_TEST_TSAN 1
#endif
#endif
#ifndef SC2_MAPFILE_TEST_TSAN
#define SC2_MAPFILE_TEST_TSAN 0
#endif

namespace {

using namespace sc2::test::mapfile;

std::string tiny_archive() {
  static const std::string bytes = mf::archive_bytes(tiny_map_files());
  return bytes;
}

// The error of reading these files as a map (map_data_from_files: the parsers, no archive).
mf::MapError files_error(const mf::MapFiles& files) {
  return map_error_of([&] { mf::map_data_from_files(files, "Bad"); });
}

// The tiny map with one file replaced.
mf::MapFiles tiny_with(const std::string& name, const std::string& bytes) {
  mf::MapFiles files = tiny_map_files();
  files.put(name, bytes);
  return files;
}

bool mentions(const mf::MapError& error, const std::string& text) {
  INFO("MapError: " << error.what());
  return error.reason().find(text) != std::string::npos;
}

std::string random_bytes(std::mt19937& rng, std::size_t size) {
  std::string bytes(size, '\0');
  for (char& c : bytes) c = static_cast<char>(rng() & 0xFF);
  return bytes;
}

mf::MapInfo tiny_info() { return mf::parse_map_info(*tiny_map_files().find("MapInfo")); }

// False (after saying so) where StormLib reads in this process.
bool reader_isolated() {
  if (!SC2_MAPFILE_TEST_TSAN) return true;
  MESSAGE("skipped under ThreadSanitizer: StormLib reads in this process there, not in a child");
  return false;
}

}  // namespace

TEST_CASE("mapfile: a missing map file or folder is a MapError naming it") {
  const mf::MapError error = map_error_of([] { mf::read_map("/nonexistent/Nothing.SC2Map"); });
  CHECK(error.file() == "/nonexistent/Nothing.SC2Map");
  CHECK(mentions(error, "no such file or folder"));
  CHECK(std::string(error.what()).find("/nonexistent/Nothing.SC2Map") != std::string::npos);
}

TEST_CASE("mapfile: empty bytes, random bytes and an MPQ header over random bytes are MapErrors naming the map") {
  CHECK(mentions(map_error_of([] { mf::read_map_bytes("", "Empty.SC2Map"); }), "no bytes"));
  if (!reader_isolated()) return;
  std::mt19937 rng(34);
  for (const std::size_t size : {1u, 3u, 4u, 31u, 32u, 100u, 512u, 4096u, 65536u}) {
    INFO(size << " random bytes");
    const mf::MapError error = map_error_of([&] { mf::read_map_bytes(random_bytes(rng, size), "Random.SC2Map"); });
    CHECK(error.map() == "Random.SC2Map");
    CHECK(std::string(error.what()).rfind("Random.SC2Map", 0) == 0);
    // With an MPQ signature in front, StormLib looks further and still refuses.
    const std::string lying = "MPQ\x1A" + random_bytes(rng, size);
    CHECK_FALSE(map_error_of([&] { mf::read_map_bytes(lying, "Lying.SC2Map"); }).reason().empty());
  }
  // Plain text that only names a map (sc2lite's own --install-layout placeholders).
  CHECK(map_error_of([] { mf::read_map_bytes("sc2lite map placeholder: MoveToBeacon\n", "Placeholder.SC2Map"); })
            .map() == "Placeholder.SC2Map");
}

TEST_CASE("mapfile: bytes must start as an MPQ archive, directly or through MPQ user data") {
  auto error_of = [](const std::string& bytes) { return map_error_of([&] { mf::read_map_bytes(bytes, "X.SC2Map"); }); };
  CHECK(mentions(error_of("PK\x03\x04 a zip file, not a map"), "not an MPQ archive (it does not start with"));
  CHECK(mentions(error_of(std::string("MPQ\x1A", 4) + "short"), "truncated: its header says the archive header ends at byte 32"));
  std::string user_data(0x200, '\0');
  user_data.replace(0, 4, "MPQ\x1B");
  user_data[8] = 0x00;
  user_data[9] = 0x02;  // the archive header at 0x200
  CHECK(mentions(error_of(user_data + "not a header"), "its user data points at no archive header"));
  CHECK(mentions(error_of(user_data.substr(0, 10)), "truncated"));
  if (!reader_isolated()) return;
  // User data in front of a whole archive (as Battle.net's maps have): read as the archive.
  CHECK(mf::read_map_bytes(user_data + tiny_archive(), "UserData.SC2Map").files == tiny_map_files());
}

TEST_CASE("mapfile: an archive cut short at any of several points is a MapError, never a crash") {
  std::string whole = tiny_archive();
  if (const std::optional<fs::path> real = real_map(mini_games_dir(), "MoveToBeacon", true)) whole = read_file(*real);
  const std::size_t size = whole.size();
  for (const std::size_t cut : {std::size_t{4}, std::size_t{16}, std::size_t{31}, std::size_t{32}, std::size_t{64},
                                std::size_t{200}, size / 4, size / 2, size * 3 / 4, size - 64, size - 16, size - 1}) {
    INFO("cut at " << cut << " of " << size);
    const mf::MapError error = map_error_of([&] { mf::read_map_bytes(whole.substr(0, cut), "Cut.SC2Map"); });
    CHECK(error.map() == "Cut.SC2Map");
    CHECK_FALSE(error.reason().empty());
  }
}

TEST_CASE("mapfile: single damaged bytes give a MapError or the map, never a crash") {
  // StormLib reads in a child process (isolated_read.h): whatever a damaged archive makes it
  // do there, the server sees a MapError.
  if (!reader_isolated()) return;
  std::string whole = tiny_archive();
  if (const std::optional<fs::path> real = real_map(mini_games_dir(), "MoveToBeacon", true)) whole = read_file(*real);
  std::mt19937 rng(3434);
  int refused = 0;
  std::set<std::string> reasons;
  for (int i = 0; i < 60; ++i) {
    std::string damaged = whole;
    const std::size_t at = rng() % damaged.size();
    damaged[at] = static_cast<char>(damaged[at] ^ (1 + rng() % 255));
    try {
      const mf::MapData map = mf::read_map_bytes(damaged, "Damaged.SC2Map");
      CHECK(map.info.width > 0);
    } catch (const mf::MapError& error) {
      ++refused;
      CHECK(error.map() == "Damaged.SC2Map");
      reasons.insert(error.reason());
    }
  }
  MESSAGE(refused << " of 60 damaged archives refused");
  for (const std::string& reason : reasons) MESSAGE(reason);
}

TEST_CASE("mapfile: an archive on which StormLib writes past its own buffer gives a MapError or a map, the server untouched") {
  // Found by fuzz/mapfile_archive_fuzzer.cpp: a damaged sector offset table of one file makes
  // Debian's StormLib 9.22 write 62 bytes past a heap buffer (AllocateSectorOffsets; ASan sees
  // it in the child). Only the child's heap is harmed; it dies or answers, and this process goes on.
  if (!reader_isolated()) return;
  const fs::path input = fs::path(SC2_SOURCE_DIR) / "fuzz/corpus/mapfile_archive/crash-stormlib-sector-offsets-overflow";
  REQUIRE(fs::exists(input));
  const std::string bytes = read_file(input).substr(1);  // byte 0 is the fuzz target's form byte
  for (int i = 0; i < 3; ++i) {
    try {
      const mf::MapData map = mf::read_map_bytes(bytes, "Overflow.SC2Map");
      CHECK(map.info.width == 8);
    } catch (const mf::MapError& error) {
      CHECK(error.map() == "Overflow.SC2Map");
    }
  }
  CHECK(mf::read_map_bytes(tiny_archive(), "After.SC2Map").info.width == 8);
}

TEST_CASE("mapfile: an archive without MapInfo, a terrain file or MapScript.galaxy is a MapError naming the file") {
  for (const std::string_view required : {mf::file_names::kMapInfo, mf::file_names::kSyncHeightMap, mf::file_names::kCellFlags,
                                          mf::file_names::kSyncCliffLevel, mf::file_names::kMapScript}) {
    mf::MapFiles files = tiny_map_files();
    REQUIRE(files.remove(required));
    INFO(required);
    const mf::MapError error = map_error_of([&] { mf::read_map_bytes(mf::archive_bytes(files), "Partial.SC2Map"); });
    CHECK(error.file() == std::string(required));
    CHECK(error.reason() == "missing from the map");
    CHECK(std::string(error.what()) == "Partial.SC2Map: " + std::string(required) + ": missing from the map");
  }
  // The optional ones may be absent.
  mf::MapFiles files = tiny_map_files();
  for (const char* optional : {"Regions", "Objects", "DocumentInfo", "enUS.SC2Data/LocalizedData/GameStrings.txt",
                               "Base.SC2Data/GameData/UnitData.xml"}) {
    files.remove(optional);
  }
  const mf::MapData bare = mf::map_data_from_files(files, "Bare");
  CHECK(bare.regions.empty());
  CHECK(bare.objects.points.empty());
  CHECK(bare.document_name().empty());
}

TEST_CASE("mapfile: MapInfo with a wrong magic or version, cut short, or absurd sizes is a MapError naming MapInfo") {
  const std::string good = mf::map_info_bytes(tiny_info());
  auto info_error = [](const std::string& bytes) { return map_error_of([&] { mf::parse_map_info(bytes); }); };
  CHECK(mentions(info_error("XpaM" + good.substr(4)), "magic at byte 0: not a MapInfo file"));
  std::string version = good;
  version[4] = 40;
  CHECK(mentions(info_error(version), "format version at byte 4: version 40 is not one sc2lite reads (39)"));
  for (std::size_t cut = 0; cut < good.size(); cut += 7) {
    INFO("MapInfo cut at " << cut);
    const mf::MapError error = info_error(good.substr(0, cut));
    CHECK(error.file() == "MapInfo");
    CHECK((mentions(error, "truncated") || mentions(error, "no terminating NUL")));
  }
  for (const auto& [width, height] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
           {0, 8}, {8, 0}, {257, 8}, {8, 100000}, {0xFFFFFFFFu, 0xFFFFFFFFu}}) {
    mf::MapInfo info = tiny_info();
    info.width = width;
    info.height = height;
    INFO(width << "x" << height);
    const mf::MapError error = info_error(mf::map_info_bytes(info));
    CHECK(error.file() == "MapInfo");
    CHECK(mentions(error, "is not 1..256 cells on each side"));
  }
  mf::MapInfo outside = tiny_info();
  outside.camera = {0, 0, 9, 8};
  CHECK(mentions(info_error(mf::map_info_bytes(outside)), "camera bounds"));
  mf::MapInfo empty_camera = tiny_info();
  empty_camera.camera = {4, 4, 4, 8};
  CHECK(mentions(info_error(mf::map_info_bytes(empty_camera)), "camera bounds"));
  mf::MapInfo players = tiny_info();
  players.players.push_back(players.players[0]);
  CHECK(mentions(info_error(mf::map_info_bytes(players)), "two records for player 1"));
  players.players = {{14, 1, -1, "", "", ""}};
  CHECK(mf::parse_map_info(mf::map_info_bytes(players)).players[0].id == 14);
  players.players = {{16, 1, -1, "", "", ""}};
  CHECK(mentions(info_error(mf::map_info_bytes(players)), "player id 16"));
  // A string without its end, and one longer than the limit.
  std::string unterminated = good.substr(0, 0x20) + std::string(5000, 'A');
  CHECK(mentions(info_error(unterminated), "no terminating NUL"));
  mf::MapInfo long_name = tiny_info();
  long_name.tileset = std::string(2000, 'T');
  CHECK(mentions(info_error(mf::map_info_bytes(long_name)), "over the limit of 1024"));
  // The limit itself is a parameter.
  mf::MapLimits small;
  small.max_map_side = 4;
  CHECK(mentions(map_error_of([&] { mf::parse_map_info(good, small); }), "not 1..4 cells"));
}

TEST_CASE("mapfile: terrain files with wrong headers, sizes or lengths are MapErrors naming the file") {
  const mf::MapFiles tiny = tiny_map_files();
  const std::string heights = *tiny.find("t3SyncHeightMap");
  const std::string flags = *tiny.find("t3CellFlags");
  const std::string cliffs = *tiny.find("t3SyncCliffLevel");
  auto put_u32 = [](std::string bytes, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return bytes;
  };
  struct Case {
    const char* file;
    std::string bytes;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"t3SyncHeightMap", "PAMS" + heights.substr(4), "magic at byte 0: not a t3SyncHeightMap file (no 'SMAP')"},
      {"t3SyncHeightMap", put_u32(heights, 4, 103), "version 103"},
      {"t3SyncHeightMap", put_u32(heights, 8, 1u << 30), "vertex grid 1073741824x9 differ"},
      {"t3SyncHeightMap", put_u32(heights, 12, 0xFFFFFFFFu), "differ from the map's 9x9"},
      {"t3SyncHeightMap", heights.substr(0, heights.size() - 1), "expected exactly 324"},
      {"t3SyncHeightMap", heights + "x", "expected exactly 324"},
      {"t3SyncHeightMap", heights.substr(0, 20), "header at byte 16: truncated"},
      {"t3CellFlags", put_u32(flags, 0x18, 1u << 31), "cell grid 2147483648x8 differ"},
      {"t3CellFlags", flags.substr(0, 40), "expected exactly 64"},
      {"t3CellFlags", "", "truncated"},
      {"t3SyncCliffLevel", put_u32(cliffs, 12, 7), "cell grid 8x7 differ"},
      {"t3SyncCliffLevel", cliffs + std::string(1000000, '\0'), "expected exactly 128"},
  };
  for (const Case& c : cases) {
    INFO(c.file << ": " << c.reason);
    const mf::MapError error = files_error(tiny_with(c.file, c.bytes));
    CHECK(error.file() == c.file);
    CHECK(mentions(error, c.reason));
  }
}

TEST_CASE("mapfile: files larger than the limits, too many or too long names are refused before they are held") {
  // A decompression bomb: a file of zeros is tiny packed and large unpacked. Its claimed size
  // is checked before anything is allocated (limits lowered to reach them quickly).
  mf::MapFiles files = tiny_map_files();
  files.add("Bomb", std::string(4u << 20, '\0'));
  const std::string bytes = mf::archive_bytes(files);
  CHECK(bytes.size() < 200000);
  mf::MapLimits limits;
  limits.max_file_bytes = 1u << 20;
  mf::MapError error = map_error_of([&] { mf::read_map_bytes(bytes, "Bomb.SC2Map", limits); });
  CHECK(error.file() == "Bomb");
  CHECK(mentions(error, "4194304 bytes is over the limit of 1048576 bytes for one file"));
  limits = {};
  limits.max_total_bytes = 3u << 20;
  error = map_error_of([&] { mf::read_map_bytes(bytes, "Bomb.SC2Map", limits); });
  CHECK(mentions(error, "unpacked (the limit)"));
  limits = {};
  limits.max_files = 5;
  CHECK(mentions(map_error_of([&] { mf::read_map_bytes(bytes, "Many.SC2Map", limits); }), "more than 5 files"));
  limits = {};
  limits.max_archive_bytes = 1000;
  CHECK(mentions(map_error_of([&] { mf::read_map_bytes(bytes, "Big.SC2Map", limits); }), "over the limit of 1000"));
  // The same limits through a path.
  TempDir temp("limits");
  write_file(temp.path() / "Big.SC2Map", bytes);
  CHECK(mentions(map_error_of([&] { mf::read_map(temp.path() / "Big.SC2Map", limits); }), "over the limit of 1000"));
  // MapFiles itself: names too long, twice in any case, empty.
  mf::MapLimits names;
  names.max_name_length = 16;
  mf::MapFiles bounded(names);
  CHECK(mentions(map_error_of([&] { bounded.add(std::string(17, 'n'), "x"); }), "17 characters is over the limit of 16"));
  bounded.add("MapScript.galaxy", "");
  CHECK(mentions(map_error_of([&] { bounded.add("mapscript.GALAXY", ""); }), "two files of this name"));
  CHECK(mentions(map_error_of([&] { bounded.add("", ""); }), "empty name"));
}

TEST_CASE("mapfile: file names with '..', absolute or empty parts, or control characters are refused") {
  mf::MapFiles files;
  for (const char* bad : {"../evil", "Base.SC2Data/../../etc/passwd", "..", "a/./b", "/etc/passwd", "a//b", "a/",
                          "a\\..\\b", "bad\nname", "tab\tname"}) {
    INFO(bad);
    const mf::MapError error = map_error_of([&] { files.add(bad, "x"); });
    CHECK_FALSE(error.reason().empty());
    CHECK(error.file().find('\n') == std::string::npos);
  }
  CHECK(files.size() == 0);
  files.add("Base.SC2Data/GameData/..hidden..xml", "fine: not a '..' part");
  CHECK(files.size() == 1);
  // In an archive (smpq stores such a name as given).
  if (!have_smpq()) return;
  TempDir temp("dotdot");
  const fs::path inside = temp.path() / "map" / "sub";
  const mf::MapFiles tiny = tiny_map_files();
  for (const std::string& name : tiny.names()) write_file(inside / name, *tiny.find(name));
  write_file(temp.path() / "map" / "evil", "climbing out");
  std::vector<std::string> names = tiny.names();
  names.push_back("../evil");
  pack_with_smpq(inside, names, temp.path() / "DotDot.SC2Map");
  const mf::MapError error = map_error_of([&] { mf::read_map(temp.path() / "DotDot.SC2Map"); });
  INFO("MapError: " << std::string(error.what()));
  CHECK(error.file() == "../evil");
  CHECK(mentions(error, "paths must stay inside the map"));
}

TEST_CASE("mapfile: a map folder's links out of it, deep nesting and too many entries are MapErrors") {
  TempDir temp("links");
  const fs::path folder = temp.path() / "Linked.SC2Map";
  const mf::MapFiles tiny = tiny_map_files();
  for (const std::string& name : tiny.names()) write_file(folder / name, *tiny.find(name));
  write_file(temp.path() / "secret.txt", "not part of the map");

  // A link to a file outside.
  fs::create_symlink(temp.path() / "secret.txt", folder / "Secret.txt");
  mf::MapError error = map_error_of([&] { mf::read_map(folder); });
  CHECK(error.file() == "Secret.txt");
  CHECK(mentions(error, "a symbolic link to outside the map folder"));
  CHECK(error.map() == folder.string());
  fs::remove(folder / "Secret.txt");
  // Relative, through "..", and to a folder outside.
  fs::create_symlink("../secret.txt", folder / "Relative.txt");
  CHECK(mentions(map_error_of([&] { mf::read_map(folder); }), "outside the map folder"));
  fs::remove(folder / "Relative.txt");
  fs::create_symlink(temp.path(), folder / "Up");
  CHECK(map_error_of([&] { mf::read_map(folder); }).file() == "Up");
  fs::remove(folder / "Up");
  fs::create_symlink("/etc", folder / "Etc");
  CHECK(mentions(map_error_of([&] { mf::read_map(folder); }), "outside the map folder"));
  fs::remove(folder / "Etc");
  // A link inside the folder to one of its files is read as that file.
  fs::create_symlink("MapScript.galaxy", folder / "Copy.galaxy");
  CHECK(mf::read_map(folder).include_text("Copy") == *tiny.find("MapScript.galaxy"));
  fs::remove(folder / "Copy.galaxy");
  // A pipe is passed over (reading it would block).
  REQUIRE(::mkfifo((folder / "Pipe").c_str(), 0600) == 0);
  CHECK(mf::read_map(folder).files == tiny);
  fs::remove(folder / "Pipe");
  // Folders nested past the limit; more entries than the limit.
  mf::MapLimits limits;
  limits.max_folder_depth = 3;
  fs::create_directories(folder / "a/b/c/d");
  error = map_error_of([&] { mf::read_map(folder, limits); });
  CHECK(mentions(error, "nested more than 3 levels"));
  fs::remove_all(folder / "a");
  limits = {};
  limits.max_files = 4;
  CHECK(mentions(map_error_of([&] { mf::read_map(folder, limits); }), "more than 4 entries"));
  // After all that, the folder reads as the map it is.
  CHECK(mf::read_map(folder).files == tiny);
}

TEST_CASE("mapfile: malformed XML, DTDs, entities and XML past the limits are MapErrors naming the file") {
  struct Case {
    const char* file;
    std::string text;
    const char* reason;
  };
  const std::string billion_laughs =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>\n"
      "<Regions><region id=\"1\"><name value=\"&lol2;\"/></region></Regions>";
  const std::string external =
      "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><PlacedObjects>"
      "<ObjectPoint Id=\"1\" Position=\"1,1\" Name=\"&xxe;\"/></PlacedObjects>";
  const std::vector<Case> cases = {
      {"Regions", "<Regions><region id=\"1\"", "1:"},
      {"Regions", "<Regions><region id=\"1\"></Regions>", "bad XML"},
      {"Regions", billion_laughs, "2:1: a DTD or entity declaration (<!DOCTYPE)"},
      {"Objects", external, "a DTD or entity declaration"},
      {"Objects", "<PlacedObjects><ObjectPoint Id=\"1\" Position=\"1,1\" Name=\"&xxe;\"/></PlacedObjects>",
       "the entity reference '&xxe;'"},
      {"DocumentInfo", "<!DOCTYPE DocInfo><DocInfo/>", "<!DOCTYPE"},
      {"DocumentInfo", "<NotDocInfo/>", "the root element is <NotDocInfo>, expected <DocInfo>"},
      {"Base.SC2Data/GameData/UnitData.xml", "\xFF\xFE<\0C\0", "bad XML"},
      {"Base.SC2Data/GameData/UnitData.xml", "<Catalog><CUnit/></Catalog>", "has no id"},
      {"Regions", "<Regions><region id=\"x\"/></Regions>", "region id: 'x' is not a whole number"},
      {"Regions", "<Regions><region id=\"1\"/><region id=\"1\"/></Regions>", "two regions have id 1"},
      {"Regions", "<Regions><region id=\"1\"><shape type=\"poly\"/></region></Regions>", "'poly' is not supported"},
      {"Regions", "<Regions><region id=\"1\"><shape type=\"rect\"><quad value=\"1,2,3\"/></shape></region></Regions>",
       "has 3 numbers, expected at least 4"},
      {"Regions", "<Regions><region id=\"1\"><shape type=\"rect\"><quad value=\"5,5,1,1\"/></shape></region></Regions>",
       "must not be greater"},
      {"Regions", "<Regions><region id=\"1\"><shape type=\"circle\"><center value=\"1,nan\"/><radius value=\"1\"/></shape></region></Regions>",
       "'nan' is not a finite number"},
      {"Regions", "<Regions><region id=\"1\"><shape type=\"circle\"><center value=\"1,1\"/><radius value=\"-2\"/></shape></region></Regions>",
       "radius: negative"},
      {"Objects", "<PlacedObjects><ObjectPoint Id=\"1\" Position=\"1e9,1\"/></PlacedObjects>", "not a finite number within"},
      {"Objects", "<PlacedObjects><ObjectPoint Id=\"1\" Position=\"1,1\"/><ObjectPoint Id=\"1\" Position=\"1,1\"/></PlacedObjects>",
       "two ObjectPoints have Id 1"},
      {"Objects", "<PlacedObjects><ObjectUnit Id=\"2\" Position=\"1,1\" UnitType=\"X\" Player=\"99\"/></PlacedObjects>",
       "Player: '99' is not a whole number 0..15"},
      {"Objects", "<PlacedObjects><ObjectUnit Id=\"2\" Position=\"1,1\"/></PlacedObjects>", "no UnitType"},
  };
  for (const Case& c : cases) {
    INFO(c.file << ": " << c.reason);
    const mf::MapError error = files_error(tiny_with(c.file, c.text));
    CHECK(error.file() == c.file);
    CHECK(mentions(error, c.reason));
  }
  // Element count, nesting and size limits.
  mf::MapLimits limits;
  limits.max_xml_elements = 10;
  std::string many = "<Regions>";
  for (int i = 0; i < 20; ++i) many += "<region id=\"" + std::to_string(i) + "\"/>";
  many += "</Regions>";
  CHECK(mentions(map_error_of([&] { mf::parse_regions(many, limits); }), "more than 10 elements"));
  CHECK(mf::parse_regions(many).size() == 20);
  limits = {};
  limits.max_xml_depth = 4;
  std::string deep = "<Catalog><CUnit id=\"D\">";
  for (int i = 0; i < 10; ++i) deep += "<F>";
  for (int i = 0; i < 10; ++i) deep += "</F>";
  deep += "</CUnit></Catalog>";
  CHECK(mentions(map_error_of([&] { mf::parse_catalog("UnitData.xml", deep, limits); }), "nested deeper than 4 levels"));
  limits = {};
  limits.max_xml_bytes = 100;
  CHECK(mentions(map_error_of([&] { mf::parse_regions(many, limits); }), "bytes of XML is over the limit of 100"));
  // Very deep nesting within the default limits costs no recursion in the parser.
  std::string abyss = "<Regions>";
  for (int i = 0; i < 100000; ++i) abyss += "<a>";
  for (int i = 0; i < 100000; ++i) abyss += "</a>";
  abyss += "</Regions>";
  CHECK(mf::parse_regions(abyss).empty());
  // Entities XML defines itself, character references, and '&' in comments and CDATA are fine.
  const std::vector<mf::Region> fine = mf::parse_regions(
      "<Regions><!-- a & b --><region id=\"1\"><name value=\"A &amp; B &#65;&#x42; &lt;&gt;&quot;&apos;\"/>"
      "</region><![CDATA[ &nope; ]]></Regions>");
  CHECK(fine.at(0).name == "A & B AB <>\"'");
}

TEST_CASE("mapfile: GameStrings over its limit is a MapError, damaged lines are passed over") {
  mf::MapLimits limits;
  limits.max_strings_bytes = 10;
  const mf::MapError error = map_error_of([&] { mf::parse_game_strings("DocInfo/Name=Too long a name", limits); });
  CHECK(error.file() == "enUS.SC2Data/LocalizedData/GameStrings.txt");
  CHECK(mentions(error, "over the limit of 10"));
  const mf::GameStrings strings = mf::parse_game_strings("\xEF\xBB\xBFno equals sign\n=no key\nA=1\r\nA=2\nB=x=y");
  CHECK(strings.size() == 2);
  CHECK(strings.at("A") == "2");
  CHECK(strings.at("B") == "x=y");
}

TEST_CASE("mapfile: the archive reader's child process is bounded in memory") {
#if SC2_MAPFILE_TEST_ASAN || SC2_MAPFILE_TEST_TSAN
  // (Under ASan the limit holds too, but the child's failed allocation is an ASan report.)
  MESSAGE("skipped: under AddressSanitizer the child's failed allocation is a noisy report, under ThreadSanitizer there is no child");
#else
  mf::MapFiles files = tiny_map_files();
  files.add("Large", std::string(24u << 20, '\0'));
  const std::string bytes = mf::archive_bytes(files);
  mf::MapLimits limits;
  limits.max_reader_memory_bytes = 8u << 20;  // less than the child must hold
  const mf::MapError error = map_error_of([&] { mf::read_map_bytes(bytes, "Large.SC2Map", limits); });
  CHECK(error.map() == "Large.SC2Map");
  MESSAGE(std::string(error.what()));
  // With the default limit the same archive reads.
  CHECK(mf::read_map_bytes(bytes, "Large.SC2Map").files.total_bytes() > (24u << 20));
#endif
}

TEST_CASE("mapfile: GameData past its limits of entries per map and fields per entry is a MapError naming the file") {
  mf::MapLimits limits;
  limits.max_data_entries = 3;
  const std::string two = "<Catalog><CUnit id=\"A\"/><CUnit id=\"B\"/></Catalog>";
  mf::GameData data;
  mf::add_catalog(data, "Base.SC2Data/GameData/UnitData.xml", two, limits);
  // The limit is the map's, over every catalog file: the second file passes it.
  const mf::MapError error =
      map_error_of([&] { mf::add_catalog(data, "Base.SC2Data/GameData/ActorData.xml", two, limits); });
  CHECK(error.file() == "Base.SC2Data/GameData/ActorData.xml");
  CHECK(mentions(error, "more than 3 GameData entries in the map"));
  mf::MapFiles files = tiny_map_files();
  files.put("Base.SC2Data/GameData/UnitData.xml", two);
  files.put("Base.SC2Data/GameData/WeaponData.xml", two);
  CHECK(mentions(map_error_of([&] {
                   mf::MapFiles limited(limits);
                   for (const std::string& name : files.names()) limited.put(name, *files.find(name));
                   mf::map_data_from_files(std::move(limited), "Bad");
                 }),
                 "more than 3 GameData entries"));

  limits = {};
  limits.max_data_fields = 5;
  std::string wide = "<Catalog><CUnit id=\"Wide\">";
  for (int i = 0; i < 6; ++i) wide += "<WeaponArray Link=\"W" + std::to_string(i) + "\"/>";
  wide += "</CUnit></Catalog>";
  const mf::MapError fields = map_error_of([&] { mf::parse_catalog("Base.SC2Data/GameData/UnitData.xml", wide, limits); });
  CHECK(fields.file() == "Base.SC2Data/GameData/UnitData.xml");
  CHECK(mentions(fields, "CUnit 'Wide': more than 5 fields"));
  CHECK(mf::parse_catalog("UnitData.xml", wide).entries.at(0).fields.size() == 6);
}

TEST_CASE("mapfile: GameData names each entry's file by index, one copy of the name per file") {
  mf::GameData data;
  mf::add_catalog(data, "Base.SC2Data/GameData/ActorData.xml", "<Catalog><CActorUnit id=\"A\"/></Catalog>");
  mf::add_catalog(data, "Base.SC2Data/GameData/UnitData.xml", "<Catalog><CUnit id=\"U\"/><CUnit id=\"V\"/></Catalog>");
  CHECK(data.files == std::vector<std::string>{"Base.SC2Data/GameData/ActorData.xml", "Base.SC2Data/GameData/UnitData.xml"});
  REQUIRE(data.entries.size() == 3);
  CHECK(data.file_of(data.entries[0]) == "Base.SC2Data/GameData/ActorData.xml");
  CHECK(data.file_of(data.entries[2]) == "Base.SC2Data/GameData/UnitData.xml");
  CHECK(data.entries[1].file == data.entries[2].file);
}

TEST_CASE("mapfile: GameStrings of more keys than its limit is a MapError, whatever the bytes") {
  mf::MapLimits limits;
  limits.max_strings = 100;
  std::string lines;
  for (int i = 0; i < 101; ++i) lines += "k" + std::to_string(i) + "=\n";
  const mf::MapError error = map_error_of([&] { mf::parse_game_strings(lines, limits); });
  CHECK(error.file() == "enUS.SC2Data/LocalizedData/GameStrings.txt");
  CHECK(mentions(error, "more than 100 strings"));
  // A key written again replaces its value and counts once.
  std::string repeated;
  for (int i = 0; i < 1000; ++i) repeated += "k=" + std::to_string(i) + "\n";
  CHECK(mf::parse_game_strings(repeated, limits).at("k") == "999");
  // A MiB of short "N=" lines (well within the byte limit) stops at the default key limit.
  std::string flood;
  for (int i = 0; flood.size() < (1u << 20); ++i) flood += std::to_string(i) + "=\n";
  CHECK(mentions(map_error_of([&] { mf::parse_game_strings(flood); }), "more than 65536 strings"));
}
