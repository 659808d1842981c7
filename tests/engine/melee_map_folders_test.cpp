// The melee maps as map folders of our own (issue 35 item 1): assets/maps/Melee/<Name>.SC2Map,
// whose scripts set the game up with the melee natives (engine/scripted/natives_melee.cpp).
// Each folder, read as any map folder is, plays as the C++ melee game of the same name
// (engine/maps/melee_game.h, found with find_melee_map): two players, the same playable area,
// pathing and placement, the same start units, bank and supply, the same end rule, a tie at the
// same time limit, the built-in AI for a Computer. The folders are not in the registry yet:
// they are read from the source tree here.
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
#include "engine/maps/melee_assets.h"
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
constexpr std::uint32_t kTimeLimitLoops = 28'800;  // melee.md: PySC2's Melee episode

std::string folder_path(std::string_view name) { return "Melee/" + std::string(name) + ".SC2Map"; }

mf::MapData folder_data(std::string_view name) {
  return mf::read_map(kMeleeFolders / (std::string(name) + ".SC2Map"));
}

std::shared_ptr<const ScriptedMapFactory> load_folder(std::string_view name) {
  return ScriptedMapFactory::load(folder_data(name), folder_path(name));
}

// The C++ melee game of that name (the rules the folders replace).
std::unique_ptr<MiniGame> cpp_melee_game(std::string_view name) {
  const MiniGameEntry* entry = find_melee_map(name);
  REQUIRE(entry != nullptr);
  play_builtin_map_folders(false);  // the registry's maps play their folders by default
  std::unique_ptr<MiniGame> game = entry->make();
  play_builtin_map_folders(true);
  REQUIRE(dynamic_cast<ScriptedMap*>(game.get()) == nullptr);
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

// Any game stepped as engine/server/game.cpp steps it, for the folder and the C++ rules alike.
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

  std::unique_ptr<MiniGame> game;
  World world;
  std::optional<GameResult> result;
};

// What a game starts with: every unit as (type, owner, x, y) on a 1/1024 grid, sorted (the
// folder places the resources before map init and the C++ game base by base, so the order and
// the tags differ); per player the bank, supply and camera.
struct StartState {
  std::vector<std::tuple<std::string, int, long, long>> units;
  std::vector<std::tuple<int, int, float, int, long, long>> players;  // minerals, gas, food used/cap, camera
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

int count(const std::vector<std::tuple<std::string, int, long, long>>& units, std::string_view type, int owner) {
  return static_cast<int>(std::count_if(units.begin(), units.end(), [&](const auto& u) {
    return std::get<0>(u) == type && std::get<1>(u) == owner;
  }));
}

// Simple64's plateaus as assets/maps/Simple64.json gives its high ground.
mf::RaisedGroundOptions simple64_ground() {
  mf::RaisedGroundOptions options;
  options.map.width = 72;
  options.map.height = 72;
  options.map.camera = {4, 4, 68, 68};
  options.plateaus.push_back({{4, 4, 30, 34}, {{29, 24, 30, 28}}});
  options.plateaus.push_back({{42, 38, 68, 68}, {{42, 44, 43, 48}}});
  return options;
}

SC2APIProtocol::PlayerSetup player_setup(SC2APIProtocol::PlayerType type) {
  SC2APIProtocol::PlayerSetup setup;
  setup.set_type(type);
  setup.set_race(SC2APIProtocol::Terran);
  if (type == SC2APIProtocol::Computer) setup.set_difficulty(SC2APIProtocol::Easy);
  return setup;
}

}  // namespace

TEST_CASE("melee map folders: each loads as a two-player map with the C++ melee game's layout and start locations") {
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    const auto factory = load_folder(name);
    const std::unique_ptr<ScriptedMap> game = factory->make();
    const std::unique_ptr<MiniGame> rules = cpp_melee_game(name);
    CHECK(game->name() == name);
    CHECK(factory->data().settings.melee);
    CHECK(game->players() == 2);
    CHECK(game->players() == rules->players());
    CHECK(game->fog() == rules->fog());
    CHECK(game->time_up_result() == GameResult::Tie);
    CHECK(game->time_up_result() == rules->time_up_result());
    for (const int player : {1, 2}) CHECK(game->enemy_start_locations(player) == rules->enemy_start_locations(player));
    const mf::GameStrings& strings = factory->data().map.strings;
    CHECK(strings.at("DocInfo/Name") == name);
    CHECK(strings.at("DocInfo/DescShort") == melee_map_asset(name).description);

    const MapLayout folder = game->layout();
    const MapLayout cpp = rules->layout();
    CHECK(folder.width == cpp.width);
    CHECK(folder.height == cpp.height);
    const auto same_rect = [](const CellRect& a, const CellRect& b) {
      return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
    };
    CHECK(same_rect(folder.playable, cpp.playable));
    CHECK(same_rect(folder.view_bounds(), cpp.view_bounds()));
    CHECK(folder.camera_locked == cpp.camera_locked);
    CHECK(folder.pathable == cpp.pathable);    // Simple64: its cliffs and ramps too
    CHECK(folder.buildable == cpp.buildable);  // ramps are walked, not built on
  }
}

TEST_CASE("melee map folders: heights are the map files' (8 low, 10 on Simple64's plateaus), not the C++ maps' bytes") {
  // A listed difference (issue 35 item 5): the C++ layouts say byte 128 on the ground, 160 on
  // Simple64's high ground, 144 on its ramps and 96 outside the playable area; the files give the
  // real game's encoding of their heights: 191 (8.0), 207 (10.0), 199 (9.0) and 0 outside.
  const MapLayout flat = load_folder("Flat64")->make()->layout();
  int flat_cells = 0;
  for (int y = flat.playable.y0; y < flat.playable.y1; ++y) {
    for (int x = flat.playable.x0; x < flat.playable.x1; ++x) flat_cells += flat.terrain_height[flat.cell(x, y)] == 191;
  }
  CHECK(flat_cells == 64 * 64);
  CHECK(flat.terrain_height[flat.cell(0, 0)] == 0);

  const MapLayout simple = load_folder("Simple64")->make()->layout();
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

TEST_CASE("melee map folders: the start units, bank, supply and cameras are the C++ melee game's") {
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    const StartState folder = start_state(load_folder(name)->make());
    const StartState cpp = start_state(cpp_melee_game(name));
    CHECK(folder.units == cpp.units);
    CHECK(folder.players == cpp.players);
    for (const int player : {1, 2}) {
      CAPTURE(player);
      CHECK(count(folder.units, "CommandCenter", player) == 1);
      CHECK(count(folder.units, "SCV", player) == 12);
      CHECK(std::get<0>(folder.players[player - 1]) == 50);  // minerals
      CHECK(std::get<2>(folder.players[player - 1]) == 12.0f);  // supply 12/15
      CHECK(std::get<3>(folder.players[player - 1]) == 15);
    }
    CHECK(count(folder.units, "MineralField", kNeutralOwner) == 16);
    CHECK(count(folder.units, "VespeneGeyser", kNeutralOwner) == 4);
    CHECK(folder.units.size() == 2 * 13 + 20);
  }
}

TEST_CASE("melee map folders: a player whose structures are all destroyed loses, both at once tie, as the C++ rules") {
  struct Case {
    std::vector<int> lose_structures;
    GameResult result;
  };
  for (const std::string_view name : kMeleeMaps) {
    CAPTURE(name);
    const auto factory = load_folder(name);
    for (const Case& c : {Case{{2}, GameResult::Victory}, Case{{1}, GameResult::Defeat}, Case{{1, 2}, GameResult::Tie}}) {
      CAPTURE(c.lose_structures.size());
      CAPTURE(c.lose_structures.front());
      Run folder(factory->make(), 11);
      Run cpp(cpp_melee_game(name), 11);
      for (Run* run : {&folder, &cpp}) {
        CHECK_FALSE(run->step(40));
        for (const int player : c.lose_structures) run->kill(player, "CommandCenter");
        CHECK(run->step(1));  // the loop the Command Center dies in
      }
      REQUIRE(folder.result.has_value());
      CHECK(*folder.result == c.result);
      CHECK(folder.result == cpp.result);
      CHECK(folder.world.game_loop() == cpp.world.game_loop());
      // The losers' games are over as defeats (GameOver's c_gameOverDefeat), the survivor's a victory.
      ScriptWorld& w = dynamic_cast<ScriptedMap&>(*folder.game).session()->script_world();
      for (const int player : {1, 2}) {
        const bool lost = std::find(c.lose_structures.begin(), c.lose_structures.end(), player) != c.lose_structures.end();
        const int expected = c.result == GameResult::Tie ? kGameOverTie : lost ? kGameOverDefeat : kGameOverVictory;
        CHECK(w.game_over(player) == expected);
      }
    }
  }
}

TEST_CASE("melee map folders: losing every SCV but no structure ends nothing") {
  Run folder(load_folder("Flat32")->make(), 4);
  folder.kill(1, "SCV");
  folder.kill(2, "SCV");
  CHECK_FALSE(folder.step(64));
  CHECK(folder.world.units().size() == 2 + 20);  // the Command Centers and the resources
}

TEST_CASE("melee map folders: nobody winning in time is a tie at 28,800 loops, the C++ melee game's time limit") {
  const std::unique_ptr<MiniGame> rules = cpp_melee_game("Flat32");
  REQUIRE(rules->time_limit_loops() == kTimeLimitLoops);
  Run folder(load_folder("Flat32")->make(), 8);
  CHECK(folder.game->time_limit_loops() > kTimeLimitLoops);  // the script's timer ends it, not a limit
  CHECK_FALSE(folder.step(kTimeLimitLoops - 1));
  CHECK(folder.step(1));
  CHECK(*folder.result == GameResult::Tie);
  CHECK(folder.world.game_loop() == kTimeLimitLoops);
  ScriptWorld& w = dynamic_cast<ScriptedMap&>(*folder.game).session()->script_world();
  CHECK(w.game_over(1) == kGameOverTie);
  CHECK(w.game_over(2) == kGameOverTie);
}

TEST_CASE("melee map folders: a Computer is played by the server's built-in AI, as on the C++ maps (MeleeInitAI does nothing)") {
  GameConfig config;
  config.map_file = load_folder("Flat64");
  config.map_path = folder_path("Flat64");
  config.players = {player_setup(SC2APIProtocol::Participant), player_setup(SC2APIProtocol::Computer)};
  Game game(config, 21);
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
