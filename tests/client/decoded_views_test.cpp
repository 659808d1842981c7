// The decoded views the app reads instead of protobuf (raw_view.h, ui_view.h, game_view.h):
// the real game's recorded Abyssal Reef messages field for field and at known values,
// sc2lite's (the engine in-process) against the engine's own state, and what an absent
// message decodes to.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>

#include "client/pysc2/features.h"
#include "client/pysc2/observation_keys.h"
#include "client/pysc2/raw_layers.h"
#include "tests/client/engine_rig.h"
#include "tests/shared_dir.h"

using namespace sc2::pysc2;
namespace api = SC2APIProtocol;
using sc2::test::kCommandCenter;
using sc2::test::kMarine;
using sc2::test::kScv;
using sc2::test::named_call;
using sc2::test::Rig;

namespace {

std::string read_fixture(const char* name) {
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2" / name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), "cannot open fixture " << name);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every field of the decoded unit equals the message's (the message's defaults where absent).
void check_same_unit(const RawUnit& unit, const api::Unit& proto) {
  CAPTURE(proto.tag());
  CHECK(unit.tag == proto.tag());
  CHECK(unit.unit_type == proto.unit_type());
  CHECK(unit.owner == proto.owner());
  CHECK(static_cast<int>(unit.alliance) == proto.alliance());
  CHECK(static_cast<int>(unit.display_type) == proto.display_type());
  CHECK(static_cast<int>(unit.cloak) == proto.cloak());
  CHECK(unit.pos == Point3D{proto.pos().x(), proto.pos().y(), proto.pos().z()});
  CHECK(unit.facing == proto.facing());
  CHECK(unit.radius == proto.radius());
  CHECK(unit.health == proto.health());
  CHECK(unit.health_max == proto.health_max());
  CHECK(unit.shield == proto.shield());
  CHECK(unit.shield_max == proto.shield_max());
  CHECK(unit.energy == proto.energy());
  CHECK(unit.energy_max == proto.energy_max());
  CHECK(unit.build_progress == proto.build_progress());
  CHECK(unit.has_build_progress == proto.has_build_progress());
  CHECK(unit.mineral_contents == proto.mineral_contents());
  CHECK(unit.vespene_contents == proto.vespene_contents());
  CHECK(unit.assigned_harvesters == proto.assigned_harvesters());
  CHECK(unit.ideal_harvesters == proto.ideal_harvesters());
  CHECK(unit.is_selected == proto.is_selected());
  CHECK(unit.is_hallucination == proto.is_hallucination());
  CHECK(unit.is_burrowed == proto.is_burrowed());
  CHECK(unit.is_flying == proto.is_flying());
  CHECK(unit.buff_ids == std::vector<std::uint32_t>(proto.buff_ids().begin(), proto.buff_ids().end()));
  REQUIRE(unit.orders.size() == static_cast<std::size_t>(proto.orders_size()));
  for (std::size_t i = 0; i < unit.orders.size(); ++i) {
    const api::UnitOrder& order = proto.orders(static_cast<int>(i));
    CHECK(unit.orders[i].ability_id == order.ability_id());
    CHECK(unit.orders[i].target_point.has_value() == order.has_target_world_space_pos());
    if (order.has_target_world_space_pos()) {
      CHECK(*unit.orders[i].target_point ==
            Point2D{order.target_world_space_pos().x(), order.target_world_space_pos().y()});
    }
    CHECK(unit.orders[i].target_tag.has_value() == order.has_target_unit_tag());
    if (order.has_target_unit_tag()) CHECK(*unit.orders[i].target_tag == order.target_unit_tag());
    CHECK(unit.orders[i].progress == order.progress());
  }
  REQUIRE(unit.rally_targets.size() == static_cast<std::size_t>(proto.rally_targets_size()));
  for (std::size_t i = 0; i < unit.rally_targets.size(); ++i) {
    const api::RallyTarget& rally = proto.rally_targets(static_cast<int>(i));
    CHECK(unit.rally_targets[i].point.has_value() == rally.has_point());
    CHECK(unit.rally_targets[i].tag == rally.tag());
  }
}

void check_same_units(const RawView& view, const api::ObservationRaw& raw) {
  REQUIRE(view.units.size() == static_cast<std::size_t>(raw.units_size()));
  for (std::size_t i = 0; i < view.units.size(); ++i) check_same_unit(view.units[i], raw.units(static_cast<int>(i)));
}

long sum(const Layer& layer) { return std::accumulate(layer.values.begin(), layer.values.end(), 0L); }

}  // namespace

TEST_CASE("the raw view holds the real game's Abyssal Reef units field for field, at their known values") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_observation.pb")) return;
  api::ResponseObservation response;
  REQUIRE(response.ParseFromString(read_fixture("abyssal_reef_response_observation.pb")));
  api::Response info;
  REQUIRE(info.ParseFromString(read_fixture("abyssal_reef_response_game_info.pb")));
  const Observation obs = to_observation(response, ObservationSpec{}, info.game_info());
  const RawView& raw = obs.raw_view;
  REQUIRE(raw.sent);
  check_same_units(raw, response.observation().raw_data());

  // 179 units at loop 0: 13 of ours (12 SCVs and the Command Center), 166 neutral, of which
  // the far ones are snapshots of unknown cloak.
  REQUIRE(raw.units.size() == 179);
  const auto count = [&](auto predicate) { return std::count_if(raw.units.begin(), raw.units.end(), predicate); };
  CHECK(count([](const RawUnit& u) { return u.alliance == Alliance::self; }) == 13);
  CHECK(count([](const RawUnit& u) { return u.alliance == Alliance::neutral; }) == 166);
  CHECK(count([](const RawUnit& u) { return u.display_type == DisplayType::snapshot; }) == 156);
  CHECK(count([](const RawUnit& u) { return u.cloak == CloakState::unknown; }) == 156);
  CHECK(count([](const RawUnit& u) { return u.unit_type == kScv; }) == 12);
  CHECK(count([](const RawUnit& u) { return u.mineral_contents == 1800; }) == 4);
  CHECK(count([](const RawUnit& u) { return u.mineral_contents == 900; }) == 4);
  CHECK(count([](const RawUnit& u) { return u.vespene_contents == 2250; }) == 2);

  const RawUnit* centre = raw.find(4346347521);
  REQUIRE(centre != nullptr);
  CHECK(centre->unit_type == kCommandCenter);
  CHECK(centre->owner == 1);
  CHECK(centre->pos.x == 161.5f);
  CHECK(centre->pos.y == 21.5f);
  CHECK(centre->pos.z == doctest::Approx(11.98675));
  CHECK(centre->radius == 2.75f);
  CHECK(centre->facing == doctest::Approx(3.92529726));
  CHECK(centre->health == 1500.0f);
  CHECK(centre->health_max == 1500.0f);
  CHECK(centre->build_progress == 1.0f);
  CHECK(centre->has_build_progress);
  CHECK(centre->assigned_harvesters == 12);
  CHECK(centre->ideal_harvesters == 16);
  CHECK(centre->cloak == CloakState::not_cloaked);
  REQUIRE(centre->rally_targets.size() == 1);
  REQUIRE(centre->rally_targets[0].point);
  CHECK(*centre->rally_targets[0].point == Point2D{167.0f, 16.5f});
  CHECK(centre->rally_targets[0].tag == 4298375169u);
  // Every SCV mines the same mineral field: one order each, with a unit target, no point.
  for (const RawUnit& unit : raw.units) {
    if (unit.unit_type != kScv) continue;
    REQUIRE(unit.orders.size() == 1);
    CHECK(unit.orders[0].ability_id == 295);
    CHECK(unit.orders[0].target_tag == std::optional<std::uint64_t>(4298375169u));
    CHECK_FALSE(unit.orders[0].target_point);
  }
  CHECK(raw.find(12345) == nullptr);

  REQUIRE(raw.camera);
  CHECK(*raw.camera == Point2D{163.25f, 20.25f});
  CHECK(raw.effects.empty());
  CHECK(raw.radar.empty());
  // map_state: the same visibility the raw layers test reads (446 visible cells), no creep.
  CHECK(raw.visibility.width == 200);
  CHECK(raw.visibility.height == 176);
  CHECK(std::count(raw.visibility.values.begin(), raw.visibility.values.end(), 2) == 446);
  CHECK(raw.creep.sent);
  CHECK(sum(raw.creep) == 0);
  // No UI data in this recording: no panel, no group.
  CHECK_FALSE(obs.ui_view.single);
  CHECK_FALSE(obs.ui_view.multi);
  CHECK_FALSE(obs.ui_view.cargo);
  CHECK_FALSE(obs.ui_view.production);
  CHECK(obs.ui_view.groups.empty());
}

TEST_CASE("the game view holds the real game's Abyssal Reef game info, its grids decoded once") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_game_info.pb")) return;
  api::Response info;
  REQUIRE(info.ParseFromString(read_fixture("abyssal_reef_response_game_info.pb")));
  const std::uint64_t before = game_view_decodes();
  const std::shared_ptr<const GameView> game = to_game_view(info.game_info());
  CHECK(game_view_decodes() == before + 1);
  REQUIRE(game != nullptr);
  CHECK(game->map_name == "Abyssal Reef LE");
  CHECK(game->map_width == 200);
  CHECK(game->map_height == 176);
  REQUIRE(game->playable_area);
  CHECK(game->playable_area->x0 == 24);
  CHECK(game->playable_area->y0 == 4);
  CHECK(game->playable_area->x1 == 176);
  CHECK(game->playable_area->y1 == 140);
  REQUIRE(game->start_locations.size() == 1);  // the enemy's; ours is where our base stands
  CHECK(game->start_locations[0] == Point2D{38.5f, 122.5f});
  REQUIRE(game->players.size() == 2);
  CHECK(game->players[0].player_id == 1);
  CHECK(game->players[0].type == PlayerType::participant);
  CHECK(game->players[0].race_requested == Race::terran);
  CHECK(game->players[1].player_id == 2);
  CHECK(game->players[1].type == PlayerType::computer);
  CHECK(game->players[1].race_requested == Race::zerg);
  // Raw interface only: no feature layers or RGB echoed, nothing cropped.
  CHECK(game->camera_width == 0.0f);
  CHECK(game->rgb_camera_width == 0.0f);
  CHECK_FALSE(game->crop_to_playable_area);
  CHECK_FALSE(game->raw_crop_to_playable_area);
  // The grids, at the values the raw layers test knows.
  for (const Layer* layer : {&game->terrain_height, &game->pathing_grid, &game->placement_grid}) {
    CAPTURE(layer->name);
    CHECK(layer->sent);
    CHECK(layer->width == 200);
    CHECK(layer->height == 176);
  }
  CHECK(game->terrain_height.name == "terrain_height");
  CHECK(game->terrain_height.at(161, 21) == 223);
  CHECK(sum(game->pathing_grid) == 12903);
  CHECK(sum(game->placement_grid) == 11986);

  // Every observation decoded with it shares it: no second decode of the grids.
  api::ResponseObservation response;
  REQUIRE(response.ParseFromString(read_fixture("abyssal_reef_response_observation.pb")));
  const Observation a = to_observation(response, ObservationSpec{}, game);
  const Observation b = to_observation(response, ObservationSpec{}, game);
  CHECK(a.game_view == game);
  CHECK(b.game_view == game);
  CHECK(game_view_decodes() == before + 1);
  CHECK(a.map_name == "Abyssal Reef LE");
  CHECK(a.home_race_requested == 1);
  CHECK(a.away_race_requested == 2);
  const auto layers = raw_layers(a);
  CHECK(layers[0] == &game->terrain_height);
  CHECK(layers[3] == &a.raw_view.visibility);
}

TEST_CASE("the raw view of an sc2lite observation is the engine's units, the UI view its selection panel") {
  Rig rig;
  rig.world().find(rig.marine_)->health = 30.0f;
  rig.world().player(1).selection = {rig.marine_};
  const api::ResponseObservation response = rig.observe();
  const Observation obs = to_observation(response, ObservationSpec{}, rig.game_info());
  check_same_units(obs.raw_view, response.observation().raw_data());
  REQUIRE(obs.raw_view.units.size() == 4);
  for (sc2::engine::UnitId id : {rig.cc_, rig.scv_a_, rig.scv_b_, rig.marine_}) {
    const sc2::engine::Unit* engine_unit = rig.world().find(id);
    const auto found = std::find_if(obs.raw_view.units.begin(), obs.raw_view.units.end(), [&](const RawUnit& u) {
      return u.pos.x == engine_unit->pos.x && u.pos.y == engine_unit->pos.y;
    });
    REQUIRE(found != obs.raw_view.units.end());
    CHECK(found->unit_type == engine_unit->type());
    CHECK(found->owner == 1);
    CHECK(found->alliance == Alliance::self);
    CHECK(found->display_type == DisplayType::visible);
    CHECK(found->health == engine_unit->health);
    CHECK(found->is_selected == (id == rig.marine_));
  }
  REQUIRE(obs.raw_view.camera);
  CHECK(obs.raw_view.camera->x == rig.world().player(1).camera.x);
  CHECK(obs.raw_view.visibility.width == rig.world().map().width);

  REQUIRE(obs.ui_view.single);
  CHECK_FALSE(obs.ui_view.multi);
  CHECK(obs.ui_view.single->unit.unit_type == kMarine);
  CHECK(obs.ui_view.single->unit.health == 30);
  CHECK(obs.ui_view.single->unit.max_health == 45);
  CHECK(obs.ui_view.single->unit.player_relative == 1);

  // Several units: the multi panel in selection order, a control group set of two.
  rig.world().player(1).selection = {rig.scv_a_, rig.marine_, rig.scv_b_};
  rig.apply(to_proto(named_call("select_control_group", {{1}, {3}})), api::Success);
  const Observation multi = to_observation(rig.observe(), ObservationSpec{}, rig.game_info());
  CHECK_FALSE(multi.ui_view.single);
  REQUIRE(multi.ui_view.multi);
  REQUIRE(multi.ui_view.multi->units.size() == 3);
  CHECK(multi.ui_view.multi->units[0].unit_type == kScv);
  CHECK(multi.ui_view.multi->units[1].unit_type == kMarine);
  CHECK(multi.ui_view.multi->units[1].health == 30);
  REQUIRE(multi.ui_view.groups.size() == 1);
  CHECK(multi.ui_view.groups[0].index == 3);
  CHECK(multi.ui_view.groups[0].count == 3);
}

TEST_CASE("the UI view of a producing structure holds its queue, progress and abilities") {
  Rig rig;
  rig.world().player(1).selection = {rig.cc_};
  const api::Action train = to_proto(named_call("Train_SCV_quick", {{0}}));
  rig.apply(train, api::Success);
  rig.apply(train, api::Success);
  rig.step(68);  // a quarter of an SCV's 272 loops
  const Observation obs = to_observation(rig.observe(), ObservationSpec{}, rig.game_info());
  REQUIRE(obs.ui_view.production);
  const ProductionPanel& panel = *obs.ui_view.production;
  CHECK(panel.unit.unit_type == kCommandCenter);
  REQUIRE(panel.build_queue.size() == 2);
  CHECK(panel.build_queue[0].unit_type == kScv);
  CHECK(panel.build_queue[0].build_progress > 0.2f);
  CHECK(panel.build_queue[0].build_progress < 0.3f);
  REQUIRE(panel.production_queue.size() == 2);
  CHECK(panel.production_queue[0].ability_id == 524);
  CHECK(panel.production_queue[1].build_progress == 0.0f);
  // The Command Center's order is in the raw view too.
  const auto centre = std::find_if(obs.raw_view.units.begin(), obs.raw_view.units.end(),
                                   [](const RawUnit& u) { return u.unit_type == kCommandCenter; });
  REQUIRE(centre != obs.raw_view.units.end());
  REQUIRE_FALSE(centre->orders.empty());
  CHECK(centre->orders[0].ability_id == 524);
  CHECK(centre->orders[0].progress > 0.2f);
}

TEST_CASE("effects, radar and the UI's single and cargo panels decode from hand-made messages") {
  api::ObservationRaw raw;
  auto* storm = raw.add_effects();
  storm->set_effect_id(1);
  storm->set_alliance(api::Enemy);
  storm->set_owner(2);
  storm->set_radius(1.5f);
  storm->add_pos()->set_x(5.0f);
  storm->mutable_pos(0)->set_y(6.0f);
  storm->add_pos()->set_x(7.0f);
  auto* ring = raw.add_radar();
  ring->mutable_pos()->set_x(40.0f);
  ring->mutable_pos()->set_y(20.0f);
  ring->set_radius(30.0f);
  auto* unit = raw.add_units();  // only a tag: every other field at the protocol's default
  unit->set_tag(9);
  const RawView view = raw_view(raw);
  REQUIRE(view.effects.size() == 1);
  CHECK(view.effects[0].effect_id == 1);
  CHECK(view.effects[0].alliance == Alliance::enemy);
  CHECK(view.effects[0].owner == 2);
  CHECK(view.effects[0].radius == 1.5f);
  CHECK(view.effects[0].positions == std::vector<Point2D>{{5.0f, 6.0f}, {7.0f, 0.0f}});
  REQUIRE(view.radar.size() == 1);
  CHECK(view.radar[0].pos == Point2D{40.0f, 20.0f});
  CHECK(view.radar[0].radius == 30.0f);
  CHECK_FALSE(view.camera);  // no player.camera sent
  REQUIRE(view.units.size() == 1);
  CHECK(view.units[0].alliance == Alliance::self);           // proto2: the first enum value
  CHECK(view.units[0].display_type == DisplayType::visible);
  CHECK(view.units[0].cloak == CloakState::unknown);
  CHECK_FALSE(view.units[0].has_build_progress);
  CHECK(view.visibility.name == "visibility");  // not sent: empty, named
  CHECK(view.visibility.empty());
  CHECK(view.creep.name == "creep");

  api::ObservationUI ui;
  auto* single = ui.mutable_single();
  single->mutable_unit()->set_unit_type(48);
  single->mutable_unit()->set_health(40);
  single->set_attack_upgrade_level(1);
  single->add_buffs(27);
  single->add_buffs(24);
  auto* group = ui.add_groups();
  group->set_control_group_index(2);
  group->set_leader_unit_type(48);
  group->set_count(5);
  const UiView decoded = ui_view(ui);
  REQUIRE(decoded.single);
  CHECK(decoded.single->unit.unit_type == 48);
  CHECK(decoded.single->unit.health == 40);
  CHECK_FALSE(decoded.single->unit.has_build_progress);
  CHECK(decoded.single->attack_upgrade_level == 1);
  CHECK(decoded.single->buffs == std::vector<std::int32_t>{27, 24});
  REQUIRE(decoded.groups.size() == 1);
  CHECK(decoded.groups[0].index == 2);
  CHECK(decoded.groups[0].leader_unit_type == 48);
  CHECK(decoded.groups[0].count == 5);

  api::ObservationUI transport;
  transport.mutable_cargo()->mutable_unit()->set_unit_type(54);
  transport.mutable_cargo()->add_passengers()->set_unit_type(48);
  transport.mutable_cargo()->set_slots_available(6);
  const UiView cargo = ui_view(transport);
  CHECK_FALSE(cargo.single);
  REQUIRE(cargo.cargo);
  CHECK(cargo.cargo->unit.unit_type == 54);
  REQUIRE(cargo.cargo->passengers.size() == 1);
  CHECK(cargo.cargo->passengers[0].unit_type == 48);
  CHECK(cargo.cargo->slots_available == 6);
}

TEST_CASE("an observation without raw data or game info has empty views, named raw layers, no game view") {
  const Observation obs = to_observation(api::ResponseObservation{}, ObservationSpec{});
  CHECK_FALSE(obs.raw_view.sent);
  CHECK(obs.raw_view.units.empty());
  CHECK_FALSE(obs.raw_view.camera);
  CHECK(obs.game_view == nullptr);
  const auto layers = raw_layers(obs);
  for (std::size_t i = 0; i < layers.size(); ++i) {
    CHECK(layers[i]->name == kRawLayerNames[i]);
    CHECK(layers[i]->empty());
    CHECK_FALSE(layers[i]->sent);
  }
  CHECK(layers[0]->scale == 256);
  CHECK(layers[3]->scale == 4);
  // A game info without a map: a game view of zeros, its grids empty but named.
  const auto game = to_game_view(api::ResponseGameInfo{});
  CHECK(game->map_width == 0);
  CHECK_FALSE(game->playable_area);
  CHECK(game->pathing_grid.name == "pathing_grid");
  CHECK(game->pathing_grid.empty());
}
