// The melee maps (issue 35): map folders of our own, assets/maps/Melee/<Name>.SC2Map, whose
// scripts set the game up with the melee natives (engine/scripted/natives_melee.cpp). They are
// the registry's melee maps (find_melee_map(name)->make() plays the folder); there are no C++
// melee rules. Each is checked against the facts of its map (melee.md; the maps' own design):
// two players, fog of war, its size, playable area, pathing and placement (Simple64's cliffs and
// ramps), its two start locations, per player a Command Center, 12 SCVs, 8 mineral fields and 2
// geysers in the same point-mirrored base, 50 minerals and 12/15 supply; a player whose
// structures are all destroyed loses (both at once: a tie), a tie at 28,800 loops, and the
// server's built-in AI plays a Computer.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>
#include <utility>

#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_error.h"
#include "engine/mapfile/new_map.h"
#include "engine/mapfile/raised_ground.h"
#include "engine/maps/melee_registry.h"
#include "engine/server/game.h"
#include "engine/sim/economy.h"
#include "tests/engine/scripted_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::scripted;
namespace mf = sc2::engine::mapfile;

namespace {

const std::filesystem::path kMeleeFolders = std::filesystem::path(SC2_SOURCE_DIR) / "assets" / "maps" / "Melee";
constexpr std::array<std::string_view, 3> kMeleeMaps = {"Flat32", "Flat64", "Simple64"};
constexpr std::uint32_t kTimeLimitLoops = 28'800;  // melee.md: PySC2's Melee episode (30 minutes)
constexpr int kStartMinerals = 50;                  // melee.md: a melee game's start

// A plateau of Simple64: its high ground and the ramps through its cliff edge.
struct HighGround {
  CellRect area;
  std::vector<CellRect> ramps;
};

// What each melee map is.
struct MeleeFacts {
  std::string_view name;
  int size;           // width and height: the playable area and 4 cells of border all round
  CellRect playable;  // also the camera's bounds
  std::array<Vec2, 2> starts;  // players 1 and 2: their Command Centers
  std::vector<HighGround> plateaus;
};

const MeleeFacts& facts(std::string_view name) {
  static const std::array<MeleeFacts, 3> all = {
      MeleeFacts{"Flat32", 40, {4, 4, 36, 36}, {Vec2{12.5f, 14.5f}, Vec2{27.5f, 25.5f}}, {}},
      MeleeFacts{"Flat64", 72, {4, 4, 68, 68}, {Vec2{14.5f, 20.5f}, Vec2{57.5f, 51.5f}}, {}},
      MeleeFacts{"Simple64", 72, {4, 4, 68, 68}, {Vec2{14.5f, 19.5f}, Vec2{57.5f, 52.5f}},
                 {HighGround{{4, 4, 30, 34}, {{29, 24, 30, 28}}}, HighGround{{42, 38, 68, 68}, {{42, 44, 43, 48}}}}},
  };
  for (const MeleeFacts& f : all) {
    if (f.name == name) return f;
  }
  FAIL("no facts for " << name);
  return all[0];
}

// Every base, as offsets from its Command Center for player 1's base (mineral line west of it);
// player 2's base is player 1's turned by 180 degrees (offsets negated).
constexpr std::array<Vec2, 8> kMineralFields = {Vec2{-3.5f, -6.0f}, Vec2{-5.5f, -5.0f}, Vec2{-6.5f, -3.0f},
                                                Vec2{-7.5f, -1.0f}, Vec2{-7.5f, 1.0f},  Vec2{-6.5f, 3.0f},
                                                Vec2{-5.5f, 5.0f},  Vec2{-3.5f, 6.0f}};
constexpr std::array<Vec2, 2> kGeysers = {Vec2{-2.0f, 9.0f}, Vec2{-2.0f, -9.0f}};
// 12 SCVs in two columns of 6 on the open side, 0.8 apart.
std::vector<Vec2> worker_offsets() {
  std::vector<Vec2> out;
  for (const float x : {3.5f, 4.3f}) {
    for (const float y : {-2.0f, -1.2f, -0.4f, 0.4f, 1.2f, 2.0f}) out.push_back({x, y});
  }
  return out;
}

Vec2 place(const MeleeFacts& map, int player, Vec2 offset) {
  const Vec2 cc = map.starts[player - 1];
  return player == 1 ? Vec2{cc.x + offset.x, cc.y + offset.y} : Vec2{cc.x - offset.x, cc.y - offset.y};
}

// A plateau's cliff: its edge cells, but not those on the playable area's edge.
bool cliff_cell(const CellRect& area, const CellRect& playable, int x, int y) {
  const bool edge_x = (x == area.x0 && x != playable.x0) || (x == area.x1 - 1 && x != playable.x1 - 1);
  const bool edge_y = (y == area.y0 && y != playable.y0) || (y == area.y1 - 1 && y != playable.y1 - 1);
  return edge_x || edge_y;
}

// Pathing (walkable: the playable area but the cliffs) and placement (buildable: the playable
// area but the cliffs and the ramps), one byte per cell.
std::pair<std::vector<std::uint8_t>, std::vector<std::uint8_t>> expected_grids(const MeleeFacts& map) {
  std::vector<std::uint8_t> pathable(static_cast<std::size_t>(map.size * map.size), 0);
  std::vector<std::uint8_t> buildable = pathable;
  for (int y = 0; y < map.size; ++y) {
    for (int x = 0; x < map.size; ++x) {
      if (!map.playable.contains(x, y)) continue;
      bool cliff = false, ramp = false;
      for (const HighGround& p : map.plateaus) {
        if (!p.area.contains(x, y) || !cliff_cell(p.area, map.playable, x, y)) continue;
        cliff = true;
        for (const CellRect& r : p.ramps) ramp = ramp || r.contains(x, y);
      }
      const std::size_t c = static_cast<std::size_t>(y) * map.size + x;
      pathable[c] = !cliff || ramp ? 1 : 0;
      buildable[c] = cliff ? 0 : 1;
    }
  }
  return {pathable, buildable};
}

std::string folder_path(std::string_view name) { return "Melee/" + std::string(name) + ".SC2Map"; }

mf::MapData folder_data(std::string_view name) {
  return mf::read_map(kMeleeFolders / (std::string(name) + ".SC2Map"));
}

std::shared_ptr<const ScriptedMapFactory> load_folder(std::string_view name) {
  return ScriptedMapFactory::load(folder_data(name), folder_path(name));
}

// A game of the registry's melee map of that name: its folder's.
std::unique_ptr<MiniGame> registry_game(std::string_view name) {
  const MiniGameEntry* entry = find_melee_map(name);
  REQUIRE(entry != nullptr);
  std::unique_ptr<MiniGame> game = entry->make();
  REQUIRE(dynamic_cast<ScriptedMap*>(game.get()) != nullptr);
  return game;
}

// A folder's files with its script edited (a variant of the map): each (from, to) replaced.
mf::MapData with_script_edits(std::string_view name, const std::vector<std::pair<std::string, std::string>>& edits) {
  mf::MapData map = folder_data(name);
  std::string script = map.script;
  for (const auto& [from, to] : edits) script = test::replaced(script, from, to);
  mf::MapFiles files = map.files;
  files.put(std::string(mf::file_names::kMapScript), script);
  return mf::map_data_from_files(std::move(files), std::string(name) + "Variant");
}

// Flat32's script with its time limit 1 game second (16 loops) and its GameOver call changed.
mf::MapData flat32_short_game_over(const std::string& game_over) {
  return with_script_edits("Flat32", {{"gv_timeLimitSeconds = 1800.0", "gv_timeLimitSeconds = 1.0"},
                                      {"GameOver(player, c_gameOverTie, true, true);", game_over}});
}

// A game stepped as engine/server/game.cpp steps it.
struct Run {
  Run(std::unique_ptr<MiniGame> made, std::uint64_t seed) : game(std::move(made)), world(game->layout(), seed) {
    world.set_fog(game->fog());
    game->setup(world);
    result = game->early_end(world);
  }
  // Up to `loops` loops; stops at the game's end (early, or its time limit). Whether it ended.
  bool step(std::uint32_t loops = 1) {
    for (std::uint32_t i = 0; i < loops && !result; ++i) {
      world.advance();
      game->on_loop(world);
      result = game->early_end(world);
      if (!result && world.game_loop() >= game->time_limit_loops()) result = game->time_up_result();
    }
    return result.has_value();
  }
  void kill(int owner, std::string_view type) {
    for (Unit* u : world.units()) {
      if (u->owner == owner && u->stats->name == type) u->health = 0.0f;
    }
  }
  ScriptWorld& script() { return dynamic_cast<ScriptedMap&>(*game).session()->script_world(); }

  std::unique_ptr<MiniGame> game;
  World world;
  std::optional<GameResult> result;
};

// What a game starts with: every unit as (type, owner, x, y) on a 1/1024 grid, sorted (the
// order and the tags are the script's business); per player the bank, supply and camera.
using UnitAt = std::tuple<std::string, int, long, long>;
using PlayerStart = std::tuple<int, int, float, int, long, long>;  // minerals, gas, food used/cap, camera
struct StartState {
  std::vector<UnitAt> units;
  std::vector<PlayerStart> players;
};

long grid(float v) { return std::lround(v * 1024.0f); }

StartState start_state(std::unique_ptr<MiniGame> game) {
  Run run(std::move(game), 3);
  StartState state;
  for (const Unit* u : run.world.units()) {
    state.units.emplace_back(std::string(u->stats->name), u->owner, grid(u->pos.x), grid(u->pos.y));
  }
  std::sort(state.units.begin(), state.units.end());
  for (int player = 1; player <= 2; ++player) {
    const PlayerState& p = run.world.player(player);
    state.players.emplace_back(p.economy.minerals, p.economy.vespene, food_used(run.world, player),
                               food_cap(run.world, player), grid(p.camera.x), grid(p.camera.y));
  }
  return state;
}

// The start the map's facts give: each player's base at its start location, 50 minerals, no
// gas, supply 12/15, the camera on its Command Center.
StartState expected_start(const MeleeFacts& map) {
  StartState state;
  const auto add = [&](std::string_view type, int owner, Vec2 at) {
    state.units.emplace_back(std::string(type), owner, grid(at.x), grid(at.y));
  };
  for (int player = 1; player <= 2; ++player) {
    const Vec2 cc = map.starts[player - 1];
    add("CommandCenter", player, cc);
    for (const Vec2 offset : kMineralFields) add("MineralField", kNeutralOwner, place(map, player, offset));
    for (const Vec2 offset : kGeysers) add("VespeneGeyser", kNeutralOwner, place(map, player, offset));
    for (const Vec2 offset : worker_offsets()) add("SCV", player, place(map, player, offset));
    state.players.emplace_back(kStartMinerals, 0, 12.0f, 15, grid(cc.x), grid(cc.y));
  }
  std::sort(state.units.begin(), state.units.end());
  return state;
}

int count(const std::vector<UnitAt>& units, std::string_view type, int owner) {
  return static_cast<int>(std::count_if(units.begin(), units.end(), [&](const auto& u) {
    return std::get<0>(u) == type && std::get<1>(u) == owner;
  }));
}

// Simple64's plateaus as raised_ground builds them (its facts' plateaus).
mf::RaisedGroundOptions simple64_ground() {
  mf::RaisedGroundOptions options;
  options.map.width = 72;
  options.map.height = 72;
  options.map.camera = {4, 4, 68, 68};
  const auto box = [](const CellRect& r) {
    return mf::CellBox{static_cast<std::uint32_t>(r.x0), static_cast<std::uint32_t>(r.y0),
                       static_cast<std::uint32_t>(r.x1), static_cast<std::uint32_t>(r.y1)};
  };
  for (const HighGround& p : facts("Simple64").plateaus) {
    options.plateaus.push_back({box(p.area), {}});
    for (const CellRect& r : p.ramps) options.plateaus.back().ramps.push_back(box(r));
  }
  return options;
}

SC2APIProtocol::PlayerSetup player_setup(SC2APIProtocol::PlayerType type) {
  SC2APIProtocol::PlayerSetup setup;
  setup.set_type(type);
  setup.set_race(SC2APIProtocol::Terran);
  if (type == SC2APIProtocol::Computer) setup.set_difficulty(SC2APIProtocol::Easy);
  return setup;
}

bool same_rect(const CellRect& a, const CellRect& b) {
  return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

}  // namespace

TEST_CASE("melee map folders: each is a two-player map with fog, its size, playable area, pathing and start locations") {
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    const MeleeFacts& map = facts(name);
    const auto factory = load_folder(name);
    CHECK(factory->data().settings.melee);
    const mf::GameStrings& strings = factory->data().map.strings;
    CHECK(strings.at("DocInfo/Name") == name);
    const std::string& description = strings.at("DocInfo/DescShort");
    CHECK_FALSE(description.empty());
    CHECK(description.find('\n') == std::string::npos);

    const std::unique_ptr<MiniGame> game = registry_game(name);
    CHECK(game->name() == name);
    CHECK(game->players() == 2);
    CHECK(game->fog());
    CHECK(game->time_up_result() == GameResult::Tie);
    CHECK(game->enemy_start_locations(1) == std::vector<Vec2>{map.starts[1]});
    CHECK(game->enemy_start_locations(2) == std::vector<Vec2>{map.starts[0]});

    const MapLayout layout = game->layout();
    CHECK(layout.width == map.size);
    CHECK(layout.height == map.size);
    CHECK(same_rect(layout.playable, map.playable));
    CHECK(same_rect(layout.view_bounds(), map.playable));
    CHECK_FALSE(layout.camera_locked);
    const auto [pathable, buildable] = expected_grids(map);
    CHECK(layout.pathable == pathable);    // the border is not; Simple64's cliffs are not, its ramps are
    CHECK(layout.buildable == buildable);  // ramps are walked, not built on
  }
}

TEST_CASE("melee map folders: heights are the map files' (8 low, 10 on Simple64's plateaus, 9 on its ramps)") {
  // The real game's encoding of the files' heights: 191 (8.0), 207 (10.0), 199 (9.0); 0 outside
  // the playable area.
  const MapLayout flat = registry_game("Flat64")->layout();
  int flat_cells = 0;
  for (int y = flat.playable.y0; y < flat.playable.y1; ++y) {
    for (int x = flat.playable.x0; x < flat.playable.x1; ++x) flat_cells += flat.terrain_height[flat.cell(x, y)] == 191;
  }
  CHECK(flat_cells == 64 * 64);
  CHECK(flat.terrain_height[flat.cell(0, 0)] == 0);

  const MapLayout simple = registry_game("Simple64")->layout();
  CHECK(simple.terrain_height[simple.cell(14, 19)] == 207);  // player 1's base
  CHECK(simple.terrain_height[simple.cell(57, 52)] == 207);  // player 2's
  CHECK(simple.terrain_height[simple.cell(36, 36)] == 191);  // the low ground between
  CHECK(simple.terrain_height[simple.cell(29, 25)] == 199);  // a ramp: half-way
  CHECK(simple.pathable[simple.cell(29, 25)] == 1);
  CHECK(simple.buildable[simple.cell(29, 25)] == 0);
  CHECK(simple.pathable[simple.cell(29, 10)] == 0);  // the cliff
  CHECK(simple.pathable[simple.cell(42, 45)] == 1);  // the other ramp
  CHECK(simple.pathable[simple.cell(42, 60)] == 0);
}

TEST_CASE("melee map folders: each player starts with a Command Center, 12 SCVs, 8 mineral fields, 2 geysers, 50 minerals and 12/15 supply") {
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    const StartState state = start_state(registry_game(name));
    const StartState expected = expected_start(facts(name));
    CHECK(state.units == expected.units);      // every unit where the map's base puts it
    CHECK(state.players == expected.players);  // bank, supply, camera on the Command Center
    for (const int player : {1, 2}) {
      CAPTURE(player);
      CHECK(count(state.units, "CommandCenter", player) == 1);
      CHECK(count(state.units, "SCV", player) == 12);
      CHECK(std::get<0>(state.players[player - 1]) == kStartMinerals);
      CHECK(std::get<1>(state.players[player - 1]) == 0);
      CHECK(std::get<2>(state.players[player - 1]) == 12.0f);  // supply 12/15
      CHECK(std::get<3>(state.players[player - 1]) == 15);
    }
    CHECK(count(state.units, "MineralField", kNeutralOwner) == 16);
    CHECK(count(state.units, "VespeneGeyser", kNeutralOwner) == 4);
    CHECK(state.units.size() == 2 * 13 + 20);
  }
}

TEST_CASE("melee map folders: a player whose structures are all destroyed loses in that loop, both at once tie") {
  struct Case {
    std::vector<int> lose_structures;
    GameResult result;
  };
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    for (const Case& c : {Case{{2}, GameResult::Victory}, Case{{1}, GameResult::Defeat}, Case{{1, 2}, GameResult::Tie}}) {
      CAPTURE(c.lose_structures.size());
      CAPTURE(c.lose_structures.front());
      Run run(registry_game(name), 11);
      CHECK_FALSE(run.step(40));
      for (const int player : c.lose_structures) run.kill(player, "CommandCenter");
      CHECK(run.step(1));  // the loop the Command Center dies in
      REQUIRE(run.result.has_value());
      CHECK(*run.result == c.result);
      CHECK(run.world.game_loop() == 41u);
      // The losers' games are over as defeats (GameOver's c_gameOverDefeat), the survivor's a victory.
      for (const int player : {1, 2}) {
        const bool lost = std::find(c.lose_structures.begin(), c.lose_structures.end(), player) != c.lose_structures.end();
        const int expected = c.result == GameResult::Tie ? kGameOverTie : lost ? kGameOverDefeat : kGameOverVictory;
        CHECK(run.script().game_over(player) == expected);
      }
    }
  }
}

TEST_CASE("melee map folders: losing every SCV but no structure ends nothing") {
  Run run(registry_game("Flat32"), 4);
  run.kill(1, "SCV");
  run.kill(2, "SCV");
  CHECK_FALSE(run.step(64));
  CHECK(run.world.units().size() == 2 + 20);  // the Command Centers and the resources
}

TEST_CASE("melee map folders: nobody winning in time is a tie at 28,800 loops, PySC2's Melee episode") {
  Run run(registry_game("Flat32"), 8);
  CHECK(run.game->time_limit_loops() > kTimeLimitLoops);  // the script's timer ends it, not a limit
  CHECK_FALSE(run.step(kTimeLimitLoops - 1));
  CHECK(run.step(1));
  CHECK(*run.result == GameResult::Tie);
  CHECK(run.world.game_loop() == kTimeLimitLoops);
  CHECK(run.script().game_over(1) == kGameOverTie);
  CHECK(run.script().game_over(2) == kGameOverTie);
}

TEST_CASE("melee map folders: a Computer is played by the server's built-in AI (MeleeInitAI does nothing)") {
  GameConfig config;
  config.map = find_melee_map("Flat64");
  REQUIRE(config.map != nullptr);
  config.map_path = map_path_of(*config.map);
  config.players = {player_setup(SC2APIProtocol::Participant), player_setup(SC2APIProtocol::Computer)};
  Game game(config, 21);
  REQUIRE(dynamic_cast<const ScriptedMap*>(&game.mini_game()) != nullptr);
  REQUIRE(game.computers().size() == 1);
  CHECK(game.participants() == 1);
  game.step(16 * 90);  // 90 game seconds: the AI mines and trains SCVs
  CHECK_FALSE(game.ended());
  int scvs = 0;
  for (const Unit* u : game.world().units()) scvs += u->owner == 2 && u->stats->name == "SCV" ? 1 : 0;
  CHECK(scvs > 12);
  CHECK(game.world().player(2).economy.collected_minerals > 0);
}

TEST_CASE("melee map folders: the binary files are sc2lite --new-map's (Flat32, Flat64) and raised_ground's (Simple64)") {
  struct Expected {
    std::string_view name;
    mf::MapFiles files;
  };
  mf::NewMapOptions flat32;
  flat32.width = flat32.height = 40;
  flat32.camera = {4, 4, 36, 36};
  mf::NewMapOptions flat64;
  flat64.width = flat64.height = 72;
  flat64.camera = {4, 4, 68, 68};
  const std::array<Expected, 3> expected = {Expected{"Flat32", mf::new_map_files(flat32)},
                                            Expected{"Flat64", mf::new_map_files(flat64)},
                                            Expected{"Simple64", mf::raised_ground_files(simple64_ground())}};
  for (const Expected& e : expected) {
    CAPTURE(e.name);
    const mf::MapData map = folder_data(e.name);
    for (const std::string_view file : {mf::file_names::kMapInfo, mf::file_names::kSyncHeightMap,
                                        mf::file_names::kCellFlags, mf::file_names::kSyncCliffLevel}) {
      CAPTURE(file);
      REQUIRE(map.files.find(file) != nullptr);
      CHECK(*map.files.find(file) == e.files.require(file));
    }
  }
}

TEST_CASE("raised ground: plateaus one cliff level up, cliffs unpathable, ramps walked and not built on") {
  const mf::Terrain t = mf::raised_ground_terrain(simple64_ground());
  CHECK(t.width == 72);
  CHECK(t.cell_cliff(10, 10) == 2.0f);  // on the plateau
  CHECK(t.cell_cliff(36, 36) == 1.0f);  // the low ground
  CHECK(t.cell_cliff(29, 25) == 1.5f);  // a ramp
  CHECK(t.pathable(29, 25));
  CHECK_FALSE(t.pathable(29, 10));      // the cliff facing the map
  CHECK(t.pathable(4, 10));             // the plateau's side on the playable area's edge: no cliff
  CHECK_FALSE(t.pathable(10, 33));      // its north cliff
  CHECK(t.height_at_vertex(10, 10) == 10.0f);
  CHECK(t.height_at_vertex(30, 10) == 8.0f);  // the cliff's foot
  CHECK(t.height_at_vertex(0, 0) == 8.0f);    // outside the playable area
}

TEST_CASE("raised ground refuses plateaus that cannot be built, saying why") {
  mf::RaisedGroundOptions outside = simple64_ground();
  outside.plateaus[0].area.x0 = 2;
  CHECK_THROWS_WITH_AS(mf::raised_ground_terrain(outside), doctest::Contains("is not inside the playable area"),
                       mf::MapError);
  mf::RaisedGroundOptions empty = simple64_ground();
  empty.plateaus[1].area.x1 = empty.plateaus[1].area.x0;
  CHECK_THROWS_WITH_AS(mf::raised_ground_terrain(empty), doctest::Contains("plateau 2"), mf::MapError);
  mf::RaisedGroundOptions inland = simple64_ground();
  inland.plateaus[0].ramps = {{10, 10, 11, 11}};  // inside the plateau, through no cliff
  CHECK_THROWS_WITH_AS(mf::raised_ground_terrain(inland), doctest::Contains("crosses none of its cliff cells"),
                       mf::MapError);
  mf::RaisedGroundOptions small = simple64_ground();
  small.map.width = 8;
  CHECK_THROWS_AS(mf::raised_ground_terrain(small), mf::MapError);
}

TEST_CASE("melee natives: GameOver ends the episode in player 1's result, refuses an unknown type, and other maps stay one-player") {
  const auto victory = ScriptedMapFactory::load(
      flat32_short_game_over("GameOver(player, c_gameOverVictory, true, true);"), "victory");
  Run won(victory->make(), 1);
  CHECK(won.step(17));
  CHECK(won.result == GameResult::Victory);
  CHECK(won.world.game_loop() == 16u);
  // Player 2's game over alone does not end player 1's.
  const auto second_only = ScriptedMapFactory::load(
      flat32_short_game_over("GameOver(2, c_gameOverDefeat, true, true);"), "second only");
  Run on(second_only->make(), 1);
  CHECK_FALSE(on.step(64));

  const auto bad_type = ScriptedMapFactory::load(flat32_short_game_over("GameOver(player, 7, true, true);"), "bad type");
  Run bad(bad_type->make(), 1);
  CHECK(bad.step(17));
  CHECK(bad.result == GameResult::Undecided);
  const auto& error = dynamic_cast<ScriptedMap&>(*bad.game).script_error();
  REQUIRE(error.has_value());
  CHECK(error->find("GameOver") != std::string::npos);
  CHECK(error->find("game over type 7") != std::string::npos);

  // A map whose map init calls no melee native is a one-player map that wins at its time up.
  const auto starter = ScriptedMapFactory::load(mf::map_data_from_files(mf::new_map_files({}), "Starter"), "Starter");
  CHECK_FALSE(starter->data().settings.melee);
  CHECK(starter->make()->players() == 1);
  CHECK(starter->make()->time_up_result() == GameResult::Victory);
}

TEST_CASE("melee natives: a melee map without start locations is refused at load, naming the native") {
  mf::MapData map = folder_data("Flat32");
  mf::MapFiles files = map.files;
  files.put(std::string(mf::file_names::kObjects),
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<PlacedObjects Version=\"27\">\n</PlacedObjects>\n");
  CHECK_THROWS_WITH_AS(ScriptedMapFactory::load(mf::map_data_from_files(std::move(files), "NoStarts"), "NoStarts"),
                       doctest::Contains("MeleeInitResources: the map has no start locations"), ScriptedMapError);
}
