// Action interpretation: selection by point/rect/army, available abilities, echoed actions,
// camera moves, and invalid actions that must fail cleanly.
#include <set>

#include "tests/engine/engine_test_util.h"
#include "tests/engine/map_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

struct MarineOnScreen {
  Pixel pixel;
  api::Point pos;
};

MarineOnScreen marine_pixel(const api::ResponseObservation& obs) {
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine != nullptr);
  const auto& camera = obs.observation().raw_data().player().camera();
  return {world_to_screen(camera, 24.0f, 64, 64, marine->pos().x(), marine->pos().y()), marine->pos()};
}

std::set<std::pair<int, bool>> abilities_of(const api::ResponseObservation& obs) {
  std::set<std::pair<int, bool>> out;
  for (const auto& a : obs.observation().abilities()) out.insert({a.ability_id(), a.requires_point()});
  return out;
}

}  // namespace

TEST_CASE("select_point on the Marine selects it and lists its abilities") {
  GameServer server;
  start_game(server, 3);
  auto obs = observe(server);
  const auto m = marine_pixel(obs);
  REQUIRE(act(server, select_point(m.pixel.x, m.pixel.y)).result(0) == api::Success);
  obs = observe(server);
  CHECK(find_unit(obs, kMarine)->is_selected());
  const std::set<std::pair<int, bool>> expected = {{1, true}, {4, false}, {16, true}, {17, true}, {18, false}, {23, true}};
  CHECK(abilities_of(obs) == expected);
  REQUIRE(obs.observation().ui_data().has_single());
  CHECK(obs.observation().ui_data().single().unit().unit_type() == kMarine);
  CHECK(pixel(obs.observation().feature_layer_data().renders().selected(), m.pixel.x, m.pixel.y) == 1);
  // The executed action is echoed once with its game loop.
  REQUIRE(obs.actions_size() == 1);
  CHECK(obs.actions(0).has_action_feature_layer());
  CHECK(obs.actions(0).action_feature_layer().has_unit_selection_point());
  CHECK(obs.actions(0).game_loop() == 0);
  CHECK(observe(server).actions_size() == 0);

  // Toggle deselects it again.
  act(server, select_point(m.pixel.x, m.pixel.y, api::ActionSpatialUnitSelectionPoint::Toggle));
  obs = observe(server);
  CHECK_FALSE(find_unit(obs, kMarine)->is_selected());
  CHECK(obs.observation().abilities_size() == 0);
}

TEST_CASE("select_rect around the Marine selects it, an empty rect keeps the selection") {
  GameServer server;
  start_game(server, 3);
  auto obs = observe(server);
  const auto m = marine_pixel(obs);
  const auto clamp = [](int v) { return std::max(0, std::min(63, v)); };
  REQUIRE(act(server, select_rect(clamp(m.pixel.x + 3), clamp(m.pixel.y + 3), clamp(m.pixel.x - 3),
                                  clamp(m.pixel.y - 3)))
              .result(0) == api::Success);
  obs = observe(server);
  CHECK(find_unit(obs, kMarine)->is_selected());

  // A rectangle far from the Marine (opposite corner) finds nothing and keeps the selection.
  const int fx = m.pixel.x < 32 ? 60 : 0, fy = m.pixel.y < 32 ? 60 : 0;
  act(server, select_rect(fx, fy, fx + 3, fy + 3));
  CHECK(find_unit(observe(server), kMarine)->is_selected());
}

TEST_CASE("select_army selects the Marine and army_count offers it") {
  GameServer server;
  start_game(server, 3);
  CHECK(observe(server).observation().player_common().army_count() == 1);
  CHECK(act(server, select_army()).result(0) == api::Success);
  CHECK(find_unit(observe(server), kMarine)->is_selected());
}

TEST_CASE("commands: specific and general ids, queued orders, stop and hold") {
  GameServer server;
  start_game(server, 3);
  act(server, select_army());
  CHECK(act(server, move_screen(5, 5, 16)).result(0) == api::Success);
  CHECK(act(server, move_screen(60, 60, 3795, true)).result(0) == api::Success);  // queued patrol
  auto obs = observe(server);
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine->orders_size() == 2);
  CHECK(marine->orders(0).ability_id() == 16);
  CHECK(marine->orders(1).ability_id() == 17);

  api::Action stop;
  stop.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(3665);
  CHECK(act(server, stop).result(0) == api::Success);
  CHECK(find_unit(observe(server), kMarine)->orders_size() == 0);

  CHECK(act(server, move_screen(5, 5, 1)).result(0) == api::Success);  // Smart = move
  CHECK(act(server, move_screen(5, 5, 23)).result(0) == api::Success);  // attack-move
  api::Action hold;
  hold.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(18);
  CHECK(act(server, hold).result(0) == api::Success);
  obs = observe(server);
  CHECK(find_unit(obs, kMarine)->orders_size() == 0);
  const auto before = find_unit(obs, kMarine)->pos();
  step(server, 16);
  CHECK(find_unit(observe(server), kMarine)->pos().SerializeAsString() == before.SerializeAsString());
}

TEST_CASE("invalid actions give an ActionResult error, reach action_errors, and never crash") {
  GameServer server;
  start_game(server, 3);

  // Nothing selected.
  CHECK(act(server, move_screen(10, 10)).result(0) != api::Success);
  auto obs = observe(server);
  REQUIRE(obs.action_errors_size() == 1);
  CHECK(obs.action_errors(0).ability_id() == 3794);
  CHECK(obs.action_errors(0).result() != api::Success);
  CHECK(obs.actions_size() == 0);  // failed actions are not echoed

  act(server, select_army());
  // Unknown ability, an ability the Marine does not have, a missing target, out-of-range pixels.
  CHECK(act(server, move_screen(10, 10, 999999)).result(0) != api::Success);
  CHECK(act(server, move_screen(10, 10, 524)).result(0) != api::Success);  // Train_SCV
  api::Action no_target;
  no_target.mutable_action_feature_layer()->mutable_unit_command()->set_ability_id(3794);
  CHECK(act(server, no_target).result(0) != api::Success);
  CHECK(act(server, move_screen(64, 10)).result(0) != api::Success);
  CHECK(act(server, move_screen(-1, 10)).result(0) != api::Success);
  CHECK(act(server, select_point(10, 900)).result(0) != api::Success);
  CHECK(act(server, select_rect(-5, 0, 10, 10)).result(0) != api::Success);
  api::Action minimap;
  auto* cmd = minimap.mutable_action_feature_layer()->mutable_unit_command();
  cmd->set_ability_id(16);
  cmd->mutable_target_minimap_coord()->set_x(64);
  cmd->mutable_target_minimap_coord()->set_y(0);
  CHECK(act(server, minimap).result(0) != api::Success);
  api::Action camera;
  camera.mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap()->set_x(-3);
  CHECK(act(server, camera).result(0) != api::Success);
  api::Action render;
  render.mutable_action_render()->mutable_camera_move();
  CHECK(act(server, render).result(0) == api::NotSupported);

  obs = observe(server);
  CHECK(obs.action_errors_size() == 10);
  CHECK(find_unit(obs, kMarine)->orders_size() == 0);

  // A no-op action succeeds; several actions in one request get one result each.
  api::Request r;
  r.mutable_action()->add_actions();
  *r.mutable_action()->add_actions() = move_screen(10, 10);
  *r.mutable_action()->add_actions() = move_screen(99, 10);
  auto response = call(server, r);
  REQUIRE(response.action().result_size() == 3);
  CHECK(response.action().result(0) == api::Success);
  CHECK(response.action().result(1) == api::Success);
  CHECK(response.action().result(2) != api::Success);
}

TEST_CASE("camera_move centres the camera on the minimap pixel, the view kept inside the playable area") {
  auto camera_move = [](int x, int y) {
    api::Action camera;
    auto* c = camera.mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap();
    c->set_x(x);
    c->set_y(y);
    return camera;
  };
  auto camera_of = [](GameServer& server) { return observe(server).observation().raw_data().player().camera(); };

  SUBCASE("a single-screen mini-game: the map locks the camera where its script pans it") {
    GameServer server;
    start_game(server, 3);  // MoveToBeacon: camera locked at (33,25)
    for (auto [x, y] : {std::pair{0, 0}, std::pair{63, 63}, std::pair{25, 40}}) {
      REQUIRE(act(server, camera_move(x, y)).result(0) == api::Success);
      CHECK(camera_of(server).x() == doctest::Approx(33.0f));
      CHECK(camera_of(server).y() == doctest::Approx(25.0f));
    }
  }
  SUBCASE("a map larger than a screen: the camera moves, its view stopping at the camera bounds") {
    GameServer server;
    auto created = call(server, create_request(3, map_path("FindAndDefeatZerglings")));
    REQUIRE_FALSE(created.create_game().has_error());
    REQUIRE_FALSE(call(server, join_request()).join_game().has_error());  // camera bounds (10,8)-(54,44)
    CHECK(camera_of(server).x() == doctest::Approx(32.0f));  // the script's start, (32,25)
    CHECK(camera_of(server).y() == doctest::Approx(25.0f));
    REQUIRE(act(server, camera_move(0, 0)).result(0) == api::Success);   // the map's top-left corner
    CHECK(camera_of(server).x() == doctest::Approx(22.0f));  // 10 + half the 24-wide view
    CHECK(camera_of(server).y() == doctest::Approx(32.0f));  // 44 - 12
    act(server, camera_move(32, 32));
    CHECK(camera_of(server).x() == doctest::Approx(32.5f));  // inside the bounds: the pixel's centre
    CHECK(camera_of(server).y() == doctest::Approx(31.5f));
  }
}

TEST_CASE("raw unit commands by tag move the Marine, unknown tags fail") {
  GameServer server;
  Interface i;
  i.raw_crop = true;
  start_game(server, 3, i);
  auto obs = observe(server);
  const auto* marine = find_unit(obs, kMarine);
  REQUIRE(marine != nullptr);
  CHECK(marine->pos().x() < 24.0f);  // cropped coordinates
  api::Action a;
  auto* cmd = a.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(3794);
  cmd->add_unit_tags(marine->tag());
  cmd->mutable_target_world_space_pos()->set_x(12.0f);
  cmd->mutable_target_world_space_pos()->set_y(12.0f);
  CHECK(act(server, a).result(0) == api::Success);
  step(server, 400);
  obs = observe(server);
  CHECK(find_unit(obs, kMarine)->pos().x() == doctest::Approx(12.0f));
  CHECK(find_unit(obs, kMarine)->pos().y() == doctest::Approx(12.0f));
  CHECK(obs.actions_size() == 0);  // raw actions are not echoed

  cmd->set_unit_tags(0, 12345);
  CHECK(act(server, a).result(0) != api::Success);
}
