// Replays: a recorded seeded episode plays back with byte-identical observations; damaged,
// edited, foreign and random inputs are refused with a message naming what differs.
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include <unistd.h>

#include "engine/maps/mini_game_registry.h"
#include "engine/server/replay_format.h"
#include "tests/engine/engine_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

struct Recording {
  std::map<std::uint32_t, std::string> observations;  // game loop -> serialized ResponseObservation
  std::string replay;
  std::uint32_t last_loop = 0;
};

// Plays MoveToBeacon like a simple agent (select army, click the beacon every step) for at
// most `max_loops`, observing before every action; then saves the replay.
Recording play_and_record(GameServer& server, std::uint32_t max_loops, std::uint32_t step_mul = 8) {
  Recording rec;
  for (;;) {
    const auto obs = observe(server);
    const std::uint32_t loop = obs.observation().game_loop();
    rec.observations[loop] = obs.SerializeAsString();
    rec.last_loop = loop;
    if (server.status() == api::ended || loop >= max_loops) break;
    if (loop == 0) act(server, select_army());
    if (const api::Unit* beacon = find_unit(obs, kBeacon)) {
      const auto& cam = obs.observation().raw_data().player().camera();
      const Pixel p = world_to_screen(cam, 24.0f, 64, 64, beacon->pos().x(), beacon->pos().y());
      act(server, move_screen(std::clamp(p.x, 0, 63), std::clamp(p.y, 0, 63)));
    }
    // An action that fails (an off-screen click) is recorded too: it shows as an action error.
    if (loop == 16) act(server, move_screen(500, 500));
    REQUIRE(step(server, step_mul).error_size() == 0);
  }
  api::Request save;
  save.mutable_save_replay();
  auto saved = call(server, save);
  REQUIRE(saved.error_size() == 0);
  rec.replay = saved.save_replay().data();
  return rec;
}

api::Request start_replay_request(const std::string& data, const Interface& i = {}) {
  api::Request r;
  auto* s = r.mutable_start_replay();
  s->set_replay_data(data);
  *s->mutable_options() = join_request(i).join_game().options();
  s->set_observed_player_id(1);
  return r;
}

api::ResponseStartReplay start_replay(GameServer& server, const std::string& data) {
  auto response = call(server, start_replay_request(data));
  REQUIRE(response.error_size() == 0);
  return response.start_replay();
}

// Watches a replay to its end the way the original was played; returns loop -> observation.
std::map<std::uint32_t, std::string> watch(GameServer& server, std::uint32_t step_mul = 8) {
  std::map<std::uint32_t, std::string> seen;
  for (int guard = 0; guard < 100000; ++guard) {
    const auto obs = observe(server);
    seen[obs.observation().game_loop()] = obs.SerializeAsString();
    if (server.status() == api::ended) break;
    REQUIRE(server.status() == api::in_replay);
    REQUIRE(step(server, step_mul).error_size() == 0);
  }
  return seen;
}

Replay decoded(const std::string& bytes) {
  ReplayReadError error;
  auto replay = decode_replay(bytes, error);
  REQUIRE_MESSAGE(replay.has_value(), error.details);
  return *replay;
}

std::string refusal(GameServer& server, const std::string& data,
                    api::ResponseStartReplay::Error expected = api::ResponseStartReplay::InvalidReplayData) {
  const api::Status before = server.status();
  auto response = call(server, start_replay_request(data));
  REQUIRE(response.start_replay().has_error());
  CHECK(response.start_replay().error() == expected);
  CHECK(response.status() == before);  // a failed start changes nothing
  return response.start_replay().error_details();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a seeded episode replays with byte-identical observations at every observed loop") {
  GameServer original;
  start_game(original, 11);
  const Recording rec = play_and_record(original, 1u << 20);
  REQUIRE(original.status() == api::ended);
  REQUIRE(rec.observations.size() > 100);

  GameServer player;
  CHECK_FALSE(start_replay(player, rec.replay).has_error());
  CHECK(player.status() == api::in_replay);

  api::Request info;
  info.mutable_game_info();
  auto game_info = call(player, info);
  REQUIRE(game_info.error_size() == 0);
  CHECK(game_info.game_info().map_name() == "MoveToBeacon");

  // Actions are refused while watching, with a message that says why.
  api::Request action;
  *action.mutable_action()->add_actions() = select_army();
  auto refused = call(player, action);
  REQUIRE(refused.error_size() == 1);
  CHECK(contains(refused.error(0), "replay"));

  const auto seen = watch(player);
  CHECK(player.status() == api::ended);
  REQUIRE(seen.size() == rec.observations.size());
  for (const auto& [loop, bytes] : rec.observations) {
    REQUIRE(seen.count(loop) == 1);
    CHECK_MESSAGE(seen.at(loop) == bytes, "observation at loop " << loop << " differs");
  }
  api::ResponseObservation last;
  REQUIRE(last.ParseFromString(seen.rbegin()->second));
  REQUIRE(last.player_result_size() == 1);
  CHECK(last.player_result(0).player_id() == 1);
  CHECK(last.observation().score().score() > 0);  // the recorded actions mattered

  // Stepping past the end is refused like after a game; save_replay gives the same bytes back.
  CHECK(step(player, 8).error_size() == 1);
  api::Request save;
  save.mutable_save_replay();
  CHECK(call(player, save).save_replay().data() == rec.replay);
  api::Request restart;
  restart.mutable_restart_game();
  CHECK(call(player, restart).error_size() == 1);
}

TEST_CASE("a replay saved mid-game, after a restart, ends undecided at the saved loop") {
  GameServer original;
  start_game(original, 5);
  step(original, 40);
  api::Request restart;
  restart.mutable_restart_game();
  REQUIRE(call(original, restart).error_size() == 0);  // episode 2 uses a derived seed
  const Recording rec = play_and_record(original, 96, 4);
  REQUIRE(original.status() == api::in_game);

  GameServer player;
  start_replay(player, rec.replay);
  const auto seen = watch(player, 4);
  CHECK(seen.rbegin()->first == rec.last_loop);
  for (const auto& [loop, bytes] : rec.observations) {
    if (loop == rec.last_loop) continue;  // the replay's last observation adds the result
    REQUIRE(seen.count(loop) == 1);
    CHECK_MESSAGE(seen.at(loop) == bytes, "observation at loop " << loop << " differs");
  }
  api::ResponseObservation last;
  REQUIRE(last.ParseFromString(seen.rbegin()->second));
  REQUIRE(last.player_result_size() == 1);
  CHECK(last.player_result(0).result() == api::Undecided);

  // Starting the replay again (the app's seek) begins at loop 0.
  start_replay(player, rec.replay);
  CHECK(player.status() == api::in_replay);
  CHECK(observe(player).observation().game_loop() == 0);
  CHECK(step(player, 4).step().simulation_loop() == 4);
  api::Request restart_replay;
  restart_replay.mutable_restart_game();
  auto refused = call(player, restart_replay);
  REQUIRE(refused.error_size() == 1);
  CHECK(refused.error(0).find("start_replay") != std::string::npos);

  // create_game leaves the replay for a game of one's own, recorded afresh.
  REQUIRE(call(player, create_request(5)).status() == api::init_game);
  REQUIRE(call(player, join_request()).status() == api::in_game);
  CHECK(observe(player).observation().game_loop() == 0);
  api::Request save;
  save.mutable_save_replay();
  CHECK(call(player, save).save_replay().data() != rec.replay);
}

TEST_CASE("damaged, edited and foreign replays are refused naming what differs") {
  GameServer original;
  start_game(original, 3);
  const Recording rec = play_and_record(original, 64);
  const std::string& good = rec.replay;
  GameServer server;

  SUBCASE("truncated") {
    CHECK(contains(refusal(server, good.substr(0, good.size() - 13)), "truncated"));
    CHECK(contains(refusal(server, good.substr(0, 30)), "truncated"));
    CHECK(contains(refusal(server, good.substr(0, 5)), "not an sc2lite replay"));
  }
  SUBCASE("random bytes") {
    std::mt19937 rng(42);
    std::string noise(4096, '\0');
    for (char& c : noise) c = static_cast<char>(rng() & 0xFF);
    CHECK(contains(refusal(server, noise), "not an sc2lite replay"));
    CHECK(contains(refusal(server, ""), "empty"));
    // Our magic followed by noise: structure errors, never a crash.
    const std::string details = refusal(server, std::string(kReplayMagic) + noise);
    CHECK((contains(details, "format version") || contains(details, "truncated") || contains(details, "damaged")));
  }
  SUBCASE("a flipped byte fails the checksum") {
    std::string flipped = good;
    flipped[40] = static_cast<char>(flipped[40] ^ 0x01);
    const std::string details = refusal(server, flipped);
    CHECK((contains(details, "checksum mismatch") || contains(details, "damaged")));
    std::string tail = good;
    tail[tail.size() - 20] = static_cast<char>(tail[tail.size() - 20] ^ 0x10);
    CHECK(contains(refusal(server, tail), "checksum mismatch"));
  }
  SUBCASE("header edited with a valid checksum") {
    Replay edited = decoded(good);
    edited.header.engine_version = "sc2lite-engine 0";
    std::string details = refusal(server, encode_replay(edited));
    CHECK(contains(details, "engine version differs"));
    CHECK(contains(details, "sc2lite-engine 0"));
    CHECK(contains(details, std::string(kEngineVersion)));
    CHECK_FALSE(contains(details, "data hash"));

    edited = decoded(good);
    edited.header.data_hash ^= 1;
    details = refusal(server, encode_replay(edited));
    CHECK(contains(details, "data hash differs"));
    CHECK_FALSE(contains(details, "engine version"));

    edited = decoded(good);
    edited.header.map_name = "NoSuchMap";
    CHECK(contains(refusal(server, encode_replay(edited), api::ResponseStartReplay::InvalidMapData), "NoSuchMap"));

    edited = decoded(good);
    edited.header.episode_seed += 1;  // plausible header, different game: the re-simulation catches it
    CHECK(contains(refusal(server, encode_replay(edited)), "re-simulation diverged"));

    edited = decoded(good);
    edited.actions.erase(edited.actions.begin());  // without select_army nothing moves
    CHECK(contains(refusal(server, encode_replay(edited)), "re-simulation diverged"));

    // One click moved elsewhere: caught at that record's checkpoint.
    edited = decoded(good);
    REQUIRE(edited.actions.size() > 3);
    api::Request click;
    *click.mutable_action()->add_actions() = move_screen(1, 1);
    edited.actions[3].request = click.SerializeAsString();
    details = refusal(server, encode_replay(edited));
    CHECK(contains(details, "re-simulation diverged"));
    CHECK(contains(details, "action record 3"));

    edited = decoded(good);
    edited.header.base_build = 12345;
    details = refusal(server, encode_replay(edited));
    CHECK(contains(details, "base_build differs"));
    CHECK(contains(details, "12345"));
  }
  SUBCASE("another format version") {
    std::string other = good;
    other[8] = 99;
    CHECK(contains(refusal(server, other), "format version 99"));
    other[8] = 0;
    CHECK(contains(refusal(server, other), "format version 0"));
  }
  SUBCASE("missing replay, unreadable path, missing options, wrong player") {
    api::Request r;
    r.mutable_start_replay()->mutable_options()->set_raw(true);
    CHECK(call(server, r).start_replay().error() == api::ResponseStartReplay::MissingReplay);
    r.mutable_start_replay()->set_replay_path("/nonexistent/dir/x.SC2Replay");
    auto bad_path = call(server, r).start_replay();
    CHECK(bad_path.error() == api::ResponseStartReplay::InvalidReplayPath);
    CHECK(contains(bad_path.error_details(), "/nonexistent/dir/x.SC2Replay"));

    auto no_options = start_replay_request(good);
    no_options.mutable_start_replay()->clear_options();
    CHECK(call(server, no_options).start_replay().error() == api::ResponseStartReplay::MissingOptions);
    auto player2 = start_replay_request(good);
    player2.mutable_start_replay()->set_observed_player_id(2);
    CHECK(call(server, player2).start_replay().error() == api::ResponseStartReplay::InvalidObservedPlayerId);
  }
  CHECK(server.status() == api::launched);
}

TEST_CASE("replay_path plays a file, replay_info answers from the header") {
  GameServer original;
  start_game(original, 9);
  const Recording rec = play_and_record(original, 48);
  const auto path = std::filesystem::temp_directory_path() / ("sc2lite_replay_test_" + std::to_string(::getpid()) + ".SC2Replay");
  {
    std::ofstream out(path, std::ios::binary);
    out << rec.replay;
  }
  GameServer server;
  api::Request info;
  info.mutable_replay_info()->set_replay_path(path.string());
  auto answer = call(server, info).replay_info();
  CHECK_FALSE(answer.has_error());
  CHECK(answer.map_name() == "MoveToBeacon");
  CHECK(answer.local_map_path() == kBeaconMap);
  CHECK(answer.game_duration_loops() == rec.last_loop);
  CHECK(answer.base_build() == kBaseBuild);
  CHECK(answer.data_version() == kDataVersion);
  CHECK(answer.game_version() == kGameVersion);
  REQUIRE(answer.player_info_size() == 1);
  CHECK(answer.player_info(0).player_info().player_id() == 1);
  CHECK(answer.player_info(0).player_info().race_requested() == api::Terran);

  api::Request by_path;
  by_path.mutable_start_replay()->set_replay_path(path.string());
  *by_path.mutable_start_replay()->mutable_options() = join_request().join_game().options();
  CHECK_FALSE(call(server, by_path).start_replay().has_error());
  CHECK(server.status() == api::in_replay);
  std::filesystem::remove(path);

  api::Request damaged;
  damaged.mutable_replay_info()->set_replay_data(rec.replay.substr(0, rec.replay.size() / 2));
  auto truncated = call(server, damaged).replay_info();
  CHECK(truncated.error() == api::ResponseReplayInfo::ParsingError);
  CHECK(contains(truncated.error_details(), "truncated"));
  damaged.mutable_replay_info()->set_replay_data("definitely not a replay");
  CHECK(call(server, damaged).replay_info().error() == api::ResponseReplayInfo::InvalidReplayData);
  // Replays of another engine version are described (start_replay is what refuses them).
  Replay foreign = decoded(rec.replay);
  foreign.header.engine_version = "sc2lite-engine 99";
  foreign.header.game_version = "9.9.9";
  damaged.mutable_replay_info()->set_replay_data(encode_replay(foreign));
  auto described = call(server, damaged).replay_info();
  CHECK_FALSE(described.has_error());
  CHECK(described.game_version() == "9.9.9");
  CHECK(described.map_name() == "MoveToBeacon");

  api::Request none;
  none.mutable_replay_info();
  CHECK(call(server, none).replay_info().error() == api::ResponseReplayInfo::MissingReplay);
}

TEST_CASE("the data-table hash is stable and the checksum covers every byte") {
  CHECK(data_tables_hash() == data_tables_hash());
  CHECK(data_tables_hash() != 0);
  Replay empty;
  empty.header.engine_version = std::string(kEngineVersion);
  const std::string bytes = encode_replay(empty);
  CHECK(bytes.substr(0, 8) == kReplayMagic);
  ReplayReadError error;
  REQUIRE(decode_replay(bytes, error).has_value());
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string damaged = bytes;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x40);
    CHECK_FALSE_MESSAGE(decode_replay(damaged, error).has_value(), "byte " << i << " flipped was accepted");
  }
}

TEST_CASE("every mini-game replays byte-identically (combat RNG, economy included)") {
  int maps = 0;
  for (const auto& entry : mini_games()) {
    ++maps;
    CAPTURE(entry.name);
    GameServer original;
    auto created = call(original, create_request(21, mini_game_map_path(entry.name)));
    REQUIRE_FALSE(created.create_game().has_error());
    REQUIRE(call(original, join_request()).status() == api::in_game);
    std::map<std::uint32_t, std::string> recorded;
    for (int i = 0; i < 40 && original.status() == api::in_game; ++i) {
      const auto obs = observe(original);
      recorded[obs.observation().game_loop()] = obs.SerializeAsString();
      if (i == 0) act(original, select_army());
      // Attack-move / move clicks across the screen, some queued.
      act(original, move_screen(8 + (i * 13) % 48, 8 + (i * 29) % 48, i % 3 == 0 ? 3674 : 3794, i % 4 == 1));
      REQUIRE(step(original, 6).error_size() == 0);
    }
    const auto last = observe(original);
    recorded[last.observation().game_loop()] = last.SerializeAsString();
    api::Request save;
    save.mutable_save_replay();
    const std::string replay = call(original, save).save_replay().data();

    GameServer viewer;
    REQUIRE_FALSE(start_replay(viewer, replay).has_error());
    const auto seen = watch(viewer, 6);
    for (const auto& [loop, bytes] : recorded) {
      if (loop == last.observation().game_loop() && !last.player_result_size()) continue;  // + Undecided
      REQUIRE(seen.count(loop) == 1);
      CHECK_MESSAGE(seen.at(loop) == bytes, entry.name << ": observation at loop " << loop << " differs");
    }
  }
  CHECK(maps >= 4);
}

TEST_CASE("mutated replays with a recomputed checksum are refused or played, never crash the server") {
  GameServer original;
  start_game(original, 13);
  const Recording rec = play_and_record(original, 40);
  std::mt19937 rng(7);
  GameServer server;
  int refused = 0;
  for (int i = 0; i < 300; ++i) {
    std::string mutated = rec.replay;
    const std::size_t body = mutated.size() - 8;
    const std::size_t at = 8 + rng() % (body - 8);
    mutated[at] = static_cast<char>(mutated[at] ^ (1 + rng() % 255));
    const std::uint64_t sum = fnv1a64(std::string_view(mutated).substr(0, body));
    for (int b = 0; b < 8; ++b) mutated[body + b] = static_cast<char>(sum >> (8 * b));
    auto response = call(server, start_replay_request(mutated));
    CHECK(response.error_size() == 0);  // answered by start_replay itself, not an internal failure
    if (response.start_replay().has_error()) {
      ++refused;
      CHECK_FALSE(response.start_replay().error_details().empty());
    } else {
      // Accepted only when it re-simulates to the recorded end: it plays to that end.
      REQUIRE(response.status() != api::launched);
      while (server.status() == api::in_replay) REQUIRE(step(server, 64).error_size() == 0);
      CHECK(observe(server).observation().game_loop() == rec.last_loop);
    }
  }
  CHECK(refused > 200);
}
