// sc2train's command line: per-map defaults for what the line does not say, explicit flags
// win, the minimap follows the screen, and bad lines are refused with the reason.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include <map>
#include <optional>

#include "learning/train_cli.h"

using namespace sc2::learning;

TEST_CASE("sc2train's command line: the map's defaults fill in what is not given, given flags win") {
  const auto line = parse_train_command_line({"--map", "MoveToBeacon", "--out", "/tmp/x", "--minutes", "30"});
  CHECK(line.options.map == "MoveToBeacon");
  CHECK(line.options.max_minutes == 30);
  CHECK(line.options.out == "/tmp/x");
  CHECK(line.options.minimap_size() == line.options.feature_screen_size);  // follows the screen
  CHECK(line.options.step_mul == 8);       // MoveToBeacon's: step_mul 16 cannot reach 25 in a real episode
  CHECK(line.options.unit_prior == 4.0);   // and clicks start on units (networks.cpp)
  CHECK(network_spec(line.options).unit_prior == 4.0);
  CHECK_NOTHROW(validate(line.options));
  // The settings with which the other maps reached their targets (bench/RESULTS.md).
  for (const char* map : {"CollectMineralShards", "DefeatRoaches", "DefeatZerglingsAndBanelings",
                          "CollectMineralsAndGas", "FindAndDefeatZerglings", "BuildMarines"}) {
    CAPTURE(map);
    const auto defaults = parse_train_command_line({"--map", map, "--out", "d", "--minutes", "180"}).options;
    // CollectMineralShards needs more pixels and steps than 16x16 at step_mul 16 give (~70).
    const bool shards = std::string(map) == "CollectMineralShards";
    CHECK(defaults.step_mul == (shards ? 8 : 16));
    // BuildMarines' buildings go on open ground: no prior drawing clicks onto units.
    CHECK(defaults.unit_prior == (std::string(map) == "BuildMarines" ? 0.0 : 4.0));
    CHECK(defaults.feature_screen_size == (shards ? 24 : 16));
    CHECK(defaults.minimap_size() == defaults.feature_screen_size);
  }
  for (const char* map : {"DefeatZerglingsAndBanelings", "BuildMarines"}) {
    CAPTURE(map);
    CHECK(parse_train_command_line({"--map", map, "--out", "d", "--minutes", "1"}).options.rollout_steps == 16);
  }
  CHECK(parse_train_command_line({"--map", "FindAndDefeatZerglings", "--out", "d", "--minutes", "1"})
            .options.rollout_steps == 8);

  const auto given = parse_train_command_line({"--map", "MoveToBeacon", "--out", "d", "--steps", "1000", "--arch",
                                                "atari", "--feature_screen_size", "32", "--feature_minimap_size",
                                                "24", "--envs", "3", "--lr", "0.01", "--nsteps", "7", "--seed", "9"});
  CHECK(given.options.architecture == Architecture::atari);
  CHECK(given.options.feature_screen_size == 32);
  CHECK(given.options.minimap_size() == 24);
  CHECK(given.options.envs == 3);
  CHECK(given.options.learning_rate == doctest::Approx(0.01));
  CHECK(given.options.rollout_steps == 7);
  CHECK(given.options.seed == 9);
  CHECK(given.options.unit_prior == 0);  // atari: no pixel heads, so the map's prior is not applied
  CHECK(given.given.contains("arch"));
  CHECK_NOTHROW(validate(given.options));
  auto atari_with_prior = given.options;
  atari_with_prior.unit_prior = 2;
  CHECK_THROWS_WITH_AS(validate(atari_with_prior), doctest::Contains("--unit_prior is for fullyconv"),
                       std::invalid_argument);
  CHECK(parse_train_command_line({"--map", "MoveToBeacon", "--out", "d", "--steps", "9", "--unit_prior", "0",
                                  "--step_mul", "8"}).options.unit_prior == 0);
  // The prior covers own units unless told not to; the network gets the choice.
  CHECK(parse_train_command_line({"--map", "DefeatRoaches", "--out", "d", "--steps", "9"}).options.unit_prior_own);
  const auto targets_only =
      parse_train_command_line({"--map", "DefeatRoaches", "--out", "d", "--steps", "9", "--unit_prior_own", "false"});
  CHECK_FALSE(targets_only.options.unit_prior_own);
  CHECK_FALSE(network_spec(targets_only.options).unit_prior_own);

  CHECK(parse_train_command_line({"--help"}).help);
}

TEST_CASE("sc2train's command line refuses unknown flags, bad values and runs without a limit or a folder") {
  CHECK_THROWS_AS(parse_train_command_line({"--nonsense"}), std::invalid_argument);
  CHECK_THROWS_AS(parse_train_command_line({"--envs", "many"}), std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_train_command_line({"--arch", "resnet"}), doctest::Contains("fullyconv"),
                       std::invalid_argument);
  CHECK_THROWS_AS(parse_train_command_line({"--optimizer", "sgd"}), std::invalid_argument);
  CHECK_THROWS_AS(parse_train_command_line({"--game", "cloud"}), std::invalid_argument);

  auto no_limit = parse_train_command_line({"--out", "d"}).options;
  CHECK_THROWS_WITH_AS(validate(no_limit), doctest::Contains("--steps"), std::invalid_argument);
  auto no_folder = parse_train_command_line({"--steps", "10"}).options;
  CHECK_THROWS_WITH_AS(validate(no_folder), doctest::Contains("--out"), std::invalid_argument);
  auto small_atari = parse_train_command_line({"--steps", "10", "--out", "d", "--arch", "atari",
                                               "--feature_screen_size", "8"}).options;
  CHECK_THROWS_WITH_AS(validate(small_atari), doctest::Contains("at least 20"), std::invalid_argument);
  auto bad_discount = parse_train_command_line({"--steps", "10", "--out", "d", "--discount", "1.5"}).options;
  CHECK_THROWS_AS(validate(bad_discount), std::invalid_argument);
}

TEST_CASE("sc2train's distributed flags: checked ranks and master, shared settings without the rank") {
  const auto line = parse_train_command_line({"--steps", "10", "--out", "d", "--world_size", "3", "--rank", "2",
                                              "--master", "trainer-0.lan:29500", "--dist_timeout", "30"});
  CHECK(line.options.world_size == 3);
  CHECK(line.options.rank == 2);
  CHECK(line.options.dist_timeout == 30);
  CHECK_NOTHROW(validate(line.options));
  const auto master = parse_master(line.options.master);
  CHECK(master.host == "trainer-0.lan");
  CHECK(master.port == 29500);
  CHECK(parse_master("[::1]:7").host == "::1");

  // The ranks play different games but must share every training setting.
  auto rank0 = line.options;
  rank0.rank = 0;
  CHECK(environment_options(rank0).seed != environment_options(line.options).seed);
  CHECK(shared_settings(rank0) == shared_settings(line.options));
  auto other_lr = rank0;
  other_lr.learning_rate *= 2;
  CHECK(shared_settings(other_lr) != shared_settings(rank0));

  // Only rank 0 writes, so only rank 0 needs --out.
  auto no_out = line.options;
  no_out.out.clear();
  CHECK_NOTHROW(validate(no_out));
  rank0.out.clear();
  CHECK_THROWS_WITH_AS(validate(rank0), doctest::Contains("--out"), std::invalid_argument);
}

TEST_CASE("sc2train's distributed flags: bad ranks, masters and timeouts are refused by name") {
  auto options = parse_train_command_line({"--steps", "10", "--out", "d"}).options;
  auto refused = [&](auto change, const char* words) {
    auto changed = options;
    change(changed);
    CHECK_THROWS_WITH_AS(validate(changed), doctest::Contains(words), std::invalid_argument);
  };
  refused([](TrainOptions& o) { o.world_size = 0; }, "--world_size must be at least 1");
  refused([](TrainOptions& o) { o.world_size = 2, o.rank = 2, o.master = "h:1"; }, "--rank must be in [0, 2)");
  refused([](TrainOptions& o) { o.world_size = 2, o.rank = -1, o.master = "h:1"; }, "--rank must be in [0, 2)");
  refused([](TrainOptions& o) { o.world_size = 2; }, "--master HOST:PORT is required");
  refused([](TrainOptions& o) { o.world_size = 2, o.master = "h"; }, "no port");
  refused([](TrainOptions& o) { o.world_size = 2, o.master = ":29500"; }, "no host");
  refused([](TrainOptions& o) { o.world_size = 2, o.master = "h:0"; }, "port out of range");
  refused([](TrainOptions& o) { o.world_size = 2, o.master = "h:port"; }, "bad port");
  refused([](TrainOptions& o) { o.world_size = 2, o.master = "h:1", o.dist_timeout = 0; }, "--dist_timeout");
}

// torchrun, and Slurm or Kubernetes' PyTorch jobs, tell each process its place through the
// environment; a flag on the command line wins over it.
TEST_CASE("sc2train takes WORLD_SIZE, RANK, MASTER_ADDR and MASTER_PORT from a launcher's environment") {
  std::map<std::string, std::string> variables = {
      {"WORLD_SIZE", "4"}, {"RANK", "3"}, {"MASTER_ADDR", "trainer-0.lan"}, {"MASTER_PORT", "29500"}};
  const auto environment = [&](const std::string& name) -> std::optional<std::string> {
    const auto it = variables.find(name);
    if (it == variables.end()) return std::nullopt;
    return it->second;
  };
  const auto line = parse_train_command_line({"--steps", "10", "--out", "d"}, environment);
  CHECK(line.options.world_size == 4);
  CHECK(line.options.rank == 3);
  CHECK(line.options.master == "trainer-0.lan:29500");
  CHECK_NOTHROW(validate(line.options));

  const auto flags_win = parse_train_command_line(
      {"--steps", "10", "--out", "d", "--world_size", "2", "--rank", "1", "--master", "h:7"}, environment);
  CHECK(flags_win.options.world_size == 2);
  CHECK(flags_win.options.rank == 1);
  CHECK(flags_win.options.master == "h:7");

  variables["MASTER_ADDR"] = "fd00::5";  // an IPv6 address gets its brackets
  CHECK(parse_train_command_line({"--steps", "10", "--out", "d"}, environment).options.master == "[fd00::5]:29500");

  CHECK_FALSE(line.options.launcher_store);  // rank 0 starts the store
  variables["TORCHELASTIC_USE_AGENT_STORE"] = "True";  // torchrun's static rendezvous keeps its own
  variables["TORCHELASTIC_RESTART_COUNT"] = "2";
  const auto joined = parse_train_command_line({"--steps", "10", "--out", "d"}, environment);
  CHECK(joined.options.launcher_store);
  CHECK(joined.options.launcher_attempt == 2);

  // Without the variables: one process, as before.
  const auto alone = parse_train_command_line({"--steps", "10", "--out", "d"},
                                              [](const std::string&) { return std::optional<std::string>(); });
  CHECK(alone.options.world_size == 1);
  CHECK(alone.options.rank == 0);
  CHECK(alone.options.master.empty());
}

TEST_CASE("sc2train refuses a launcher's environment that is not whole numbers or lacks a master port, naming it") {
  const auto refused = [](std::map<std::string, std::string> variables, const char* words) {
    CAPTURE(words);
    const auto environment = [variables](const std::string& name) -> std::optional<std::string> {
      const auto it = variables.find(name);
      if (it == variables.end()) return std::nullopt;
      return it->second;
    };
    CHECK_THROWS_WITH_AS(parse_train_command_line({"--steps", "10", "--out", "d"}, environment),
                         doctest::Contains(words), std::invalid_argument);
  };
  refused({{"RANK", "one"}}, "RANK='one' in the environment");
  refused({{"WORLD_SIZE", "-2"}}, "WORLD_SIZE='-2' in the environment");
  refused({{"WORLD_SIZE", "2x"}}, "not a whole number");
  refused({{"RANK", ""}}, "RANK=''");
  refused({{"MASTER_ADDR", "h"}}, "sets MASTER_ADDR without MASTER_PORT");
  refused({{"MASTER_PORT", "29500"}}, "sets MASTER_PORT without MASTER_ADDR");
}

TEST_CASE("sc2train --observe_port: a port (0 = any free one) for in-process games, refused otherwise") {
  const auto none = parse_train_command_line({"--out", "d", "--steps", "10"}).options;
  CHECK_FALSE(none.observe_port);
  CHECK_FALSE(environment_options(none).observe_port);
  const auto watched = parse_train_command_line({"--out", "d", "--steps", "10", "--observe_port", "5100",
                                                 "--observe_host", "0.0.0.0"}).options;
  REQUIRE(watched.observe_port);
  CHECK(*watched.observe_port == 5100);
  CHECK(*environment_options(watched).observe_port == 5100);
  CHECK(environment_options(watched).observe_host == "0.0.0.0");
  CHECK_NOTHROW(validate(watched));
  CHECK(*parse_train_command_line({"--observe_port", "0"}).options.observe_port == 0);
  CHECK_THROWS_WITH_AS(parse_train_command_line({"--observe_port", "70000"}), doctest::Contains("not a port"),
                       std::invalid_argument);
  CHECK_THROWS_AS(parse_train_command_line({"--observe_port", "-1"}), std::invalid_argument);
  const auto launched =
      parse_train_command_line({"--out", "d", "--steps", "10", "--observe_port", "5100", "--game", "launched"}).options;
  CHECK_THROWS_WITH_AS(validate(launched), doctest::Contains("--observe_port needs --game in_process"),
                       std::invalid_argument);
}

TEST_CASE("sc2train --reward_scale: the map's (CollectMineralsAndGas 0.1, else 1), a given one wins, only positive") {
  const auto gas = parse_train_command_line({"--map", "CollectMineralsAndGas", "--out", "d", "--minutes", "1"});
  CHECK(gas.options.reward_scale == doctest::Approx(0.1));
  CHECK(gas.options.step_mul == 16);
  CHECK(parse_train_command_line({"--map", "CollectMineralShards", "--out", "d", "--minutes", "1"}).options.reward_scale == 1.0);
  const auto given = parse_train_command_line(
      {"--map", "CollectMineralsAndGas", "--out", "d", "--minutes", "1", "--reward_scale", "0.5"});
  CHECK(given.options.reward_scale == 0.5);
  CHECK(shared_settings(given.options).find("reward_scale=0.5\n") != std::string::npos);  // ranks must agree
  for (const char* bad : {"0", "-1", "nan", "inf"}) {
    CAPTURE(bad);
    const auto line = parse_train_command_line({"--map", "MoveToBeacon", "--out", "d", "--minutes", "1", "--reward_scale", bad});
    CHECK_THROWS_WITH_AS(validate(line.options), doctest::Contains("--reward_scale"), std::invalid_argument);
  }
}
