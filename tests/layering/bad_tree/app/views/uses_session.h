#pragma once
#include "app/input/input_mapper.h"
// Not allowed: what the panels show is pure logic over decoded observations, not the session.
#include "app/session/session_snapshot.h"
