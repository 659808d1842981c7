#pragma once
// Builds what the agent player sees: ResponseObservation (player, score, abilities of the
// selection, raw units, feature layers, RGB images, UI panels, echoed actions, errors, result),
// ResponseGameInfo and the static ResponseData tables.
#include <vector>

#include "engine/server/game.h"
#include "engine/server/interface_setup.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::engine {

// Takes game.echoed_actions and game.action_errors (they are reported once). `out` may be
// a reused, Clear()ed message (its strings keep their capacity); `layer_cache` (optional)
// keeps the static feature layers of this player between observations.
void build_observation(Game& game, const InterfaceSetup& iface, SC2APIProtocol::ResponseObservation* out,
                       FeatureLayerCache* layer_cache = nullptr);

void build_game_info(const Game& game, const GameConfig& config, const InterfaceSetup& iface,
                     SC2APIProtocol::ResponseGameInfo* out);

// The game's data tables; a map file's new unit types (`map_types`, ids after the engine's own)
// come last. Units are dense as in the real game: entry i has unit_id i, ids without a type are
// placeholders {unit_id, available: false}.
void build_data(const SC2APIProtocol::RequestData& request, SC2APIProtocol::ResponseData* out,
                const std::vector<const UnitTypeStats*>& map_types = {});

}  // namespace sc2::engine
