#pragma once
// The rendered (RGB) interface: Observation.render_data.map and .minimap, 24 bpp, R G B per
// pixel, row 0 at the top. Our own simple top-down picture, not the game's art:
//  - terrain coloured by height (dark earthy tones), unpathable cells darker, creep purple;
//  - fog: hidden cells near-black, seen (fogged) cells dimmed, visible cells as they are;
//  - units as filled discs of their radius in their owner's colour with a darker outline
//    (the minimap: small dots, no outline), drawn exactly when the feature layers draw them
//    (unit_discs.h: hidden enemies and snapshots are not drawn);
//  - the minimap outlines the RGB camera's rectangle in white.
// The map image is an orthographic view centred on the player's camera, `camera_width`
// world units across (PySC2's 24-unit approximation of the game's perspective camera), with
// square pixels, like the feature screen. The minimap shows the whole map, uncropped, scaled
// by its larger side (pysc2-human-renderer.md §9).
//
// Speed: each map cell's colour (per fog state) is computed once per map in the
// FeatureLayerCache; the terrain is painted row by row as runs of pixels over the same cell,
// a row copied to the next rows over the same map row (the work follows the cells on view).
// Without fog the painted terrain is cached per view (camera) and copied; with fog it is
// painted every observation. Then the units' pixels are drawn.
#include <cstdint>

#include "engine/raster/layer_cache.h"
#include "engine/sim/world.h"
#include "s2clientprotocol/common.pb.h"
#include "s2clientprotocol/spatial.pb.h"

namespace sc2::engine {

// What InterfaceOptions.render asked for (validated by parse_interface).
struct RgbSetup {
  int screen_width = 256;
  int screen_height = 192;
  int minimap_width = 128;
  int minimap_height = 128;
  float camera_width = 24.0f;  // world units across the map image
};

struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The colours (tests compare pixels against these).
namespace rgb_palette {
inline constexpr Rgb kOwnUnit{100, 225, 70};      // green
inline constexpr Rgb kAllyUnit{80, 140, 240};     // blue
inline constexpr Rgb kEnemyUnit{225, 55, 45};     // red
inline constexpr Rgb kMineral{70, 190, 235};      // mineral fields and shards: cyan
inline constexpr Rgb kVespene{30, 150, 100};      // geysers: a darker, bluer green than own units
inline constexpr Rgb kBeacon{235, 205, 60};       // yellow
inline constexpr Rgb kNeutralOther{160, 160, 160};
inline constexpr Rgb kCameraBox{255, 255, 255};
inline constexpr Rgb kHidden{10, 10, 12};         // never seen: near-black
inline constexpr Rgb kOffMap{0, 0, 0};
}  // namespace rgb_palette

// Terrain of one cell: the height byte (StartRaw terrain_height) onto dark earthy tones,
// darker when not pathable, tinted purple under creep.
Rgb terrain_colour(std::uint8_t height_byte, bool pathable, bool creep);
// A colour under the fog: visibility 2 (visible) unchanged, 1 (seen) dimmed, 0 hidden.
Rgb under_fog(Rgb colour, int visibility);
// The fill colour of a unit seen by `player_id`; the outline is outline_of(fill).
Rgb unit_colour(const Unit& unit, int player_id);
Rgb outline_of(Rgb fill);

// Each writes a complete 24 bpp ImageData (size, depth, data). Pass the player's
// FeatureLayerCache to keep the cell colours between observations; the bytes are the same
// either way.
void render_rgb_screen(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ImageData* out,
                       FeatureLayerCache* cache = nullptr);
void render_rgb_minimap(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ImageData* out,
                        FeatureLayerCache* cache = nullptr);
// Both (render_data.map and .minimap), reading the fog once.
void render_rgb(const World& world, int player_id, const RgbSetup& setup, SC2APIProtocol::ObservationRender* out,
                FeatureLayerCache* cache = nullptr);

}  // namespace sc2::engine
