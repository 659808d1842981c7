#include "client/map_paths.h"

#include "client/map_catalog.h"

namespace sc2 {

bool is_map_path(std::string_view choice) {
  return choice.find_first_of("/\\") != std::string_view::npos || choice.ends_with(kMapExtension);
}

std::string map_name_from_path(std::string_view path) {
  const auto slash = path.find_last_of("/\\");
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (base.size() > kMapExtension.size() && base.ends_with(kMapExtension)) base.remove_suffix(kMapExtension.size());
  return std::string(base);
}

std::string map_path_for(std::string_view choice) {
  if (is_map_path(choice)) return std::string(choice);
  // A map the catalogue knows lives in its folder (a melee map under Melee/), as PySC2's
  // maps.get finds it; any other bare name is taken for a mini-game.
  const MapFacts* facts = find_map_facts(choice);
  std::string path = facts != nullptr ? std::string(facts->folder) + "/" : std::string(kMiniGamesFolder);
  path.append(choice).append(kMapExtension);
  return path;
}

std::string map_choice_for_path(std::string_view path) {
  const std::string name = map_name_from_path(path);
  // Only a plain mini_games/<Name>.SC2Map has the bare name as its choice (map_path_for's inverse).
  if (!name.empty() && map_path_for(name) == path) return name;
  return std::string(path);
}

}  // namespace sc2
