#include "app/session/session.h"
#include "client/pysc2/env.h"
// Not allowed: the session is the game thread's logic, it never reaches the UI.
#include "app/ui/studio_ui.h"
