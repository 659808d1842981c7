#pragma once
#include "render/palette.h"
#include "client/pysc2/observation.h"
// Not allowed: render draws for the app, it does not use it.
#include "app/session/session.h"
