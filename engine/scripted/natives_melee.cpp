// Melee (issue 35): the natives a melee map's script sets its game up with, over sc2lite's melee
// rules (those the C++ melee maps had before issue 35 made them map folders; facts: spec melee.md
// "Game rules that matter here"). The players are the map's start locations: player p stands on the p-th
// StartLoc point of Objects (as ScriptedMap::players() and game_info count them).
// * MeleeInitResources: every player's start bank, 50 minerals and no gas (melee.md).
// * MeleeInitUnits: each player's Command Center on its start location and 12 SCVs beside it, in
//   two columns of 6 on the side away from its mineral line (sc2lite's base: columns 3.5 and 4.3
//   from the centre, rows 0.8 apart); the player's camera on it.
// * MeleeInitAI: nothing to do here: the server plays every Computer of player_setup with the
//   built-in AI (engine/maps/melee_ai.h) on any map made for two players or more, as it does on
//   every melee map (engine/server/game.cpp); the script cannot start or stop it.
// * MeleeInitOptions: the melee end rule (apply_melee_end_rule below): a player whose
//   structures (finished or not) are all gone loses, the last player left wins, the players
//   left losing together tie (melee.md: a player loses when all its structures are destroyed, the
//   other wins; the tie is our choice, as the C++ melee maps').
// * GameOver(player, type, showDialog, showScore): that player's game is over as a victory,
//   defeat or tie (c_gameOver*); the episode ends when player 1's is (scripted_map.h). The dialog
//   and the score screen speak to a person: headless, nothing is shown.
// Which start units, which side the SCVs stand on, and the c_gameOver* values are our choices
// where the spec is silent (library_declarations.cpp).
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "engine/scripted/native_args.h"
#include "engine/scripted/natives.h"

namespace sc2::engine::scripted {

namespace {

using galaxy::NativeCall;

constexpr std::int32_t kStartMinerals = 50;  // melee.md: 50 minerals per player
constexpr std::int32_t kStartVespene = 0;
constexpr int kMaxMeleePlayers = kNeutralOwner - 1;  // players 1..15

// The SCVs of a base, as offsets along (x) and across (y) the direction from the mineral line
// to the Command Center: the columns, and the rows of each column.
constexpr float kScvColumns[] = {3.5f, 4.3f};
constexpr float kScvRows[] = {-2.0f, -1.2f, -0.4f, 0.4f, 1.2f, 2.0f};
// Mineral fields within this distance of a start location are its mineral line (sc2lite's base
// puts them 6.9-7.6 from the Command Center; the other base stands more than 15 away).
constexpr float kMineralLineReach = 10.0f;
constexpr std::int64_t kChecksPerInstruction = 32;  // as UnitCreate charges its placement search

// The map's start locations, player 1's first; fails the call when there is none or more than
// the game has players.
std::optional<std::vector<Vec2>> start_locations(NativeCall& call, ScriptWorld& w) {
  std::vector<Vec2> starts;
  for (const mapfile::PlacedPoint& point : w.map().objects.start_locations()) {
    starts.push_back({point.position.x, point.position.y});
  }
  if (starts.empty()) {
    call.fail("the map has no start locations (StartLoc points in Objects), one per player");
    return std::nullopt;
  }
  if (starts.size() > static_cast<std::size_t>(kMaxMeleePlayers)) {
    call.fail("the map has " + std::to_string(starts.size()) + " start locations, more than the game's " +
              std::to_string(kMaxMeleePlayers) + " players");
    return std::nullopt;
  }
  return starts;
}

// A melee native ran during map init: the map is a melee map (MapSettings::melee).
void mark_melee(ScriptWorld& w) {
  if (w.in_map_init()) w.settings().melee = true;
}

// The unit direction from the mineral line near `start` to it; east when it has none.
Vec2 away_from_minerals(const World& world, Vec2 start) {
  Vec2 sum{0.0f, 0.0f};
  int fields = 0;
  for (const Unit* u : world.units()) {
    if (u->stats->role != UnitRole::Resource || u->mineral_contents <= 0) continue;
    if (distance(u->pos, start) > kMineralLineReach) continue;
    sum = {sum.x + u->pos.x, sum.y + u->pos.y};
    ++fields;
  }
  if (fields == 0) return {1.0f, 0.0f};
  const Vec2 away{start.x - sum.x / static_cast<float>(fields), start.y - sum.y / static_cast<float>(fields)};
  const float length = std::hypot(away.x, away.y);
  if (length < 1e-3f) return {1.0f, 0.0f};
  return {away.x / length, away.y / length};
}

void register_init_resources(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("MeleeInitResources", [&w](NativeCall& call) {
    const std::optional<std::vector<Vec2>> starts = start_locations(call, w);
    if (!starts) return;
    mark_melee(w);
    for (std::size_t i = 0; i < starts->size(); ++i) {
      PlayerEconomy& bank = w.world().player(static_cast<int>(i) + 1).economy;
      bank.minerals = kStartMinerals;
      bank.vespene = kStartVespene;
    }
  });
}

void register_init_units(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("MeleeInitUnits", [&w](NativeCall& call) {
    const std::optional<std::vector<Vec2>> starts = start_locations(call, w);
    if (!starts) return;
    const UnitTypeStats* town_hall = w.types().find("CommandCenter");
    const UnitTypeStats* worker = w.types().find("SCV");
    if (town_hall == nullptr || worker == nullptr) {
      return call.fail(w.types().why_not(town_hall == nullptr ? "CommandCenter" : "SCV"));
    }
    const std::uint32_t per_player = 1 + static_cast<std::uint32_t>(std::size(kScvColumns) * std::size(kScvRows));
    const std::uint32_t live = w.live_units();
    call.charge(live);
    if (live + per_player * starts->size() > w.limits().max_units) {
      return call.fail("the game would have more than " + std::to_string(w.limits().max_units) +
                       " units (ScriptedLimits)");
    }
    mark_melee(w);
    std::int64_t checks = w.limits().placement_checks_per_call;
    for (std::size_t i = 0; i < starts->size(); ++i) {
      const int player = static_cast<int>(i) + 1;
      const Vec2 start = (*starts)[i];
      const Vec2 along = away_from_minerals(w.world(), start);
      w.create_unit(*town_hall, player, start, std::nullopt, checks);
      for (const float column : kScvColumns) {
        for (const float row : kScvRows) {
          const Vec2 offset{column * along.x - row * along.y, column * along.y + row * along.x};
          w.create_unit(*worker, player, {start.x + offset.x, start.y + offset.y}, std::nullopt, checks);
        }
      }
      w.world().player(player).camera = start;
    }
    call.charge(per_player * starts->size() + (w.limits().placement_checks_per_call - checks) / kChecksPerInstruction);
  });
}

void register_init_ai_and_options(galaxy::NativeRegistry& r, ScriptWorld& w) {
  // The built-in AI needs nothing from the script (above): only the map's kind is noted.
  r.add("MeleeInitAI", [&w](NativeCall& call) {
    if (start_locations(call, w)) mark_melee(w);
  });
  r.add("MeleeInitOptions", [&w](NativeCall& call) {
    if (!start_locations(call, w)) return;
    mark_melee(w);
    w.set_melee_end_rule();
  });
}

void register_game_over(galaxy::NativeRegistry& r, ScriptWorld& w) {
  r.add("GameOver", [&w](NativeCall& call) {
    const std::int32_t player = call.int_arg(0);
    const std::int32_t type = call.int_arg(1);
    if (player < 1 || player > kMaxMeleePlayers) {
      return call.fail("player " + std::to_string(player) + " is not a player 1.." + std::to_string(kMaxMeleePlayers));
    }
    if (type != kGameOverVictory && type != kGameOverDefeat && type != kGameOverTie) {
      return call.fail("game over type " + std::to_string(type) +
                       " is not c_gameOverVictory (0), c_gameOverDefeat (1) or c_gameOverTie (2)");
    }
    w.set_game_over(player, type);
  });
}

}  // namespace

void register_melee_natives(galaxy::NativeRegistry& r, ScriptWorld& w) {
  register_init_resources(r, w);
  register_init_units(r, w);
  register_init_ai_and_options(r, w);
  register_game_over(r, w);
}

void apply_melee_end_rule(ScriptWorld& w, int players) {
  if (!w.melee_end_rule()) return;
  std::array<int, kMaxPlayers + 1> structures{};
  for (const Unit* u : w.world().units()) {
    if (u->stats->role == UnitRole::Structure && u->owner >= 1 && u->owner <= players) ++structures[u->owner];
  }
  std::vector<int> lost;
  std::vector<int> playing;
  for (int player = 1; player <= players; ++player) {
    if (w.game_over(player)) continue;  // already won, lost or tied
    (structures[player] == 0 ? lost : playing).push_back(player);
  }
  if (lost.empty()) return;
  if (playing.empty() && lost.size() > 1) {  // everyone still in the game lost at once
    for (const int player : lost) w.set_game_over(player, kGameOverTie);
    return;
  }
  for (const int player : lost) w.set_game_over(player, kGameOverDefeat);
  if (playing.size() == 1) w.set_game_over(playing.front(), kGameOverVictory);
}

}  // namespace sc2::engine::scripted
