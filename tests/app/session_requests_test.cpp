// SessionRequests: what the person asked for waits until the game thread takes it, all at once.
#include <doctest/doctest.h>

#include "app/session/session_requests.h"

using sc2::app::Requests;
using sc2::app::SessionRequests;

TEST_CASE("requests wait until taken, a later one of a kind replaces the earlier, and taking clears them") {
  SessionRequests requests;
  CHECK_FALSE(requests.pending());
  requests.post([](Requests& r) { r.step_mul = 4; });
  requests.post([](Requests& r) { r.step_mul = 16; });
  requests.post([](Requests& r) { r.save_replay = "replays"; });
  CHECK(requests.pending());
  const Requests taken = requests.take();
  CHECK(taken.step_mul == 16);
  CHECK(taken.save_replay == std::filesystem::path("replays"));
  CHECK_FALSE(taken.restart);
  CHECK_FALSE(requests.pending());
  CHECK_FALSE(requests.take().any());
}

TEST_CASE("every kind of request counts as pending") {
  const std::vector<std::function<void(Requests&)>> kinds = {
      [](Requests& r) { r.restart = true; },         [](Requests& r) { r.save_replay = "x"; },
      [](Requests& r) { r.step_mul = 1; },           [](Requests& r) { r.agent = ""; },
      [](Requests& r) { r.record = "x"; },           [](Requests& r) { r.stop_record = true; },
      [](Requests& r) { r.seek = 0; },               [](Requests& r) { r.observed_player = 2; }};
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    CAPTURE(i);
    SessionRequests requests;
    requests.post(kinds[i]);
    CHECK(requests.pending());
  }
}
