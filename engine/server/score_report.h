#pragma once
// Observation.score.score_details of one player, from the simulation's score totals and
// live state (engine/sim/score.h).
#include "engine/sim/world.h"
#include "s2clientprotocol/score.pb.h"

namespace sc2::engine {

void fill_score_details(const World& world, int player, SC2APIProtocol::ScoreDetails* out);

}  // namespace sc2::engine
