// Speed work on the feature layers must not change a byte: the cached static layers, the
// direct encoder and the reused ResponseObservation are compared with fresh rendering.
#include <random>
#include <string>
#include <vector>

#include "engine/raster/disc_pixel_cache.h"
#include "engine/raster/feature_layers.h"
#include "engine/raster/image_encoding.h"
#include "engine/raster/layer_cache.h"
#include "engine/server/game.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

struct Rendered {
  std::string screen, minimap;
};

Rendered render(const World& world, const FeatureLayerSetup& setup, FeatureLayerCache* cache) {
  api::FeatureLayers screen;
  api::FeatureLayersMinimap minimap;
  render_screen(world, kAgentPlayer, setup, &screen, cache);
  render_minimap(world, kAgentPlayer, setup, &minimap, cache);
  return {screen.SerializeAsString(), minimap.SerializeAsString()};
}

std::unique_ptr<Game> new_game(const char* map, std::uint64_t seed) {
  GameConfig config;
  config.map = find_mini_game(map);
  REQUIRE(config.map != nullptr);
  return std::make_unique<Game>(config, seed);
}

}  // namespace

TEST_CASE("cached feature layers equal fresh ones while units move, the camera moves and maps change") {
  FeatureLayerCache cache;  // one cache across every map, as a GameServer keeps it
  FeatureLayerSetup setup;
  setup.screen_width = 48;
  setup.screen_height = 40;
  setup.minimap_width = 32;
  setup.minimap_height = 36;
  std::mt19937 rng(5);
  // FindAndDefeatZerglings has fog (visibility changes every step) and a map larger than the screen.
  for (const char* map : {"FindAndDefeatZerglings", "CollectMineralShards", "BuildMarines", "DefeatZerglingsAndBanelings",
                          "FindAndDefeatZerglings"}) {
    CAPTURE(map);
    auto game = new_game(map, 3);
    World& world = game->world();
    for (int step = 0; step < 30; ++step) {
      CAPTURE(step);
      if (step % 3 == 0) {  // move the camera somewhere on the map, sometimes off its edge
        std::uniform_real_distribution<float> x(-4.0f, world.map().width + 4.0f), y(-4.0f, world.map().height + 4.0f);
        world.player(kAgentPlayer).camera = Vec2{x(rng), y(rng)};
      }
      const Rendered cached = render(world, setup, &cache);
      const Rendered fresh = render(world, setup, nullptr);
      CHECK(cached.screen == fresh.screen);
      CHECK(cached.minimap == fresh.minimap);
      game->step(8);
    }
  }
}

TEST_CASE("static layers are computed once per view and again when the camera moves") {
  auto game = new_game("CollectMineralShards", 1);
  World& world = game->world();
  FeatureLayerCache cache;
  FeatureLayerSetup setup;
  render(world, setup, &cache);
  const auto after_first = cache.static_misses();
  CHECK(after_first > 0);
  game->step(16);  // units move; terrain and camera do not
  render(world, setup, &cache);
  CHECK(cache.static_misses() == after_first);
  world.player(kAgentPlayer).camera.x += 1.0f;
  render(world, setup, &cache);
  CHECK(cache.static_misses() > after_first);
}

TEST_CASE("LayerWriter writes the same bytes as encode_pixels, clamping included") {
  std::mt19937 rng(9);
  std::uniform_int_distribution<std::int32_t> value(-70000, 70000);
  for (int bits : {1, 8, 16, 32}) {
    for (auto [w, h] : {std::pair{7, 5}, std::pair{64, 64}, std::pair{3, 1}}) {
      CAPTURE(bits);
      CAPTURE(w);
      CAPTURE(h);
      std::vector<std::int32_t> values(static_cast<std::size_t>(w) * h);
      for (auto& v : values) v = rng() % 3 == 0 ? 0 : value(rng);
      api::ImageData image;
      image.set_data(std::string(1000, 'x'));  // stale bytes of a reused message are replaced
      LayerWriter writer = LayerWriter::into(&image, w, h, bits);
      // Written in a scrambled order, twice for some pixels (last write wins).
      for (std::size_t i = values.size(); i-- > 0;) writer.set_index(i, value(rng));
      for (std::size_t i = 0; i < values.size(); ++i) writer.set_index(i, values[i]);
      CHECK(image.data() == encode_pixels(values, bits));
      CHECK(image.bits_per_pixel() == bits);
      CHECK(image.size().x() == w);
      CHECK(image.size().y() == h);
    }
  }
}

namespace {
template <int kBits>
std::string written_at_depth(const std::vector<std::int32_t>& values) {
  std::string bytes;
  LayerWriter writer(bytes, static_cast<int>(values.size()), 1, kBits);
  for (std::size_t i = values.size(); i-- > 0;) writer.set_index_at_depth<kBits>(i, 12345);  // overwritten below
  for (std::size_t i = 0; i < values.size(); ++i) writer.set_index_at_depth<kBits>(i, values[i]);
  return bytes;
}
}  // namespace

TEST_CASE("LayerWriter set_index_at_depth writes what set_index and encode_pixels write") {
  std::mt19937 rng(21);
  std::uniform_int_distribution<std::int32_t> value(-70000, 70000);
  std::vector<std::int32_t> values(203);
  for (auto& v : values) v = rng() % 3 == 0 ? 0 : value(rng);
  values[0] = -1;
  values[1] = 256;
  values[2] = 65536;
  values[3] = 1;
  CHECK(written_at_depth<1>(values) == encode_pixels(values, 1));
  CHECK(written_at_depth<8>(values) == encode_pixels(values, 8));
  CHECK(written_at_depth<16>(values) == encode_pixels(values, 16));
  CHECK(written_at_depth<32>(values) == encode_pixels(values, 32));
}

TEST_CASE("LayerWriter's saturating counter gives the clamped count") {
  std::string bytes;
  LayerWriter writer(bytes, 2, 1, 8);
  for (int i = 0; i < 300; ++i) writer.increment_saturating(0, 0);
  for (int i = 0; i < 7; ++i) writer.increment_saturating(1, 0);
  CHECK(bytes == encode_pixels({300, 7}, 8));
}

TEST_CASE("encode_zero and encode_bytes replace what a reused ImageData held") {
  api::ImageData image;
  image.set_data(std::string(5000, '\x7f'));
  encode_zero(7, 5, 1, &image);
  CHECK(image.data() == std::string(5, '\0'));
  encode_bytes(2, 1, 8, std::string("\x01\x02", 2), &image);
  CHECK(image.data() == std::string("\x01\x02", 2));
  CHECK(image.size().x() == 2);
  CHECK(encoded_size(7, 5, 1) == 5);
  CHECK(encoded_size(7, 5, 32) == 140);
  CHECK(encoded_size(7, 5, 3) == 0);  // unsupported depth
}

TEST_CASE("handle_bytes (reused observation message) and handle_bytes_into (reused reply) answer byte for byte as handle") {
  // Two servers, same seed and requests: one through handle() (a new Response each time),
  // one through handle_bytes() (its ResponseObservation message is cleared and reused).
  // A third answers into one reused reply string (handle_bytes_into, what EngineHost does per
  // connection): longer and shorter replies after each other must come out whole.
  GameServer fresh, reused, into;
  Interface i;
  i.screen_w = 40;
  i.minimap_w = i.minimap_h = 24;
  std::uint32_t id = 1;
  std::string reply(300000, '\x55');  // stale bytes, longer than any reply
  const auto both = [&](api::Request request) {
    request.set_id(id++);
    const std::string expected = fresh.handle(request).SerializeAsString();
    const std::string actual = reused.handle_bytes(request.SerializeAsString());
    CHECK(actual == expected);
    into.handle_bytes_into(request.SerializeAsString(), reply);
    CHECK(reply == expected);
  };
  both(create_request(4, "mini_games/BuildMarines.SC2Map"));
  both(join_request(i));
  api::Request observe_request;
  observe_request.mutable_observation();
  std::mt19937 rng(2);
  for (int n = 0; n < 40; ++n) {
    CAPTURE(n);
    api::Request action;
    // Selections change the raw units' is_selected and the UI panels; a camera move the layers.
    if (n % 4 == 0) *action.mutable_action()->add_actions() = select_rect(0, 0, 40, 40);
    if (n % 4 == 1) *action.mutable_action()->add_actions() = select_point(static_cast<int>(rng() % 40), 10);
    if (n % 4 == 2) {
      auto* camera = action.mutable_action()->add_actions()->mutable_action_feature_layer()->mutable_camera_move();
      camera->mutable_center_minimap()->set_x(static_cast<int>(rng() % 24));
      camera->mutable_center_minimap()->set_y(static_cast<int>(rng() % 24));
    }
    if (action.has_action()) both(action);
    api::Request step_request;
    step_request.mutable_step()->set_count(8);
    both(step_request);
    both(observe_request);
  }
  both(observe_request);  // twice in a row: the echoed actions are gone the second time
}

namespace {

struct DiscPixels {
  std::vector<std::uint32_t> pixels;
  std::vector<float> coverage;
  bool operator==(const DiscPixels&) const = default;
};

DiscPixels fresh_disc(const ScreenView& view, Vec2 centre, float radius) {
  DiscPixels out;
  for_each_disc_pixel(view, centre, radius, [&](int px, int py, float cover) {
    out.pixels.push_back(static_cast<std::uint32_t>(py * view.width() + px));
    out.coverage.push_back(cover);
  });
  return out;
}

DiscPixels cached_disc(DiscPixelCache& cache, const ScreenView& view, UnitId id, Vec2 centre, float radius) {
  DiscPixels out;
  cache.for_each_pixel<true>(view, id, centre, radius, [&](std::uint32_t pixel, float cover) {
    out.pixels.push_back(pixel);
    out.coverage.push_back(cover);
  });
  return out;
}

}  // namespace

TEST_CASE("unit discs are sampled again only for a unit that moved, resized or is new in its slot, or another view") {
  const ScreenView view(Vec2{20.0f, 20.0f}, 24.0f, 64, 64);
  DiscPixelCache cache;
  cache.use_view({20.0f, 20.0f, 24.0f, 64.0f, 64.0f, 0.0f, 0.0f, 0.0f});
  const UnitId marine{3, 1}, barracks{7, 2};
  const Vec2 marine_at{18.3f, 21.7f}, barracks_at{24.5f, 17.5f};

  CHECK(cached_disc(cache, view, marine, marine_at, 0.375f) == fresh_disc(view, marine_at, 0.375f));
  CHECK(cached_disc(cache, view, barracks, barracks_at, 1.8125f) == fresh_disc(view, barracks_at, 1.8125f));
  CHECK(cache.misses() == 2);

  // Nothing changed: read back, not sampled.
  CHECK(cached_disc(cache, view, marine, marine_at, 0.375f) == fresh_disc(view, marine_at, 0.375f));
  CHECK(cached_disc(cache, view, barracks, barracks_at, 1.8125f) == fresh_disc(view, barracks_at, 1.8125f));
  CHECK(cache.misses() == 2);

  // The Marine moves a hair: sampled again, at its new place.
  const Vec2 nudged{marine_at.x + 0.01f, marine_at.y};
  CHECK(cached_disc(cache, view, marine, nudged, 0.375f) == fresh_disc(view, nudged, 0.375f));
  CHECK(cache.misses() == 3);
  // Another size at the same place.
  CHECK(cached_disc(cache, view, marine, nudged, 0.5f) == fresh_disc(view, nudged, 0.5f));
  CHECK(cache.misses() == 4);
  // Another unit in the Barracks' slot (the next generation), standing exactly where it stood.
  const UnitId successor{barracks.index, barracks.generation + 1};
  CHECK(cached_disc(cache, view, successor, barracks_at, 1.8125f) == fresh_disc(view, barracks_at, 1.8125f));
  CHECK(cache.misses() == 5);

  // Another view (the camera moved): everything is sampled again, on the new view.
  const ScreenView moved(Vec2{21.0f, 20.0f}, 24.0f, 64, 64);
  cache.use_view({21.0f, 20.0f, 24.0f, 64.0f, 64.0f, 0.0f, 0.0f, 0.0f});
  CHECK(cached_disc(cache, moved, successor, barracks_at, 1.8125f) == fresh_disc(moved, barracks_at, 1.8125f));
  CHECK(cache.misses() == 6);
  // The same key again keeps what is there.
  cache.use_view({21.0f, 20.0f, 24.0f, 64.0f, 64.0f, 0.0f, 0.0f, 0.0f});
  CHECK(cached_disc(cache, moved, successor, barracks_at, 1.8125f) == fresh_disc(moved, barracks_at, 1.8125f));
  CHECK(cache.misses() == 6);
}
