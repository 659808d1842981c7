// Engine speed (issue 3): (1) game loops per second for each of the seven mini-games at
// 64x64 with every observation (feature layers + raw + score), step_mul 8, engine
// in-process (a) vs over the loopback websocket (b), episodes interleaved a,b,a,b so
// machine noise hits both; (2) simulation cost against unit count (Marines vs Zerglings
// attack-moving at each other in a World built directly, no observations).
// Each map is driven by its scripted agent where one exists, else by no_op.
// (3) --digest: a fingerprint of every Response byte of a fixed, agent-free action script
// per map (in-process), to show that a speed change left the observations unchanged.
// (4) --crowd: the simulation of a late BuildMarines episode without observations: the
// map's base with its SCVs mining, five Barracks, and Marines coming out of them until a
// crowd of N stands around the exits; World::advance only. With --crowd-observations K,
// then K renderings of the crowd's screen and minimap feature layers (a fixed workload for
// the observation's cost with ~100+ units on the screen).
// (5) --parallel: 1 game, then 2 games at once (agents::run_parallel, what sc2agent
// --parallel N runs, one thread and one game each), combined loops/s, engine in-process and
// over the loopback websocket (an EngineHost per game, as a sc2lite per game).
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "agents/agent.h"
#include "agents/parallel_runner.h"
#include "agents/runner.h"
#include "agents/scripted_agent.h"
#include "learning/in_process_channel.h"
#include "transport/core_pinning.h"
#include "transport/wait_spin.h"
#include "client/controller.h"
#include "client/map_paths.h"
#include "client/pysc2/env.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/raster/feature_layers.h"
#include "engine/server/engine_host.h"
#include "engine/server/game.h"
#include "engine/sim/abilities.h"
#include "engine/sim/map_layout.h"
#include "engine/sim/state_hash.h"
#include "engine/sim/orders.h"
#include "engine/sim/unit_data.h"
#include "engine/sim/world.h"

namespace {

using Clock = std::chrono::steady_clock;

// Every mini-game the engine serves (its list comes from assets/maps/*.json).
std::vector<std::string> all_mini_games() {
  std::vector<std::string> names;
  for (const auto& entry : sc2::engine::mini_games()) names.emplace_back(entry.name);
  return names;
}

// Loops and seconds of one mode on one map, whole episodes and their last quarter.
// Wall time, and this process's CPU time (every thread: client, websocket server, engine),
// which other programs on a busy machine do not inflate: loops per CPU second is what one
// core would give the benchmark alone.
struct Tally {
  std::int64_t loops = 0;
  double seconds = 0, cpu_seconds = 0;
  std::int64_t late_loops = 0;
  double late_seconds = 0, late_cpu_seconds = 0;
  double score = 0;
  double loops_per_second() const { return seconds > 0 ? loops / seconds : 0; }
  double late_loops_per_second() const { return late_seconds > 0 ? late_loops / late_seconds : 0; }
  double loops_per_cpu_second() const { return cpu_seconds > 0 ? loops / cpu_seconds : 0; }
  double late_loops_per_cpu_second() const { return late_cpu_seconds > 0 ? late_loops / late_cpu_seconds : 0; }
};

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Mode {
  std::unique_ptr<sc2::pysc2::Env> env;
  std::unique_ptr<sc2::agents::Agent> agent;
};

// One episode; step time counts env.step only (the agent's own thinking is excluded, the
// client's observation decoding is included). "Late" = steps starting after 3/4 of the
// episode's time limit-or-length, known from the previous episode (`late_from`).
void play_episode(Mode& mode, std::uint32_t late_from, Tally& tally, std::uint32_t& last_loop) {
  std::shared_ptr<const sc2::pysc2::TimeStep> time_step = mode.env->reset();
  mode.agent->reset();
  while (true) {
    const sc2::pysc2::FunctionCall call = mode.agent->step(*time_step);
    if (time_step->last()) break;
    const std::uint32_t before = time_step->observation.game_loop;
    // The CPU clock is read outside the wall interval: each read is a system call (not a vDSO
    // read like steady_clock), ~4% of an in-process step's time when it was inside.
    const double cpu_start = process_cpu_seconds();
    const auto start = Clock::now();
    time_step = mode.env->step(call);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const double cpu_seconds = process_cpu_seconds() - cpu_start;
    const std::int64_t loops = static_cast<std::int64_t>(time_step->observation.game_loop) - before;
    tally.loops += loops;
    tally.seconds += seconds;
    tally.cpu_seconds += cpu_seconds;
    tally.score += time_step->reward;
    if (late_from > 0 && before >= late_from) {
      tally.late_loops += loops;
      tally.late_seconds += seconds;
      tally.late_cpu_seconds += cpu_seconds;
    }
  }
  last_loop = time_step->observation.game_loop;
}

std::string driver_for(const std::string& map) {
  const auto scripted = sc2::agents::scripted_maps();
  const std::string name = sc2::map_name_from_path(map);  // a map file: its mini-game's agent
  return std::find(scripted.begin(), scripted.end(), name) != scripted.end() ? "scripted" : "noop";
}

// A row's name: the mini-game, or "<Name> (file)" for a map file run from its script.
std::string row_label(const std::string& map) {
  return sc2::map_name_from_path(map) == map ? map : sc2::map_name_from_path(map) + " (file)";
}

// --map-files DIR: each mini-game measured is followed by DIR/<Name>.SC2Map, when there.
std::vector<std::string> with_map_files(const std::vector<std::string>& maps, const std::string& folder) {
  std::vector<std::string> out;
  for (const std::string& map : maps) {
    out.push_back(map);
    const std::filesystem::path file = std::filesystem::path(folder) / (map + ".SC2Map");
    if (!folder.empty() && std::filesystem::is_regular_file(file)) out.push_back(file.string());
  }
  return out;
}

// Which of the two modes to run: both (default, interleaved), or one alone (for profiling).
struct Modes {
  bool in_process = true;
  bool websocket = true;
  bool pin_core = false;  // the client and the engine's threads on one core (sc2agent --pin_cores)
};

int bench_maps(const std::vector<std::string>& maps, int episodes, std::uint64_t seed, Modes modes) {
  // Pinned before the engine's threads start: they inherit the core.
  std::optional<sc2::net::ScopedCorePin> pinned;
  if (modes.pin_core) pinned.emplace(sc2::net::cores_for_games(1).front());
  sc2::engine::EngineHost host("127.0.0.1", 0);
  host.start();
  sc2::Controller in_process_controller(std::make_unique<sc2::learning::InProcessChannel>());
  sc2::Controller websocket_controller("127.0.0.1", host.port());
  bool agree = true;
  // loops/s (in-process, websocket) per row, for the file / built-in ratios under the table.
  std::map<std::string, std::pair<double, double>> speeds;

  std::printf("\n(1) game loops per second per map: 64x64 screen and minimap, raw + score, step_mul 8, seed %llu,\n"
              "    1 warm-up + %d measured episodes per mode, interleaved a,b; time = env.step calls only;\n"
              "    websocket waits poll up to %lld us before they sleep (--wait_spin_us)%s\n\n",
              static_cast<unsigned long long>(seed), episodes, static_cast<long long>(sc2::net::wait_spin().count()),
              modes.pin_core ? ";\n    client and engine pinned to one core (--pin_cores, as sc2agent --pin_cores)" : "");
  std::printf("| map                          | driver   | (a) in-process loops/s | (b) websocket loops/s | b/a  | "
              "(a) late-episode loops/s | (b) late-episode loops/s | loops/episode | (a) loops/CPU-s | (b) loops/CPU-s | (b) late loops/CPU-s |\n");
  std::printf("|------------------------------|----------|-----------------------:|----------------------:|-----:|"
              "-------------------------:|-------------------------:|--------------:|----------------:|----------------:|---------------------:|\n");
  std::fflush(stdout);
  for (const auto& row : maps) {
    const std::string& map = row;
    sc2::agents::RunOptions options;
    options.map = map;
    options.agent = driver_for(map);
    options.seed = seed;
    Mode a, b;
    for (auto* mode : {&a, &b}) {
      auto& controller = mode == &a ? in_process_controller : websocket_controller;
      mode->env = std::make_unique<sc2::pysc2::Env>(controller, sc2::agents::env_options(options));
      mode->agent = sc2::agents::make_agent(options.agent, seed);
      mode->agent->setup(sc2::agents::agent_spec(options));
    }
    Tally warm_a, warm_b, tally_a, tally_b;
    std::uint32_t length_a = 0, length_b = 0;
    if (modes.in_process) play_episode(a, 0, warm_a, length_a);
    if (modes.websocket) play_episode(b, 0, warm_b, length_b);
    const bool both = modes.in_process && modes.websocket;
    agree = agree && (!both || (warm_a.score == warm_b.score && length_a == length_b));
    for (int episode = 0; episode < episodes; ++episode) {
      const double score_a = tally_a.score, score_b = tally_b.score;
      if (modes.in_process) play_episode(a, length_a * 3 / 4, tally_a, length_a);
      if (modes.websocket) play_episode(b, length_b * 3 / 4, tally_b, length_b);
      agree = agree && (!both || (tally_a.score - score_a == tally_b.score - score_b && length_a == length_b));
    }
    const double ratio = tally_a.loops_per_second() > 0 ? tally_b.loops_per_second() / tally_a.loops_per_second() : 0;
    const std::string label = row_label(map);
    speeds[label] = {tally_a.loops_per_second(), tally_b.loops_per_second()};
    std::printf("| %-28s | %-8s | %22.0f | %21.0f | %4.2f | %24.0f | %24.0f | %13u | %15.0f | %15.0f | %20.0f |\n", label.c_str(),
                options.agent.c_str(), tally_a.loops_per_second(), tally_b.loops_per_second(), ratio,
                tally_a.late_loops_per_second(), tally_b.late_loops_per_second(), length_b, tally_a.loops_per_cpu_second(),
                tally_b.loops_per_cpu_second(), tally_b.late_loops_per_cpu_second());
    std::fflush(stdout);
  }
  websocket_controller.quit();
  host.stop();
  for (const auto& [label, speed] : speeds) {
    const auto builtin = speeds.find(label.substr(0, label.find(' ')));
    if (label.ends_with(" (file)") && builtin != speeds.end() && builtin->second.first > 0 && builtin->second.second > 0) {
      std::printf("%s: %.0f%% of the built-in's loops/s in-process, %.0f%% over the websocket\n", label.c_str(),
                  100.0 * speed.first / builtin->second.first, 100.0 * speed.second / builtin->second.second);
    }
  }
  std::printf("\nsame scores and episode lengths in both modes: %s\n", agree ? "yes" : "NO");
  return agree ? 0 : 2;
}

// A channel that passes everything through and folds each reply into an FNV-1a hash. Over
// bytes (as a websocket carries them) or, with `messages`, as the in-process channel hands them
// over (each reply's bytes are then its serialization): both must give the same digest.
class DigestChannel final : public sc2::RequestChannel {
 public:
  DigestChannel(std::unique_ptr<sc2::RequestChannel> inner, bool messages)
      : inner_(std::move(inner)), messages_(messages) {}
  void send(std::string_view bytes, std::chrono::milliseconds timeout) override { inner_->send(bytes, timeout); }
  std::string receive(std::chrono::milliseconds timeout) override {
    std::string reply = inner_->receive(timeout);
    fold(reply);
    return reply;
  }
  bool passes_messages() const noexcept override { return messages_; }
  void send_message(SC2APIProtocol::Request&& request, std::chrono::milliseconds timeout) override {
    inner_->send_message(std::move(request), timeout);
  }
  void receive_message(SC2APIProtocol::Response& reply, std::chrono::milliseconds timeout) override {
    inner_->receive_message(reply, timeout);
    fold(reply.SerializeAsString());
  }
  void close() noexcept override { inner_->close(); }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t bytes() const { return bytes_; }
  std::uint64_t replies() const { return replies_; }

 private:
  void fold(std::string_view reply) {
    for (const char c : reply) hash_ = (hash_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    bytes_ += reply.size();
    ++replies_;
  }

  std::unique_ptr<sc2::RequestChannel> inner_;
  bool messages_;
  std::uint64_t hash_ = 0xcbf29ce484222325ull;
  std::uint64_t bytes_ = 0, replies_ = 0;
};

// One action of the fixed script: box-select, smart / attack / move on the screen, move
// the camera, select army, or nothing, drawn from a small LCG so both builds agree.
SC2APIProtocol::RequestAction scripted_action(std::uint64_t& state) {
  const auto next = [&state](std::uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::int32_t>((state >> 33) % bound);
  };
  SC2APIProtocol::RequestAction request;
  auto* action = request.add_actions();
  switch (next(8)) {
    case 0: case 1: {
      auto* rect = action->mutable_action_feature_layer()->mutable_unit_selection_rect()->add_selection_screen_coord();
      const int x = next(56), y = next(56);
      rect->mutable_p0()->set_x(x);
      rect->mutable_p0()->set_y(y);
      rect->mutable_p1()->set_x(x + 4 + next(30));
      rect->mutable_p1()->set_y(y + 4 + next(30));
      break;
    }
    case 2: case 3: case 4: {
      const std::int32_t abilities[] = {1, 3674, 16};  // Smart, Attack, Move
      auto* command = action->mutable_action_feature_layer()->mutable_unit_command();
      command->set_ability_id(abilities[next(3)]);
      command->mutable_target_screen_coord()->set_x(next(64));
      command->mutable_target_screen_coord()->set_y(next(64));
      break;
    }
    case 5: {
      auto* camera = action->mutable_action_feature_layer()->mutable_camera_move()->mutable_center_minimap();
      camera->set_x(next(64));
      camera->set_y(next(64));
      break;
    }
    case 6: action->mutable_action_ui()->mutable_select_army(); break;
    default: request.clear_actions(); break;
  }
  return request;
}

struct Digest {
  std::uint64_t replies = 0, bytes = 0, hash = 0;
  bool operator==(const Digest&) const = default;
};

// The fixed script on `map`, every reply folded into the digest.
Digest digest_map(const std::string& map, std::uint64_t seed, int steps, bool messages) {
  auto channel = std::make_unique<DigestChannel>(std::make_unique<sc2::learning::InProcessChannel>(), messages);
  DigestChannel* digest = channel.get();
  sc2::Controller controller(std::move(channel));
  SC2APIProtocol::RequestCreateGame create;
  create.mutable_local_map()->set_map_path(sc2::engine::mini_game_map_path(map));
  create.add_player_setup()->set_type(SC2APIProtocol::Participant);
  create.set_random_seed(static_cast<std::uint32_t>(seed));
  controller.create_game(create);
  SC2APIProtocol::RequestJoinGame join;
  join.set_race(SC2APIProtocol::Terran);
  auto* options = join.mutable_options();
  options->set_raw(true);
  options->set_score(true);
  auto* layers = options->mutable_feature_layer();
  layers->set_width(24.0f);
  layers->mutable_resolution()->set_x(64);
  layers->mutable_resolution()->set_y(64);
  layers->mutable_minimap_resolution()->set_x(64);
  layers->mutable_minimap_resolution()->set_y(64);
  controller.join_game(join);
  controller.game_info();
  std::uint64_t state = seed;
  controller.observe();
  for (int step = 0; step < steps; ++step) {
    controller.act(scripted_action(state));
    controller.step(8);
    const auto observation = controller.observe();
    if (observation.player_result_size() > 0) {
      controller.restart_game();
      controller.observe();
    }
  }
  return {digest->replies(), digest->bytes(), digest->hash()};
}

int digest_maps(const std::vector<std::string>& maps, std::uint64_t seed, int steps) {
  std::printf("\n(3) digest of every Response of a fixed action script: in-process, 64x64 screen and minimap,\n"
              "    raw + score, step_mul 8, seed %llu, %d steps per map (restart after an episode ends);\n"
              "    the replies as bytes, then handed over as messages (must be the same)\n\n",
              static_cast<unsigned long long>(seed), steps);
  bool all_same = true;
  for (const auto& map : maps) {
    const Digest bytes = digest_map(map, seed, steps, false);
    const bool same = digest_map(map, seed, steps, true) == bytes;
    all_same = all_same && same;
    std::printf("%-28s replies %6llu  bytes %11llu  digest %016llx  messages %s\n", map.c_str(),
                static_cast<unsigned long long>(bytes.replies), static_cast<unsigned long long>(bytes.bytes),
                static_cast<unsigned long long>(bytes.hash), same ? "same" : "DIFFER");
    std::fflush(stdout);
  }
  return all_same ? 0 : 2;
}

// Two armies of `units` in total (half Marines, half Zerglings) on a flat 128x128 map,
// in blocks 12 apart, attack-moving through each other.
// Marines and Zerglings, `per_side` each, in blocks about 1 unit apart, 12 apart around `center`,
// attack-moving through each other towards `reach` beyond the center.
void spawn_fight(sc2::engine::World& world, int per_side, sc2::engine::Vec2 center, float reach) {
  using namespace sc2::engine;
  const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(per_side / 2.0))));
  const float left = center.x - 6.0f, right = center.x + 6.0f;
  std::vector<UnitId> marines, zerglings;
  for (int i = 0; i < per_side; ++i) {
    const float depth = static_cast<float>(i % columns) * 1.0f;
    const float row = static_cast<float>(i / columns) * 1.0f;
    const float y = center.y + row - static_cast<float>(per_side / columns) * 0.5f;
    marines.push_back(world.spawn(unit_type::kMarine, 1, Vec2{left - depth, y}));
    zerglings.push_back(world.spawn(unit_type::kZergling, 2, Vec2{right + depth, y}));
  }
  for (const UnitId id : marines)
    issue_command(world, *world.find(id), ability::kAttackAttack, CommandTarget{Vec2{center.x + reach, center.y}, {}}, false);
  for (const UnitId id : zerglings)
    issue_command(world, *world.find(id), ability::kAttackAttack, CommandTarget{Vec2{center.x - reach, center.y}, {}}, false);
}

// One row of a scaling table: `loops` of World::advance on `world`.
void print_scaling_row(sc2::engine::World& world, int count, int loops, double& base_per_unit) {
  std::int64_t unit_loops = 0;
  const auto start = Clock::now();
  for (int i = 0; i < loops; ++i) {
    world.advance();
    unit_loops += static_cast<std::int64_t>(world.units().size());
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  const double per_unit_loop_ns = 1e9 * seconds / static_cast<double>(std::max<std::int64_t>(1, unit_loops));
  if (base_per_unit == 0) base_per_unit = per_unit_loop_ns;
  std::printf("| %5d | %7.0f | %15.1f | %9.1f | %14.0f | %22.2f |\n", count, loops / seconds,
              static_cast<double>(unit_loops) / loops, 1e6 * seconds / loops, per_unit_loop_ns,
              per_unit_loop_ns / base_per_unit);
  std::fflush(stdout);
}

void print_scaling_header() {
  std::printf("| units | loops/s | mean live units | us / loop | ns / unit-loop | vs the first (per unit) |\n");
  std::printf("|------:|--------:|----------------:|----------:|---------------:|------------------------:|\n");
}

void bench_scaling(const std::vector<int>& counts, int loops, std::uint64_t seed) {
  using namespace sc2::engine;
  std::printf("\n(2) simulation cost vs unit count: Marines vs Zerglings attack-moving at each other, %d loops from\n"
              "    the order (armies 12 apart, about 1 unit apart in their blocks); World::advance only\n\n",
              loops);
  print_scaling_header();
  double base_per_unit = 0;
  for (const int count : counts) {
    World world(make_flat_layout(128, 128, CellRect{4, 4, 124, 124}, 128, 96), seed);
    spawn_fight(world, count / 2, Vec2{64.0f, 64.0f}, 36.0f);
    print_scaling_row(world, count, loops, base_per_unit);
  }

  // The same units as fights of 20, each (2)'s first row, one above the other: the density
  // stays that of 20 units, so only the unit count grows (in (2) the fight's density grows too).
  constexpr int kGroup = 20;
  constexpr float kSpacing = 32.0f;  // far beyond sight: the fights never meet
  std::printf("\n(2b) the same units as fights of %d, each as (2)'s first, %.0f apart one above the other:\n"
              "     the density of one fight, only the count grows; World::advance only\n\n",
              kGroup, kSpacing);
  print_scaling_header();
  base_per_unit = 0;
  for (const int count : counts) {
    const int groups = std::max(1, count / kGroup);
    const int height = std::max(128, static_cast<int>(groups * kSpacing) + 16);
    World world(make_flat_layout(128, height, CellRect{4, 4, 124, height - 4}, 128, 96), seed);
    for (int g = 0; g < groups; ++g) {
      spawn_fight(world, kGroup / 2, Vec2{64.0f, 8.0f + kSpacing * (static_cast<float>(g) + 0.5f)}, 36.0f);
    }
    print_scaling_row(world, groups * kGroup, loops, base_per_unit);
  }
}

// Mean microseconds of rendering the screen and minimap feature layers of `world` for the
// agent, `observations` times with 8 loops between them (the loops are not timed).
double crowd_feature_layers_us(sc2::engine::World& world, int observations) {
  using namespace sc2::engine;
  world.player(kAgentPlayer).camera = Vec2{24.5f, 36.0f};  // the Barracks and their exits
  FeatureLayerSetup setup;
  FeatureLayerCache cache;
  SC2APIProtocol::FeatureLayers screen;
  SC2APIProtocol::FeatureLayersMinimap minimap;
  double seconds = 0;
  for (int i = 0; i < observations; ++i) {
    for (int loop = 0; loop < 8; ++loop) world.advance();
    const auto start = Clock::now();
    render_screen(world, kAgentPlayer, setup, &screen, &cache);
    render_minimap(world, kAgentPlayer, setup, &minimap, &cache);
    seconds += std::chrono::duration<double>(Clock::now() - start).count();
  }
  return 1e6 * seconds / observations;
}

// (4) BuildMarines late in an episode, simulation only: the map's base (Command Center, 8
// fields, 12 SCVs, all mining), five Barracks and eight Supply Depots on the west half, and
// one Marine every 4 loops out of a Barracks exit (round robin, where production puts
// them) until `marines` stand there idle, as the scripted agent's Marines do; then
// `loops` more loops. Loops/s of the spawning phase and of the crowd phase.
// With `observations` > 0, then that many observations' feature layers of the crowd (64x64
// screen on the Barracks, 64x64 minimap; 8 loops between them, not timed).
void bench_crowd(const std::vector<int>& crowds, int loops, int observations, std::uint64_t seed) {
  using namespace sc2::engine;
  std::printf("\n(4) late BuildMarines simulation: base + 12 SCVs mining, 5 Barracks, a Marine out of a Barracks\n"
              "    every 4 loops up to the crowd size, then %d loops; World::advance only\n\n",
              loops);
  std::printf("| Marines | spawning loops/s | crowd loops/s | us / crowd loop | overlapping pairs | worst overlap | state hash       |%s\n",
              observations > 0 ? " us / feature layers |" : "");
  std::printf("|--------:|-----------------:|--------------:|----------------:|------------------:|--------------:|------------------|%s\n",
              observations > 0 ? "--------------------:|" : "");
  for (const int marines : crowds) {
    // BuildMarines' start (its map folder's placed base and map init), then the crowd.
    const std::unique_ptr<MiniGame> game = find_mini_game("BuildMarines")->make();
    World world(game->layout(), seed);
    game->setup(world);
    std::vector<Unit*> fields;
    for (Unit* u : world.units()) {
      if (u->type() == unit_type::kMineralField) fields.push_back(u);
    }
    int next_field = 0;
    for (Unit* u : world.units()) {
      if (u->type() != unit_type::kScv) continue;
      Unit* field = fields[static_cast<std::size_t>(next_field++) % fields.size()];
      issue_command(world, *u, ability::kHarvestGatherScv, CommandTarget{field->pos, field->id}, false);
    }
    std::vector<Vec2> exits;
    // East of the Command Center: BuildMarines mines the west line and has no geysers there.
    for (const Vec2 at : {Vec2{38.5f, 33.5f}, Vec2{42.5f, 33.5f}, Vec2{38.5f, 28.5f}, Vec2{42.5f, 28.5f},
                          Vec2{38.5f, 23.5f}}) {
      const UnitId barracks = world.spawn(unit_type::kBarracks, 1, at);
      exits.push_back(at + Vec2{0.0f, -(world.find(barracks)->radius + 0.375f + 0.1f)});
    }
    for (int i = 0; i < 8; ++i) world.spawn(unit_type::kSupplyDepot, 1, Vec2{31.0f + 2.0f * (i % 4), 20.0f + 2.0f * (i / 4)});
    const auto spawn_start = Clock::now();
    int spawned = 0, spawn_loops = 0;
    for (; spawned < marines; ++spawn_loops) {
      if (spawn_loops % 4 == 0) world.spawn(unit_type::kMarine, 1, exits[static_cast<std::size_t>(spawned++) % exits.size()]);
      world.advance();
    }
    const double spawn_seconds = std::chrono::duration<double>(Clock::now() - spawn_start).count();
    const auto start = Clock::now();
    for (int i = 0; i < loops; ++i) world.advance();
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    // How well separation did: overlapping pairs (beyond 0.01) and the worst overlap now.
    const auto units = world.units();
    int overlapping = 0;
    float worst = 0.0f;
    for (std::size_t i = 0; i < units.size(); ++i) {
      for (std::size_t j = i + 1; j < units.size(); ++j) {
        if (units[i]->stats->immobile() && units[j]->stats->immobile()) continue;
        const float overlap = units[i]->radius + units[j]->radius - distance(units[i]->pos, units[j]->pos);
        if (overlap > 0.01f) ++overlapping;
        worst = std::max(worst, overlap);
      }
    }
    // The world's fingerprint (replays' state hash): equal between two builds = the same crowd.
    std::printf("| %7d | %16.0f | %13.0f | %15.1f | %17d | %13.3f | %016llx |", marines, spawn_loops / spawn_seconds,
                loops / seconds, 1e6 * seconds / loops, overlapping, worst,
                static_cast<unsigned long long>(state_hash(world)));
    if (observations > 0) std::printf(" %19.1f |", crowd_feature_layers_us(world, observations));
    std::printf("\n");
    std::fflush(stdout);
  }
}

// (5) Combined loops/s of 1 game and of `games` games at once: agents::run_parallel (as
// sc2agent --parallel N) with each game's engine in-process or behind its own EngineHost
// (a loopback websocket per game, as one sc2lite per game). `episodes` episodes per game.
int bench_parallel(const std::string& map, int games, int episodes, std::uint64_t seed, Modes modes) {
  std::printf("\n(5) games at once: %s, %d episodes per game, scripted agent, 64x64, step_mul 8, seed %llu;\n"
              "    agents::run_parallel (one thread and one game each), combined loops/s over the wall time;\n"
              "    websocket waits poll up to %lld us before they sleep (--wait_spin_us)\n\n",
              map.c_str(), episodes, static_cast<unsigned long long>(seed),
              static_cast<long long>(sc2::net::wait_spin().count()));
  std::printf("| engine      | games | episodes | combined loops/s | loops/s per game | vs 1 game | loops/CPU-s |\n");
  std::printf("|-------------|------:|---------:|-----------------:|-----------------:|----------:|------------:|\n");
  std::fflush(stdout);
  for (const bool websocket : {false, true}) {
    if ((websocket && !modes.websocket) || (!websocket && !modes.in_process)) continue;
    const sc2::agents::GameProvider provider = [websocket](int, const std::function<void(sc2::Controller&)>& play) {
      if (!websocket) {
        sc2::Controller controller(std::make_unique<sc2::learning::InProcessChannel>());
        play(controller);
        return std::string("in-process engine");
      }
      sc2::engine::EngineHost host("127.0.0.1", 0);
      host.start();
      sc2::Controller controller("127.0.0.1", host.port());
      play(controller);
      controller.quit();
      host.stop();
      return std::string("EngineHost on a loopback websocket");
    };
    double one_game = 0;
    for (int count : {1, games}) {
      sc2::agents::RunOptions options;
      options.map = map;
      options.agent = driver_for(map);
      options.seed = seed;
      options.parallel = count;
      options.episodes = count * episodes;
      const double cpu_start = process_cpu_seconds();
      const sc2::agents::RunSummary summary = sc2::agents::run_parallel(options, provider);
      const double cpu_seconds = process_cpu_seconds() - cpu_start;
      if (count == 1) one_game = summary.game_loops_per_second;
      std::printf("| %-11s | %5d | %8d | %16.0f | %16.0f | %9.2f | %11.0f |\n", websocket ? "websocket" : "in-process",
                  count, options.episodes, summary.game_loops_per_second, summary.game_loops_per_second / count,
                  one_game > 0 ? summary.game_loops_per_second / one_game : 0.0,
                  cpu_seconds > 0 ? static_cast<double>(summary.total_game_loops) / cpu_seconds : 0.0);
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int episodes = 2;
  std::uint64_t seed = 1;
  int scaling_loops = 400;
  std::vector<std::string> maps = all_mini_games();
  std::vector<int> counts = {20, 100, 200, 500};
  bool skip_maps = false, skip_scaling = false;
  int digest_steps = 0;
  std::vector<int> crowds;
  int crowd_loops = 2000;
  int crowd_observations = 0;
  std::string mode = "both";
  int parallel_games = 0;
  int parallel_episodes = 2;
  CLI::App app{"Engine speed: loops/s per mini-game (in-process vs websocket) and cost vs unit count"};
  app.add_option("--episodes", episodes, "measured episodes per mode and map")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "game and agent seed")->capture_default_str();
  app.add_option("--maps", maps, "mini-games to measure")->capture_default_str();
  std::string map_files;
  app.add_option("--map-files", map_files,
                 "(1): after each mini-game, also its real map file DIR/<Name>.SC2Map, run from its script "
                 "(e.g. PySC2's maps/mini_games), and the file's speed as a share of the built-in's");
  app.add_option("--units", counts, "unit counts for the scaling part")->capture_default_str();
  app.add_option("--scaling-loops", scaling_loops, "loops per unit count")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_flag("--skip-maps", skip_maps, "only the scaling part");
  app.add_flag("--skip-scaling", skip_scaling, "only the per-map part");
  app.add_option("--digest", digest_steps,
                 "only print a digest of every Response of a fixed script of this many steps per map "
                 "(compare two builds: equal digests = identical observations)")
      ->check(CLI::PositiveNumber);
  app.add_option("--crowd", crowds, "only the late-BuildMarines simulation (4), for these Marine counts")
      ->check(CLI::PositiveNumber);
  app.add_option("--crowd-loops", crowd_loops, "loops measured after the crowd is complete")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--crowd-observations", crowd_observations,
                 "with --crowd: then time this many observations' feature layers of the crowd")
      ->check(CLI::PositiveNumber);
  app.add_option("--mode", mode, "engine in-process (a), websocket (b) or both, interleaved")
      ->capture_default_str()
      ->check(CLI::IsMember({"both", "in-process", "websocket"}));
  app.add_option("--parallel", parallel_games,
                 "only (5): 1 game, then this many at once, on the first of --maps (combined loops/s)")
      ->check(CLI::PositiveNumber);
  app.add_option("--parallel-episodes", parallel_episodes, "with --parallel: episodes per game")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  int wait_spin_us = static_cast<int>(sc2::net::kDefaultWaitSpin.count());
  app.add_option("--wait_spin_us", wait_spin_us,
                 "websocket waits poll this long before they sleep, client and engine (as sc2agent and sc2lite "
                 "--wait_spin_us; 0 = always sleep)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  bool pin_cores = false;
  app.add_flag("--pin_cores", pin_cores,
               "(1) only: the client and the engine's threads on one core, as sc2agent --pin_cores plays a game");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    std::cerr << "engine_bench: " << error.what() << " (see --help)\n";
    return 1;
  }
  sc2::net::set_wait_spin(std::chrono::microseconds(wait_spin_us));
  try {
    if (digest_steps > 0) return digest_maps(maps, seed, digest_steps);
    if (!crowds.empty()) {
      bench_crowd(crowds, crowd_loops, crowd_observations, seed);
      return 0;
    }
    const Modes modes{mode != "websocket", mode != "in-process", pin_cores};
    if (parallel_games > 0) return bench_parallel(maps.front(), parallel_games, parallel_episodes, seed, modes);
    int status = 0;
    if (!skip_maps) status = bench_maps(with_map_files(maps, map_files), episodes, seed, modes);
    if (!skip_scaling) bench_scaling(counts, scaling_loops, seed);
    return status;
  } catch (const std::exception& error) {
    std::cerr << "engine_bench: " << error.what() << "\n";
    return 1;
  }
}
