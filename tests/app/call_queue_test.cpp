// CallQueue: bounded (the refusal says how many wait), taken in submission order with each call
// validated on its own, one call per step while recording, raw commands passed through, and
// everything dropped at once when the agent takes control.
#include <doctest/doctest.h>

#include "app/session/call_queue.h"
#include "client/pysc2/actions.h"

using sc2::app::CallQueue;
using sc2::pysc2::FunctionCall;

namespace {

const sc2::pysc2::ActionSpace kSpace{64, 64, 64, 64};

FunctionCall select_rect(int x) { return FunctionCall{sc2::pysc2::fn::select_rect, {{0}, {x, 0}, {63, 63}}}; }

CallQueue::Item item(std::uint64_t sequence, FunctionCall call) {
  return CallQueue::Item{sequence, std::move(call), {}};
}

CallQueue::Item raw_item(std::uint64_t sequence) {
  sc2::pysc2::RawCommand command;
  command.ability_id = 23;  // Attack
  command.unit_tags = {1};
  return CallQueue::Item{sequence, FunctionCall{sc2::pysc2::fn::no_op, {}}, command};
}

const std::vector<int> kAvailable = {sc2::pysc2::fn::no_op, sc2::pysc2::fn::select_rect};

}  // namespace

TEST_CASE("the call queue refuses beyond kMaxQueuedCalls, naming the limit, and frees places as calls go") {
  CallQueue queue;
  for (std::size_t i = 0; i < CallQueue::kMaxQueuedCalls; ++i) {
    REQUIRE_FALSE(queue.full_refusal());
    queue.push(item(i + 1, select_rect(1)));
  }
  const auto refusal = queue.full_refusal();
  REQUIRE(refusal);
  CHECK(*refusal == "ignored: 64 calls already wait to be sent (at most 64)");
  CHECK(queue.take(kSpace, kAvailable, true).calls.size() == 1);
  CHECK_FALSE(queue.full_refusal());
  CHECK(queue.size() == CallQueue::kMaxQueuedCalls - 1);
}

TEST_CASE("taking calls: in order, a bad call rejected without losing the others, raw commands passed on") {
  CallQueue queue;
  queue.push(item(1, select_rect(1)));
  queue.push(item(2, select_rect(99)));  // off the screen
  queue.push(raw_item(3));
  queue.push(item(4, FunctionCall{sc2::pysc2::fn::select_army, {{0}}}));  // not available
  queue.push(item(5, select_rect(2)));
  const CallQueue::Taken taken = queue.take(kSpace, kAvailable, false);
  REQUIRE(taken.calls.size() == 2);
  CHECK(taken.calls[0].first == 1);
  CHECK(taken.calls[1].first == 5);
  CHECK(taken.calls[1].second == select_rect(2));
  REQUIRE(taken.rejected.size() == 2);
  CHECK(taken.rejected[0].first == 2);
  CHECK(taken.rejected[0].second.starts_with("rejected: "));
  CHECK(taken.rejected[1].first == 4);
  CHECK(taken.raw.size() == 1);
  CHECK(taken.raw_sequences == std::vector<std::uint64_t>{3});
  CHECK(queue.size() == 0);
  CHECK(queue.take(kSpace, kAvailable, false).calls.empty());  // an empty queue gives nothing
}

TEST_CASE("taking one call only (recording): up to the first valid call, the rest waits") {
  CallQueue queue;
  queue.push(item(1, select_rect(99)));  // rejected on the way
  queue.push(item(2, select_rect(1)));
  queue.push(item(3, select_rect(2)));
  CallQueue::Taken taken = queue.take(kSpace, kAvailable, true);
  REQUIRE(taken.calls.size() == 1);
  CHECK(taken.calls[0].first == 2);
  CHECK(taken.rejected.size() == 1);
  CHECK(queue.size() == 1);
  taken = queue.take(kSpace, kAvailable, true);
  REQUIRE(taken.calls.size() == 1);
  CHECK(taken.calls[0].first == 3);
}

TEST_CASE("dropping the queue gives the sequences dropped") {
  CallQueue queue;
  CHECK(queue.drop_all().empty());
  queue.push(item(7, select_rect(1)));
  queue.push(raw_item(8));
  CHECK(queue.drop_all() == std::vector<std::uint64_t>{7, 8});
  CHECK(queue.size() == 0);
}
