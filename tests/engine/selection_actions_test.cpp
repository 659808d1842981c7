// Selection and UI actions through the engine's action interpreter (apply_action), on a
// hand-placed scene, read back from the observation the engine builds (raw is_selected,
// ObservationUI groups / multi): control groups (steal, append, recall), select_point
// all-of-type, select_rect with add, select_idle_worker AddAll, the multi-selection panel,
// and a Barracks rally point a trained Marine walks to.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr int kMe = 1;
constexpr float kCameraWidth = 24.0f;
constexpr int kScreen = 64;
constexpr std::uint32_t kScv = 45, kBarracks = 21, kSupplyDepot = 19;

// A set of unit tags; failed checks print them.
struct Tags {
  std::set<std::uint64_t> tags;
  Tags() = default;
  Tags(std::initializer_list<std::uint64_t> list) : tags(list) {}
  bool operator==(const Tags&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Tags& t) {
  out << "{";
  for (std::uint64_t tag : t.tags) out << (tag == *t.tags.begin() ? "" : ", ") << tag;
  return out << "}";
}

// An economy game (idle workers, production) emptied of its units, with feature layers at
// 64x64 / width 24 and raw; the camera at (26,32) shows x 14..38, so x > 38 is off screen.
struct Scene {
  GameConfig config;
  std::unique_ptr<Game> game;
  InterfaceSetup iface;

  Scene() {
    config.map = find_mini_game("CollectMineralsAndGas");
    REQUIRE(config.map != nullptr);
    game = std::make_unique<Game>(config, 5);
    for (Unit* u : world().units()) world().remove(u->id);
    world().player(kMe).camera = {26.0f, 32.0f};
    std::string error;
    auto parsed = parse_interface(join_request().join_game(), error);
    REQUIRE_MESSAGE(parsed.has_value(), error);
    iface = *parsed;
    REQUIRE(iface.feature_layer);
    REQUIRE(iface.layers.camera_width == kCameraWidth);
  }
  World& world() { return game->world(); }

  std::uint64_t spawn(std::uint32_t type, Vec2 pos, int owner = kMe) { return to_tag(world().spawn(type, owner, pos)); }

  api::ActionResult apply(const api::Action& action) { return apply_action(*game, iface, action); }

  api::ResponseObservation observe() {
    api::ResponseObservation response;
    build_observation(*game, iface, &response);
    return response;
  }

  // Sets the selection directly (setup, not the behaviour under test).
  void select(const std::vector<std::uint64_t>& tags) {
    auto& selection = world().player(kMe).selection;
    selection.clear();
    for (std::uint64_t t : tags) selection.push_back(from_tag(t));
  }

  api::Point camera() {
    api::Point p;
    p.set_x(world().player(kMe).camera.x);
    p.set_y(world().player(kMe).camera.y);
    return p;
  }

  // The screen pixel over a unit, by PySC2's world -> screen mapping.
  Pixel pixel_of(std::uint64_t tag) {
    const Unit* u = world().find_by_tag(tag);
    REQUIRE(u != nullptr);
    return world_to_screen(camera(), kCameraWidth, kScreen, kScreen, u->pos.x, u->pos.y);
  }
};

Tags selected(const api::ResponseObservation& obs) {
  Tags out;
  for (const auto& u : obs.observation().raw_data().units()) {
    if (u.is_selected()) out.tags.insert(u.tag());
  }
  return out;
}

// Units in control group `index` as ObservationUI reports them (0 = no such group).
std::uint32_t group_count(const api::ResponseObservation& obs, std::uint32_t index) {
  for (const auto& g : obs.observation().ui_data().groups()) {
    if (g.control_group_index() == index) return g.count();
  }
  return 0;
}

std::uint32_t group_leader(const api::ResponseObservation& obs, std::uint32_t index) {
  for (const auto& g : obs.observation().ui_data().groups()) {
    if (g.control_group_index() == index) return g.leader_unit_type();
  }
  return 0;
}

api::Action control_group(api::ActionControlGroup::ControlGroupAction what, std::uint32_t index) {
  api::Action a;
  auto* cg = a.mutable_action_ui()->mutable_control_group();
  cg->set_action(what);
  cg->set_control_group_index(index);
  return a;
}

api::Action multi_panel(api::ActionMultiPanel::Type type, int index) {
  api::Action a;
  auto* mp = a.mutable_action_ui()->mutable_multi_panel();
  mp->set_type(type);
  mp->set_unit_index(index);
  return a;
}

api::Action select_idle(api::ActionSelectIdleWorker::Type type) {
  api::Action a;
  a.mutable_action_ui()->mutable_select_idle_worker()->set_type(type);
  return a;
}

api::Action screen_command(int ability, std::optional<Pixel> at = std::nullopt) {
  api::Action a;
  auto* cmd = a.mutable_action_feature_layer()->mutable_unit_command();
  cmd->set_ability_id(ability);
  if (at) {
    cmd->mutable_target_screen_coord()->set_x(at->x);
    cmd->mutable_target_screen_coord()->set_y(at->y);
  }
  return a;
}

// Three Marines and three SCVs on screen, one more Marine off screen.
struct Squad {
  std::uint64_t m1, m2, m3, far_marine, s1, s2, s3;

  explicit Squad(Scene& scene)
      : m1(scene.spawn(kMarine, {22.0f, 35.0f})),
        m2(scene.spawn(kMarine, {24.0f, 35.0f})),
        m3(scene.spawn(kMarine, {26.0f, 35.0f})),
        far_marine(scene.spawn(kMarine, {42.0f, 32.0f})),
        s1(scene.spawn(kScv, {28.0f, 29.0f})),
        s2(scene.spawn(kScv, {30.0f, 29.0f})),
        s3(scene.spawn(kScv, {32.0f, 29.0f})) {}
};

using CG = api::ActionControlGroup;

}  // namespace

TEST_CASE("control groups: SetAndSteal takes the selection out of every other group, Set does not") {
  Scene scene;
  const Squad sq(scene);
  scene.select({sq.m1, sq.m2});
  REQUIRE(scene.apply(control_group(CG::Set, 1)) == api::Success);
  scene.select({sq.m2, sq.m3});
  REQUIRE(scene.apply(control_group(CG::Set, 2)) == api::Success);
  auto obs = scene.observe();
  CHECK(group_count(obs, 1) == 2);  // plain Set leaves m2 in group 1 as well
  CHECK(group_count(obs, 2) == 2);

  scene.select({sq.m2});
  REQUIRE(scene.apply(control_group(CG::SetAndSteal, 3)) == api::Success);
  obs = scene.observe();
  CHECK(group_count(obs, 1) == 1);  // m2 moved from groups 1 and 2 to group 3
  CHECK(group_count(obs, 2) == 1);
  CHECK(group_count(obs, 3) == 1);

  REQUIRE(scene.apply(control_group(CG::Recall, 1)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m1});
  REQUIRE(scene.apply(control_group(CG::Recall, 2)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m3});
  REQUIRE(scene.apply(control_group(CG::Recall, 3)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m2});
}

TEST_CASE("control groups: AppendAndSteal adds to a group and takes from the others, Append keeps both") {
  Scene scene;
  const Squad sq(scene);
  scene.select({sq.m1, sq.m2});
  REQUIRE(scene.apply(control_group(CG::Set, 1)) == api::Success);
  scene.select({sq.s1});
  REQUIRE(scene.apply(control_group(CG::Set, 2)) == api::Success);

  scene.select({sq.m2});
  REQUIRE(scene.apply(control_group(CG::Append, 2)) == api::Success);
  auto obs = scene.observe();
  CHECK(group_count(obs, 2) == 2);
  CHECK(group_count(obs, 1) == 2);  // plain Append does not steal

  scene.select({sq.m1});
  REQUIRE(scene.apply(control_group(CG::AppendAndSteal, 2)) == api::Success);
  REQUIRE(scene.apply(control_group(CG::AppendAndSteal, 2)) == api::Success);  // appending twice adds once
  obs = scene.observe();
  CHECK(group_count(obs, 2) == 3);
  CHECK(group_leader(obs, 2) == kScv);  // the group keeps its order: s1 first
  CHECK(group_count(obs, 1) == 1);      // m1 left group 1; m2 (only appended) stays

  REQUIRE(scene.apply(control_group(CG::Recall, 2)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.m1, sq.m2});
  REQUIRE(scene.apply(control_group(CG::Recall, 1)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m2});
}

TEST_CASE("control group recall replaces the selection, an empty or unknown group is an Error") {
  Scene scene;
  const Squad sq(scene);
  scene.select({sq.m1, sq.s1});
  REQUIRE(scene.apply(control_group(CG::Set, 4)) == api::Success);
  scene.select({sq.m3});
  REQUIRE(scene.apply(control_group(CG::Recall, 4)) == api::Success);
  auto obs = scene.observe();
  CHECK(selected(obs) == Tags{sq.m1, sq.s1});
  CHECK(obs.observation().ui_data().multi().units_size() == 2);
  CHECK(group_leader(obs, 4) == kMarine);

  CHECK(scene.apply(control_group(CG::Recall, 5)) == api::Error);   // never set
  CHECK(scene.apply(control_group(CG::Recall, 10)) == api::Error);  // groups are 0..9
  CHECK(selected(scene.observe()) == Tags{sq.m1, sq.s1});           // kept

  // A dead member is gone from the group and from what a recall selects.
  scene.world().remove(from_tag(sq.m1));
  scene.select({sq.m3});
  obs = scene.observe();
  CHECK(group_count(obs, 4) == 1);
  CHECK(group_leader(obs, 4) == kScv);
  REQUIRE(scene.apply(control_group(CG::Recall, 4)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1});
}

TEST_CASE("select_point AllType selects every own unit of the clicked type on screen, AddAllType keeps the rest") {
  Scene scene;
  const Squad sq(scene);
  const Pixel m2 = scene.pixel_of(sq.m2);
  scene.select({sq.s1});
  REQUIRE(scene.apply(select_point(m2.x, m2.y, api::ActionSpatialUnitSelectionPoint::AllType)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m1, sq.m2, sq.m3});  // not the SCV, not the Marine off screen

  scene.select({sq.s1});
  REQUIRE(scene.apply(select_point(m2.x, m2.y, api::ActionSpatialUnitSelectionPoint::AddAllType)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.m1, sq.m2, sq.m3});

  // On an SCV: all three SCVs, added to the Marines.
  const Pixel s3 = scene.pixel_of(sq.s3);
  REQUIRE(scene.apply(select_point(s3.x, s3.y, api::ActionSpatialUnitSelectionPoint::AddAllType)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.s2, sq.s3, sq.m1, sq.m2, sq.m3});
}

TEST_CASE("select_rect with add keeps the selection and adds the units in the rectangle") {
  Scene scene;
  const Squad sq(scene);
  const Pixel m1 = scene.pixel_of(sq.m1);
  REQUIRE(scene.apply(select_point(m1.x, m1.y)) == api::Success);
  REQUIRE(selected(scene.observe()) == Tags{sq.m1});

  // A rectangle around the SCVs (y 29 is below the Marines' y 35 on screen).
  const Pixel a = scene.pixel_of(sq.s1), b = scene.pixel_of(sq.s3);
  REQUIRE(scene.apply(select_rect(a.x - 2, a.y - 2, b.x + 2, b.y + 2, true)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m1, sq.s1, sq.s2, sq.s3});

  // The same rectangle without add replaces the selection.
  REQUIRE(scene.apply(select_rect(a.x - 2, a.y - 2, b.x + 2, b.y + 2, false)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.s2, sq.s3});
}

TEST_CASE("select_idle_worker AddAll adds every idle worker to the selection, All replaces it") {
  Scene scene;
  const Squad sq(scene);
  // s3 is busy walking: not idle.
  scene.select({sq.s3});
  REQUIRE(scene.apply(screen_command(16, Pixel{60, 60})) == api::Success);
  REQUIRE(scene.observe().observation().player_common().idle_worker_count() == 2);

  scene.select({sq.m1, sq.s1});
  REQUIRE(scene.apply(select_idle(api::ActionSelectIdleWorker::AddAll)) == api::Success);
  auto obs = scene.observe();
  CHECK(selected(obs) == Tags{sq.m1, sq.s1, sq.s2});
  CHECK(obs.observation().ui_data().multi().units_size() == 3);  // s1 was not added twice

  REQUIRE(scene.apply(select_idle(api::ActionSelectIdleWorker::All)) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.s2});
}

TEST_CASE("multi panel: SingleSelect, SelectAllOfType and DeselectAllOfType act on the indexed unit") {
  using MP = api::ActionMultiPanel;
  Scene scene;
  const Squad sq(scene);
  // Distinct life tells the panel's entries apart (UnitInfo has no tag).
  const std::vector<std::uint64_t> order = {sq.m1, sq.s1, sq.m2, sq.s2};
  const std::vector<float> life = {45.0f, 44.0f, 40.0f, 43.0f};
  for (std::size_t i = 0; i < order.size(); ++i) scene.world().find_by_tag(order[i])->health = life[i];
  const auto panel_index = [&](std::uint64_t tag) {
    scene.select(order);
    const auto obs = scene.observe();
    const auto& units = obs.observation().ui_data().multi().units();
    REQUIRE(units.size() == 4);
    const float want = scene.world().find_by_tag(tag)->health;
    for (int i = 0; i < units.size(); ++i) {
      if (static_cast<float>(units[i].health()) == want) return i;
    }
    FAIL("unit not in the multi panel");
    return -1;
  };

  REQUIRE(scene.apply(multi_panel(MP::SingleSelect, panel_index(sq.m2))) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m2});

  REQUIRE(scene.apply(multi_panel(MP::SelectAllOfType, panel_index(sq.s1))) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.s1, sq.s2});

  REQUIRE(scene.apply(multi_panel(MP::DeselectAllOfType, panel_index(sq.s2))) == api::Success);
  CHECK(selected(scene.observe()) == Tags{sq.m1, sq.m2});

  // An index past the panel is an Error and changes nothing.
  scene.select(order);
  CHECK(scene.apply(multi_panel(MP::SingleSelect, 4)) == api::Error);
  CHECK(selected(scene.observe()) == Tags{sq.m1, sq.s1, sq.m2, sq.s2});
}

TEST_CASE("a Barracks rallied to a screen point sends the Marine it trains there, and it arrives") {
  Scene scene;
  const std::uint64_t barracks = scene.spawn(kBarracks, {23.5f, 24.5f});
  scene.spawn(kSupplyDepot, {40.0f, 34.0f});  // supply for the Marine
  scene.world().player(kMe).economy.minerals = 50;
  const Pixel b = scene.pixel_of(barracks);
  REQUIRE(scene.apply(select_point(b.x, b.y)) == api::Success);
  REQUIRE(selected(scene.observe()) == Tags{barracks});

  // Rally (Rally_Building 195) to the pixel over (34,34); the point is that pixel's centre
  // (screen pixel -> world as in engine/README.md "Conventions").
  const api::Point camera = scene.camera();
  const Pixel rally = world_to_screen(camera, kCameraWidth, kScreen, kScreen, 34.0f, 34.0f);
  const float per_pixel = kCameraWidth / kScreen;
  const float rally_x = camera.x() + (rally.x + 0.5f - kScreen / 2.0f) * per_pixel;
  const float rally_y = camera.y() - (rally.y + 0.5f - kScreen / 2.0f) * per_pixel;
  REQUIRE(scene.apply(screen_command(195, rally)) == api::Success);
  REQUIRE(scene.apply(screen_command(560)) == api::Success);  // Train_Marine

  scene.game->step(400);  // the Marine's build time
  auto obs = scene.observe();
  const auto marines = [](const api::ResponseObservation& o) {
    std::vector<api::Unit> out;
    for (const auto& u : o.observation().raw_data().units()) {
      if (u.unit_type() == kMarine) out.push_back(u);
    }
    return out;
  };
  REQUIRE(marines(obs).size() == 1);
  const auto fresh = marines(obs)[0];
  const auto distance_to_rally = [&](const api::Unit& u) {
    return std::hypot(u.pos().x() - rally_x, u.pos().y() - rally_y);
  };
  CHECK(distance_to_rally(fresh) > 5.0f);  // appears at the Barracks, not at the rally point
  REQUIRE(fresh.orders_size() == 1);
  CHECK(fresh.orders(0).ability_id() == 16);  // Move
  CHECK(fresh.orders(0).target_world_space_pos().x() == doctest::Approx(rally_x));
  CHECK(fresh.orders(0).target_world_space_pos().y() == doctest::Approx(rally_y));

  // ~15 units at 2.25 per 16 loops: well under 200 loops.
  for (int i = 0; i < 25 && !marines(obs).empty() && marines(obs)[0].orders_size() > 0; ++i) {
    scene.game->step(8);
    obs = scene.observe();
  }
  REQUIRE(marines(obs).size() == 1);
  CHECK(marines(obs)[0].orders_size() == 0);
  CHECK(distance_to_rally(marines(obs)[0]) < 0.01f);
}
