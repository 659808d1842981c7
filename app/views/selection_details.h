#pragma once
// The lines the Selection panel shows under the selected unit's bars, as PySC2's viewer does:
// upgrade levels (when any is above 0), buffs (ids, as the game sends them), and a transport's
// cargo (passengers' types and free slots).
#include <string>
#include <vector>

#include "client/pysc2/ui_view.h"

namespace sc2::app {

std::vector<std::string> selection_details(const pysc2::UiView& ui);

}  // namespace sc2::app
