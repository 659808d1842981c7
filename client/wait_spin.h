#pragma once
// The transport's polling before a sleeping wait (transport/wait_spin.h), for the programs that
// play through the client (sc2agent --wait_spin_us). launch_game hands the limit on to the
// sc2lite it starts, so that both ends of the game's connection follow it.
#include "transport/wait_spin.h"

namespace sc2 {

using net::kDefaultWaitSpin;
using net::set_wait_spin;
using net::wait_spin;

}  // namespace sc2
