#include "client/pysc2/result_names.h"

#include "s2clientprotocol/error.pb.h"
#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

static_assert(kActionSuccess == SC2APIProtocol::Success);

std::string action_result_name(int value) {
  if (SC2APIProtocol::ActionResult_IsValid(value)) {
    return SC2APIProtocol::ActionResult_Name(static_cast<SC2APIProtocol::ActionResult>(value));
  }
  return "ActionResult " + std::to_string(value);
}

std::string alert_name(int value) {
  const std::string& name = SC2APIProtocol::Alert_Name(static_cast<SC2APIProtocol::Alert>(value));
  return name.empty() ? std::to_string(value) : name;
}

}  // namespace sc2::pysc2
