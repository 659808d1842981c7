// The structured observation keys (pysc2-features.md §5) from hand-built
// ResponseObservations and a hand-built ResponseGameInfo; expected values worked out by
// hand from the spec's formulas (comments show the arithmetic).
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "client/pysc2/actions.h"
#include "client/pysc2/features.h"
#include "client/pysc2/observation_keys.h"

using namespace sc2::pysc2;
namespace api = SC2APIProtocol;

namespace {

// 64x64 map, camera 24 world units wide; screen 84x84 (3.5 px per world unit), minimap
// 32x32 (0.5 px per world unit).
constexpr int kScreen = 84;
constexpr int kMinimap = 32;

api::ResponseGameInfo game_info() {
  api::ResponseGameInfo info;
  info.set_map_name("Move To Beacon");
  auto* me = info.add_player_info();
  me->set_player_id(1);
  me->set_type(api::Participant);
  me->set_race_requested(api::Terran);
  auto* observer = info.add_player_info();
  observer->set_player_id(3);
  observer->set_type(api::Observer);
  observer->set_race_requested(api::Protoss);
  auto* bot = info.add_player_info();
  bot->set_player_id(2);
  bot->set_type(api::Computer);
  bot->set_race_requested(api::Zerg);
  info.mutable_start_raw()->mutable_map_size()->set_x(64);
  info.mutable_start_raw()->mutable_map_size()->set_y(64);
  auto* feature = info.mutable_options()->mutable_feature_layer();
  feature->set_width(24.0f);
  feature->mutable_resolution()->set_x(kScreen);
  feature->mutable_resolution()->set_y(kScreen);
  feature->mutable_minimap_resolution()->set_x(kMinimap);
  feature->mutable_minimap_resolution()->set_y(kMinimap);
  return info;
}

ObservationSpec spec() {
  ObservationSpec result;
  result.screen_width = result.screen_height = kScreen;
  result.minimap_width = result.minimap_height = kMinimap;
  return result;
}

api::ResponseObservation base_response() {
  api::ResponseObservation response;
  auto* observation = response.mutable_observation();
  observation->set_game_loop(7);
  observation->mutable_player_common()->set_player_id(1);
  auto* camera = observation->mutable_raw_data()->mutable_player()->mutable_camera();
  camera->set_x(32.0f);
  camera->set_y(20.0f);
  return response;
}

api::Unit* add_unit(api::ResponseObservation& response, std::uint64_t tag, std::uint32_t type, float x, float y) {
  api::Unit* unit = response.mutable_observation()->mutable_raw_data()->add_units();
  unit->set_tag(tag);
  unit->set_unit_type(type);
  unit->mutable_pos()->set_x(x);
  unit->mutable_pos()->set_y(y);
  unit->set_display_type(api::Visible);
  unit->set_is_on_screen(true);
  return unit;
}

// The feature_units row whose unit_type is `type` (REQUIREs exactly one).
int row_of(const Table& table, std::int64_t type) {
  int found = -1;
  for (int row = 0; row < table.rows; ++row) {
    if (table.at(row, "unit_type") == type) {
      REQUIRE_MESSAGE(found < 0, "two rows of unit type " << type);
      found = row;
    }
  }
  REQUIRE_MESSAGE(found >= 0, "no row of unit type " << type);
  return found;
}

api::UnitInfo* fill_info(api::UnitInfo* info, std::uint32_t type, int health, float progress = 0.0f) {
  info->set_unit_type(type);
  info->set_player_relative(1);
  info->set_health(health);
  info->set_shields(2);
  info->set_energy(3);
  info->set_transport_slots_taken(4);
  info->set_build_progress(progress);
  return info;
}

}  // namespace

TEST_CASE("Table: named columns and rows, bounds-checked access, clear errors") {
  Table table(columns::control_group, 2);
  CHECK(table.width() == 2);
  CHECK(table.rows == 2);
  CHECK(table.column("count") == 1);
  CHECK(table.column("nope") == -1);
  table.at(1, 1) = 9;
  CHECK(table.at(1, "count") == 9);
  CHECK(table.row_values(1)[1] == 9);
  CHECK(table.add_row({5, 6}) == 2);
  CHECK(table.column_values("leader_unit_type") == std::vector<std::int64_t>{0, 0, 5});
  CHECK(table.add_row() == 3);
  CHECK(table.rows == 4);
  CHECK_THROWS_AS(table.add_row({1, 2, 3}), std::invalid_argument);
  CHECK_THROWS_AS(static_cast<void>(table.at(4, 0)), std::out_of_range);
  CHECK_THROWS_AS(static_cast<void>(table.at(0, 2)), std::out_of_range);
  CHECK_THROWS_AS(static_cast<void>(table.at(-1, 0)), std::out_of_range);
  try {
    static_cast<void>(table.at(0, "leader"));
    FAIL("expected std::out_of_range");
  } catch (const std::out_of_range& error) {
    CHECK(std::string(error.what()).find("'leader'") != std::string::npos);
  }
  CHECK_THROWS_AS(Table(columns::score_vital, 3, columns::score_category_rows), std::invalid_argument);
}

TEST_CASE("the column lists have PySC2's widths and names") {
  CHECK(columns::player.size() == 11);
  CHECK(columns::score_cumulative.size() == 13);
  CHECK(columns::feature_unit.size() == 46);
  CHECK(columns::feature_unit[12] == "x");
  CHECK(columns::feature_unit[15] == "radius");
  CHECK(columns::feature_unit[29] == "tag");
  CHECK(columns::feature_unit[35] == "is_on_screen");
  CHECK(columns::feature_unit[45] == "shield_upgrade_level");
  CHECK(columns::unit_info[6] == "build_progress");
  CHECK(columns::effect[3] == "radius");
  const Observation empty;
  CHECK(empty.score_by_category.rows == 11);
  CHECK(empty.score_by_category.width() == 5);
  CHECK(empty.score_by_vital.rows == 3);
  CHECK(empty.control_groups.rows == 10);
  CHECK(empty.feature_units.width() == 46);
  CHECK(empty.feature_units.rows == 0);
  CHECK(empty.single_select.width() == 7);
}

TEST_CASE("PixelMapping: screen, minimap and raw transforms of pysc2-action-mapping.md §4") {
  const PixelMapping screen = PixelMapping::screen(32.0, 20.0, 24.0, kScreen, kScreen);
  CHECK(screen.pixel(32.0, 20.0) == std::array<std::int64_t, 2>{42, 42});  // the camera centre
  CHECK(screen.pixel(20.0, 32.0) == std::array<std::int64_t, 2>{0, 0});    // top-left corner
  CHECK(screen.pixel(19.5, 20.0)[0] == -2);  // floor(-1.75), not truncation
  CHECK(screen.distance(1.0) == 3);          // 3.5 truncated
  CHECK(screen.inside({83, 0}));
  CHECK_FALSE(screen.inside({84, 0}));
  CHECK_FALSE(screen.inside({0, -1}));

  const api::ResponseGameInfo info = game_info();
  const PixelMapping minimap = PixelMapping::minimap(*to_game_view(info), kMinimap, kMinimap);
  CHECK(minimap.pixel(0.0, 64.0) == std::array<std::int64_t, 2>{0, 0});   // y flipped
  CHECK(minimap.pixel(63.9, 0.1) == std::array<std::int64_t, 2>{31, 31});
  const PixelMapping raw = PixelMapping::raw(*to_game_view(info));
  CHECK(raw.width() == 64);
  CHECK(raw.pixel(10.5, 50.2) == std::array<std::int64_t, 2>{10, 13});  // floor(64 - 50.2)

  // A non-square map scales both axes by resolution / the longer side.
  api::ResponseGameInfo wide = info;
  wide.mutable_start_raw()->mutable_map_size()->set_x(128);
  const PixelMapping wide_minimap = PixelMapping::minimap(*to_game_view(wide), kMinimap, kMinimap);
  CHECK(wide_minimap.pixel(64.0, 32.0) == std::array<std::int64_t, 2>{16, 8});  // 64/4, (64-32)/4

  // Cropped to the playable area (8,8)-(56,56): 48 world units onto 32 pixels.
  api::ResponseGameInfo cropped = info;
  cropped.mutable_options()->mutable_feature_layer()->set_crop_to_playable_area(true);
  auto* area = cropped.mutable_start_raw()->mutable_playable_area();
  area->mutable_p0()->set_x(8);
  area->mutable_p0()->set_y(8);
  area->mutable_p1()->set_x(56);
  area->mutable_p1()->set_y(56);
  const auto cropped_view = to_game_view(cropped);
  CHECK(PixelMapping::minimap(*cropped_view, kMinimap, kMinimap).pixel(8.0, 56.0) == std::array<std::int64_t, 2>{0, 0});
  CHECK(PixelMapping::minimap(*cropped_view, kMinimap, kMinimap).pixel(32.0, 32.0) ==
        std::array<std::int64_t, 2>{16, 16});

  CHECK_FALSE(PixelMapping::minimap(GameView{}, kMinimap, kMinimap).valid());
  CHECK_FALSE(PixelMapping::screen(0, 0, 0.0, kScreen, kScreen).valid());
}

TEST_CASE("truncate_to_int truncates toward zero and never overflows") {
  CHECK(truncate_to_int(2.9) == 2);
  CHECK(truncate_to_int(-2.9) == -2);
  CHECK(truncate_to_int(std::nan("")) == 0);
  CHECK(truncate_to_int(1e300) == std::numeric_limits<std::int64_t>::max());
  CHECK(truncate_to_int(-1e300) == std::numeric_limits<std::int64_t>::min());
}

TEST_CASE("feature_units: a Marine at a known camera, all 46 columns") {
  api::ResponseObservation response = base_response();
  api::Unit* marine = add_unit(response, 0x100000001ULL, 48, 30.5f, 22.0f);
  marine->set_alliance(api::Self);
  marine->set_owner(1);
  marine->set_radius(0.375f);
  marine->set_facing(4.7f);
  marine->set_health(30.0f);
  marine->set_health_max(40.0f);
  marine->set_energy(50.0f);
  marine->set_energy_max(200.0f);
  marine->set_build_progress(1.0f);
  marine->set_cloak(api::NotCloaked);
  marine->set_is_selected(true);
  marine->set_is_powered(true);
  marine->set_weapon_cooldown(2.9f);
  marine->set_is_active(true);
  marine->add_buff_ids(27);
  marine->add_buff_ids(28);
  marine->add_buff_ids(29);
  marine->set_buff_duration_remain(11);
  marine->set_buff_duration_max(22);
  marine->set_attack_upgrade_level(1);
  marine->set_armor_upgrade_level(2);
  marine->set_shield_upgrade_level(3);
  marine->set_cargo_space_taken(1);
  auto* move = marine->add_orders();
  move->set_ability_id(16);  // Move_Move: lowest raw function Move_Move_pt 547
  move->set_progress(0.5f);
  auto* attack = marine->add_orders();
  attack->set_ability_id(3674);  // Attack: raw Attack_pt 2
  attack->set_progress(0.25f);
  marine->add_orders()->set_ability_id(560);    // Train_Marine_quick 511
  marine->add_orders()->set_ability_id(99999);  // unknown: 0

  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.feature_units.rows == 1);
  const Table& units = obs.feature_units;
  auto at = [&](std::string_view column) { return units.at(0, column); };
  CHECK(at("unit_type") == 48);
  CHECK(at("alliance") == 1);
  CHECK(at("health") == 30);
  CHECK(at("shield") == 0);
  CHECK(at("energy") == 50);
  CHECK(at("cargo_space_taken") == 1);
  CHECK(at("build_progress") == 100);
  CHECK(at("health_ratio") == 191);  // 30/40·255 = 191.25
  CHECK(at("shield_ratio") == 0);    // no shield max
  CHECK(at("energy_ratio") == 63);   // 50/200·255 = 63.75
  CHECK(at("display_type") == 1);
  CHECK(at("owner") == 1);
  CHECK(at("x") == 36);       // floor((30.5 - 32)·84/24 + 42) = floor(36.75)
  CHECK(at("y") == 35);       // floor((20 - 22)·84/24 + 42) = 35
  CHECK(at("facing") == 4);
  CHECK(at("radius") == 1);   // 0.375·3.5 = 1.3125
  CHECK(at("cloak") == 3);
  CHECK(at("is_selected") == 1);
  CHECK(at("is_blip") == 0);
  CHECK(at("is_powered") == 1);
  CHECK(at("weapon_cooldown") == 2);
  CHECK(at("order_length") == 4);
  CHECK(at("order_id_0") == 547);
  CHECK(at("order_id_1") == 2);
  CHECK(at("order_id_2") == 511);
  CHECK(at("order_id_3") == 0);
  CHECK(at("order_progress_0") == 50);
  CHECK(at("order_progress_1") == 25);
  CHECK(at("tag") == 0);  // feature_units hide tags
  CHECK(at("hallucination") == 0);
  CHECK(at("buff_id_0") == 27);
  CHECK(at("buff_id_1") == 28);
  CHECK(at("addon_unit_type") == 0);
  CHECK(at("active") == 1);
  CHECK(at("is_on_screen") == 1);
  CHECK(at("is_in_cargo") == 0);
  CHECK(at("buff_duration_remain") == 11);
  CHECK(at("buff_duration_max") == 22);
  CHECK(at("attack_upgrade_level") == 1);
  CHECK(at("armor_upgrade_level") == 2);
  CHECK(at("shield_upgrade_level") == 3);

  // feature_minimap_units: same unit in minimap pixels (0.5 px per world unit).
  REQUIRE(obs.feature_minimap_units.rows == 1);
  CHECK(obs.feature_minimap_units.at(0, "x") == 15);  // floor(30.5·0.5)
  CHECK(obs.feature_minimap_units.at(0, "y") == 21);  // floor((64 - 22)·0.5)
  CHECK(obs.feature_minimap_units.at(0, "radius") == 0);
  CHECK(obs.feature_minimap_units.at(0, "health_ratio") == 191);
  CHECK(obs.feature_minimap_units.at(0, "tag") == 0);
}

TEST_CASE("feature_units keeps only is_on_screen units, feature_minimap_units keeps all") {
  api::ResponseObservation response = base_response();
  add_unit(response, 1, 48, 30.0f, 20.0f);
  add_unit(response, 2, 317, 60.0f, 60.0f)->set_is_on_screen(false);  // beacon far away
  api::Unit* edge = add_unit(response, 3, 105, 19.5f, 20.0f);         // centre left of the screen
  edge->set_radius(1.0f);
  const Observation obs = to_observation(response, spec(), game_info());
  CHECK(obs.feature_units.rows == 2);
  CHECK(obs.feature_units.at(row_of(obs.feature_units, 105), "x") == -2);  // floor(-1.75)
  CHECK(obs.feature_minimap_units.rows == 3);
  const int beacon = row_of(obs.feature_minimap_units, 317);
  CHECK(obs.feature_minimap_units.at(beacon, "x") == 30);
  CHECK(obs.feature_minimap_units.at(beacon, "y") == 2);
  CHECK(obs.feature_minimap_units.at(beacon, "is_on_screen") == 0);
}

TEST_CASE("feature_units: add-on unit type and cargo rows") {
  api::ResponseObservation response = base_response();
  api::Unit* barracks = add_unit(response, 10, 21, 33.0f, 19.0f);
  barracks->set_add_on_tag(11);
  add_unit(response, 11, 37, 35.5f, 18.5f)->set_is_on_screen(false);  // its TechLab, off screen
  api::Unit* medivac = add_unit(response, 12, 54, 28.0f, 24.0f);
  medivac->set_alliance(api::Self);
  medivac->set_owner(1);
  auto* passenger = medivac->add_passengers();
  passenger->set_tag(13);
  passenger->set_unit_type(48);
  passenger->set_health(20.0f);
  passenger->set_health_max(40.0f);

  ObservationSpec with_cargo = spec();
  with_cargo.add_cargo_to_units = true;
  const Observation obs = to_observation(response, with_cargo, game_info());
  CHECK(obs.feature_units.at(row_of(obs.feature_units, 21), "addon_unit_type") == 37);
  REQUIRE(obs.feature_units.rows == 3);  // Barracks, Medivac, then the passenger
  const int carrier = row_of(obs.feature_units, 54);
  CHECK(obs.feature_units.at(2, "unit_type") == 48);
  CHECK(obs.feature_units.at(2, "is_in_cargo") == 1);
  CHECK(obs.feature_units.at(2, "health") == 20);
  CHECK(obs.feature_units.at(2, "health_ratio") == 127);  // 0.5·255 = 127.5
  CHECK(obs.feature_units.at(2, "x") == obs.feature_units.at(carrier, "x"));
  CHECK(obs.feature_units.at(2, "y") == obs.feature_units.at(carrier, "y"));
  CHECK(obs.feature_units.at(2, "alliance") == 1);
  CHECK(obs.feature_units.at(2, "owner") == 1);
  CHECK(obs.feature_units.at(2, "tag") == 0);

  const Observation without = to_observation(response, spec(), game_info());
  CHECK(without.feature_units.rows == 2);
}

TEST_CASE("feature_effects, radar and upgrades from raw data") {
  api::ResponseObservation response = base_response();
  auto* raw = response.mutable_observation()->mutable_raw_data();
  auto* storm = raw->add_effects();
  storm->set_effect_id(1);
  storm->set_alliance(api::Enemy);
  storm->set_owner(2);
  storm->set_radius(1.5f);
  auto* inside = storm->add_pos();
  inside->set_x(32.0f);
  inside->set_y(20.0f);
  auto* outside = storm->add_pos();
  outside->set_x(50.0f);  // (50-32)·3.5 + 42 = 105: off screen
  outside->set_y(20.0f);
  auto* ring = raw->add_radar();
  ring->mutable_pos()->set_x(10.5f);
  ring->mutable_pos()->set_y(50.2f);
  ring->set_radius(7.5f);
  raw->mutable_player()->add_upgrade_ids(15);
  raw->mutable_player()->add_upgrade_ids(16);

  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.feature_effects.rows == 1);
  CHECK(obs.feature_effects.at(0, "effect") == 1);
  CHECK(obs.feature_effects.at(0, "alliance") == 4);
  CHECK(obs.feature_effects.at(0, "owner") == 2);
  CHECK(obs.feature_effects.at(0, "radius") == 1);  // world units, truncated
  CHECK(obs.feature_effects.at(0, "x") == 42);
  CHECK(obs.feature_effects.at(0, "y") == 42);
  REQUIRE(obs.radar.rows == 1);
  CHECK(obs.radar.row_values(0)[0] == 10);
  CHECK(obs.radar.row_values(0)[1] == 13);
  CHECK(obs.radar.row_values(0)[2] == 7);
  CHECK(obs.upgrades == std::vector<int>{15, 16});
}

TEST_CASE("without raw data or game info the map-dependent keys are empty") {
  api::ResponseObservation response = base_response();
  add_unit(response, 1, 48, 30.0f, 20.0f);
  const Observation no_info = to_observation(response, spec());  // the old signature
  CHECK(no_info.feature_units.rows == 1);  // the camera width falls back to spec.camera_width
  CHECK(no_info.feature_units.at(0, "x") == 35);  // floor((30-32)·3.5 + 42)
  CHECK(no_info.feature_minimap_units.rows == 0);
  CHECK(no_info.feature_minimap_units.width() == 46);
  CHECK(no_info.map_name.empty());
  CHECK(no_info.home_race_requested == 0);

  response.mutable_observation()->clear_raw_data();
  const Observation no_raw = to_observation(response, spec(), game_info());
  CHECK(no_raw.feature_units.rows == 0);
  CHECK(no_raw.feature_minimap_units.rows == 0);
  CHECK(no_raw.upgrades.empty());
  CHECK(no_raw.radar.rows == 0);
}

TEST_CASE("map_name and requested races come from the game info") {
  const api::ResponseObservation response = base_response();
  const Observation obs = to_observation(response, spec(), game_info());
  CHECK(obs.map_name == "Move To Beacon");
  CHECK(obs.home_race_requested == api::Terran);
  CHECK(obs.away_race_requested == api::Zerg);  // the observer (Protoss) is skipped

  ObservationSpec named = spec();
  named.map_name = "MoveToBeacon";
  CHECK(to_observation(response, named, game_info()).map_name == "MoveToBeacon");

  api::ResponseGameInfo single = game_info();
  single.mutable_player_info()->DeleteSubrange(1, 2);
  CHECK(to_observation(response, spec(), single).away_race_requested == 0);  // single-player map

  api::ResponseObservation player_two = response;
  player_two.mutable_observation()->mutable_player_common()->set_player_id(2);
  const Observation other = to_observation(player_two, spec(), game_info());
  CHECK(other.home_race_requested == api::Zerg);
  CHECK(other.away_race_requested == api::Terran);
}

TEST_CASE("control_groups: one row per group index, zeros for empty groups") {
  api::ResponseObservation response = base_response();
  auto* ui = response.mutable_observation()->mutable_ui_data();
  auto* first = ui->add_groups();
  first->set_control_group_index(0);
  first->set_leader_unit_type(48);
  first->set_count(3);
  auto* sixth = ui->add_groups();
  sixth->set_control_group_index(5);
  sixth->set_leader_unit_type(45);
  sixth->set_count(12);
  ui->add_groups()->set_control_group_index(12);  // no such row: ignored
  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.control_groups.rows == 10);
  CHECK(obs.control_groups.at(0, "leader_unit_type") == 48);
  CHECK(obs.control_groups.at(0, "count") == 3);
  CHECK(obs.control_groups.at(5, "leader_unit_type") == 45);
  CHECK(obs.control_groups.at(5, "count") == 12);
  for (int row : {1, 2, 3, 4, 6, 7, 8, 9}) {
    CHECK(obs.control_groups.at(row, 0) == 0);
    CHECK(obs.control_groups.at(row, 1) == 0);
  }
}

TEST_CASE("single_select and multi_select from the single and multi panels") {
  api::ResponseObservation response = base_response();
  auto* ui = response.mutable_observation()->mutable_ui_data();
  fill_info(ui->mutable_single()->mutable_unit(), 48, 45, 0.5f);
  Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.single_select.rows == 1);
  const auto row = obs.single_select.row_values(0);
  CHECK(std::vector<std::int64_t>(row.begin(), row.end()) == std::vector<std::int64_t>{48, 1, 45, 2, 3, 4, 50});
  CHECK(obs.multi_select.rows == 0);
  CHECK(obs.multi_select.width() == 7);

  fill_info(ui->mutable_multi()->add_units(), 45, 40);
  fill_info(ui->mutable_multi()->add_units(), 45, 35);
  fill_info(ui->mutable_multi()->add_units(), 48, 20);
  obs = to_observation(response, spec(), game_info());
  CHECK(obs.single_select.rows == 0);  // the panel oneof now holds multi
  REQUIRE(obs.multi_select.rows == 3);
  CHECK(obs.multi_select.column_values("unit_type") == std::vector<std::int64_t>{45, 45, 48});
  CHECK(obs.multi_select.column_values("health") == std::vector<std::int64_t>{40, 35, 20});
}

TEST_CASE("cargo panel: single_select, cargo and cargo_slots_available") {
  api::ResponseObservation response = base_response();
  auto* cargo = response.mutable_observation()->mutable_ui_data()->mutable_cargo();
  fill_info(cargo->mutable_unit(), 54, 150);
  fill_info(cargo->add_passengers(), 48, 45);
  fill_info(cargo->add_passengers(), 51, 125);
  cargo->set_slots_available(5);
  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.single_select.rows == 1);
  CHECK(obs.single_select.at(0, "unit_type") == 54);
  CHECK(obs.cargo.column_values("unit_type") == std::vector<std::int64_t>{48, 51});
  CHECK(obs.cargo_slots_available == 5);
  CHECK(obs.build_queue.rows == 0);
  CHECK(to_observation(base_response(), spec(), game_info()).cargo_slots_available == 0);
}

TEST_CASE("production panel: single_select, build_queue and production_queue") {
  api::ResponseObservation response = base_response();
  auto* production = response.mutable_observation()->mutable_ui_data()->mutable_production();
  fill_info(production->mutable_unit(), 21, 1000);
  fill_info(production->add_build_queue(), 48, 45, 0.255f);
  fill_info(production->add_build_queue(), 48, 45, 0.0f);
  auto* item = production->add_production_queue();
  item->set_ability_id(560);
  item->set_build_progress(0.75f);
  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.single_select.rows == 1);
  CHECK(obs.single_select.at(0, "unit_type") == 21);
  REQUIRE(obs.build_queue.rows == 2);
  CHECK(obs.build_queue.at(0, "build_progress") == 25);  // int(0.255·100)
  CHECK(obs.build_queue.at(1, "build_progress") == 0);
  REQUIRE(obs.production_queue.rows == 1);
  CHECK(obs.production_queue.at(0, "ability_id") == 560);
  CHECK(obs.production_queue.at(0, "build_progress") == 75);
  CHECK(obs.available_actions.back() == fn::build_queue);
}

TEST_CASE("score_cumulative, score_by_category and score_by_vital") {
  api::ResponseObservation response = base_response();
  auto* score = response.mutable_observation()->mutable_score();
  score->set_score(21);
  auto* details = score->mutable_score_details();
  details->set_idle_production_time(1.9f);
  details->set_collected_minerals(500.0f);
  details->set_spent_vespene(12.5f);
  details->mutable_food_used()->set_army(7.0f);
  details->mutable_killed_minerals()->set_economy(150.0f);
  details->mutable_total_used_vespene()->set_upgrade(100.0f);
  details->mutable_total_damage_dealt()->set_life(99.5f);
  details->mutable_total_healed()->set_energy(3.0f);
  const Observation obs = to_observation(response, spec(), game_info());
  CHECK(obs.score_cumulative ==
        std::array<std::int64_t, 13>{21, 1, 0, 0, 0, 0, 0, 500, 0, 0, 0, 0, 12});
  CHECK(obs.score == obs.score_cumulative[0]);
  CHECK(obs.score_by_category.at("food_used", "army") == 7);
  CHECK(obs.score_by_category.at("killed_minerals", "economy") == 150);
  CHECK(obs.score_by_category.at("total_used_vespene", "upgrade") == 100);
  CHECK(obs.score_by_category.at(10, 4) == 100);
  std::int64_t category_sum = 0;
  for (std::int64_t value : obs.score_by_category.values) category_sum += value;
  CHECK(category_sum == 257);
  CHECK(obs.score_by_vital.at("total_damage_dealt", "life") == 99);
  CHECK(obs.score_by_vital.at("total_healed", "energy") == 3);
  CHECK(obs.score_by_vital.at(1, 0) == 0);
}

TEST_CASE("alerts, action_result and last_actions ids") {
  api::ResponseObservation response = base_response();
  response.mutable_observation()->add_alerts(api::UnitUnderAttack);
  response.mutable_observation()->add_alerts(api::TrainWorkerComplete);
  response.add_action_errors()->set_result(api::NotEnoughMinerals);
  auto* command = response.add_actions()->mutable_action_feature_layer()->mutable_unit_command();
  command->set_ability_id(23);  // Attack_Attack
  command->mutable_target_minimap_coord()->set_x(3);
  command->mutable_target_minimap_coord()->set_y(4);
  response.add_actions()->mutable_action_ui()->mutable_select_larva();

  const Observation obs = to_observation(response, spec(), game_info());
  CHECK(obs.alerts == std::vector<int>{19, 17});
  CHECK(obs.action_result == std::vector<int>{api::NotEnoughMinerals});
  CHECK(obs.last_action_ids() == std::vector<int>{13, fn::select_larva});  // Attack_minimap

  ObservationSpec show_specific = spec();
  show_specific.hide_specific_actions = false;
  CHECK(to_observation(response, show_specific, game_info()).last_action_ids() ==
        std::vector<int>{15, fn::select_larva});  // Attack_Attack_minimap
}

TEST_CASE("hide_specific_actions reaches available_actions") {
  api::ResponseObservation response = base_response();
  auto* ability = response.mutable_observation()->add_abilities();
  ability->set_ability_id(4);  // Stop_Stop
  const Observation hidden = to_observation(response, spec(), game_info());
  CHECK(hidden.available_actions == std::vector<int>{0, 1, 2, 3, 4, 453});  // Stop_quick
  ObservationSpec show_specific = spec();
  show_specific.hide_specific_actions = false;
  CHECK(to_observation(response, show_specific, game_info()).available_actions ==
        std::vector<int>{0, 1, 2, 3, 4, 453, find_function("Stop_Stop_quick")->id});
}

TEST_CASE("feature_units: resource, harvester, transport, blip and hallucination columns") {
  api::ResponseObservation response = base_response();
  api::Unit* field = add_unit(response, 11, 341, 30.0f, 20.0f);
  field->set_alliance(api::Neutral);
  field->set_owner(16);
  field->set_mineral_contents(1800);
  field->set_display_type(api::Snapshot);
  api::Unit* refinery = add_unit(response, 12, 20, 34.0f, 20.0f);
  refinery->set_alliance(api::Self);
  refinery->set_vespene_contents(2250);
  refinery->set_assigned_harvesters(2);
  refinery->set_ideal_harvesters(3);
  api::Unit* medivac = add_unit(response, 13, 54, 32.0f, 24.0f);
  medivac->set_alliance(api::Self);
  medivac->set_cargo_space_taken(3);
  medivac->set_cargo_space_max(8);
  medivac->set_is_flying(true);
  api::Unit* blip = add_unit(response, 14, 105, 28.0f, 18.0f);
  blip->set_alliance(api::Enemy);
  blip->set_is_blip(true);
  blip->set_is_hallucination(true);
  blip->set_cloak(api::CloakedDetected);
  blip->set_shield(20.0f);
  blip->set_shield_max(40.0f);

  const Observation obs = to_observation(response, spec(), game_info());
  REQUIRE(obs.feature_units.rows == 4);
  const Table& units = obs.feature_units;
  const int f = row_of(units, 341), r = row_of(units, 20), m = row_of(units, 54), b = row_of(units, 105);
  CHECK(units.at(f, "mineral_contents") == 1800);
  CHECK(units.at(f, "vespene_contents") == 0);
  CHECK(units.at(f, "alliance") == 3);
  CHECK(units.at(f, "owner") == 16);
  CHECK(units.at(f, "display_type") == 2);
  CHECK(units.at(r, "vespene_contents") == 2250);
  CHECK(units.at(r, "assigned_harvesters") == 2);
  CHECK(units.at(r, "ideal_harvesters") == 3);
  CHECK(units.at(m, "cargo_space_taken") == 3);
  CHECK(units.at(m, "cargo_space_max") == 8);
  CHECK(units.at(m, "assigned_harvesters") == 0);
  CHECK(units.at(b, "is_blip") == 1);
  CHECK(units.at(b, "hallucination") == 1);
  CHECK(units.at(b, "cloak") == 2);
  CHECK(units.at(b, "alliance") == 4);
  CHECK(units.at(b, "shield") == 20);
  CHECK(units.at(b, "shield_ratio") == 127);  // 20/40·255 = 127.5
  // raw_units carry the same columns with real tags.
  CHECK(obs.raw_units.at(row_of(obs.raw_units, 341), "mineral_contents") == 1800);
  CHECK(obs.raw_units.at(row_of(obs.raw_units, 54), "tag") == 13);
}
