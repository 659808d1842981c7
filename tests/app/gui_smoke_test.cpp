// GUI smoke tests: run the real sc2studio without a display (SDL's offscreen driver,
// EGL) against sc2lite, let it draw 60 frames of MoveToBeacon and inspect the screenshot.
#include <doctest/doctest.h>
#include <stb_image.h>

#include <cstdlib>
#include <set>
#include <tuple>

#include "tests/app/app_test_support.h"

namespace {

const std::filesystem::path kBin = SC2_BIN_DIR;

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  bool has(std::uint8_t r, std::uint8_t g, std::uint8_t b, int tolerance = 0, int min_count = 1) const {
    int count = 0;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3) {
      if (std::abs(rgb[i] - r) <= tolerance && std::abs(rgb[i + 1] - g) <= tolerance &&
          std::abs(rgb[i + 2] - b) <= tolerance && ++count >= min_count) {
        return true;
      }
    }
    return false;
  }
  std::size_t distinct_colors() const {
    std::set<std::tuple<int, int, int>> colors;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3) colors.emplace(rgb[i], rgb[i + 1], rgb[i + 2]);
    return colors.size();
  }
};

Image load_png(const std::filesystem::path& file) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(file.c_str(), &image.width, &image.height, &channels, 3);
  if (data) {
    image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 3);
    stbi_image_free(data);
  }
  return image;
}

std::string studio_command(const sc2::test::TempDir& dir, const std::string& flags) {
  // XDG_CONFIG_HOME: a fresh imgui.ini, so the default layout is what we check.
  return "cd '" + dir.path().string() + "' && SDL_VIDEODRIVER=offscreen XDG_CONFIG_HOME='" + dir.path().string() +
         "' timeout 90 '" + (kBin / "sc2studio").string() + "' " + flags;
}

bool have_programs() {
  if (std::filesystem::exists(kBin / "sc2studio") && std::filesystem::exists(kBin / "sc2lite")) return true;
  MESSAGE("skipped: sc2studio or sc2lite is not built in " << kBin.string());
  return false;
}

}  // namespace

TEST_CASE("sc2studio plays MoveToBeacon for 60 frames and the screenshot shows the game") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "shot.png";
  const auto result = sc2::test::run_command(
      studio_command(dir, "--map MoveToBeacon --frames 60 --screenshot '" + shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  REQUIRE(std::filesystem::exists(shot));
  const Image image = load_png(shot);
  REQUIRE(image.width == 1280);
  REQUIRE(image.height == 800);
  CHECK(image.distinct_colors() > 20);
  CHECK(image.has(0, 142, 0, 0, 20));        // the Marine (player_absolute 1 / player_relative self)
  CHECK(image.has(129, 166, 196, 0, 20));    // the beacon (neutral) in the world view and layers
  CHECK(image.has(46, 69, 107, 2, 200));     // an active ImGui title bar (our style)
  CHECK(image.has(33, 41, 56, 2, 200));      // inactive title bars: several panels
  CHECK(std::filesystem::exists(dir.path() / "sc2studio" / "imgui.ini"));
}

TEST_CASE("sc2studio starts every mini-game and shows own units") {
  if (!have_programs()) return;
  for (const char* map : {"MoveToBeacon", "CollectMineralShards", "FindAndDefeatZerglings", "DefeatRoaches",
                          "DefeatZerglingsAndBanelings", "CollectMineralsAndGas", "BuildMarines"}) {
    CAPTURE(map);
    sc2::test::TempDir dir;
    const auto shot = dir.path() / "shot.png";
    const auto result = sc2::test::run_command(
        studio_command(dir, std::string("--map ") + map + " --frames 30 --screenshot '" + shot.string() + "'"));
    INFO(result.output);
    REQUIRE(result.exit_code == 0);
    REQUIRE(std::filesystem::exists(shot));
    const Image image = load_png(shot);
    CHECK(image.has(0, 142, 0, 0, 20));  // own units (player_relative self) in the layers
  }
}

// A new mini-game is a folder (issue 35 item 2): dropped into the layout's Maps folder, the app
// plays it with no rebuild. The layout's game is sc2lite (--install-layout); SC2PATH points at it.
TEST_CASE("sc2studio plays a map folder dropped into SC2PATH/Maps and shows its units") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto root = dir.path() / "StarCraftII";
  const auto installed =
      sc2::test::run_command("'" + (kBin / "sc2lite").string() + "' --install-layout '" + root.string() + "'");
  INFO(installed.output);
  REQUIRE(installed.exit_code == 0);
  std::filesystem::copy(std::filesystem::path(SC2_SOURCE_DIR) / "examples" / "maps" / "mini_games" / "TwoBeacons.SC2Map",
                        root / "Maps" / "mini_games" / "TwoBeacons.SC2Map", std::filesystem::copy_options::recursive);
  const auto shot = dir.path() / "shot.png";
  const auto result = sc2::test::run_command(
      "export SC2PATH='" + root.string() + "'; " +
      studio_command(dir, "--map mini_games/TwoBeacons.SC2Map --frames 30 --screenshot '" + shot.string() + "'"));
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const Image image = load_png(shot);
  REQUIRE(image.width > 0);
  CHECK(image.has(0, 142, 0, 0, 20));      // the example's Marine (player_relative self)
  CHECK(image.has(129, 166, 196, 0, 20));  // its two beacons (neutral)
}

TEST_CASE("sc2studio shows an error banner and exits 1 when the game cannot start") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  const auto shot = dir.path() / "error.png";
  const auto result = sc2::test::run_command(
      studio_command(dir, "--sc2path '" + (dir.path() / "no-such-sc2").string() + "' --frames 30 --screenshot '" +
                              shot.string() + "'"));
  INFO(result.output);
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("no-such-sc2") != std::string::npos);
  REQUIRE(std::filesystem::exists(shot));
  const Image image = load_png(shot);
  CHECK(image.has(115, 15, 15, 3, 500));  // the red banner
}

TEST_CASE("sc2studio rejects bad flags with exit code 1") {
  if (!have_programs()) return;
  sc2::test::TempDir dir;
  auto result = sc2::test::run_command(studio_command(dir, "--feature_screen_size banana"));
  CHECK(result.exit_code == 1);
  CHECK(result.output.find("feature_screen_size") != std::string::npos);
  result = sc2::test::run_command(studio_command(dir, "--help"));
  CHECK(result.exit_code == 0);
  CHECK(result.output.find("--step_mul") != std::string::npos);
}
