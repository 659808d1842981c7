// SMAC's battles in the app (issue 36 item 4): sc2studio plays a real SMAC map file (3m, 2s3z)
// as a person, offscreen, with a --script: select the army, attack an enemy. The map's agents
// are passive copies (Marine_RL, Stalker_RL, ...) that never fire on their own, so an enemy that
// loses life or shields was hit because of the person's order. The screenshot shows both armies;
// a selected Stalker_RL shows its shields.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "client/pysc2/actions.h"
#include "tests/app/gui_test_support.h"
#include "tests/shared_dir.h"

namespace {

using sc2::test::count_color;

double vitals(const nlohmann::json& units) {
  double total = 0;
  for (const auto& unit : units) total += unit.at("health").get<double>() + unit.at("shield").get<double>();
  return total;
}

}  // namespace

TEST_CASE("sc2studio plays SMAC's 3m and 2s3z as a person: the army attacks on order and the enemy loses life") {
  if (!sc2::test::have_programs()) return;
  const std::string maps = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps/";
  const struct {
    const char* map;
    std::size_t agents, enemies;
    bool shields;
  } cases[] = {{"3m", 3, 3, false}, {"2s3z", 5, 5, true}};  // 2s3z: Stalker_RL and Zealot_RL
  for (const auto& c : cases) {
    CAPTURE(c.map);
    const std::string file = maps + c.map + ".SC2Map";
    if (!sc2::test::have_shared(file)) return;
    sc2::test::TempDir dir;
    const auto shot = dir.path() / "smac.png";
    const auto result = sc2::test::run_script(dir,
                                              "wait_game\n"
                                              "wait_frames 5\n"
                                              "key F2                 # select_army\n"
                                              "wait_available Attack_screen  # the selection has come back\n"
                                              "key A                  # arm Attack\n"
                                              "click world enemy      # Attack_screen on an enemy\n"
                                              "wait_loops 96\n"
                                              "quit\n",
                                              "--map '" + (sc2::test::shared_dir() / file).string() +
                                                  "' --seed 3 --speed 8 --screenshot '" + shot.string() + "'");
    INFO(result.output);
    REQUIRE(result.exit_code == 0);
    const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
    const auto& actions = log.at("actions");
    REQUIRE(actions.size() == 2);
    CHECK(actions[0].at("function") == sc2::pysc2::fn::select_army);
    CHECK(actions[1].at("function") == sc2::pysc2::find_function("Attack_screen")->id);
    for (const auto& action : actions) CHECK(action.at("result") == "ok");

    const auto& first = log.at("first_observation");
    const auto& last = log.at("last_observation");
    CHECK(first.at("units").size() == c.agents);  // the script's armies, the enemy's shown too
    CHECK(first.at("enemies").size() == c.enemies);
    if (c.shields) {
      for (const auto& unit : first.at("units")) CHECK(unit.at("shield").get<double>() > 0);
    }
    // The passive agents fired only because they were ordered to: the enemy lost life or units.
    CHECK(vitals(last.at("enemies")) < vitals(first.at("enemies")));

    // The armies on screen (player_relative self green, enemy dark red); after the fight one side
    // may be gone, so together.
    CHECK(count_color(shot, 0, 142, 0, 0) + count_color(shot, 113, 25, 34, 0) > 20);
  }
}

TEST_CASE("sc2studio shows a selected SMAC Stalker_RL's full shields as a bar") {
  if (!sc2::test::have_programs()) return;
  const std::string file = "clients/smac/smac/env/starcraft2/maps/SMAC_Maps/3s_vs_3z.SC2Map";  // agents: 3 Stalker_RL
  if (!sc2::test::have_shared(file)) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "stalker.png";
  const auto result = sc2::test::run_script(dir, "wait_game\nwait_frames 5\nclick world self\nwait_loops 8\nquit\n",
                                            "--map '" + (sc2::test::shared_dir() / file).string() +
                                                "' --seed 3 --speed 8 --screenshot '" + shot.string() + "'");
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  REQUIRE(log.at("actions").size() == 1);
  CHECK(log.at("actions")[0].at("function") == sc2::pysc2::fn::select_point);
  CHECK(log.at("actions")[0].at("result") == "ok");
  // Before any fight: full shields, drawn as the selection's blue shield bar.
  CHECK(count_color(shot, 64, 115, 230, 2) > 100);
}
