#include "client/unit_type_names.h"

namespace sc2 {

std::map<std::uint32_t, std::string> fetch_unit_type_names(Controller& controller) {
  SC2APIProtocol::RequestData request;
  request.set_unit_type_id(true);
  const SC2APIProtocol::ResponseData data = controller.data(request);  // kept: the loop reads into it
  std::map<std::uint32_t, std::string> names;
  for (const SC2APIProtocol::UnitTypeData& unit : data.units()) {
    if (!unit.name().empty()) names.emplace(unit.unit_id(), unit.name());
  }
  return names;
}

}  // namespace sc2
