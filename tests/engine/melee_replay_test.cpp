// Replays and observers of melee games: a game of two Participants saved by either player
// holds both players' requests and plays back to the same result from either player's side;
// a game against the built-in Computer too; observers choose the player they watch; bad
// replays and player ids are refused clearly; format-1 replays are still read.
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

#include "engine/server/replay_format.h"
#include "tests/engine/two_player_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;

namespace {

constexpr ConnectionId kViewer = 30, kObserver = 40;

using Observations = std::map<std::uint32_t, std::string>;  // game loop -> serialized ResponseObservation

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

api::Request request_of(const api::Action& action) {
  api::Request r;
  *r.mutable_action()->add_actions() = action;
  return r;
}

api::Action raw_train_scv(std::uint64_t command_center) {
  api::Action a;
  auto* command = a.mutable_action_raw()->mutable_unit_command();
  command->set_ability_id(524);  // Train_SCV
  command->add_unit_tags(command_center);
  return a;
}

api::Request kill_request(const std::vector<std::uint64_t>& tags) {
  api::Request r;
  auto* kill = r.mutable_debug()->add_debug()->mutable_kill_unit();
  for (std::uint64_t tag : tags) kill->add_tag(tag);
  return r;
}

std::string save_as(GameServer& server, ConnectionId connection) {
  api::Request r;
  r.mutable_save_replay();
  const auto saved = send(server, connection, r);
  REQUIRE(saved.error_size() == 0);
  return saved.save_replay().data();
}

api::Request start_replay_request(const std::string& data, std::optional<std::uint32_t> observed) {
  api::Request r;
  auto* s = r.mutable_start_replay();
  s->set_replay_data(data);
  *s->mutable_options() = join_request().join_game().options();
  if (observed) s->set_observed_player_id(*observed);
  return r;
}

// Watches a replay to its end, observing every `step_mul` loops as the players did.
Observations watch(GameServer& server, std::uint32_t step_mul) {
  Observations seen;
  for (int guard = 0; guard < 100000; ++guard) {
    const auto obs = observe_as(server, kViewer);
    seen[obs.observation().game_loop()] = obs.SerializeAsString();
    if (server.status() == api::ended) break;
    REQUIRE(server.status() == api::in_replay);
    REQUIRE(send(server, kViewer, step_request(step_mul)).error_size() == 0);
  }
  return seen;
}

// Starts the replay as `observed` on a fresh server's viewer connection and watches it all.
Observations replay_as(GameServer& server, const std::string& replay, std::uint32_t observed, std::uint32_t step_mul) {
  const auto started = send(server, kViewer, start_replay_request(replay, observed));
  REQUIRE_MESSAGE(!started.start_replay().has_error(), started.start_replay().error_details());
  REQUIRE(started.status() == api::in_replay);
  return watch(server, step_mul);
}

void check_same(const Observations& live, const Observations& replayed, const char* who) {
  CHECK(live.size() > 4);
  REQUIRE(replayed.size() == live.size());
  for (const auto& [loop, bytes] : live) {
    REQUIRE_MESSAGE(replayed.count(loop) == 1, who << ": no observation at loop " << loop);
    CHECK_MESSAGE(replayed.at(loop) == bytes, who << ": observation at loop " << loop << " differs");
  }
}

api::ResponseObservation parsed(const std::string& bytes) {
  api::ResponseObservation obs;
  REQUIRE(obs.ParseFromString(bytes));
  return obs;
}

// Player 1's and player 2's results in the observation, in that order.
std::pair<api::Result, api::Result> results(const api::ResponseObservation& obs) {
  REQUIRE(obs.player_result_size() == 2);
  std::map<std::uint32_t, api::Result> by_id;
  for (const auto& r : obs.player_result()) by_id[r.player_id()] = r.result();
  return {by_id.at(1), by_id.at(2)};
}

int units_of(const api::ResponseObservation& obs, api::Alliance alliance) {
  int n = 0;
  for (const auto& u : obs.observation().raw_data().units()) n += u.alliance() == alliance ? 1 : 0;
  return n;
}

// A whole two-Participant game on Flat64, both players acting every step: player 1 with raw
// commands, player 2 through its feature layers (so its own interface options matter). At
// loop 320 player 2 kills player 1's Command Center (debug kill_unit); the game ends.
struct TwoPlayerGame {
  Observations seen_by[2];
  std::string replay_of[2];  // as each player saved it
};

TwoPlayerGame play_two_player_game(GameServer& server) {
  start_two_player_game(server);
  TwoPlayerGame game;
  std::uint64_t cc1 = 0;
  for (int guard = 0; guard < 100; ++guard) {
    const auto obs1 = observe_as(server, kFirst);
    const auto obs2 = observe_as(server, kSecond);
    const std::uint32_t loop = obs1.observation().game_loop();
    REQUIRE(obs2.observation().game_loop() == loop);
    game.seen_by[0][loop] = obs1.SerializeAsString();
    game.seen_by[1][loop] = obs2.SerializeAsString();
    if (server.status() == api::ended) break;
    if (loop == 0) {
      cc1 = own_units(obs1, kCommandCenter).at(0)->tag();
      send(server, kFirst, request_of(raw_train_scv(cc1)));
      send(server, kSecond, request_of(raw_train_scv(own_units(obs2, kCommandCenter).at(0)->tag())));
      send(server, kSecond, request_of(select_rect(0, 0, 63, 63)));
    }
    const auto scvs = own_units(obs1, kScv);
    const api::Unit& scv = *scvs.at(loop / 16 % scvs.size());
    send(server, kFirst, raw_move(scv.tag(), scv.pos().x() + 3, scv.pos().y() + (loop % 32 == 0 ? 4 : -4)));
    send(server, kSecond, request_of(move_screen(8 + loop % 48, 20 + loop % 24)));
    if (loop == 320) REQUIRE(send(server, kSecond, kill_request({cc1})).error_size() == 0);
    REQUIRE(step_both(server, 16).error_size() == 0);
  }
  REQUIRE(server.status() == api::ended);
  game.replay_of[0] = save_as(server, kFirst);
  game.replay_of[1] = save_as(server, kSecond);
  return game;
}

// Writes `replay` in format 1 (REPLAY_FORMAT.md): one player, bare RequestActions, no join_game_2.
std::string encode_format_1(const Replay& replay) {
  std::string out;
  const auto u32 = [](std::string& s, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(v >> (8 * i)));
  };
  const auto u64 = [](std::string& s, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>(v >> (8 * i)));
  };
  const auto bytes = [&](std::string& s, const std::string& b) {
    u32(s, static_cast<std::uint32_t>(b.size()));
    s += b;
  };
  const ReplayHeader& h = replay.header;
  std::string header;
  bytes(header, h.engine_version);
  u64(header, h.data_hash);
  bytes(header, h.game_version);
  bytes(header, h.data_version);
  u32(header, h.data_build);
  u32(header, h.base_build);
  bytes(header, h.map_name);
  bytes(header, h.map_path);
  u64(header, h.episode_seed);
  bytes(header, h.create_game);
  bytes(header, h.join_game);
  u32(header, h.game_loops);
  u32(header, h.result);
  u64(header, h.final_state_hash);
  out += kReplayMagic;
  u32(out, 1);
  bytes(out, header);
  u32(out, static_cast<std::uint32_t>(replay.actions.size()));
  for (const ReplayAction& a : replay.actions) {
    api::Request request;
    REQUIRE(request.ParseFromString(a.request));
    REQUIRE(request.has_action());
    u32(out, a.game_loop);
    u64(out, a.state_hash_after);
    bytes(out, request.action().SerializeAsString());
  }
  u64(out, fnv1a64(out));
  return out;
}

Replay decoded(const std::string& bytes) {
  ReplayReadError error;
  auto replay = decode_replay(bytes, error);
  REQUIRE_MESSAGE(replay.has_value(), error.details);
  return *replay;
}

std::string refusal(GameServer& server, const std::string& data, std::optional<std::uint32_t> observed = 1,
                    api::ResponseStartReplay::Error expected = api::ResponseStartReplay::InvalidReplayData) {
  const api::Status before = server.status();
  const auto response = send(server, kViewer, start_replay_request(data, observed));
  REQUIRE(response.start_replay().has_error());
  CHECK(response.start_replay().error() == expected);
  CHECK(response.status() == before);  // a failed start changes nothing
  return response.start_replay().error_details();
}

}  // namespace

TEST_CASE("a two-player game replays from either player's side with the same observations and result") {
  GameServer server;
  const TwoPlayerGame game = play_two_player_game(server);
  CHECK(game.replay_of[0] == game.replay_of[1]);  // either player may save: the same bytes
  const auto last_1 = parsed(game.seen_by[0].rbegin()->second);
  CHECK(results(last_1) == std::pair{api::Defeat, api::Victory});

  const Replay replay = decoded(game.replay_of[0]);
  CHECK_FALSE(replay.header.join_game_2.empty());
  int by_player[3] = {0, 0, 0};
  for (const auto& record : replay.actions) ++by_player[record.player <= 2 ? record.player : 0];
  CHECK(by_player[0] == 0);
  CHECK(by_player[1] > 10);
  CHECK(by_player[2] > 10);  // player 2's actions and its kill_unit
  CHECK(replay.header.result == static_cast<std::uint32_t>(api::Defeat));  // player 1's

  for (std::uint32_t player : {1u, 2u}) {
    CAPTURE(player);
    GameServer viewer;
    const Observations seen = replay_as(viewer, game.replay_of[0], player, 16);
    check_same(game.seen_by[player - 1], seen, player == 1 ? "player 1" : "player 2");
    const auto first = parsed(seen.begin()->second);
    CHECK(first.observation().player_common().player_id() == player);
    // That player's side: its own base, and under the fog nothing of the enemy's at loop 0.
    CHECK(own_units(first, kScv).size() == 12);
    CHECK(units_of(first, api::Enemy) == 0);
    const auto last = parsed(seen.rbegin()->second);
    CHECK(results(last) == std::pair{api::Defeat, api::Victory});
    CHECK(viewer.status() == api::ended);
    // Started again (the app's seek), the view follows only the observed player's camera.
    REQUIRE_FALSE(send(viewer, kViewer, start_replay_request(game.replay_of[0], player)).start_replay().has_error());
    api::Request follow;
    follow.mutable_obs_action()->add_actions()->mutable_camera_follow_player()->set_player_id(player);
    CHECK(send(viewer, kViewer, follow).error_size() == 0);
    follow.mutable_obs_action()->mutable_actions(0)->mutable_camera_follow_player()->set_player_id(3 - player);
    CHECK(send(viewer, kViewer, follow).error_size() == 1);
  }
}

TEST_CASE("replay_info of a two-player replay lists both Participants with their results") {
  GameServer server;
  const TwoPlayerGame game = play_two_player_game(server);
  GameServer other;
  api::Request info;
  info.mutable_replay_info()->set_replay_data(game.replay_of[1]);
  const auto answer = send(other, kViewer, info).replay_info();
  REQUIRE_FALSE(answer.has_error());
  CHECK(answer.map_name() == "Flat64");
  REQUIRE(answer.player_info_size() == 2);
  for (int i = 0; i < 2; ++i) {
    CHECK(answer.player_info(i).player_info().player_id() == static_cast<std::uint32_t>(i + 1));
    CHECK(answer.player_info(i).player_info().type() == api::Participant);
    CHECK(answer.player_info(i).player_result().result() == (i == 0 ? api::Defeat : api::Victory));
  }
}

TEST_CASE("a player leaving is in the replay: it plays back to the other player's victory at that loop") {
  GameServer server;
  start_two_player_game(server);
  const auto obs2 = observe_as(server, kSecond);
  send(server, kSecond, raw_move(own_units(obs2, kScv).at(0)->tag(), 30, 30));
  REQUIRE(step_both(server, 24).error_size() == 0);
  REQUIRE(send(server, kSecond, leave_request()).error_size() == 0);
  REQUIRE(server.status() == api::ended);
  const std::string replay = save_as(server, kFirst);

  GameServer viewer;
  const Observations seen = replay_as(viewer, replay, 1, 8);
  const auto last = parsed(seen.rbegin()->second);
  CHECK(last.observation().game_loop() == 24);
  CHECK(results(last) == std::pair{api::Victory, api::Defeat});
}

TEST_CASE("a game against the Computer replays to the same result, from either side") {
  GameServer server;
  api::Request create = create_request(3, "Melee/Flat64.SC2Map");
  create.mutable_create_game()->set_disable_fog(true);  // player 1 sees every unit it will kill
  auto* bot = create.mutable_create_game()->add_player_setup();
  bot->set_type(api::Computer);
  bot->set_difficulty(api::Medium);
  REQUIRE_FALSE(call(server, create).create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);

  Observations live;
  for (int guard = 0; guard < 200 && server.status() == api::in_game; ++guard) {
    const auto obs = observe(server);
    const std::uint32_t loop = obs.observation().game_loop();
    live[loop] = obs.SerializeAsString();
    if (loop == 0) act(server, raw_train_scv(own_units(obs, kCommandCenter).at(0)->tag()));
    if (loop % 64 == 0) act(server, select_rect(0, 0, 63, 63));
    if (loop == 960) {  // the Computer has built by now: kill everything it has
      std::vector<std::uint64_t> enemy;
      for (const auto& u : obs.observation().raw_data().units()) {
        if (u.alliance() == api::Enemy) enemy.push_back(u.tag());
      }
      CHECK(enemy.size() > 13);
      REQUIRE(call(server, kill_request(enemy)).error_size() == 0);
    }
    REQUIRE(step(server, 32).error_size() == 0);
  }
  REQUIRE(server.status() == api::ended);
  const auto end = observe(server);
  live[end.observation().game_loop()] = end.SerializeAsString();
  CHECK(results(end) == std::pair{api::Victory, api::Defeat});
  api::Request save;
  save.mutable_save_replay();
  const std::string replay = call(server, save).save_replay().data();

  GameServer viewer;
  check_same(live, replay_as(viewer, replay, 1, 32), "player 1");
  // The Computer's side: its own units, its result.
  const Observations computer = replay_as(viewer, replay, 2, 32);
  const auto first = parsed(computer.begin()->second);
  CHECK(first.observation().player_common().player_id() == 2);
  CHECK(own_units(first, kScv).size() == 12);
  const auto last = parsed(computer.rbegin()->second);
  CHECK(last.observation().game_loop() == end.observation().game_loop());
  CHECK(results(last) == std::pair{api::Victory, api::Defeat});
  CHECK(last.observation().raw_data().event().dead_units_size() > 0);  // the Computer's feed is kept

  api::Request info;
  info.mutable_replay_info()->set_replay_data(replay);
  const auto described = call(viewer, info).replay_info();
  REQUIRE(described.player_info_size() == 2);
  CHECK(described.player_info(1).player_info().type() == api::Computer);
  CHECK(described.player_info(1).player_info().difficulty() == api::Medium);
  CHECK(described.player_info(1).player_result().result() == api::Defeat);
}

TEST_CASE("two-player replays: observed player 0 is player 1, 3 is refused, damaged files are refused") {
  GameServer server;
  start_two_player_game(server);
  const auto obs2 = observe_as(server, kSecond);
  send(server, kSecond, raw_move(own_units(obs2, kScv).at(0)->tag(), 30, 30));
  REQUIRE(step_both(server, 40).error_size() == 0);
  const std::string good = save_as(server, kSecond);  // mid-game: ends undecided
  GameServer viewer;

  SUBCASE("observed_player_id 0 or unset: player 1's side; the end is undecided for both") {
    for (std::optional<std::uint32_t> observed : {std::optional<std::uint32_t>(0), std::optional<std::uint32_t>()}) {
      const auto started = send(viewer, kViewer, start_replay_request(good, observed));
      REQUIRE_FALSE(started.start_replay().has_error());
      const Observations seen = watch(viewer, 8);
      CHECK(parsed(seen.begin()->second).observation().player_common().player_id() == 1);
      CHECK(results(parsed(seen.rbegin()->second)) == std::pair{api::Undecided, api::Undecided});
    }
  }
  SUBCASE("observed_player_id 3 is not in the replay") {
    const std::string details = refusal(viewer, good, 3, api::ResponseStartReplay::InvalidObservedPlayerId);
    CHECK(contains(details, "observed_player_id 3"));
    CHECK(contains(details, "1 and 2"));
    api::Request negative = start_replay_request(good, 0);
    negative.mutable_start_replay()->set_observed_player_id(-1);  // the field is signed
    CHECK(send(viewer, kViewer, negative).start_replay().error() == api::ResponseStartReplay::InvalidObservedPlayerId);
    CHECK(viewer.status() == api::launched);
  }
  SUBCASE("truncated anywhere: a clear error, never a crash") {
    for (std::size_t keep : {good.size() - 1, good.size() - 9, good.size() / 2, std::size_t{40}, std::size_t{17}}) {
      CAPTURE(keep);
      CHECK(contains(refusal(viewer, good.substr(0, keep)), "truncated"));
    }
    // The same from a file, and replay_info says ParsingError.
    const auto path = std::filesystem::temp_directory_path() /
                      ("sc2lite_melee_replay_test_" + std::to_string(::getpid()) + ".SC2Replay");
    {
      std::ofstream out(path, std::ios::binary);
      out << good.substr(0, good.size() - 30);
    }
    api::Request by_path;
    by_path.mutable_start_replay()->set_replay_path(path.string());
    *by_path.mutable_start_replay()->mutable_options() = join_request().join_game().options();
    by_path.mutable_start_replay()->set_observed_player_id(2);
    const auto refused = send(viewer, kViewer, by_path).start_replay();
    CHECK(refused.error() == api::ResponseStartReplay::InvalidReplayData);
    CHECK(contains(refused.error_details(), "truncated"));
    api::Request info;
    info.mutable_replay_info()->set_replay_path(path.string());
    CHECK(send(viewer, kViewer, info).replay_info().error() == api::ResponseReplayInfo::ParsingError);
    std::filesystem::remove(path);
  }
  SUBCASE("edited records with a valid checksum: a player who is not in the game, a Computer acting") {
    Replay edited = decoded(good);
    REQUIRE_FALSE(edited.actions.empty());
    edited.actions[0].player = 3;
    CHECK(contains(refusal(viewer, encode_replay(edited)), "names player 3"));
    edited = decoded(good);
    edited.actions[0].player = 1;  // player 2's move given to player 1: not its unit, the game differs
    CHECK(contains(refusal(viewer, encode_replay(edited)), "re-simulation diverged"));
    edited = decoded(good);
    edited.header.join_game_2.clear();  // player 2 as if it were a Computer: its actions cannot be played
    CHECK(contains(refusal(viewer, encode_replay(edited)), "not a Participant"));
    edited = decoded(good);
    api::Request quit;
    quit.mutable_quit();
    edited.actions[0].request = quit.SerializeAsString();
    CHECK(contains(refusal(viewer, encode_replay(edited)), "other than action, debug or leave_game"));
  }
  CHECK(server.status() == api::in_game);  // the game itself goes on
}

TEST_CASE("format-1 replays (one player, before two-player games) still play back") {
  GameServer original;
  start_game(original, 11);
  act(original, select_army());
  for (int i = 0; i < 10; ++i) {
    act(original, move_screen(10 + 4 * i, 40 - 2 * i));
    step(original, 8);
  }
  api::Request save;
  save.mutable_save_replay();
  const std::string current = call(original, save).save_replay().data();
  const std::string old = encode_format_1(decoded(current));
  REQUIRE(old != current);
  const Replay read = decoded(old);
  CHECK(read.format_version == 1);
  REQUIRE(read.actions.size() == decoded(current).actions.size());
  CHECK(read.actions[0].player == 1);

  GameServer a, b;
  const Observations from_old = replay_as(a, old, 1, 8);
  const Observations from_current = replay_as(b, current, 1, 8);
  check_same(from_current, from_old, "format 1");
  // save_replay during playback answers the file as loaded (still format 1).
  CHECK(send(a, kViewer, save).save_replay().data() == old);
}

TEST_CASE("live observers of a melee game choose the player they watch and see that player's side") {
  GameServer server;
  start_two_player_game(server);
  const auto join_observer = [&](std::uint32_t observed) {
    api::Request join = join_request();
    join.mutable_join_game()->set_observed_player_id(observed);
    return send(server, kObserver, join).join_game();
  };
  const auto refused = join_observer(3);
  CHECK(refused.error() == api::ResponseJoinGame::InvalidObservedPlayerId);
  CHECK(contains(refused.error_details(), "players 1 and 2"));

  REQUIRE_FALSE(join_observer(2).has_error());
  CHECK(join_observer(2).player_id() == 2);
  const auto watched = observe_as(server, kObserver);
  CHECK(watched.observation().player_common().player_id() == 2);
  const auto player2 = observe_as(server, kSecond);
  CHECK(own_units(watched, kScv).size() == 12);
  CHECK(own_units(watched, kScv).front()->tag() == own_units(player2, kScv).front()->tag());
  CHECK(units_of(watched, api::Enemy) == 0);  // player 2's fog

  // Player 2's echoed actions reach the observer of player 2, not player 1's.
  send(server, kSecond, request_of(select_rect(0, 0, 63, 63)));
  send(server, kFirst, request_of(select_rect(0, 0, 63, 63)));
  REQUIRE(step_both(server, 8).error_size() == 0);
  CHECK(observe_as(server, kObserver).actions_size() == 1);
  CHECK(observe_as(server, kSecond).actions_size() == 1);  // the player's own are still there

  // An observer cannot step or act; 0 watches player 1.
  CHECK(send(server, kObserver, step_request(8)).error_size() == 1);
  REQUIRE_FALSE(join_observer(0).has_error());
  CHECK(observe_as(server, kObserver).observation().player_common().player_id() == 1);
  CHECK(server.observer_count() == 1);
}

TEST_CASE("an observer of a game against the Computer may watch the Computer's side") {
  GameServer server;
  api::Request create = create_request(5, "Melee/Flat32.SC2Map");
  create.mutable_create_game()->add_player_setup()->set_type(api::Computer);
  REQUIRE_FALSE(call(server, create).create_game().has_error());
  REQUIRE(call(server, join_request()).status() == api::in_game);
  api::Request join = join_request();
  join.mutable_join_game()->set_observed_player_id(2);
  REQUIRE(send(server, kObserver, join).join_game().player_id() == 2);
  REQUIRE(step(server, 200).error_size() == 0);
  const auto watched = observe_as(server, kObserver);
  CHECK(watched.observation().player_common().player_id() == 2);
  CHECK(own_units(watched, kCommandCenter).size() == 1);
  const auto mine = observe(server);
  CHECK(own_units(mine, kCommandCenter).at(0)->tag() != own_units(watched, kCommandCenter).at(0)->tag());
}
