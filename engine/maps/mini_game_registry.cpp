#include "engine/maps/mini_game_registry.h"

#include <atomic>

#include "engine/mini_game_list.h"  // generated from assets/maps/*.json (engine/CMakeLists.txt)
#include "engine/scripted/builtin_maps.h"

namespace sc2::engine {

namespace {
std::atomic<bool> folders_chosen{true};
}  // namespace

void play_builtin_map_folders(bool folders) { folders_chosen = folders; }
bool playing_builtin_map_folders() { return folders_chosen; }

std::unique_ptr<MiniGame> make_builtin_mini_game(std::string_view name, std::unique_ptr<MiniGame> (*rules)()) {
  if (folders_chosen) {
    if (auto map = scripted::builtin_map_factory(name)) return map->make();
  }
  return rules();
}

std::span<const MiniGameEntry> mini_games() { return kMiniGameList; }

const MiniGameEntry* find_mini_game(std::string_view name) {
  for (const auto& entry : kMiniGameList) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

std::string map_name_from_path(std::string_view map_path) {
  const auto slash = map_path.find_last_of("/\\");
  std::string_view base = slash == std::string_view::npos ? map_path : map_path.substr(slash + 1);
  constexpr std::string_view kExtension = ".SC2Map";
  if (base.size() > kExtension.size() && base.ends_with(kExtension)) {
    base.remove_suffix(kExtension.size());
  }
  return std::string(base);
}

std::string mini_game_map_path(std::string_view name) {
  return "mini_games/" + std::string(name) + ".SC2Map";
}

}  // namespace sc2::engine
