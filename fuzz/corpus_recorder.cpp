// Records the fuzzers' seed corpus from real traffic: seeded games of every mini-game played by
// the built-in agents against an in-process sc2lite GameServer, every Request and Response
// captured at the channel. Writes into <corpus root>/<target>/ (fuzz/README.md):
//   engine_request/    [status byte][Request]   a sample per (status, request kind) per game
//   observation/       Response with an observation (small feature-layer sizes only)
//   replay/            save_replay data of short recordings (cheap to re-simulate)
//   websocket_server/  client byte streams: HTTP upgrade + masked frames of recorded requests
//   dataset_index/, npy_header/   index.json and .npy headers of a recorded dataset
// Usage: fuzz_corpus_recorder <corpus root>   (file names are content hashes: re-running
// adds nothing twice).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "agents/runner.h"
#include "client/controller.h"
#include "client/pysc2/env.h"
#include "engine/maps/mini_game_registry.h"
#include "engine/server/game_server.h"
#include "engine/server/replay_format.h"

namespace {

namespace api = SC2APIProtocol;
namespace fs = std::filesystem;

struct Exchange {
  api::Status status_before;
  std::string request;
  std::string response;
};

// An in-process channel that keeps every exchange.
class RecordingChannel final : public sc2::RequestChannel {
 public:
  void send(std::string_view bytes, std::chrono::milliseconds) override {
    const api::Status before = server_.status();
    pending_.push_back(server_.handle_bytes(bytes));
    exchanges.push_back({before, std::string(bytes), pending_.back()});
  }
  std::string receive(std::chrono::milliseconds) override {
    if (pending_.empty()) throw std::runtime_error("recording channel: receive() without a pending response");
    std::string response = std::move(pending_.front());
    pending_.pop_front();
    return response;
  }
  void close() noexcept override {}

  std::vector<Exchange> exchanges;

 private:
  sc2::engine::GameServer server_;
  std::deque<std::string> pending_;
};

std::string hex_hash(std::string_view bytes) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(sc2::engine::fnv1a64(bytes)));
  return text;
}

void write_file(const fs::path& folder, const std::string& prefix, std::string_view bytes) {
  fs::create_directories(folder);
  std::ofstream(folder / (prefix + "-" + hex_hash(bytes)), std::ios::binary).write(bytes.data(), bytes.size());
}

std::string request_kind(const std::string& bytes) {
  api::Request request;
  if (!request.ParseFromString(bytes) || request.request_case() == api::Request::REQUEST_NOT_SET) return "unknown";
  return request.GetDescriptor()->FindFieldByNumber(request.request_case())->name();
}

// One masked client frame (RFC 6455 5.2) with a fixed mask key.
std::string client_frame(int opcode, std::string_view payload, bool fin = true) {
  std::string frame;
  frame += static_cast<char>((fin ? 0x80 : 0) | opcode);
  const std::size_t n = payload.size();
  if (n < 126) {
    frame += static_cast<char>(0x80 | n);
  } else if (n < 65536) {
    frame += static_cast<char>(0x80 | 126);
    frame += static_cast<char>(n >> 8);
    frame += static_cast<char>(n & 0xff);
  } else {
    frame += static_cast<char>(0x80 | 127);
    for (int i = 7; i >= 0; --i) frame += static_cast<char>((n >> (8 * i)) & 0xff);
  }
  const char mask[4] = {0x12, 0x34, 0x56, 0x78};
  frame.append(mask, 4);
  for (std::size_t i = 0; i < n; ++i) frame += static_cast<char>(payload[i] ^ mask[i % 4]);
  return frame;
}

constexpr std::string_view kUpgrade =
    "GET /sc2api HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: c2MybGl0ZS1mdXp6LWtleQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

struct GamePlan {
  std::string map;
  std::string agent;
  int screen = 16;
  int minimap = 16;
  std::uint32_t seed = 1;
  int observations_kept = 3;  // observation responses written to the corpus
};

// Plays one episode of `plan`, saving a short replay at step 12, then exercises the replay
// and the other requests a client sends; every exchange goes to the corpus.
void record_game(const GamePlan& plan, const fs::path& root, std::vector<Exchange>& first_game) {
  auto channel_owner = std::make_unique<RecordingChannel>();
  RecordingChannel& channel = *channel_owner;
  sc2::Controller controller(std::move(channel_owner));
  sc2::agents::RunOptions options;
  options.map = plan.map;
  options.agent = plan.agent;
  options.feature_screen_size = plan.screen;
  options.feature_minimap_size = plan.minimap;
  options.seed = plan.seed;
  sc2::pysc2::Env env(controller, sc2::agents::env_options(options));
  auto agent = sc2::agents::make_agent(plan.agent, plan.seed);
  agent->setup(sc2::agents::agent_spec(options));

  std::string short_replay;
  int steps = 0;
  sc2::agents::run_episode(env, *agent, [&](const auto&, const auto&, float) {
    if (++steps == 12) short_replay = controller.save_replay().data();
  });
  write_file(root / "replay", plan.map, short_replay);

  // The rest of a client's vocabulary, in the statuses it is valid in (and some it is not).
  const auto call = [&](api::Request request) {
    try {
      controller.call(std::move(request));
    } catch (const std::exception&) {
      // Refusals are traffic too.
    }
  };
  api::Request request;
  request.mutable_ping();
  call(request);
  request.mutable_data()->set_unit_type_id(true);
  request.mutable_data()->set_ability_id(true);
  call(request);
  request.mutable_game_info();
  call(request);
  request.mutable_query()->add_pathing()->mutable_start_pos()->set_x(10);
  call(request);
  request.mutable_save_replay();
  call(request);
  request.mutable_restart_game();
  call(request);
  request.mutable_leave_game();
  call(request);
  request.mutable_replay_info()->set_replay_data(short_replay);
  call(request);
  request.mutable_start_replay()->set_replay_data(short_replay);
  request.mutable_start_replay()->mutable_options()->set_raw(true);
  request.mutable_start_replay()->mutable_options()->mutable_feature_layer()->mutable_resolution()->set_x(plan.screen);
  request.mutable_start_replay()->mutable_options()->mutable_feature_layer()->mutable_resolution()->set_y(plan.screen);
  request.mutable_start_replay()->mutable_options()->mutable_feature_layer()->mutable_minimap_resolution()->set_x(plan.minimap);
  request.mutable_start_replay()->mutable_options()->mutable_feature_layer()->mutable_minimap_resolution()->set_y(plan.minimap);
  request.mutable_start_replay()->mutable_options()->mutable_feature_layer()->set_width(24);
  call(request);
  request.mutable_step()->set_count(8);
  call(request);
  request.mutable_observation();
  call(request);
  request.mutable_obs_action()->add_actions()->mutable_camera_move()->mutable_world_pos()->set_x(20);
  call(request);
  request.mutable_quit();
  call(request);

  std::map<std::string, int> kept;
  int observations = 0;
  for (const Exchange& e : channel.exchanges) {
    const std::string kind = request_kind(e.request);
    if (kept[kind + api::Status_Name(e.status_before)]++ < 4) {
      write_file(root / "engine_request", kind + "-" + api::Status_Name(e.status_before),
                 std::string(1, static_cast<char>(e.status_before - 1)) + e.request);
    }
    api::Response response;
    if (response.ParseFromString(e.response) && response.has_observation() &&
        observations < plan.observations_kept && kept[kind + "obs"]++ % 50 == 0) {
      ++observations;
      write_file(root / "observation", plan.map, e.response);
    }
  }
  if (first_game.empty()) first_game = channel.exchanges;
  std::printf("%s (%s, %dx%d): %zu exchanges\n", plan.map.c_str(), plan.agent.c_str(), plan.screen, plan.minimap,
              channel.exchanges.size());
}

void write_websocket_streams(const std::vector<Exchange>& game, const fs::path& root) {
  // The first requests of a game, as a client sends them.
  std::string frames;
  for (std::size_t i = 0; i < game.size() && i < 8; ++i) frames += client_frame(2, game[i].request);
  write_file(root / "websocket_server", "game-start", std::string(kUpgrade) + frames);
  write_file(root / "websocket_server", "game-start-after-upgrade", std::string(1, '\0') + frames);
  api::Request ping;
  ping.mutable_ping();
  const std::string p = ping.SerializeAsString();
  // PySC2 sends text frames; a message in two fragments; control frames between; a close.
  write_file(root / "websocket_server", "text-ping", std::string(1, '\0') + client_frame(1, p));
  write_file(root / "websocket_server", "fragmented-ping",
             std::string(1, '\0') + client_frame(2, p.substr(0, 1), false) + client_frame(9, "hi") +
                 client_frame(0, p.substr(1)));
  write_file(root / "websocket_server", "ping-then-close",
             std::string(1, '\0') + client_frame(2, p) + client_frame(8, std::string("\x03\xe8", 2)));
  write_file(root / "websocket_server", "half-written-frame", std::string(1, '\0') + client_frame(2, p).substr(0, 3));
  write_file(root / "websocket_server", "wrong-path", "GET /other HTTP/1.1\r\nHost: x\r\n\r\n");
}

void record_dataset(const fs::path& root) {
  const fs::path folder = fs::temp_directory_path() / "sc2-fuzz-corpus-dataset";
  fs::remove_all(folder);
  sc2::Controller controller(std::make_unique<RecordingChannel>());
  sc2::agents::RunOptions options;
  options.map = std::string(sc2::engine::mini_games().front().name);
  options.agent = "random";
  options.feature_screen_size = 8;
  options.feature_minimap_size = 8;
  options.seed = 3;
  options.record_dir = folder;
  sc2::agents::run_on(controller, options);
  std::ifstream index(folder / "index.json", std::ios::binary);
  write_file(root / "dataset_index", "recorded", std::string(std::istreambuf_iterator<char>(index), {}));
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".npy") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::string head(256, '\0');
    in.read(head.data(), head.size());
    head.resize(static_cast<std::size_t>(in.gcount()));
    write_file(root / "npy_header", entry.path().stem().string(), head);
  }
  fs::remove_all(folder);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_corpus_recorder <corpus root>\n");
    return 2;
  }
  const fs::path root = argv[1];
  try {
    std::vector<Exchange> first_game;
    // The scripted agent on the engine's first mini-game, then the random agent on every one (the
    // engine's list, from its map folders: a new mini-game is recorded too).
    const auto maps = sc2::engine::mini_games();
    const std::string first(maps.front().name);
    std::vector<GamePlan> plans = {{first, "scripted", 16, 16, 1, 3}, {first, "random", 24, 16, 2, 2}};
    std::uint32_t seed = 3;
    for (const auto& entry : maps.subspan(1)) plans.push_back({std::string(entry.name), "random", 16, 16, seed++, 2});
    for (const GamePlan& plan : plans) record_game(plan, root, first_game);
    write_websocket_streams(first_game, root);
    record_dataset(root);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "fuzz_corpus_recorder: %s\n", error.what());
    return 1;
  }
  return 0;
}
