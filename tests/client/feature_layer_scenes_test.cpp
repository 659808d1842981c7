// Per-layer pixel scenes: a small engine scene (units placed by hand in a World), observed
// through the engine's observation builder and decoded by the client's PySC2 layer, then
// every screen (27) and minimap (11) layer checked against the pixels the scene implies.
//
// Expected pixels are derived here from the spec's geometry, not from the engine's views:
// screen pixels are square, width/resolution.x world units (sc2api-protocol.md §8), centred
// on the camera, origin top-left; the minimap covers the map (or the playable area when
// cropped) scaled by resolution / its larger side per axis (pysc2-action-mapping.md §4).
// A unit covers the pixels whose centres lie within its radius, plus the pixel under its
// centre (so small units never vanish).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "client/pysc2/features.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/raster/feature_layers.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/world.h"

namespace {

namespace api = SC2APIProtocol;
namespace eng = sc2::engine;
namespace py = sc2::pysc2;

constexpr std::uint32_t kMarine = 48, kScv = 45, kZergling = 105, kCommandCenter = 18, kBarracks = 21,
                        kMineralField = 341;
constexpr int kEnemy = 2, kNeutral = 16;

struct Resolution {
  int screen_w = 64, screen_h = 64, minimap_w = 64, minimap_h = 64;
};

struct Options {
  Resolution res;
  float camera_width = 24.0f;
  bool crop = false;
  bool cheating = false;
  const char* map = "MoveToBeacon";
};

using PixelSet = std::set<std::pair<int, int>>;  // (x, y)

// A game of `map` emptied of its units, joined with the given interface.
class Scene {
 public:
  explicit Scene(const Options& options) : options_(options) {
    config_.map = eng::find_mini_game(options.map);
    REQUIRE(config_.map != nullptr);
    game_ = std::make_unique<eng::Game>(config_, 3);
    for (eng::Unit* u : world().units()) world().remove(u->id);
    world().player(1).selection.clear();
    // Nor anything seen: MoveToBeacon's script reveals its arena (VisRevealArea), which the fog
    // scenes must start without.
    std::fill(world().player(1).explored.begin(), world().player(1).explored.end(), std::uint8_t{0});

    api::RequestJoinGame join;
    join.set_race(api::Terran);
    auto* o = join.mutable_options();
    o->set_raw(true);
    o->set_score(true);
    auto* fl = o->mutable_feature_layer();
    fl->set_width(options.camera_width);
    fl->mutable_resolution()->set_x(options.res.screen_w);
    fl->mutable_resolution()->set_y(options.res.screen_h);
    fl->mutable_minimap_resolution()->set_x(options.res.minimap_w);
    fl->mutable_minimap_resolution()->set_y(options.res.minimap_h);
    fl->set_crop_to_playable_area(options.crop);
    fl->set_allow_cheating_layers(options.cheating);
    std::string error;
    auto iface = eng::parse_interface(join, error);
    REQUIRE_MESSAGE(iface.has_value(), error);
    iface_ = *iface;
  }

  eng::World& world() { return game_->world(); }
  eng::Unit& spawn(std::uint32_t type, int owner, eng::Vec2 pos) {
    eng::Unit* u = world().find(world().spawn(type, owner, pos));
    REQUIRE(u != nullptr);
    return *u;
  }
  void select(const eng::Unit& u) { world().player(1).selection.push_back(u.id); }
  void set_camera(eng::Vec2 camera) { world().player(1).camera = camera; }
  eng::Vec2 camera() { return world().player(1).camera; }

  py::Observation observe() {
    api::ResponseObservation response;
    eng::build_observation(*game_, iface_, &response);
    api::ResponseGameInfo info;
    eng::build_game_info(*game_, config_, iface_, &info);
    py::ObservationSpec spec;
    spec.screen_width = options_.res.screen_w;
    spec.screen_height = options_.res.screen_h;
    spec.minimap_width = options_.res.minimap_w;
    spec.minimap_height = options_.res.minimap_h;
    return py::to_observation(response, spec, info);
  }

  // Screen geometry: square pixels of camera_width / W world units.
  double wpp() const { return options_.camera_width / options_.res.screen_w; }
  std::pair<double, double> screen_centre(eng::Vec2 cam, int px, int py) const {
    return {cam.x + (px + 0.5 - options_.res.screen_w / 2.0) * wpp(),
            cam.y - (py + 0.5 - options_.res.screen_h / 2.0) * wpp()};
  }
  std::pair<int, int> screen_pixel(eng::Vec2 cam, double x, double y) const {
    return {static_cast<int>(std::floor((x - cam.x) / wpp() + options_.res.screen_w / 2.0)),
            static_cast<int>(std::floor((cam.y - y) / wpp() + options_.res.screen_h / 2.0))};
  }
  PixelSet screen_disc(const eng::Unit& u) {
    const eng::Vec2 cam = camera();
    PixelSet set;
    for (int py = 0; py < options_.res.screen_h; ++py) {
      for (int px = 0; px < options_.res.screen_w; ++px) {
        const auto [x, y] = screen_centre(cam, px, py);
        if (std::hypot(x - u.pos.x, y - u.pos.y) <= u.radius) set.insert({px, py});
      }
    }
    const auto mid = screen_pixel(cam, u.pos.x, u.pos.y);
    if (mid.first >= 0 && mid.second >= 0 && mid.first < options_.res.screen_w && mid.second < options_.res.screen_h) {
      set.insert(mid);
    }
    return set;
  }

  // Minimap geometry: the area (whole map or playable) scaled by resolution / larger side.
  struct Area {
    double left, top, span;
  };
  Area minimap_area() {
    const eng::MapLayout& map = world().map();
    if (options_.crop) {
      return {static_cast<double>(map.playable.x0), static_cast<double>(map.playable.y1),
              static_cast<double>(std::max(map.playable.width(), map.playable.height()))};
    }
    return {0.0, static_cast<double>(map.height), static_cast<double>(std::max(map.width, map.height))};
  }
  std::pair<double, double> minimap_centre(int px, int py) {
    const Area a = minimap_area();
    return {a.left + (px + 0.5) * a.span / options_.res.minimap_w, a.top - (py + 0.5) * a.span / options_.res.minimap_h};
  }
  std::pair<int, int> minimap_pixel(double x, double y) {
    const Area a = minimap_area();
    return {static_cast<int>(std::floor((x - a.left) * options_.res.minimap_w / a.span)),
            static_cast<int>(std::floor((a.top - y) * options_.res.minimap_h / a.span))};
  }
  PixelSet minimap_disc(const eng::Unit& u) {
    PixelSet set;
    for (int py = 0; py < options_.res.minimap_h; ++py) {
      for (int px = 0; px < options_.res.minimap_w; ++px) {
        const auto [x, y] = minimap_centre(px, py);
        if (std::hypot(x - u.pos.x, y - u.pos.y) <= u.radius) set.insert({px, py});
      }
    }
    set.insert(minimap_pixel(u.pos.x, u.pos.y));
    return set;
  }

  const Options& options() const { return options_; }

 private:
  Options options_;
  eng::GameConfig config_;
  std::unique_ptr<eng::Game> game_;
  eng::InterfaceSetup iface_;
};

const py::Layer& screen(const py::Observation& obs, const char* name) {
  const py::Layer* layer = obs.screen(name);
  REQUIRE_MESSAGE(layer != nullptr, name);
  return *layer;
}
const py::Layer& minimap(const py::Observation& obs, const char* name) {
  const py::Layer* layer = obs.minimap(name);
  REQUIRE_MESSAGE(layer != nullptr, name);
  return *layer;
}

// The set of pixels where the layer is not zero.
PixelSet nonzero(const py::Layer& layer) {
  PixelSet set;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != 0) set.insert({x, y});
    }
  }
  return set;
}

PixelSet unite(std::initializer_list<PixelSet> sets) {
  PixelSet all;
  for (const PixelSet& s : sets) all.insert(s.begin(), s.end());
  return all;
}

// Every pixel of `pixels` has `value` in the layer.
void check_value(const py::Layer& layer, const PixelSet& pixels, std::int32_t value) {
  CAPTURE(layer.name);
  CAPTURE(value);
  REQUIRE_FALSE(pixels.empty());
  for (const auto& [x, y] : pixels) {
    CAPTURE(x);
    CAPTURE(y);
    CHECK(layer.at(x, y) == value);
  }
}

bool all_zero(const py::Layer& layer) {
  return std::all_of(layer.values.begin(), layer.values.end(), [](std::int32_t v) { return v == 0; });
}

// The resolutions each scene is checked at: square, PySC2's 84/64, non-square (screen
// wider than tall, minimap taller than wide), and a minimap smaller than the screen.
const std::vector<Resolution> kResolutions = {
    {64, 64, 64, 64}, {84, 84, 64, 64}, {80, 60, 40, 48}, {96, 72, 32, 32}};

}  // namespace

TEST_CASE("scene: identity layers (unit_type, player_id, player_relative, selected) at the units' pixels") {
  for (const Resolution& res : kResolutions) {
    CAPTURE(res.screen_w);
    CAPTURE(res.screen_h);
    CAPTURE(res.minimap_w);
    CAPTURE(res.minimap_h);
    Scene scene({res});
    // Inside the arena and in the camera's view at every resolution (80x60: 24 x 18 world units
    // around MoveToBeacon's camera (33,25)).
    eng::Unit& marine = scene.spawn(kMarine, 1, {29.3f, 32.6f});
    eng::Unit& ling = scene.spawn(kZergling, kEnemy, {36.2f, 28.9f});
    eng::Unit& field = scene.spawn(kMineralField, kNeutral, {24.5f, 26.5f});
    scene.select(marine);
    const py::Observation obs = scene.observe();

    const PixelSet m = scene.screen_disc(marine), z = scene.screen_disc(ling), f = scene.screen_disc(field);
    REQUIRE(m.size() >= 2);  // a Marine is more than one pixel at these resolutions
    // The discs do not touch, so each unit owns its pixels; nothing else is drawn.
    CHECK(unite({m, z, f}).size() == m.size() + z.size() + f.size());
    for (const char* name : {"unit_type", "player_id", "player_relative", "unit_hit_points", "unit_density"}) {
      CAPTURE(name);
      CHECK(nonzero(screen(obs, name)) == unite({m, z, f}));
    }
    check_value(screen(obs, "unit_type"), m, kMarine);
    check_value(screen(obs, "unit_type"), z, kZergling);
    check_value(screen(obs, "unit_type"), f, kMineralField);
    check_value(screen(obs, "player_id"), m, 1);
    check_value(screen(obs, "player_id"), z, kEnemy);
    check_value(screen(obs, "player_id"), f, kNeutral);
    check_value(screen(obs, "player_relative"), m, 1);
    check_value(screen(obs, "player_relative"), z, 4);
    check_value(screen(obs, "player_relative"), f, 3);
    CHECK(nonzero(screen(obs, "selected")) == m);
    check_value(screen(obs, "selected"), m, 1);

    // Minimap: the same units, whole-map mapping, no cheating layer asked for.
    const PixelSet mm = scene.minimap_disc(marine), mz = scene.minimap_disc(ling), mf = scene.minimap_disc(field);
    check_value(minimap(obs, "player_id"), mm, 1);
    check_value(minimap(obs, "player_id"), mz, kEnemy);
    check_value(minimap(obs, "player_id"), mf, kNeutral);
    check_value(minimap(obs, "player_relative"), mm, 1);
    check_value(minimap(obs, "player_relative"), mz, 4);
    check_value(minimap(obs, "player_relative"), mf, 3);
    CHECK(nonzero(minimap(obs, "player_relative")) == unite({mm, mz, mf}));
    CHECK(nonzero(minimap(obs, "selected")) == mm);
    CHECK(all_zero(minimap(obs, "unit_type")));
  }
}

TEST_CASE("scene: the minimap unit_type cheating layer carries unit types only when allowed") {
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    Options options{res};
    options.cheating = true;
    Scene scene(options);
    eng::Unit& cc = scene.spawn(kCommandCenter, 1, {30.5f, 30.5f});
    eng::Unit& ling = scene.spawn(kZergling, kEnemy, {40.2f, 22.9f});
    const py::Observation obs = scene.observe();
    const py::Layer& types = minimap(obs, "unit_type");
    CHECK(types.sent);
    check_value(types, scene.minimap_disc(cc), kCommandCenter);
    check_value(types, scene.minimap_disc(ling), kZergling);
    CHECK(nonzero(types) == unite({scene.minimap_disc(cc), scene.minimap_disc(ling)}));
  }
}

TEST_CASE("scene: the camera offset moves units on screen, units off screen are not drawn") {
  for (const Resolution& res : kResolutions) {
    CAPTURE(res.screen_w);
    CAPTURE(res.screen_h);
    Scene scene({res});
    eng::Unit& near = scene.spawn(kMarine, 1, {24.1f, 40.3f});
    eng::Unit& far = scene.spawn(kMarine, 1, {43.0f, 21.0f});
    scene.set_camera({26.0f, 37.0f});  // the far Marine is out of view, the near one up-left of centre
    const py::Observation obs = scene.observe();
    const PixelSet n = scene.screen_disc(near);
    CHECK(scene.screen_disc(far).empty());
    CHECK(nonzero(screen(obs, "unit_type")) == n);
    // Top-left origin: the near Marine is left of and above the screen centre.
    const auto [x, y] = scene.screen_pixel(scene.camera(), near.pos.x, near.pos.y);
    CHECK(x < res.screen_w / 2);
    CHECK(y < res.screen_h / 2);
    CHECK(screen(obs, "unit_type").at(x, y) == static_cast<std::int32_t>(kMarine));
    // Both are on the minimap wherever the camera is.
    check_value(minimap(obs, "player_relative"), scene.minimap_disc(near), 1);
    check_value(minimap(obs, "player_relative"), scene.minimap_disc(far), 1);
  }
}

TEST_CASE("scene: hit points and their ratio per unit, scalar values beyond the palette kept") {
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    Scene scene({res});
    eng::Unit& hurt = scene.spawn(kMarine, 1, {28.0f, 32.0f});
    hurt.health = 30.0f;
    eng::Unit& ling = scene.spawn(kZergling, kEnemy, {35.0f, 32.0f});
    eng::Unit& cc = scene.spawn(kCommandCenter, 1, {32.5f, 24.5f});
    cc.health = 1400.0f;
    const py::Observation obs = scene.observe();
    check_value(screen(obs, "unit_hit_points"), scene.screen_disc(hurt), 30);
    check_value(screen(obs, "unit_hit_points"), scene.screen_disc(ling), static_cast<std::int32_t>(ling.health_max));
    check_value(screen(obs, "unit_hit_points"), scene.screen_disc(cc), 1400);
    // ratio = hp / max hp onto 0..255 (truncated): 30/45 -> 170, full -> 255, 1400/1500 -> 238.
    check_value(screen(obs, "unit_hit_points_ratio"), scene.screen_disc(hurt), 170);
    check_value(screen(obs, "unit_hit_points_ratio"), scene.screen_disc(ling), 255);
    check_value(screen(obs, "unit_hit_points_ratio"), scene.screen_disc(cc), 238);
    CHECK(nonzero(screen(obs, "unit_hit_points_ratio")) ==
          unite({scene.screen_disc(hurt), scene.screen_disc(ling), scene.screen_disc(cc)}));
  }
}

TEST_CASE("scene: unit_density counts overlapping units, unit_density_aa sums sub-pixel coverage") {
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    CAPTURE(res.screen_w);
    Scene scene({res});
    eng::Unit& a = scene.spawn(kMarine, 1, {30.0f, 32.0f});
    eng::Unit& b = scene.spawn(kMarine, 1, {30.3f, 32.0f});  // overlaps a (not advanced: no push)
    eng::Unit& cc = scene.spawn(kCommandCenter, 1, {36.5f, 28.5f});
    const py::Observation obs = scene.observe();
    const PixelSet da = scene.screen_disc(a), db = scene.screen_disc(b), dc = scene.screen_disc(cc);
    const py::Layer& density = screen(obs, "unit_density");
    const py::Layer& aa = screen(obs, "unit_density_aa");
    int both = 0;
    for (int y = 0; y < density.height; ++y) {
      for (int x = 0; x < density.width; ++x) {
        const int expected = static_cast<int>(da.count({x, y}) + db.count({x, y}) + dc.count({x, y}));
        CAPTURE(x);
        CAPTURE(y);
        CHECK(density.at(x, y) == expected);
        both += expected == 2;
        // Coverage: each unit adds at most one pixel's worth (16/16 of a pixel -> 255/16).
        if (expected == 0) CHECK(aa.at(x, y) == 0);
        CHECK(aa.at(x, y) <= expected * 255 / 16);
      }
    }
    CHECK(both > 0);
    int marine_coverage = 0;
    for (const auto& [x, y] : unite({da, db})) marine_coverage += aa.at(x, y);
    CHECK(marine_coverage > 0);
    // Deep inside the Command Center (radius 2.75) a pixel is fully covered: 1 unit = 255/16.
    const auto [cx, cy] = scene.screen_pixel(scene.camera(), cc.pos.x, cc.pos.y);
    CHECK(aa.at(cx, cy) == 255 / 16);
    // On its rim pixels are only partly covered.
    int partial = 0;
    for (const auto& [x, y] : dc) partial += aa.at(x, y) < 255 / 16;
    CHECK(partial > 0);
  }
}

TEST_CASE("scene: unit_density_aa caps at 255 and unit_density counts past the palette") {
  Scene scene({kResolutions[0]});
  std::vector<eng::Unit*> pile;
  for (int i = 0; i < 20; ++i) pile.push_back(&scene.spawn(kCommandCenter, 1, {32.5f, 32.5f}));
  const py::Observation obs = scene.observe();
  const auto [x, y] = scene.screen_pixel(scene.camera(), 32.5, 32.5);
  CHECK(screen(obs, "unit_density").at(x, y) == 20);  // scale 16 clips only the colouring
  CHECK(screen(obs, "unit_density_aa").at(x, y) == 255);
}

TEST_CASE("scene: terrain layers (height_map, pathable, buildable) sample the cell under each pixel") {
  for (const Resolution& res : kResolutions) {
    CAPTURE(res.screen_w);
    CAPTURE(res.screen_h);
    Scene scene({res});
    // Near the playable area's top-left corner: border on two sides (no pixel centre lies
    // exactly on its edges x = 20, y = 44 at these resolutions).
    scene.set_camera({21.1f, 41.9f});
    const py::Observation obs = scene.observe();
    const eng::MapLayout& map = scene.world().map();
    const py::Layer& height = screen(obs, "height_map");
    const py::Layer& pathable = screen(obs, "pathable");
    const py::Layer& buildable = screen(obs, "buildable");
    int inside = 0, outside = 0;
    for (int py = 0; py < res.screen_h; ++py) {
      for (int px = 0; px < res.screen_w; ++px) {
        const auto [x, y] = scene.screen_centre(scene.camera(), px, py);
        const int cx = static_cast<int>(std::floor(x)), cy = static_cast<int>(std::floor(y));
        REQUIRE(map.in_bounds(cx, cy));
        const auto cell = map.cell(cx, cy);
        CAPTURE(px);
        CAPTURE(py);
        CHECK(height.at(px, py) == eng::feature_height(eng::height_from_byte(map.terrain_height[cell])));
        CHECK(pathable.at(px, py) == map.pathable[cell]);
        CHECK(buildable.at(px, py) == map.buildable[cell]);
        (map.playable.contains(cx, cy) ? inside : outside) += 1;
      }
    }
    CHECK(inside > 0);
    CHECK(outside > 0);
    // The border is lower ground than the playable area, and not walkable there.
    CHECK(height.at(0, 0) < height.at(res.screen_w - 1, res.screen_h - 1));
    CHECK(pathable.at(0, 0) == 0);
    CHECK(pathable.at(res.screen_w - 1, res.screen_h - 1) == 1);

    // Minimap: the whole map, pixel -> cell under its centre.
    const py::Layer& mh = minimap(obs, "height_map");
    const py::Layer& mp = minimap(obs, "pathable");
    const py::Layer& mb = minimap(obs, "buildable");
    for (int py = 0; py < res.minimap_h; ++py) {
      for (int px = 0; px < res.minimap_w; ++px) {
        const auto [x, y] = scene.minimap_centre(px, py);
        const int cx = static_cast<int>(std::floor(x)), cy = static_cast<int>(std::floor(y));
        if (!map.in_bounds(cx, cy)) {
          CHECK(mp.at(px, py) == 0);  // beyond a non-square minimap's map area
          continue;
        }
        const auto cell = map.cell(cx, cy);
        CAPTURE(px);
        CAPTURE(py);
        CHECK(mh.at(px, py) == eng::feature_height(eng::height_from_byte(map.terrain_height[cell])));
        CHECK(mp.at(px, py) == map.pathable[cell]);
        CHECK(mb.at(px, py) == map.buildable[cell]);
      }
    }
  }
}

TEST_CASE("scene: the minimap camera layer is the screen's world rectangle") {
  for (const Resolution& res : kResolutions) {
    for (bool crop : {false, true}) {
      CAPTURE(res.screen_w);
      CAPTURE(res.screen_h);
      CAPTURE(res.minimap_w);
      CAPTURE(crop);
      Options options{res};
      options.crop = crop;
      Scene scene(options);
      const eng::Vec2 cam{30.2f, 35.3f};  // no minimap pixel centre on the rectangle's edges
      scene.set_camera(cam);
      const py::Observation obs = scene.observe();
      const py::Layer& camera = minimap(obs, "camera");
      const double half_w = scene.options().camera_width / 2.0;
      const double half_h = half_w * res.screen_h / res.screen_w;  // square screen pixels
      PixelSet expected;
      for (int py = 0; py < res.minimap_h; ++py) {
        for (int px = 0; px < res.minimap_w; ++px) {
          const auto [x, y] = scene.minimap_centre(px, py);
          if (std::abs(x - cam.x) <= half_w && std::abs(y - cam.y) <= half_h) expected.insert({px, py});
        }
      }
      REQUIRE_FALSE(expected.empty());
      CHECK(nonzero(camera) == expected);
      // Cropping to the 22x16 playable area magnifies: the camera covers more minimap pixels.
      if (crop) CHECK(expected.size() > static_cast<std::size_t>(res.minimap_w * res.minimap_h) / 4);
    }
  }
}

TEST_CASE("scene: crop_to_playable_area maps the playable area onto the whole minimap") {
  Options options{kResolutions[0]};
  options.crop = true;
  Scene scene(options);
  // MoveToBeacon's playable area (22,20)-(44,36), 22 x 16: its top-left corner is the
  // minimap's, and the area fills the minimap's width (scaled by its larger side).
  eng::Unit& corner = scene.spawn(kMarine, 1, {22.3f, 35.7f});
  eng::Unit& cc = scene.spawn(kCommandCenter, 1, {40.5f, 23.5f});
  const py::Observation obs = scene.observe();
  const py::Layer& relative = minimap(obs, "player_relative");
  const PixelSet c = scene.minimap_disc(corner);
  CHECK(c.count({0, 0}) == 1);
  check_value(relative, c, 1);
  check_value(relative, scene.minimap_disc(cc), 1);
  CHECK(nonzero(relative) == unite({c, scene.minimap_disc(cc)}));
  // The pathable pixels are exactly those whose centre is on the playable area: every column,
  // 16/22 of the rows.
  PixelSet on_playable;
  for (int py = 0; py < 64; ++py) {
    for (int px = 0; px < 64; ++px) {
      const auto [x, y] = scene.minimap_centre(px, py);
      if (x >= 22.0 && x < 44.0 && y >= 20.0 && y < 36.0) on_playable.insert({px, py});
    }
  }
  CHECK(on_playable.size() == 64u * 47u);
  CHECK(nonzero(minimap(obs, "pathable")) == on_playable);
}

TEST_CASE("scene: visibility with fog: visible around own units, seen where they were, hidden elsewhere") {
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    Scene scene({res});
    scene.world().set_fog(true);
    eng::Unit& marine = scene.spawn(kMarine, 1, {22.5f, 32.5f});
    const float sight = marine.stats->sight_range;
    scene.world().advance();  // vision updates once per loop
    const eng::Vec2 first = marine.pos;
    marine.pos = {42.5f, 32.5f};
    scene.world().advance();
    const eng::Vec2 now = marine.pos;
    eng::Unit& ling = scene.spawn(kZergling, kEnemy, {first.x, first.y + 2.0f});  // in the fog now
    eng::Unit& seen_ling = scene.spawn(kZergling, kEnemy, {now.x - 3.0f, now.y});  // in sight
    const py::Observation obs = scene.observe();

    const py::Layer& vis = screen(obs, "visibility_map");
    const eng::Vec2 cam = scene.camera();
    int visible = 0, seen = 0, hidden = 0;
    for (int py = 0; py < res.screen_h; ++py) {
      for (int px = 0; px < res.screen_w; ++px) {
        const auto [x, y] = scene.screen_centre(cam, px, py);
        // Cells, not pixels, carry vision: judge by the cell centre, away from the edges.
        const double cx = std::floor(x) + 0.5, cy = std::floor(y) + 0.5;
        const double d_now = std::hypot(cx - now.x, cy - now.y), d_first = std::hypot(cx - first.x, cy - first.y);
        CAPTURE(px);
        CAPTURE(py);
        if (d_now < sight - 0.75) {
          CHECK(vis.at(px, py) == 2);
          ++visible;
        } else if (d_now > sight + 0.75 && d_first < sight - 0.75) {
          CHECK(vis.at(px, py) == 1);
          ++seen;
        } else if (d_now > sight + 0.75 && d_first > sight + 0.75) {
          CHECK(vis.at(px, py) == 0);
          ++hidden;
        }
      }
    }
    CHECK(visible > 0);
    CHECK(seen > 0);
    CHECK(hidden > 0);
    // An enemy in the fog is not drawn; one in sight is.
    const py::Layer& types = screen(obs, "unit_type");
    CHECK(nonzero(types) == unite({scene.screen_disc(marine), scene.screen_disc(seen_ling)}));
    (void)ling;
    // Minimap visibility, the same rule on the minimap's pixels.
    const py::Layer& mvis = minimap(obs, "visibility_map");
    const auto [nx, ny] = scene.minimap_pixel(now.x, now.y);
    const auto [fx, fy] = scene.minimap_pixel(first.x, first.y);
    const auto [hx, hy] = scene.minimap_pixel(32.5, 60.5);
    CHECK(mvis.at(nx, ny) == 2);
    CHECK(mvis.at(fx, fy) == 1);
    CHECK(mvis.at(hx, hy) == 0);
    for (auto v : mvis.values) CHECK(v <= 2);
  }
}

TEST_CASE("scene: build_progress of a structure under construction, finished units show 0") {
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    Scene scene({res});
    eng::Unit& rax = scene.spawn(kBarracks, 1, {27.5f, 32.5f});
    rax.under_construction = true;
    rax.build_loops_done = rax.stats->build_time_loops / 2;
    eng::Unit& done = scene.spawn(kBarracks, 1, {37.5f, 32.5f});
    eng::Unit& marine = scene.spawn(kMarine, 1, {32.5f, 26.5f});
    const py::Observation obs = scene.observe();
    const py::Layer& progress = screen(obs, "build_progress");
    check_value(progress, scene.screen_disc(rax), static_cast<std::int32_t>(rax.build_progress() * 255.0f));
    CHECK(progress.at(scene.screen_pixel(scene.camera(), rax.pos.x, rax.pos.y).first,
                      scene.screen_pixel(scene.camera(), rax.pos.x, rax.pos.y).second) == 127);
    CHECK(nonzero(progress) == scene.screen_disc(rax));
    (void)done;
    (void)marine;
  }
}

TEST_CASE("scene: active marks a structure that is producing") {
  Scene scene({kResolutions[2]});
  eng::Unit& busy = scene.spawn(kBarracks, 1, {27.5f, 32.5f});
  busy.production.push_back({560, kMarine, 100});
  eng::Unit& idle = scene.spawn(kBarracks, 1, {37.5f, 32.5f});
  scene.spawn(kMarine, 1, {32.5f, 26.5f});
  const py::Observation obs = scene.observe();
  const py::Layer& active = screen(obs, "active");
  CHECK(active.sent);
  CHECK(nonzero(active) == scene.screen_disc(busy));
  check_value(active, scene.screen_disc(busy), 1);
  (void)idle;
}

TEST_CASE("scene: buffs show a worker's carry buff, buff_duration is 0 for these lasting buffs") {
  Scene scene({kResolutions[0]});
  eng::Unit& minerals = scene.spawn(kScv, 1, {27.5f, 32.5f});
  minerals.cargo_minerals = 5;
  eng::Unit& gas = scene.spawn(kScv, 1, {32.5f, 32.5f});
  gas.cargo_vespene = 4;
  scene.spawn(kScv, 1, {37.5f, 32.5f});  // empty-handed
  const py::Observation obs = scene.observe();
  const py::Layer& buffs = screen(obs, "buffs");
  CHECK(buffs.sent);
  check_value(buffs, scene.screen_disc(minerals), 271);  // CarryMineralFieldMinerals
  check_value(buffs, scene.screen_disc(gas), 273);       // CarryHarvestableVespeneGeyserGas
  CHECK(nonzero(buffs) == unite({scene.screen_disc(minerals), scene.screen_disc(gas)}));
  const py::Layer& duration = screen(obs, "buff_duration");
  CHECK(duration.sent);
  CHECK(all_zero(duration));
  // The raw units carry the same buff ids.
  std::multiset<std::uint32_t> raw_buffs;
  for (const auto& u : obs.raw_view.units) raw_buffs.insert(u.buff_ids.begin(), u.buff_ids.end());
  CHECK(raw_buffs == std::multiset<std::uint32_t>{271, 273});
}

TEST_CASE("scene: creep and power are sent full size and empty (no creep or power sources exist)") {
  // PySC2's human renderer draws these four layers and fails on a (0,0) one, so they are
  // always sent; no mini-game has a Hatchery, creep tumour or Pylon.
  for (const Resolution& res : {kResolutions[0], kResolutions[2]}) {
    Scene scene({res});
    scene.spawn(kZergling, kEnemy, {30.0f, 30.0f});
    const py::Observation obs = scene.observe();
    for (const py::Layer* layer : {&screen(obs, "creep"), &screen(obs, "power"), &minimap(obs, "creep")}) {
      CAPTURE(layer->name);
      CHECK(layer->sent);
      CHECK(all_zero(*layer));
    }
    CHECK(screen(obs, "creep").width == res.screen_w);
    CHECK(minimap(obs, "creep").height == res.minimap_h);
  }
}

TEST_CASE("scene: layers of quantities the engine does not have are sent as (0,0) and read as zeros") {
  // Energy, shields, effects, hallucinations, cloak, blips and placeholders do not
  // exist in the engine (engine/README.md, feature layers): the game's way to say so is an
  // empty layer, which PySC2 turns into zeros of the requested size.
  Scene scene({kResolutions[2]});
  scene.spawn(kMarine, 1, {30.0f, 30.0f});
  scene.spawn(kZergling, kEnemy, {33.0f, 30.0f});
  const py::Observation obs = scene.observe();
  for (const char* name : {"unit_energy", "unit_energy_ratio", "unit_shields", "unit_shields_ratio", "effects",
                           "hallucinations", "cloaked", "blip", "placeholder"}) {
    CAPTURE(name);
    const py::Layer& layer = screen(obs, name);
    CHECK_FALSE(layer.sent);
    CHECK(layer.width == kResolutions[2].screen_w);
    CHECK(layer.height == kResolutions[2].screen_h);
    CHECK(all_zero(layer));
  }
  // Minimap alerts are sent full size (engine/README.md, Alerts); no attack happened yet.
  const py::Layer& alerts = minimap(obs, "alerts");
  CHECK(alerts.sent);
  CHECK(alerts.width == kResolutions[2].minimap_w);
  CHECK(all_zero(alerts));
  // Every other layer is sent.
  int sent = 0;
  for (const py::Layer& layer : obs.feature_screen) sent += layer.sent;
  CHECK(sent == 27 - 9);
  sent = 0;
  for (const py::Layer& layer : obs.feature_minimap) sent += layer.sent;
  CHECK(sent == 11);
}

TEST_CASE("scene: raw_units, unit_counts and the camera keys from the engine's raw data") {
  Scene scene({kResolutions[2]});
  eng::Unit& a = scene.spawn(kMarine, 1, {29.3f, 34.6f});
  scene.spawn(kMarine, 1, {31.3f, 34.6f});
  scene.spawn(kScv, 1, {33.7f, 30.2f});
  eng::Unit& ling = scene.spawn(kZergling, kEnemy, {36.2f, 28.9f});
  scene.set_camera({30.5f, 33.25f});
  const py::Observation obs = scene.observe();
  REQUIRE(obs.raw_units.rows == 4);
  // Rows are found by their real tags (rows come in slot order).
  auto row_of = [&](const eng::Unit& u) {
    for (int row = 0; row < obs.raw_units.rows; ++row) {
      if (obs.raw_units.at(row, "tag") == static_cast<std::int64_t>(eng::to_tag(u.id))) return row;
    }
    FAIL("no raw_units row has the tag of unit type " << u.type());
    return -1;
  };
  // The 64x64 map at its own raw resolution: floor(x), floor(64 - y).
  const int ra = row_of(a), rl = row_of(ling);
  CHECK(obs.raw_units.at(ra, "x") == 29);
  CHECK(obs.raw_units.at(ra, "y") == 29);
  CHECK(obs.raw_units.at(ra, "unit_type") == kMarine);
  CHECK(obs.raw_units.at(rl, "alliance") == 4);
  CHECK(obs.raw_units.at(rl, "x") == 36);
  CHECK(obs.raw_units.at(rl, "y") == 35);
  REQUIRE(obs.unit_counts.rows == 2);  // SCV (45) before Marine (48); the Zergling is not ours
  CHECK(obs.unit_counts.at(0, "unit_type") == kScv);
  CHECK(obs.unit_counts.at(0, "count") == 1);
  CHECK(obs.unit_counts.at(1, "unit_type") == kMarine);
  CHECK(obs.unit_counts.at(1, "count") == 2);
  CHECK(obs.camera_position == std::array<std::int64_t, 2>{30, 30});  // floor(64 - 33.25)
  CHECK(obs.camera_size == std::array<std::int64_t, 2>{24, 24});
  CHECK(obs.rgb_screen.empty());  // this scene asks for no RGB images
  CHECK(obs.rgb_minimap.empty());
}
