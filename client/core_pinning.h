#pragma once
// Core pinning for the programs that play through the client (sc2agent --pin_cores): the
// agent's thread on the core its game was launched on (GameChoice::core). The work is the
// transport's (transport/core_pinning.h, which sc2lite uses for --cpu); agents/ reach it here.
#include "transport/core_pinning.h"

namespace sc2 {

using net::cores_for_games;
using net::ScopedCorePin;

}  // namespace sc2
