// sc2studio's command line: PySC2 flag names, dashed aliases, defaults, bad input.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "agents/agent.h"
#include "app/program/cli_options.h"
#include "app/program/config_paths.h"

using sc2::app::parse_command_line;

namespace {

sc2::app::ParsedCommandLine parse(std::vector<const char*> args) {
  args.insert(args.begin(), "sc2studio");
  return parse_command_line(static_cast<int>(args.size()), args.data());
}

}  // namespace

TEST_CASE("defaults follow the task: the game's first map, 64/64, step_mul 8") {
  const auto parsed = parse({});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->map.empty());  // the session plays the first map the game lists
  CHECK(parsed.options->feature_screen_size == 64);
  CHECK(parsed.options->feature_minimap_size == 64);
  CHECK(parsed.options->step_mul == 8);
  CHECK_FALSE(parsed.options->sc2path.has_value());
  CHECK_FALSE(parsed.options->seed.has_value());
  CHECK(parsed.options->frames == 0);
}

TEST_CASE("PySC2 flag names and dashed aliases") {
  auto parsed = parse({"--map", "DefeatRoaches", "--feature_screen_size", "84", "--feature-minimap-size", "32",
                       "--step_mul", "4", "--sc2path", "/opt/sc2", "--seed", "7", "--frames", "60", "--screenshot",
                       "/tmp/x.png"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->map == "DefeatRoaches");
  CHECK(parsed.options->feature_screen_size == 84);
  CHECK(parsed.options->feature_minimap_size == 32);
  CHECK(parsed.options->step_mul == 4);
  CHECK(parsed.options->sc2path == "/opt/sc2");
  CHECK(parsed.options->seed == 7u);
  CHECK(parsed.options->frames == 60);
  CHECK(parsed.options->screenshot == "/tmp/x.png");
  parsed = parse({"--feature-screen-size=48", "--step-mul=2"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->feature_screen_size == 48);
  CHECK(parsed.options->step_mul == 2);
}

TEST_CASE("--wait_spin_us: the transport's default, 0 to always sleep, nothing negative or over a second") {
  CHECK(parse({}).options->wait_spin_us == sc2::kDefaultWaitSpin.count());
  CHECK(parse({"--wait_spin_us", "0"}).options->wait_spin_us == 0);
  CHECK(parse({"--wait-spin-us", "2000"}).options->wait_spin_us == 2000);
  for (const char* bad : {"-1", "1000001", "soon"}) {
    CAPTURE(bad);
    const auto parsed = parse({"--wait_spin_us", bad});
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.message.find("--wait_spin_us") != std::string::npos);
  }
}

TEST_CASE("bad flags give exit code 1 and a message naming the problem") {
  for (const auto& args : std::vector<std::vector<const char*>>{{"--no-such-flag"},
                                                                 {"--feature_screen_size", "abc"},
                                                                 {"--feature_screen_size", "0"},
                                                                 {"--step_mul", "-3"},
                                                                 {"--frames"},
                                                                 {"--seed", "x"}}) {
    const auto parsed = parse(args);
    INFO(args.front());
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
    CHECK(parsed.message.find("sc2studio:") == 0);
  }
}

TEST_CASE("PySC2 play flags: --fps sets the speed, camera width, game-step limit, fog and synchronous rendering") {
  auto parsed = parse({"--fps", "5.6", "--step_mul", "8", "--feature_camera_width", "32", "--max_game_steps", "4000",
                       "--disable_fog", "--render_sync"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->speed == doctest::Approx(2.0));  // 5.6 steps/s x 8 loops = 44.8 loops/s = 2x real time
  CHECK(parsed.options->feature_camera_width == 32.0f);
  CHECK(parsed.options->max_game_steps == 4000u);
  CHECK(parsed.options->disable_fog);
  CHECK(parsed.options->render_sync);
  parsed = parse({"--fps", "0"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->speed == 0.0);  // as fast as possible
  parsed = parse({});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->feature_camera_width == 24.0f);
  CHECK(parsed.options->max_game_steps == 0u);
  CHECK_FALSE(parsed.options->disable_fog);
  CHECK_FALSE(parsed.options->render_sync);
  for (const auto& args : std::vector<std::vector<const char*>>{{"--fps", "2", "--speed", "3"},
                                                                 {"--feature_camera_width", "0"},
                                                                 {"--max_game_steps", "-5"},
                                                                 {"--fps", "-1"}}) {
    INFO(std::string(args.front()) << " " << args.back());
    parsed = parse(args);
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
  }
}

TEST_CASE("--rgb_screen_size takes W or W,H and asks for an RGB minimap too, bad sizes are refused") {
  auto parsed = parse({"--rgb_screen_size", "256,192", "--rgb_minimap_size", "96"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->rgb_screen_width == 256);
  CHECK(parsed.options->rgb_screen_height == 192);
  CHECK(parsed.options->rgb_minimap_size == 96);
  parsed = parse({"--rgb_screen_size", "128"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->rgb_screen_width == 128);
  CHECK(parsed.options->rgb_screen_height == 128);
  CHECK(parsed.options->rgb_minimap_size == 128);  // PySC2's play default
  parsed = parse({});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->rgb_screen_width == 0);
  CHECK(parsed.options->rgb_minimap_size == 0);
  for (const auto& args : std::vector<std::vector<const char*>>{{"--rgb_screen_size", "0"},
                                                                 {"--rgb_screen_size", "256,"},
                                                                 {"--rgb_screen_size", "a,b"},
                                                                 {"--rgb_screen_size", "2000"},
                                                                 {"--rgb_minimap_size", "64"}}) {
    INFO(std::string(args.front()) << " " << args.back());
    parsed = parse(args);
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
  }
}

TEST_CASE("--help prints the flags and exits 0") {
  const auto parsed = parse({"--help"});
  CHECK_FALSE(parsed.options.has_value());
  CHECK(parsed.exit_code == 0);
  CHECK(parsed.message.find("--feature_screen_size") != std::string::npos);
  CHECK(parsed.message.find("--screenshot") != std::string::npos);
}

TEST_CASE("config dir: XDG_CONFIG_HOME, else HOME/.config, relative values ignored") {
  using sc2::app::config_dir;
  CHECK(config_dir("/x/cfg", "/home/u") == std::filesystem::path("/x/cfg/sc2studio"));
  CHECK(config_dir(nullptr, "/home/u") == std::filesystem::path("/home/u/.config/sc2studio"));
  CHECK(config_dir("", "/home/u") == std::filesystem::path("/home/u/.config/sc2studio"));
  CHECK(config_dir("relative", "/home/u") == std::filesystem::path("/home/u/.config/sc2studio"));
  CHECK_FALSE(config_dir(nullptr, nullptr).has_value());
  CHECK_FALSE(config_dir("rel", "also-rel").has_value());
}

TEST_CASE("--agent takes a built-in agent name and --record a folder, an unknown agent is refused") {
  auto parsed = parse({"--agent", "scripted", "--record", "/tmp/demo"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->agent == "scripted");
  CHECK(parsed.options->record == "/tmp/demo");
  CHECK(parse({}).options->agent.empty());
  parsed = parse({"--agent", "alphastar"});
  CHECK_FALSE(parsed.options.has_value());
  CHECK(parsed.exit_code == 1);
  CHECK(parsed.message.find("alphastar") != std::string::npos);
}

TEST_CASE("--observe_player chooses whose side --connect watches: 1 or 2, only with --connect") {
  auto parsed = parse({"--connect", "127.0.0.1:5000"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->observe_player == 1);
  parsed = parse({"--connect", "127.0.0.1:5000", "--observe_player", "2"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->observe_player == 2);
  for (const auto& args : std::vector<std::vector<const char*>>{{"--connect", "127.0.0.1:5000", "--observe-player", "3"},
                                                                 {"--connect", "127.0.0.1:5000", "--observe_player", "0"},
                                                                 {"--observe_player", "2"}}) {
    parsed = parse(args);
    INFO(args.back());
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
    CHECK(parsed.message.find("observe") != std::string::npos);
  }
}

namespace {

// Stands for the learned agent (registered by the sc2studio executable, which test_app does not
// link): made for MoveToBeacon at 16x16, needs --checkpoint, refuses another game at setup.
class TrainedAgent : public sc2::agents::Agent {
 public:
  void setup(const sc2::agents::AgentSpec& spec) override {
    if (spec.map != "MoveToBeacon" || spec.feature_screen_size != 16) {
      throw std::runtime_error("checkpoint is for MoveToBeacon at 16x16, this game is " + spec.map);
    }
  }
  void reset() override {}
  sc2::pysc2::FunctionCall step(const sc2::pysc2::TimeStep&) override { return {}; }
  std::string_view name() const override { return "trained"; }
  std::optional<sc2::agents::AgentSpec> made_for() const override {
    return sc2::agents::AgentSpec{"MoveToBeacon", 16, 16, 8};
  }
};

void register_trained_agent() {
  sc2::agents::register_agent("trained", [](const sc2::agents::AgentOptions& options) {
    if (options.checkpoint.empty()) throw std::invalid_argument("give its file with --checkpoint FILE");
    if (options.checkpoint != "good.pt") throw std::runtime_error("no checkpoint at " + options.checkpoint.string());
    return std::make_unique<TrainedAgent>();
  });
}

}  // namespace

TEST_CASE("--agent with a checkpoint: the map and resolutions default to the agent's, a bad one stops at once") {
  register_trained_agent();
  auto parsed = parse({"--agent", "trained", "--checkpoint", "good.pt", "--greedy"});
  REQUIRE(parsed.options.has_value());
  CHECK(parsed.options->checkpoint == "good.pt");
  CHECK(parsed.options->greedy);
  CHECK(parsed.options->map == "MoveToBeacon");
  CHECK(parsed.options->feature_screen_size == 16);
  CHECK(parsed.options->feature_minimap_size == 16);

  const std::vector<std::pair<std::vector<const char*>, std::string>> refused = {
      {{"--agent", "trained"}, "cannot watch the agent 'trained': give its file with --checkpoint FILE"},
      {{"--agent", "trained", "--checkpoint", "gone.pt"}, "cannot watch the agent 'trained': no checkpoint at gone.pt"},
      {{"--agent", "trained", "--checkpoint", "good.pt", "--map", "DefeatRoaches"},
       "checkpoint is for MoveToBeacon at 16x16, this game is DefeatRoaches"},
      {{"--agent", "trained", "--checkpoint", "good.pt", "--feature_screen_size", "64"}, "this game is MoveToBeacon"},
      {{"--agent", "scripted", "--checkpoint", "good.pt"}, "--checkpoint is for an agent that plays a trained network"},
      {{"--checkpoint", "good.pt"}, "--agent"},
      {{"--greedy"}, "--checkpoint"}};
  for (const auto& [args, words] : refused) {
    CAPTURE(words);
    parsed = parse(args);
    CHECK_FALSE(parsed.options.has_value());
    CHECK(parsed.exit_code == 1);
    CHECK(parsed.message.find(words) != std::string::npos);
  }
}

TEST_CASE("--training DIR alone shows the training panel without a game, beside a game it is one more window") {
  using sc2::app::training_only;
  auto alone = parse({"--training", "runs/beacon"});
  REQUIRE(alone.options);
  CHECK(alone.options->training == "runs/beacon");
  CHECK(training_only(*alone.options));
  auto beside = parse({"--training", "runs/beacon", "--connect", "127.0.0.1:5000"});
  REQUIRE(beside.options);
  CHECK_FALSE(training_only(*beside.options));
  auto with_map = parse({"--training", "runs/beacon", "--map", "MoveToBeacon"});
  REQUIRE(with_map.options);
  CHECK_FALSE(training_only(*with_map.options));
  CHECK_FALSE(training_only(*parse({}).options));
  // The file itself names its folder; another file is refused with the reason.
  auto file = parse({"--training", "runs/beacon/progress.csv"});
  REQUIRE(file.options);
  CHECK(file.options->training == "runs/beacon");
  const std::string self = SC2_SOURCE_DIR "/README.md";
  auto wrong = parse({"--training", self.c_str()});
  CHECK_FALSE(wrong.options);
  CHECK(wrong.message.find("give the run's folder") != std::string::npos);
}
