#pragma once
// The one error type of the map reader: which file of the map, and why. Every refusal of a
// damaged or hostile map is a MapError; nothing else escapes read_map (see map_data.h).
#include <stdexcept>
#include <string>

namespace sc2::engine::mapfile {

class MapError : public std::runtime_error {
 public:
  // `file`: the file inside the map ("MapInfo", "Base.SC2Data/GameData/UnitData.xml") or
  // the map itself when the archive as a whole is at fault.
  MapError(std::string file, std::string reason);

  const std::string& file() const { return file_; }
  const std::string& reason() const { return reason_; }
  // The map it came from ("SMAC_Maps/3m.SC2Map"), empty until read_map adds it.
  const std::string& map() const { return map_; }

  // The same error, its message prefixed with the map: "3m.SC2Map: MapInfo: truncated ...".
  MapError in_map(const std::string& map) const;

 private:
  std::string file_;
  std::string reason_;
  std::string map_;
};

}  // namespace sc2::engine::mapfile
