#pragma once
// Allowed: the engine's own code, the protocol, the transport, system headers.
#include <vector>
#include "engine/sim/world.h"
#include "s2clientprotocol/sc2api.pb.h"
#include "transport/websocket_server.h"
// Not allowed: client, app, render.
#include "client/controller.h"
#include "app/session/session.h"
#include <render/palette.h>
