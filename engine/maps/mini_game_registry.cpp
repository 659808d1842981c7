#include "engine/maps/mini_game_registry.h"

#include <vector>

#include "engine/maps/melee_registry.h"
#include "engine/scripted/builtin_maps.h"

namespace sc2::engine {

namespace {

constexpr std::string_view kMeleeFolder = "Melee/";

struct Registry {
  std::vector<MiniGameEntry> mini_games;
  std::vector<MiniGameEntry> melee;
};

// Built once, from the folders the build compiled in (in their order); the entries' names and
// paths view the compiled-in paths, which live as long as the program.
const Registry& registry() {
  static const Registry built = [] {
    Registry r;
    for (std::string_view path : scripted::builtin_map_paths()) {
      std::string_view name = path.substr(path.find_last_of('/') + 1);
      name.remove_suffix(name.size() - name.rfind(".SC2Map"));
      const bool melee = path.starts_with(kMeleeFolder);
      (melee ? r.melee : r.mini_games).push_back({name, path, melee});
    }
    return r;
  }();
  return built;
}

const MiniGameEntry* find_in(std::span<const MiniGameEntry> list, std::string_view name) {
  for (const MiniGameEntry& entry : list) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<MiniGame> MiniGameEntry::make() const { return scripted::builtin_map_factory(path)->make(); }

std::span<const MiniGameEntry> mini_games() { return registry().mini_games; }
const MiniGameEntry* find_mini_game(std::string_view name) { return find_in(mini_games(), name); }

std::span<const MiniGameEntry> melee_maps() { return registry().melee; }
const MiniGameEntry* find_melee_map(std::string_view name) { return find_in(melee_maps(), name); }
bool is_melee_map(const MiniGameEntry* entry) { return entry != nullptr && entry->melee; }

const MiniGameEntry* find_map(std::string_view name) {
  if (const MiniGameEntry* entry = find_mini_game(name)) return entry;
  return find_melee_map(name);
}

std::string map_path_of(const MiniGameEntry& entry) { return std::string(entry.path); }

std::string melee_map_path(std::string_view name) { return std::string(kMeleeFolder) + std::string(name) + ".SC2Map"; }

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
