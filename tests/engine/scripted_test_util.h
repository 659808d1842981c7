#pragma once
// Helpers for the tests of games run from real map files (engine/scripted): where the files are
// (../shared/clients, skipped with a message when absent), loading one, variants of one with a
// changed script, and an episode stepped as the server's Game steps it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/mapfile/archive.h"
#include "engine/mapfile/map_data.h"
#include "engine/scripted/scripted_map.h"
#include "engine/sim/orders.h"
#include "engine/sim/abilities.h"
#include "tests/shared_dir.h"

namespace sc2::engine::scripted::test {

inline const std::string kMiniGames = "clients/pysc2/pysc2/maps/mini_games";
inline const std::string kSmacMaps = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps";

// The real file, or nullopt after a skip message (absent, or not an archive: a copy replaced by
// sc2lite's install-layout placeholder).
inline std::optional<std::filesystem::path> map_file(const std::string& folder, const std::string& name) {
  if (!sc2::test::have_shared(folder + "/" + name + ".SC2Map")) return std::nullopt;
  const std::filesystem::path path = sc2::test::shared_dir() / folder / (name + ".SC2Map");
  std::ifstream file(path, std::ios::binary);
  std::string start(4, '\0');
  file.read(start.data(), 4);
  if (!mapfile::looks_like_archive(start)) {
    MESSAGE("skipped: " << path.string() << " is not an .SC2Map archive (a placeholder?); restore the real file");
    return std::nullopt;
  }
  return path;
}

inline std::shared_ptr<const ScriptedMapFactory> load_file(const std::filesystem::path& path) {
  return ScriptedMapFactory::load(mapfile::read_map(path), path.filename().string());
}

// The map's files with its script replaced by `script` (as a map whose script was edited).
inline mapfile::MapData with_script(const std::filesystem::path& path, const std::string& script) {
  mapfile::MapFiles files = mapfile::read_archive_file(path);
  files.put("MapScript.galaxy", script);
  return mapfile::map_data_from_files(std::move(files), "Variant");
}

// A script of one map-init trigger running `init` and one trigger every loop running `each_loop`.
inline std::string script(const std::string& init, const std::string& each_loop = "", const std::string& globals = "") {
  return R"(include "TriggerLibs/NativeLib"
)" + globals + R"(trigger gt_Init;
trigger gt_Loop;
int gv_loops;
bool gt_Init_Func (bool testConds, bool runActions) {
)" + init + R"(
    return true;
}
bool gt_Loop_Func (bool testConds, bool runActions) {
    gv_loops += 1;
)" + each_loop + R"(
    return true;
}
void InitMap () {
    gt_Init = TriggerCreate("gt_Init_Func");
    TriggerAddEventMapInit(gt_Init);
    gt_Loop = TriggerCreate("gt_Loop_Func");
    TriggerAddEventTimePeriodic(gt_Loop, 0.0625, c_timeGame);
}
)";
}

// `text` with every `from` replaced by `to`; the test fails when `from` is absent.
inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  std::size_t at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, "the script has no '" << from << "'");
  for (; at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
  return text;
}

// One episode, stepped as engine/server/game.cpp steps a game: the world's loop, then the
// map's, then its end.
struct Episode {
  Episode(const ScriptedMapFactory& factory, std::uint64_t seed) : game(factory.make()), world(game->layout(), seed) {
    world.set_fog(game->fog());
    game->setup(world);
    result = game->early_end(world);
  }

  // Up to `loops` loops; stops at the episode's end. Returns whether it ended.
  bool step(std::uint32_t loops = 1) {
    for (std::uint32_t i = 0; i < loops && !result; ++i) {
      world.advance();
      game->on_loop(world);
      result = game->early_end(world);
    }
    return result.has_value();
  }

  ScriptWorld& script() { return game->session()->script_world(); }
  int score() const { return game->score(); }

  std::vector<Unit*> units_of(int owner, std::string_view type = {}) {
    std::vector<Unit*> found;
    for (Unit* u : world.units()) {
      if (u->owner == owner && (type.empty() || u->stats->name == type)) found.push_back(u);
    }
    return found;
  }
  Unit* only(std::string_view type) {
    Unit* found = nullptr;
    for (Unit* u : world.units()) {
      if (u->stats->name == type) {
        REQUIRE_MESSAGE(found == nullptr, "more than one " << type);
        found = u;
      }
    }
    REQUIRE_MESSAGE(found != nullptr, "no " << type);
    return found;
  }
  void move(Unit& unit, Vec2 to) {
    REQUIRE(issue_command(world, unit, ability::kMoveMove, CommandTarget{to, {}}, false) == CommandOutcome::Done);
  }
  void kill_all(int owner) {
    for (Unit* u : units_of(owner)) u->health = 0.0f;
  }

  std::unique_ptr<ScriptedMap> game;  // before the world: the world is made from its layout
  World world;
  std::optional<GameResult> result;
};

}  // namespace sc2::engine::scripted::test
