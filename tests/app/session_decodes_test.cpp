// Each observation is decoded once, in the client: a Session against sc2lite publishes one
// TimeStep per decode (the game thread never decodes one again to read its game loop), and
// what the UI does with a published TimeStep (world view, minimap, inspector, selection,
// raw layers, raw actions) decodes nothing.
#include <doctest/doctest.h>

#include "app/input/build_preview.h"
#include "app/input/raw_actions.h"
#include "app/views/selection_details.h"
#include "app/session/session.h"
#include "app/views/world_view_logic.h"
#include "client/pysc2/actions.h"
#include "client/pysc2/decode_counts.h"
#include "client/pysc2/raw_layers.h"
#include "render/world_scene.h"
#include "tests/app/session_test_support.h"

using sc2::test::have_sc2lite;
using sc2::test::wait_for;
namespace app = sc2::app;
namespace pysc2 = sc2::pysc2;
namespace render = sc2::render;

TEST_CASE("a session decodes each observation once and the game info once, and the UI side decodes nothing") {
  if (!have_sc2lite()) return;
  app::SessionOptions options;
  options.sc2lite_dir = SC2_BIN_DIR;
  options.speed = 0;  // as fast as possible, but paused below: one step per request
  options.env.map = "CollectMineralShards";
  options.env.seed = 5;
  const std::uint64_t views_before = pysc2::game_view_decodes();
  app::Session session(options);
  session.set_paused(true);
  session.start();
  REQUIRE(wait_for([&] {
    const auto snapshot = session.snapshot();
    return snapshot.timestep != nullptr || snapshot.state == app::SessionState::failed;
  }));
  REQUIRE(session.snapshot().state != app::SessionState::failed);
  // Paused after the first observation: nothing is decoded until a step is asked for.
  const std::uint64_t decodes = pysc2::observation_decodes();
  const std::uint64_t version = session.snapshot().timestep_version;
  constexpr int kSteps = 12;
  for (int i = 1; i <= kSteps; ++i) {
    if (i == 4) session.submit(pysc2::FunctionCall{pysc2::fn::select_army, {{0}}});  // a selection to show
    session.request_step();
    REQUIRE(wait_for([&] { return session.snapshot().timestep_version == version + i; }));
  }
  const app::SessionSnapshot snapshot = session.snapshot();
  CHECK(snapshot.timestep_version == version + kSteps);
  CHECK(pysc2::observation_decodes() == decodes + kSteps);  // one per published TimeStep
  CHECK(pysc2::game_view_decodes() == views_before + 1);    // one game: its info once
  REQUIRE(snapshot.game_view != nullptr);
  CHECK(snapshot.game_view == snapshot.timestep->observation.game_view);

  // What the UI thread does with it, on the decoded views only.
  const pysc2::Observation& obs = snapshot.timestep->observation;
  REQUIRE(obs.raw_view.sent);
  CHECK(obs.raw_view.units.size() > 2);  // two Marines and the shards
  REQUIRE(obs.raw_view.camera);
  const render::WorldRect area = render::camera_area({obs.raw_view.camera->x, obs.raw_view.camera->y},
                                                     snapshot.game_view->camera_width, 64, 64);
  CHECK_FALSE(render::unit_discs(obs.raw_view, area).empty());
  render::order_lines(obs.raw_view);
  render::unit_bars(obs.raw_view, area, area.width / 400.0f);
  app::unit_labels(obs.raw_view, area, true);
  app::effect_circles(obs.raw_view, area);
  const render::WorldPoint marine{obs.raw_view.units.front().pos.x, obs.raw_view.units.front().pos.y};
  app::click_pixel(obs.raw_view, area, 64, 64, marine);
  app::units_at_screen_pixel(obs.raw_view, area, 64, 64, {32, 32});
  app::units_at_minimap_pixel(obs.raw_view, *snapshot.game_view, 64, 64, {32, 32});
  app::units_at_map_cell(obs.raw_view, {32, 32});
  app::start_location_circles(*snapshot.game_view, 64, 64);
  app::radar_circles(obs.raw_view, *snapshot.game_view, 64, 64);
  app::footprint_blocked(area, obs.raw_view);
  app::to_raw_command(pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {32, 32}}}, obs.raw_view, area, 64, 64);
  app::selection_details(obs.ui_view);
  CHECK(obs.ui_view.multi.has_value());  // select_army chose both Marines
  for (const pysc2::Layer* layer : pysc2::raw_layers(obs)) CHECK(layer->sent);
  CHECK(pysc2::observation_decodes() == decodes + kSteps);
  session.stop();
}
