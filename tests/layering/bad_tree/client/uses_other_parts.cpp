// Allowed: the client's own code, the protocol, the transport.
#include "client/pysc2/env.h"
#include "transport/websocket_client.h"
// Not allowed: engine, app, render.
#include "engine/server/game.h"
  #  include "app/ui/studio_ui.h"
#include "render/world_scene.h"
// Not allowed: OpenGL outside render/.
#include <epoxy/gl.h>
