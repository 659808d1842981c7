// Raw Unit fields as the engine fills them (raw.proto Unit), for a hand-placed scene: the
// fields PySC2's feature_units / raw_units columns read (pysc2-features.md §5.3).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/action_interpreter.h"
#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "engine/server/observation_builder.h"

namespace {

namespace api = SC2APIProtocol;
using namespace sc2::engine;

constexpr std::uint32_t kMarine = 48, kScv = 45, kZergling = 105, kMineralField = 341, kCommandCenter = 18;

struct Scene {
  GameConfig config;
  std::unique_ptr<Game> game;
  InterfaceSetup iface;

  Scene() {
    config.map = find_mini_game("CollectMineralsAndGas");
    REQUIRE(config.map != nullptr);
    game = std::make_unique<Game>(config, 5);
    for (Unit* u : game->world().units()) game->world().remove(u->id);
    api::RequestJoinGame join;
    auto* o = join.mutable_options();
    o->set_raw(true);
    o->set_score(true);
    auto* fl = o->mutable_feature_layer();
    fl->set_width(24.0f);
    fl->mutable_resolution()->set_x(64);
    fl->mutable_resolution()->set_y(64);
    fl->mutable_minimap_resolution()->set_x(64);
    fl->mutable_minimap_resolution()->set_y(64);
    std::string error;
    auto parsed = parse_interface(join, error);
    REQUIRE_MESSAGE(parsed.has_value(), error);
    iface = *parsed;
  }
  World& world() { return game->world(); }
  Unit& spawn(std::uint32_t type, int owner, Vec2 pos) {
    Unit* u = world().find(world().spawn(type, owner, pos));
    REQUIRE(u != nullptr);
    return *u;
  }
  api::ResponseObservation observe() {
    api::ResponseObservation response;
    build_observation(*game, iface, &response);
    return response;
  }
};

const api::Unit& raw_unit(const api::ResponseObservation& response, std::uint64_t tag) {
  for (const api::Unit& u : response.observation().raw_data().units()) {
    if (u.tag() == tag) return u;
  }
  FAIL("no raw unit with tag " << tag);
  return api::Unit::default_instance();
}

}  // namespace

TEST_CASE("raw units: identity, position, facing, radius, life and flags of the engine's units") {
  Scene scene;
  const Vec2 camera = scene.world().player(1).camera;
  Unit& marine = scene.spawn(kMarine, 1, {camera.x + 1.0f, camera.y + 2.0f});
  marine.facing = 1.25f;
  marine.health = 30.0f;
  Unit& ling = scene.spawn(kZergling, 2, {camera.x - 3.0f, camera.y});
  Unit& far_scv = scene.spawn(kScv, 1, {camera.x + 20.0f, camera.y});  // beyond the 24-wide screen
  scene.world().player(1).selection = {marine.id};

  const api::ResponseObservation response = scene.observe();
  const api::Unit& m = raw_unit(response, to_tag(marine.id));
  CHECK(m.unit_type() == kMarine);
  CHECK(m.owner() == 1);
  CHECK(m.alliance() == api::Self);
  CHECK(m.display_type() == api::Visible);
  CHECK(m.pos().x() == doctest::Approx(marine.pos.x));
  CHECK(m.pos().y() == doctest::Approx(marine.pos.y));
  CHECK(m.pos().z() == doctest::Approx(scene.world().ground_height(marine.pos)));
  CHECK(m.facing() == doctest::Approx(1.25f));
  CHECK(m.radius() == doctest::Approx(0.375f));
  CHECK(m.health() == doctest::Approx(30.0f));
  CHECK(m.health_max() == doctest::Approx(45.0f));
  CHECK(m.shield() == 0.0f);
  CHECK(m.energy() == 0.0f);
  CHECK(m.build_progress() == 1.0f);
  CHECK(m.cloak() == api::NotCloaked);
  CHECK(m.is_selected());
  CHECK(m.is_on_screen());
  CHECK_FALSE(m.is_blip());
  CHECK_FALSE(m.is_hallucination());
  CHECK(m.orders_size() == 0);

  const api::Unit& z = raw_unit(response, to_tag(ling.id));
  CHECK(z.alliance() == api::Enemy);
  CHECK(z.owner() == 2);
  CHECK_FALSE(z.is_selected());
  CHECK(z.orders_size() == 0);  // other players' orders are not reported

  const api::Unit& s = raw_unit(response, to_tag(far_scv.id));
  CHECK_FALSE(s.is_on_screen());
}

TEST_CASE("raw units: orders with ability, target and progress, weapon cooldown after a shot") {
  Scene scene;
  const Vec2 camera = scene.world().player(1).camera;
  Unit& marine = scene.spawn(kMarine, 1, {camera.x, camera.y});
  Unit& ling = scene.spawn(kZergling, 2, {camera.x + 4.0f, camera.y});

  // Attack the Zergling by tag (a unit target), then a queued move (a point target).
  api::Action attack;
  auto* cmd = attack.mutable_action_raw()->mutable_unit_command();
  cmd->set_ability_id(3674);
  cmd->add_unit_tags(to_tag(marine.id));
  cmd->set_target_unit_tag(to_tag(ling.id));
  REQUIRE(apply_action(*scene.game, scene.iface, attack) == api::Success);
  api::Action move;
  auto* mv = move.mutable_action_raw()->mutable_unit_command();
  mv->set_ability_id(3794);
  mv->add_unit_tags(to_tag(marine.id));
  mv->mutable_target_world_space_pos()->set_x(camera.x - 5.0f);
  mv->mutable_target_world_space_pos()->set_y(camera.y - 1.0f);
  mv->set_queue_command(true);
  REQUIRE(apply_action(*scene.game, scene.iface, move) == api::Success);

  scene.game->step(2);
  const api::ResponseObservation response = scene.observe();
  const api::Unit& m = raw_unit(response, to_tag(marine.id));
  REQUIRE(m.orders_size() == 2);
  CHECK(m.orders(0).target_unit_tag() == to_tag(ling.id));
  CHECK(m.orders(1).target_world_space_pos().x() == doctest::Approx(camera.x - 5.0f));
  CHECK(m.orders(1).target_world_space_pos().y() == doctest::Approx(camera.y - 1.0f));
  CHECK(m.weapon_cooldown() > 0.0f);  // it fired at the Zergling in range
  CHECK(m.engaged_target_tag() == to_tag(ling.id));
  const api::Unit& z = raw_unit(response, to_tag(ling.id));
  CHECK(z.health() < z.health_max());
}

TEST_CASE("raw units: resources, structures under construction and harvesters") {
  Scene scene;
  const Vec2 camera = scene.world().player(1).camera;
  Unit& field = scene.spawn(kMineralField, 16, {camera.x - 6.0f, camera.y + 0.5f});
  Unit& cc = scene.spawn(kCommandCenter, 1, {camera.x + 0.5f, camera.y + 0.5f});
  cc.under_construction = true;
  cc.build_loops_done = cc.stats->build_time_loops / 4;

  const api::ResponseObservation response = scene.observe();
  const api::Unit& f = raw_unit(response, to_tag(field.id));
  CHECK(f.alliance() == api::Neutral);
  CHECK(f.owner() == 16);
  CHECK(f.mineral_contents() == field.mineral_contents);
  CHECK(f.mineral_contents() > 0);
  const api::Unit& c = raw_unit(response, to_tag(cc.id));
  CHECK(c.build_progress() == doctest::Approx(0.25f).epsilon(0.01));
  CHECK(c.ideal_harvesters() == 2);  // one field within reach: 2 per field
  CHECK(c.assigned_harvesters() == 0);
}
