// The scripted agents of CollectMineralShards, DefeatRoaches and DefeatZerglingsAndBanelings
// on fabricated observations: each picks the FunctionCall its algorithm prescribes.
#include <doctest/doctest.h>

#include "agents/agent.h"
#include "agents/collect_mineral_shards_agent.h"
#include "agents/defeat_roaches_agent.h"
#include "agents/defeat_zerglings_and_banelings_agent.h"
#include "agents/melee_agent.h"
#include "agents/scripted_agent.h"
#include "client/pysc2/actions.h"
#include "tests/agents/test_observations.h"

using namespace sc2;

namespace {

constexpr int kSelf = 1, kNeutral = 3, kEnemy = 4;
constexpr int kMarine = 48, kShard = 1680, kZergling = 105, kBaneling = 9, kRoach = 110;

int id_of(const char* name) { return pysc2::find_function(name)->id; }

const pysc2::FunctionCall kSelectArmy{pysc2::fn::select_army, {{0}}};

void check_valid(const pysc2::FunctionCall& call, const pysc2::TimeStep& step) {
  CHECK_NOTHROW(pysc2::validate(call, pysc2::ActionSpace{}, &step.observation.available_actions));
}

std::vector<int> with_move() { return {0, 1, 2, 3, 4, 7, id_of("Move_screen")}; }
std::vector<int> with_attack() { return {0, 1, 2, 3, 4, 7, id_of("Attack_screen"), id_of("Move_screen")}; }

}  // namespace

TEST_CASE("the scripted registry covers the seven mini-games and the three melee maps and builds the chosen agents") {
  const auto maps = agents::scripted_maps();
  CHECK(maps.size() == 7 + 3);
  CHECK(dynamic_cast<agents::MeleeAgent*>(agents::make_scripted_agent("Flat64").get()) != nullptr);
  for (const char* map : {"MoveToBeacon", "CollectMineralShards", "DefeatRoaches", "DefeatZerglingsAndBanelings",
                          "FindAndDefeatZerglings", "CollectMineralsAndGas", "BuildMarines"}) {
    CHECK(std::find(maps.begin(), maps.end(), map) != maps.end());
    agents::AgentSpec spec;
    spec.map = map;
    auto agent = agents::make_agent("scripted", 0);
    CHECK_NOTHROW(agent->setup(spec));
  }
  CHECK(dynamic_cast<agents::CollectMineralShardsFeatureUnitsAgent*>(
            agents::make_scripted_agent("CollectMineralShards").get()) != nullptr);
  CHECK_THROWS_AS(agents::make_scripted_agent("NoSuchMiniGame"), std::invalid_argument);
}

TEST_CASE("CollectMineralShards (layers): unselected Marines are selected with select_army") {
  agents::CollectMineralShardsAgent agent;
  CHECK(agent.step(test::time_step_with({0, 7})) == kSelectArmy);
}

TEST_CASE("CollectMineralShards (layers): moves to the shard pixel nearest the Marines' centroid, first on ties") {
  agents::CollectMineralShardsAgent agent;
  auto layer = test::blank_layer("player_relative", 64);
  test::paint(layer, 20, 20, 21, 21, kSelf);  // Marine A
  test::paint(layer, 30, 20, 31, 21, kSelf);  // Marine B: centroid (25.5, 20.5) -> (26, 20)
  test::paint(layer, 50, 50, 50, 50, kNeutral);  // far
  test::paint(layer, 26, 27, 26, 27, kNeutral);  // 7 below the centroid
  test::paint(layer, 19, 20, 19, 20, kNeutral);  // 7 left of it: same distance, earlier row -> wins
  const auto step = test::time_step_with(with_move(), {layer});
  const auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {19, 20}}});
  check_valid(call, step);

  auto no_shards = test::blank_layer("player_relative", 64);
  test::paint(no_shards, 20, 20, 21, 21, kSelf);
  CHECK(agent.step(test::time_step_with(with_move(), {no_shards})) == pysc2::FunctionCall{});
}

TEST_CASE("CollectMineralShards (feature units): alternates selecting a Marine and sending it to its own shard") {
  agents::CollectMineralShardsFeatureUnitsAgent agent;
  agent.reset();
  auto step = test::time_step_with(with_move());
  auto& observation = step.observation;
  test::add_unit(observation, kMarine, kSelf, 10, 10, false, 1);
  test::add_unit(observation, kMarine, kSelf, 40, 40, false, 2);
  test::add_unit(observation, kShard, kNeutral, 12, 10);  // nearest to both? no: to Marine 1
  test::add_unit(observation, kShard, kNeutral, 14, 10);
  test::add_unit(observation, kShard, kNeutral, 60, 60);

  // 1. Nothing selected: select the first unselected Marine by clicking it.
  auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {10, 10}}});
  check_valid(call, step);

  // 2. Marine 1 selected: it goes to its nearest shard.
  observation.feature_units.at(0, observation.feature_units.column("is_selected")) = 1;
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {12, 10}}});
  check_valid(call, step);

  // 3. The other (unselected) Marine's turn: it is selected next.
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {40, 40}}});

  // 4. Marine 2 selected and moved right next to the shard Marine 1 was sent to: it takes
  //    another one, not the claimed (12, 10).
  observation.feature_units.at(0, observation.feature_units.column("is_selected")) = 0;
  observation.feature_units.at(1, observation.feature_units.column("is_selected")) = 1;
  observation.feature_units.at(1, observation.feature_units.column("x")) = 12;
  observation.feature_units.at(1, observation.feature_units.column("y")) = 11;
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {14, 10}}});

  // Without Marines there is nothing to do.
  CHECK(agent.step(test::time_step_with(with_move())) == pysc2::FunctionCall{});
}

TEST_CASE("DefeatRoaches: all selected Marines attack the enemy pixel lowest on screen (largest y)") {
  agents::DefeatRoachesAgent agent;
  auto layer = test::blank_layer("player_relative", 64);
  test::paint(layer, 10, 20, 12, 40, kSelf);
  test::paint(layer, 50, 10, 52, 12, kEnemy);
  test::paint(layer, 45, 33, 47, 35, kEnemy);  // lowest: y 35, first x 45
  test::paint(layer, 55, 22, 57, 24, kEnemy);
  const auto step = test::time_step_with(with_attack(), {layer});
  const auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {45, 35}}});
  check_valid(call, step);

  auto no_roaches = test::blank_layer("player_relative", 64);
  CHECK(agent.step(test::time_step_with(with_attack(), {no_roaches})) == pysc2::FunctionCall{});
  CHECK(agent.step(test::time_step_with({0, 7})) == kSelectArmy);
  CHECK(agent.step(test::time_step_with({0})) == pysc2::FunctionCall{});
}

TEST_CASE("DefeatZerglingsAndBanelings: lures idle enemies with one Marine, waits for it, then re-selects all") {
  agents::DefeatZerglingsAndBanelingsAgent agent;
  agent.setup({});  // 64 px screen: reach = 5.75 world units = 15 px, bait stop 4 world units = 11 px
  agent.reset();
  auto step = test::time_step_with(with_attack());
  test::add_unit(step.observation, kMarine, kSelf, 10, 30, true, 1);
  test::add_unit(step.observation, kMarine, kSelf, 10, 34, true, 2);
  test::add_unit(step.observation, kZergling, kEnemy, 50, 30, false, 10);  // 40 px away, idle
  // Too few Marines to split; the one nearest to the Zergling goes to 11 px from it and back.
  auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {10, 30}}});
  check_valid(call, step);
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {39, 30}}});
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{1}, {10, 30}}});  // queued: back home
  check_valid(call, step);

  // The bait is out (only it selected): the line waits.
  auto out = test::time_step_with(with_attack());
  test::add_unit(out.observation, kMarine, kSelf, 28, 30, true, 1);
  test::add_unit(out.observation, kMarine, kSelf, 10, 34, false, 2);
  test::add_unit(out.observation, kZergling, kEnemy, 45, 30, false, 10);
  CHECK(agent.step(out) == pysc2::FunctionCall{});

  // Back home with the Zergling behind it, in reach of the line: select all, then attack.
  auto home = test::time_step_with(with_attack());
  test::add_unit(home.observation, kMarine, kSelf, 10, 30, true, 1);
  test::add_unit(home.observation, kMarine, kSelf, 10, 34, false, 2);
  test::add_unit(home.observation, kZergling, kEnemy, 22, 31, false, 10);
  CHECK(agent.step(home) == kSelectArmy);
  // The next step acts even if the game still reports a Marine unselected (no stall).
  CHECK(agent.step(home) == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {22, 31}}});
}

TEST_CASE("DefeatZerglingsAndBanelings: focus fires a Baneling in reach before nearer Zerglings, once per target") {
  agents::DefeatZerglingsAndBanelingsAgent agent;
  agent.setup({});
  agent.reset();
  auto step = test::time_step_with(with_attack());
  test::add_unit(step.observation, kMarine, kSelf, 10, 30, true, 1);
  test::add_unit(step.observation, kMarine, kSelf, 10, 34, true, 2);
  test::add_unit(step.observation, kZergling, kEnemy, 14, 30, false, 10);  // 4 px
  test::add_unit(step.observation, kBaneling, kEnemy, 22, 34, false, 11);  // 12 px: in reach
  test::add_unit(step.observation, kBaneling, kEnemy, 40, 34, false, 12);  // 30 px: out of reach
  const auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {22, 34}}});
  check_valid(call, step);
  CHECK(agent.step(step) == pysc2::FunctionCall{});  // same target: the order keeps running

  // That Baneling dies: the nearest enemy in reach (the Zergling) is next.
  auto after = test::time_step_with(with_attack());
  test::add_unit(after.observation, kMarine, kSelf, 10, 30, true, 1);
  test::add_unit(after.observation, kMarine, kSelf, 10, 34, true, 2);
  test::add_unit(after.observation, kZergling, kEnemy, 14, 30, false, 10);
  test::add_unit(after.observation, kBaneling, kEnemy, 40, 34, false, 12);
  const auto next = agent.step(after);
  CHECK(next == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {14, 30}}});
}

TEST_CASE("DefeatZerglingsAndBanelings: reach scales with the screen resolution") {
  agents::DefeatZerglingsAndBanelingsAgent agent;
  agents::AgentSpec spec;
  spec.feature_screen_size = 128;  // reach 30 px
  agent.setup(spec);
  agent.reset();
  auto step = test::time_step_with(with_attack());
  test::add_unit(step.observation, kMarine, kSelf, 10, 30, true, 1);
  test::add_unit(step.observation, kRoach, kEnemy, 35, 30, false, 10);  // 25 px: in reach at 128
  CHECK(agent.step(step) == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {35, 30}}});
}

TEST_CASE("DefeatZerglingsAndBanelings: at a wave's start it splits the line into three groups, then lures") {
  agents::DefeatZerglingsAndBanelingsAgent agent;
  agent.setup({});  // 64 px: split distance 3 world units = 8 px, reach 15 px
  agent.reset();
  auto step = test::time_step_with(with_attack());
  for (int i = 0; i < 9; ++i) test::add_unit(step.observation, kMarine, kSelf, 20, 20 + 3 * i, true, i + 1);
  test::add_unit(step.observation, kZergling, kEnemy, 60, 30, false, 50);  // 40 px away: not yet a danger

  // Rows 20..44; the top third (20, 23, 26) ends above row 27, the bottom third (38, 41, 44)
  // starts below row 36.
  auto call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_rect, {{0}, {18, 0}, {22, 26}}});
  check_valid(call, step);
  call = agent.step(step);  // top group's mean row 23, moved up 8
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {20, 15}}});
  call = agent.step(step);
  CHECK(call == pysc2::FunctionCall{pysc2::fn::select_rect, {{0}, {18, 37}, {22, 63}}});
  check_valid(call, step);
  call = agent.step(step);  // bottom group's mean row 41, moved down 8
  CHECK(call == pysc2::FunctionCall{id_of("Move_screen"), {{0}, {20, 49}}});
  // Split done; nothing in reach, the enemy idle: the Marine nearest to it goes to lure it.
  CHECK(agent.step(step) == pysc2::FunctionCall{pysc2::fn::select_point, {{0}, {20, 29}}});

  // A new wave (more enemies than before) splits again.
  test::add_unit(step.observation, kBaneling, kEnemy, 62, 30, false, 51);
  CHECK(agent.step(step).function == pysc2::fn::select_rect);
}

TEST_CASE("DefeatZerglingsAndBanelings: no split once the enemy is close, it fights instead") {
  agents::DefeatZerglingsAndBanelingsAgent agent;
  agent.setup({});
  agent.reset();
  auto step = test::time_step_with(with_attack());
  for (int i = 0; i < 9; ++i) test::add_unit(step.observation, kMarine, kSelf, 20, 20 + 3 * i, true, i + 1);
  test::add_unit(step.observation, kBaneling, kEnemy, 30, 30, false, 50);  // 10 px: in reach
  CHECK(agent.step(step) == pysc2::FunctionCall{id_of("Attack_screen"), {{0}, {30, 30}}});
}
