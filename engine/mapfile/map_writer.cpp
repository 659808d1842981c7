#include "engine/mapfile/map_writer.h"

#include <algorithm>
#include <cmath>

#include "engine/mapfile/file_names.h"

namespace sc2::engine::mapfile {
namespace {

// Little-endian output, the mirror of ByteReader.
class ByteWriter {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void u16(std::uint16_t v) {
    for (int i = 0; i < 2; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void text(std::string_view s) { bytes_.append(s); }
  void cstr(std::string_view s) {
    bytes_.append(s);
    u8(0);
  }
  void zeros(std::size_t count) { bytes_.append(count, '\0'); }
  void pad_to(std::size_t offset) { zeros(offset > bytes_.size() ? offset - bytes_.size() : 0); }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// The layout map_info.cpp reads: 62 bytes after the load-screen path to the named-slot
// count, 26 more to the player records.
constexpr std::size_t kToNamedSlots = 62;
constexpr std::size_t kToPlayers = 26;
constexpr std::uint8_t kPlayerListEnd = 0x0F;
// "Base height" in every reference map (30720 = 7.5 x 4096, spec §1.2).
constexpr std::uint32_t kBaseHeight = 30720;
// t3SyncHeightMap's scale 1.0 in 20.12 fixed point (spec §1.3).
constexpr std::int32_t kUnitScale = 4096;

void four_cc_reversed(ByteWriter& out, const std::string& code) {
  std::string text = code.substr(0, 4);
  text.resize(4, '\0');
  std::reverse(text.begin(), text.end());
  out.text(text);
}

std::uint32_t fixed_8_8(float height) {
  return static_cast<std::uint32_t>(std::clamp(std::lround(height * 256.0f), 0L, 65535L));
}

}  // namespace

std::string map_info_bytes(const MapInfo& info) {
  ByteWriter out;
  out.text("IpaM");
  out.u32(info.version == 0 ? kMapInfoVersion : info.version);
  out.zeros(8);
  out.u32(info.width);
  out.u32(info.height);
  out.u32(0);  // small preview: none
  out.u32(0);  // large preview: none
  out.cstr("");
  out.cstr("");
  out.u32(1);
  out.u32(0);
  out.cstr(info.fog);
  out.cstr(info.tileset);
  out.u32(info.camera.left);
  out.u32(info.camera.bottom);
  out.u32(info.camera.right);
  out.u32(info.camera.top);
  out.u32(kBaseHeight);
  out.u32(0);   // load screen type
  out.cstr("");  // load screen path
  out.zeros(kToNamedSlots);
  out.u8(static_cast<std::uint8_t>(info.named_slots));
  out.zeros(kToPlayers);
  for (const PlayerSlot& slot : info.players) {
    out.u8(static_cast<std::uint8_t>(slot.id));
    out.u32(slot.control);
    out.i32(slot.color);
    out.cstr(slot.race);
    out.u32(0);
    out.u32(0);
    four_cc_reversed(out, slot.ai);
    out.cstr(slot.decal);
  }
  out.u8(kPlayerListEnd);
  return out.take();
}

TerrainFiles terrain_file_bytes(const Terrain& terrain) {
  TerrainFiles files;
  {
    ByteWriter out;
    out.text("SMAP");
    out.u32(102);
    out.u32(terrain.width + 1);
    out.u32(terrain.height + 1);
    out.zeros(12);
    for (int i = 0; i < 3; ++i) out.i32(kUnitScale);
    out.pad_to(64);
    for (std::size_t v = 0; v < terrain.vertex_height.size(); ++v) {
      const std::uint32_t cliff = v < terrain.vertex_cliff_level.size() ? terrain.vertex_cliff_level[v] : 0;
      out.u32((cliff << 16) | fixed_8_8(terrain.vertex_height[v]));
    }
    files.sync_height_map = out.take();
  }
  {
    ByteWriter out;
    out.text("LFCT");
    out.u32(102);
    out.zeros(16);
    out.u32(terrain.width);
    out.u32(terrain.height);
    for (const std::uint8_t flags : terrain.cell_flags) out.u8(flags);
    files.cell_flags = out.take();
  }
  {
    ByteWriter out;
    out.text("CLIF");
    out.u32(100);
    out.u32(terrain.width);
    out.u32(terrain.height);
    out.zeros(16);
    for (const std::uint16_t level : terrain.cell_cliff_level) out.u16(level);
    files.sync_cliff_level = out.take();
  }
  return files;
}

MapFiles flat_map_files(std::uint32_t width, std::uint32_t height, const std::string& script) {
  MapInfo info;
  info.version = kMapInfoVersion;
  info.width = width;
  info.height = height;
  info.fog = "Dark";
  info.tileset = "Flat";
  info.camera = {0, 0, width, height};
  info.named_slots = 3;
  info.players.push_back({1, 1, -1, "Terr", "", ""});

  Terrain terrain;
  terrain.width = width;
  terrain.height = height;
  const std::size_t vertices = std::size_t{width + 1} * (height + 1);
  const std::size_t cells = std::size_t{width} * height;
  terrain.vertex_height.assign(vertices, 8.0f);
  terrain.vertex_cliff_level.assign(vertices, 1);
  terrain.cell_flags.assign(cells, 0x02);  // bit 1 set as in the real maps, bit 0 clear: pathable
  terrain.cell_cliff_level.assign(cells, 64);

  MapFiles files;
  files.add(std::string(file_names::kMapInfo), map_info_bytes(info));
  TerrainFiles grids = terrain_file_bytes(terrain);
  files.add(std::string(file_names::kSyncHeightMap), std::move(grids.sync_height_map));
  files.add(std::string(file_names::kCellFlags), std::move(grids.cell_flags));
  files.add(std::string(file_names::kSyncCliffLevel), std::move(grids.sync_cliff_level));
  files.add(std::string(file_names::kMapScript), script);
  return files;
}

MapFiles example_map_files() {
  MapFiles files = flat_map_files(8, 8, "void InitMap () {\n    TriggerDebugOutput(1, StringToText(\"hi\"), true);\n}\n");
  files.add("Regions",
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Regions>\n"
            "  <region id=\"1\"><name value=\"Arena\"/><shape type=\"rect\"><quad value=\"1,1,7,7\"/></shape></region>\n"
            "  <region id=\"2\"><name value=\"Ring\"/><shape type=\"circle\"><center value=\"4,4\"/><radius value=\"3\"/>"
            "</shape><shape type=\"circle\"><negative/><center value=\"4,4\"/><radius value=\"1\"/></shape></region>\n"
            "</Regions>\n");
  files.add("Objects",
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<PlacedObjects Version=\"27\">\n"
            "  <ObjectPoint Id=\"1\" Position=\"1.5,6.5,0\" Scale=\"1,1,1\" Type=\"StartLoc\" Name=\"Start\"/>\n"
            "  <ObjectPoint Id=\"77\" Position=\"4,4,0\" Rotation=\"1.5705\" Type=\"Normal\" Name=\"Middle\"/>\n"
            "  <ObjectUnit Id=\"5\" Position=\"2.5,2.5,0\" UnitType=\"MineralField\">"
            "<Flag Index=\"ForcePlacement\" Value=\"1\"/></ObjectUnit>\n"
            "</PlacedObjects>\n");
  files.add(std::string(file_names::kUnitData),
            "<?xml version=\"1.0\" encoding=\"us-ascii\"?>\n<Catalog>\n"
            "  <CUnit id=\"Marine\"><Food value=\"0\"/></CUnit>\n"
            "  <CUnit id=\"Scout_X\"><LifeMax value=\"60\"/><Speed value=\"3\"/><SelectAlias value=\"Marine\"/>"
            "<Attributes index=\"Light\" value=\"1\"/><WeaponArray Link=\"GuassRifle\"/></CUnit>\n"
            "</Catalog>\n");
  files.add(std::string(file_names::kGameStrings), "\xEF\xBB\xBF" "DocInfo/Name=Tiny\r\nParam/Value/00000001=Hello\r\n");
  files.add(std::string(file_names::kDocumentInfo),
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<DocInfo><ModType><Value>Interface</Value></ModType>"
            "<Dependencies><Value>bnet:Liberty (Mod)/0.0/999,file:Mods/Liberty.SC2Mod</Value></Dependencies></DocInfo>\n");
  return files;
}

}  // namespace sc2::engine::mapfile
