#include "engine/server/observer_view.h"

#include <cmath>
#include <utility>
#include <vector>

#include "engine/server/observation_builder.h"

namespace sc2::engine {

void observe_game(Game& game, const InterfaceSetup& iface, const std::optional<Vec2>& camera, bool consume,
                  SC2APIProtocol::ResponseObservation* out) {
  const int watched = iface.player;
  PlayerState& player = game.world().player(watched);
  struct Restore {
    Game& game;
    int watched;
    PlayerState& player;
    Vec2 camera;
    bool consume;
    std::vector<SC2APIProtocol::Action> echoed;
    std::vector<SC2APIProtocol::ActionError> errors;
    std::vector<std::uint64_t> dead;
    std::vector<Alert> alerts;
    ~Restore() {
      player.camera = camera;
      if (consume) return;
      game.feed(watched).echoed_actions = std::move(echoed);
      game.feed(watched).action_errors = std::move(errors);
      game.feed(watched).dead_unit_tags = std::move(dead);
      game.feed(watched).alerts = std::move(alerts);
    }
  } restore{game, watched, player, player.camera, consume, {}, {}, {}, {}};
  if (!consume) {
    restore.echoed = game.feed(watched).echoed_actions;
    restore.errors = game.feed(watched).action_errors;
    restore.dead = game.feed(watched).dead_unit_tags;
    restore.alerts = game.feed(watched).alerts;
  }
  if (camera) player.camera = *camera;
  build_observation(game, iface, out);
}

std::string apply_observer_actions(const Game& game, const InterfaceSetup& iface,
                                   const SC2APIProtocol::RequestObserverAction& request,
                                   std::optional<Vec2>& camera) {
  const World& world = game.world();
  std::string errors;
  const auto refuse = [&](const std::string& e) { errors += (errors.empty() ? "" : "; ") + e; };
  for (const auto& a : request.actions()) {
    switch (a.action_case()) {
      case SC2APIProtocol::ObserverAction::kCameraMove: {
        if (!a.camera_move().has_world_pos()) {
          refuse("camera_move needs world_pos");
          break;
        }
        Vec2 p{a.camera_move().world_pos().x(), a.camera_move().world_pos().y()};
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {  // NaN would pass the clamp below
          refuse("camera_move world_pos is not a finite point");
          break;
        }
        if (iface.raw_crop_to_playable_area) {
          p.x += static_cast<float>(world.map().playable.x0);
          p.y += static_cast<float>(world.map().playable.y0);
        }
        camera = world.clamp_to_playable(p);
        break;
      }
      case SC2APIProtocol::ObserverAction::kCameraFollowPlayer: {
        const auto id = a.camera_follow_player().player_id();
        if (id != 0 && id != static_cast<std::uint32_t>(iface.player)) {
          refuse("camera_follow_player " + std::to_string(id) + ": this view follows the camera of player " +
                 std::to_string(iface.player) + ", the observed player");
        } else {
          camera.reset();
        }
        break;
      }
      case SC2APIProtocol::ObserverAction::kPlayerPerspective: {
        const auto id = a.player_perspective().player_id();
        if (id != 0 && id != static_cast<std::uint32_t>(iface.player)) {
          refuse("player_perspective " + std::to_string(id) + ": this view shows player " +
                 std::to_string(iface.player) + "'s perspective (choose it with observed_player_id)");
        }
        break;
      }
      case SC2APIProtocol::ObserverAction::kCameraFollowUnits:  // the real game ignores it too
      case SC2APIProtocol::ObserverAction::ACTION_NOT_SET:
        break;
    }
  }
  return errors;
}

}  // namespace sc2::engine
