// Fog of war memory: an enemy structure once seen stays in the raw observation as a
// Snapshot (last-seen state, no life) while its spot is not visible, and is forgotten when
// the player sees the spot without it; resources are known as snapshots from the start.
#include <doctest/doctest.h>

#include "engine/server/game.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/abilities.h"
#include "engine/sim/orders.h"

using namespace sc2::engine;
namespace api = SC2APIProtocol;

namespace {

constexpr Vec2 kDepotSpot{50.0f, 50.0f};
constexpr Vec2 kFieldSpot{14.0f, 50.5f};

// FindAndDefeatZerglings (fog on) without its Zerglings, plus an enemy depot and a field
// far from the Marines.
struct FoggedGame {
  Game game;
  UnitId depot;
  UnitId field;

  static Game make() {
    GameConfig config;
    config.map = find_mini_game("FindAndDefeatZerglings");
    REQUIRE(config.map != nullptr);
    return Game(config, 3);
  }
  FoggedGame() : game(make()) {
    World& world = game.world();
    REQUIRE(world.fog());
    for (Unit* u : world.units()) {
      if (u->owner == 2) world.remove(u->id);
    }
    depot = world.spawn(unit_type::kSupplyDepot, 2, kDepotSpot);
    field = world.spawn(unit_type::kMineralField, kNeutralOwner, kFieldSpot);
  }

  api::ObservationRaw raw() {
    InterfaceSetup iface;
    iface.raw = true;
    api::ResponseObservation obs;
    build_observation(game, iface, &obs);
    return obs.observation().raw_data();
  }

  // Sends every Marine to `to` and steps until they are there.
  void marines_to(Vec2 to) {
    World& world = game.world();
    for (Unit* u : world.units()) {
      if (u->owner == kAgentPlayer) {
        REQUIRE(issue_command(world, *u, ability::kMoveMove, {to, {}}, false) == CommandOutcome::Done);
      }
    }
    game.step(160);
    REQUIRE_FALSE(game.ended());
  }
};

const api::Unit* by_tag(const api::ObservationRaw& raw, UnitId id) {
  for (const auto& u : raw.units()) {
    if (u.tag() == to_tag(id)) return &u;
  }
  return nullptr;
}

}  // namespace

TEST_CASE("snapshots: an enemy structure is unknown until seen, then Visible, then a Snapshot in the fog") {
  FoggedGame g;
  CHECK(by_tag(g.raw(), g.depot) == nullptr);  // never seen

  g.marines_to({46.0f, 46.0f});  // the depot is within sight (9) now
  const auto seen = g.raw();
  const api::Unit* visible = by_tag(seen, g.depot);
  REQUIRE(visible != nullptr);
  CHECK(visible->display_type() == api::Visible);
  CHECK(visible->has_health());

  g.marines_to({32.0f, 32.0f});  // out of sight again
  const auto fogged = g.raw();
  const api::Unit* snap = by_tag(fogged, g.depot);
  REQUIRE(snap != nullptr);
  CHECK(snap->display_type() == api::Snapshot);
  CHECK(snap->alliance() == api::Enemy);
  CHECK(snap->owner() == 2);
  CHECK(snap->unit_type() == unit_type::kSupplyDepot);
  CHECK(snap->pos().x() == kDepotSpot.x);
  CHECK(snap->pos().y() == kDepotSpot.y);
  CHECK(snap->radius() == visible->radius());
  CHECK(snap->build_progress() == 1.0f);
  CHECK(snap->cloak() == api::CloakedUnknown);
  CHECK_FALSE(snap->has_health());  // snapshots carry no life
  CHECK(snap->orders_size() == 0);
  CHECK(g.game.world().visibility(kAgentPlayer, 50, 50) == 1);  // seen, not visible
}

TEST_CASE("snapshots: a structure gone in the fog stays remembered until the player sees its spot again") {
  FoggedGame g;
  g.marines_to({46.0f, 46.0f});
  g.marines_to({32.0f, 32.0f});
  g.game.world().remove(g.depot);  // destroyed while nobody looks
  const auto remembered = g.raw();  // named: by_tag points into it (a temporary would be freed)
  const api::Unit* ghost = by_tag(remembered, g.depot);
  REQUIRE(ghost != nullptr);
  CHECK(ghost->display_type() == api::Snapshot);

  g.marines_to({46.0f, 46.0f});  // look again: nothing there
  CHECK(by_tag(g.raw(), g.depot) == nullptr);
  g.marines_to({32.0f, 32.0f});
  CHECK(by_tag(g.raw(), g.depot) == nullptr);  // and it does not come back
  CHECK(g.game.world().player(kAgentPlayer).snapshots.size() == 1);  // only the mineral field
}

TEST_CASE("snapshots: resources are known map-wide from the start, as Snapshots without contents") {
  FoggedGame g;
  const auto raw = g.raw();
  const api::Unit* field = by_tag(raw, g.field);
  REQUIRE(field != nullptr);
  CHECK(field->display_type() == api::Snapshot);
  CHECK(field->alliance() == api::Neutral);
  CHECK(field->owner() == kNeutralOwner);
  CHECK_FALSE(field->has_mineral_contents());
  CHECK_FALSE(field->has_health());
  // Seen up close it is Visible with its contents.
  g.marines_to({20.0f, 46.0f});
  const auto seen_close = g.raw();
  const api::Unit* close = by_tag(seen_close, g.field);
  REQUIRE(close != nullptr);
  CHECK(close->display_type() == api::Visible);
  CHECK(close->mineral_contents() > 0);
}

TEST_CASE("snapshots: without fog nothing is a snapshot") {
  GameConfig config;
  config.map = find_mini_game("CollectMineralsAndGas");
  Game game(config, 3);
  InterfaceSetup iface;
  iface.raw = true;
  api::ResponseObservation obs;
  build_observation(game, iface, &obs);
  REQUIRE(obs.observation().raw_data().units_size() > 0);
  for (const auto& u : obs.observation().raw_data().units()) CHECK(u.display_type() == api::Visible);
  CHECK(game.world().player(kAgentPlayer).snapshots.empty());
}
