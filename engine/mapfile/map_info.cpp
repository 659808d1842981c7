// MapInfo layout (spec §1.2; decoded from the 30 reference maps, and the public
// "MapInfo (File Format)" description of the fields up to the camera bounds).
#include "engine/mapfile/map_info.h"

#include <algorithm>

#include "engine/mapfile/byte_reader.h"

namespace sc2::engine::mapfile {
namespace {

constexpr std::uint8_t kPlayerListEnd = 0x0F;
constexpr std::size_t kMaxPlayers = 16;
// After the load-screen path: 62 bytes to the named-slot count, 89 to the player records
// (fixed in all 30 maps, whose load-screen paths are all empty).
constexpr std::size_t kToNamedSlots = 62;
constexpr std::size_t kToPlayers = 89;

// "pmoC" -> "Comp"; zero bytes -> "".
std::string four_cc_reversed(std::string_view bytes) {
  std::string text(bytes.rbegin(), bytes.rend());
  text.erase(std::find(text.begin(), text.end(), '\0'), text.end());
  return text;
}

PlayerSlot read_player(ByteReader& in, std::uint8_t id, const MapLimits& limits) {
  PlayerSlot slot;
  slot.id = id;
  slot.control = in.u32("player control");
  slot.color = in.i32("player color");
  slot.race = in.cstr(4, "player race");
  in.skip(8, "player record");
  slot.ai = four_cc_reversed(in.bytes(4, "player AI"));
  slot.decal = in.cstr(limits.max_info_string, "player decal");
  return slot;
}

}  // namespace

MapInfo parse_map_info(std::string_view bytes, const MapLimits& limits) {
  ByteReader in("MapInfo", bytes);
  MapInfo info;
  if (in.bytes(4, "magic") != "IpaM") in.fail("magic", "not a MapInfo file (no 'IpaM')");
  info.version = in.u32("format version");
  if (info.version != kMapInfoVersion) {
    in.fail("format version", "version " + std::to_string(info.version) + " is not one sc2lite reads (" +
                                  std::to_string(kMapInfoVersion) + ")");
  }
  in.skip(8, "header");
  info.width = in.u32("map width");
  info.height = in.u32("map height");
  for (const std::uint32_t side : {info.width, info.height}) {
    if (side == 0 || side > limits.max_map_side) {
      throw MapError("MapInfo", "map size " + std::to_string(info.width) + "x" + std::to_string(info.height) +
                                    " is not 1.." + std::to_string(limits.max_map_side) + " cells on each side");
    }
  }
  // Preview images: 2 = a custom image, whose path follows.
  if (in.u32("small preview type") == 2) in.cstr(limits.max_info_string, "small preview path");
  if (in.u32("large preview type") == 2) in.cstr(limits.max_info_string, "large preview path");
  in.cstr(limits.max_info_string, "unknown string");
  in.cstr(limits.max_info_string, "unknown string");
  in.skip(8, "unknown words");
  info.fog = in.cstr(limits.max_info_string, "fog of war");
  info.tileset = in.cstr(limits.max_info_string, "tileset");
  info.camera.left = in.u32("camera left");
  info.camera.bottom = in.u32("camera bottom");
  info.camera.right = in.u32("camera right");
  info.camera.top = in.u32("camera top");
  const CameraBounds& c = info.camera;
  if (c.left >= c.right || c.bottom >= c.top || c.right > info.width || c.top > info.height) {
    throw MapError("MapInfo", "camera bounds (" + std::to_string(c.left) + "," + std::to_string(c.bottom) + ")-(" +
                                  std::to_string(c.right) + "," + std::to_string(c.top) + ") are not an area inside the " +
                                  std::to_string(info.width) + "x" + std::to_string(info.height) + " map");
  }
  in.skip(8, "base height and load screen type");
  in.cstr(limits.max_info_string, "load screen path");
  in.skip(kToNamedSlots, "load screen fields");
  info.named_slots = in.u8("named player slots");
  in.skip(kToPlayers - kToNamedSlots - 1, "fields before the players");
  for (;;) {
    const std::uint8_t id = in.u8("player id");
    if (id == kPlayerListEnd) break;
    if (info.players.size() == kMaxPlayers) in.fail("player id", "more than 16 player records");
    if (id > 14) in.fail("player id", "player id " + std::to_string(id) + " is not 0..14");
    for (const PlayerSlot& other : info.players) {
      if (other.id == id) in.fail("player id", "two records for player " + std::to_string(id));
    }
    info.players.push_back(read_player(in, id, limits));
  }
  return info;
}

}  // namespace sc2::engine::mapfile
