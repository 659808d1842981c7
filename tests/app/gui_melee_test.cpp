// A melee game in the real panels: Simple64 against the built-in AI, played on sc2lite through
// a pysc2::Env (as the app's Session does), its TimeSteps drawn by StudioUi offscreen. The
// World view and the minimap show the enemy only where the player sees it (fog of war: the
// engine sends nothing else, and the app draws nothing else), and the end of the game shows
// its result banner, which stays.
#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "app/session/opponent_choice.h"
#include "app/ui/result_text.h"
#include "client/launcher.h"
#include "client/pysc2/env.h"
#include "render/palette.h"
#include "tests/app/gui_test_support.h"
#include "tests/app/panels_test_support.h"
#include "tests/app/session_test_support.h"

namespace pysc2 = sc2::pysc2;
using sc2::test::Panels;
using sc2::test::Picture;
using sc2::test::RecordedStep;

namespace {

constexpr std::uint32_t kSeed = 5;

// A melee game on its own sc2lite: Simple64 against Easy, the app's interface (raw data on).
struct MeleeGame {
  std::unique_ptr<sc2::GameProcess> game;
  std::unique_ptr<pysc2::Env> env;

  explicit MeleeGame(bool disable_fog) {
    game = sc2::launch_game(sc2::GameChoice{std::nullopt, SC2_BIN_DIR, std::chrono::seconds(30)});
    pysc2::EnvOptions options;
    options.map = "Simple64";
    options.seed = kSeed;
    options.computer = sc2::app::computer_for("Simple64", "bot:easy");
    options.disable_fog = disable_fog;
    options.raw = true;
    env = std::make_unique<pysc2::Env>(game->controller(), options);
  }
};

int count_value(const pysc2::Layer& layer, int value) {
  int count = 0;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) count += layer.at(x, y) == value;
  }
  return count;
}

// The middle of the pixels holding `value`, if any.
std::optional<std::vector<int>> centroid(const pysc2::Layer& layer, int value) {
  long sx = 0, sy = 0, n = 0;
  for (int y = 0; y < layer.height; ++y) {
    for (int x = 0; x < layer.width; ++x) {
      if (layer.at(x, y) != value) continue;
      sx += x, sy += y, ++n;
    }
  }
  if (n == 0) return std::nullopt;
  return std::vector<int>{static_cast<int>(sx / n), static_cast<int>(sy / n)};
}

int enemy_units(const pysc2::Observation& obs) {
  int count = 0;
  for (const pysc2::RawUnit& unit : obs.raw_view.units) count += unit.alliance == pysc2::Alliance::enemy;
  return count;
}

constexpr int kEnemy = 4;  // player_relative

// The frame after the panels have shown every step once (the last step stays: no loop).
Picture last_frame(std::vector<RecordedStep> steps, Panels*& shown, std::unique_ptr<Panels>& holder) {
  const std::size_t count = steps.size();
  holder.reset();  // one window at a time
  holder = std::make_unique<Panels>(std::move(steps), "", "Simple64", false);
  shown = holder.get();
  INFO(holder->error());
  REQUIRE(holder->error().empty());
  holder->session().set_opponent(sc2::app::opponent_label(*sc2::app::computer_for("Simple64", "bot:easy")));
  Picture picture;
  for (std::size_t i = 0; i < count + 1; ++i) holder->frame();
  holder->frame(&picture);
  return picture;
}

// The mean of the red, green and blue values inside the rectangle (0..255).
double brightness(const Picture& picture, const sc2::app::ImageRect& area) {
  double sum = 0;
  long n = 0;
  for (int y = static_cast<int>(area.y); y < static_cast<int>(area.y + area.height) && y < picture.height; ++y) {
    for (int x = static_cast<int>(area.x); x < static_cast<int>(area.x + area.width) && x < picture.width; ++x) {
      const unsigned char* p = &picture.rgb[(static_cast<std::size_t>(y) * picture.width + x) * 3];
      sum += (p[0] + p[1] + p[2]) / 3.0;
      ++n;
    }
  }
  return n == 0 ? 0 : sum / n;
}

}  // namespace

TEST_CASE("melee in the panels: the enemy base shows only without fog, the game's end shows its result and stays") {
  if (!sc2::test::have_sc2lite()) return;
  // Without fog: where the enemy is, on the minimap, and the camera moved there.
  MeleeGame clear(true);
  const auto clear_start = clear.env->reset();
  const pysc2::Layer* clear_relative = clear_start->observation.minimap("player_relative");
  REQUIRE(clear_relative != nullptr);
  const auto enemy_base = centroid(*clear_relative, kEnemy);
  REQUIRE(enemy_base.has_value());
  const pysc2::FunctionCall look{pysc2::fn::move_camera, {*enemy_base}};
  const auto clear_there = clear.env->step(look);
  CHECK(enemy_units(clear_there->observation) > 0);

  // With fog (the default), the same seed: the enemy base is hidden.
  MeleeGame fogged(false);
  const auto start = fogged.env->reset();
  CHECK(count_value(*start->observation.minimap("player_relative"), kEnemy) == 0);
  const auto there = fogged.env->step(look);
  CHECK(enemy_units(there->observation) == 0);
  const pysc2::Layer* visibility = there->observation.screen("visibility_map");
  REQUIRE(visibility != nullptr);
  CHECK(count_value(*visibility, 2) < visibility->width * visibility->height / 4);  // mostly not visible

  // The player loses everything it has (the engine's debug kill_unit): Defeat.
  SC2APIProtocol::Request kill;
  auto* tags = kill.mutable_debug()->add_debug()->mutable_kill_unit();
  for (const pysc2::RawUnit& unit : there->observation.raw_view.units) {  // raw data: the whole map
    if (unit.alliance == pysc2::Alliance::self) tags->add_tag(unit.tag);
  }
  REQUIRE(tags->tag_size() > 0);
  const SC2APIProtocol::Response killed = fogged.game->controller().call(kill);
  REQUIRE(killed.error_size() == 0);
  const auto end = fogged.env->step(pysc2::FunctionCall{pysc2::fn::no_op, {}});
  REQUIRE(end->last());
  REQUIRE(end->outcome == -1);

  const sc2::render::Rgb enemy_disc = sc2::test::owner_colour(2);
  const sc2::render::Rgb enemy_dot = sc2::render::palette_for_layer("player_relative", true).color(kEnemy);
  std::unique_ptr<Panels> holder;
  Panels* panels = nullptr;

  // The game without fog, the camera on the enemy base: its units in the World view and the minimap.
  const Picture clear_picture = last_frame({{clear_start, std::nullopt, nullptr}, {clear_there, std::nullopt, nullptr}},
                                           panels, holder);
  REQUIRE(panels->ui().world_surface().valid);
  REQUIRE(panels->ui().minimap_surface().valid);
  CHECK(clear_picture.count(enemy_disc, panels->ui().world_surface().rect) > 100);
  CHECK(clear_picture.count(enemy_dot, panels->ui().minimap_surface().rect) > 10);
  CHECK_FALSE(panels->ui().snapshot().game_result.has_value());

  // With fog, the same camera: nothing of the enemy anywhere; then the game's end.
  const Picture fog_picture = last_frame({{start, std::nullopt, nullptr}, {there, std::nullopt, nullptr}}, panels, holder);
  CHECK(fog_picture.count(enemy_disc, panels->ui().world_surface().rect) == 0);
  CHECK(fog_picture.count(enemy_dot, panels->ui().minimap_surface().rect) == 0);
  // And the fog shows: the terrain there is darkened where the player does not see it.
  CHECK(brightness(fog_picture, panels->ui().world_surface().rect) <
        0.8 * brightness(clear_picture, panels->ui().world_surface().rect));
  const sc2::app::ui::BannerColour defeat = sc2::app::ui::result_banner_colour(-1);
  const sc2::render::Rgb banner{defeat.r, defeat.g, defeat.b};
  const sc2::app::ImageRect whole{0, 0, static_cast<float>(fog_picture.width), static_cast<float>(fog_picture.height)};
  CHECK(fog_picture.count(banner, whole) == 0);  // no banner while the game runs

  const Picture end_picture =
      last_frame({{start, std::nullopt, nullptr}, {there, std::nullopt, nullptr}, {end, std::nullopt, nullptr}}, panels,
                 holder);
  REQUIRE(panels->ui().snapshot().game_result == -1);
  CHECK(end_picture.count(banner, whole) > 5000);  // the Defeat banner, in its colour
  // It stays: frames later, with no new observation, the banner is still there.
  Picture later;
  for (int i = 0; i < 5; ++i) panels->frame();
  panels->frame(&later);
  CHECK(later.count(banner, whole) > 5000);
  // The episode list records the result.
  const auto episodes = panels->session().episodes();
  REQUIRE(episodes.size() == 1);
  CHECK(episodes[0].outcome == -1);
}

TEST_CASE("sc2studio --map Flat32 --opponent bot:hard: the game ends by itself, the banner shows its result and stays") {
  if (!sc2::test::have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "end.png";
  // The person does nothing: Hard wins, or the time limit makes a tie. As fast as possible,
  // 400 game loops a step.
  const auto run = sc2::test::run_script(dir, "wait_game\nwait_result\nwait_frames 20\nquit\n",
                                         "--map Flat32 --opponent bot:hard --seed 2 --speed 0 --step_mul 400 "
                                         "--screenshot '" + shot.string() + "'");
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  const nlohmann::json log = sc2::test::read_json(sc2::test::action_log_file(dir));
  INFO(log.dump());
  const nlohmann::json& session = log["session"];
  CHECK(session["opponent"] == "the built-in AI (Hard)");
  REQUIRE(session["game_result"].is_number());
  const int result = session["game_result"];
  CHECK((result == -1 || result == 0));
  // One game: it did not start another by itself, and the list keeps its result.
  REQUIRE(log["episodes"].size() == 1);
  CHECK(log["episodes"][0]["outcome"] == result);
  CHECK(log["episodes"][0]["finished"] == true);
  // The banner, in the result's colour, 20 frames after the game ended.
  const sc2::app::ui::BannerColour colour = sc2::app::ui::result_banner_colour(result);
  CHECK(sc2::test::count_color(shot, colour.r, colour.g, colour.b) > 5000);
}
