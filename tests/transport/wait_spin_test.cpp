// WaitSpin: when a connection's end polls for the next message before sleeping, and that
// polling never outlasts a timeout, an interrupt or a stop, and never runs on a pinned thread.
#include <doctest/doctest.h>

#include <sys/resource.h>
#include <time.h>

#include <future>
#include <memory>
#include <string>
#include <thread>

#include "transport/core_pinning.h"
#include "transport/wait_spin.h"
#include "transport/websocket_client.h"
#include "tests/transport/scoped_wait_spin.h"
#include "tests/transport/test_servers.h"

using namespace std::chrono_literals;
using sc2::net::WaitSpin;
using sc2::test::ScopedWaitSpin;

namespace {

std::chrono::nanoseconds thread_cpu() {
  timespec now{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
}

// Times this thread gave up its core to wait (for I/O, a lock, a sleep): it slept.
long voluntary_switches() {
  rusage usage{};
  ::getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_nvcsw;
}

// A client whose question the server answers only at the end of the test (10 s at most).
struct UnansweredQuestion {
  UnansweredQuestion() {
    client.connect("127.0.0.1", server->port(), 2s);
    client.send("question", 1s);
  }
  ~UnansweredQuestion() {
    answer.open();
    server->stop();
  }
  sc2::test::Gate answer;
  std::unique_ptr<sc2::net::WebSocketServer> server =
      sc2::test::start_server({[this](sc2::net::ConnectionId, std::string_view) {
                                 answer.wait_for(10s);
                                 return sc2::net::Reply{"late"};
                               },
                               {}});
  sc2::net::WebSocketClient client;
};

// A wait that polled all along on its core (the message came while polling).
void record_polled_wait(WaitSpin& waits, std::chrono::nanoseconds waited) {
  waits.record(waited, waits.budget(), waited);
}

}  // namespace

TEST_CASE("a new end polls up to its limit, and a limit of 0 or a single core never polls") {
  CHECK(WaitSpin(500us).budget() == 500us);
  WaitSpin never(0us);
  WaitSpin one_core(500us, false);
  for (int i = 0; i < 20; ++i) {
    record_polled_wait(never, 10us);
    record_polled_wait(one_core, 10us);
  }
  CHECK(never.budget() == 0us);
  CHECK(one_core.budget() == 0us);
}

TEST_CASE("waits longer than the limit stop the polling, and short ones bring it back") {
  WaitSpin waits(500us);
  int long_waits = 0;
  while (waits.budget() > 0us && long_waits < 100) {
    waits.record(5ms, waits.budget(), 500us);
    ++long_waits;
  }
  CHECK(waits.budget() == 0us);
  CHECK(long_waits > 1);  // not after one: a single reset or slow step is no pattern
  CHECK(long_waits < 20);
  int short_waits = 0;
  while (waits.budget() == 0us && short_waits < 100) {
    waits.record(100us, 0us, 5us);  // slept (no budget), the message came soon
    ++short_waits;
  }
  CHECK(waits.budget() == 500us);
  CHECK(short_waits < 30);
}

TEST_CASE("one very long wait among waits under 6/7 of the limit does not stop the polling") {
  for (const auto usual : {80us, 300us, 400us}) {
    CAPTURE(usual.count());
    WaitSpin waits(500us);
    for (int i = 0; i < 40; ++i) record_polled_wait(waits, usual);
    waits.record(30s, waits.budget(), 500us);  // e.g. a reset: polled, then slept
    CHECK(waits.budget() == 500us);
    record_polled_wait(waits, usual);
    CHECK(waits.budget() == 500us);
  }
  // Waits already near the limit: one long wait tips them over, and short ones bring it back.
  WaitSpin near(500us);
  for (int i = 0; i < 40; ++i) record_polled_wait(near, 480us);
  near.record(30s, near.budget(), 500us);
  CHECK(near.budget() == 0us);
}

TEST_CASE("polling that lost its core to other threads pauses the polling for a while") {
  WaitSpin waits(500us);
  record_polled_wait(waits, 100us);
  REQUIRE(waits.budget() == 500us);
  // Kept its core: still polls. Off the core for most of a short poll (< 20 us): no judgement.
  waits.record(300us, 500us, 280us);
  waits.record(15us, 500us, 1us);
  CHECK(waits.budget() == 500us);

  waits.record(300us, 500us, 100us);  // on a core for a third of its polling
  int passed_over = 0;
  while (waits.budget() == 0us && passed_over < 1000) {
    waits.record(100us, 0us, 2us);
    ++passed_over;
  }
  CHECK(passed_over == WaitSpin::kWaitsAfterContention);
  CHECK(waits.budget() == 500us);
}

TEST_CASE("set_wait_spin sets the limit of the ends made afterwards, on threads that may use several cores") {
  ScopedWaitSpin limit(1234us);
  CHECK(sc2::net::wait_spin() == 1234us);
  const bool several_cores = sc2::net::allowed_cores().size() > 1;
  CHECK(WaitSpin::for_this_thread().budget() == (several_cores ? 1234us : 0us));
  if (several_cores) {
    sc2::net::ScopedCorePin pin(sc2::net::allowed_cores().front());
    CHECK(WaitSpin::for_this_thread().budget() == 0us);
  }
  sc2::net::set_wait_spin(-5us);
  CHECK(sc2::net::wait_spin() == 0us);
  CHECK(WaitSpin::for_this_thread().budget() == 0us);
}

TEST_CASE("a receive polling longer than its timeout still times out on time") {
  ScopedWaitSpin limit(3s);
  UnansweredQuestion asked;
  const auto start = std::chrono::steady_clock::now();
  CHECK_THROWS_AS(asked.client.receive(100ms), sc2::net::TransportError);
  CHECK(sc2::test::seconds_since(start) < 0.6);  // the timeout, not the 3 s of polling
}

TEST_CASE("interrupt() ends a receive that is polling") {
  ScopedWaitSpin limit(20s);
  UnansweredQuestion asked;
  const auto start = std::chrono::steady_clock::now();
  auto receive = std::async(std::launch::async, [&] {
    try {
      asked.client.receive(30s);
      return std::string("received");
    } catch (const sc2::net::TransportError& e) {
      return std::string(e.what());
    }
  });
  std::this_thread::sleep_for(100ms);
  asked.client.interrupt();
  REQUIRE(receive.wait_for(5s) == std::future_status::ready);
  CHECK(receive.get() != "received");
  CHECK(sc2::test::seconds_since(start) < 5.0);
}

TEST_CASE("stop() ends a connection that is polling for its next request") {
  ScopedWaitSpin limit(20s);
  auto server = sc2::test::start_echo_server();
  sc2::net::WebSocketClient client;
  client.connect("127.0.0.1", server->port(), 2s);
  client.send("hello", 1s);
  CHECK(client.receive(2s) == "hello");  // the server now polls for the next request
  std::this_thread::sleep_for(50ms);
  const auto start = std::chrono::steady_clock::now();
  server->stop();
  CHECK(sc2::test::seconds_since(start) < 3.0);
  CHECK_THROWS_AS(client.receive(2s), sc2::net::TransportError);
}

TEST_CASE("a wait polls on its core when it may use several, and sleeps when pinned to one") {
  const std::vector<int> cores = sc2::net::allowed_cores();
  if (cores.size() < 2) {
    MESSAGE("one core only: polling never happens here, nothing to compare");
    return;
  }
  ScopedWaitSpin limit(2s);
  // Each message is answered 300 ms after it came, so a receive waits that long.
  auto server = sc2::test::start_server({[](sc2::net::ConnectionId, std::string_view message) {
                                           std::this_thread::sleep_for(300ms);
                                           return sc2::net::Reply{std::string(message)};
                                         },
                                         {}});
  // How often the receiving thread went to sleep during one receive, and its CPU seconds.
  struct Receive {
    long sleeps = 0;
    double cpu = 0;
  };
  const auto one_receive = [&] {
    sc2::net::WebSocketClient client;
    client.connect("127.0.0.1", server->port(), 2s);
    client.send("ping", 1s);
    const long sleeps_before = voluntary_switches();
    const auto cpu_before = thread_cpu();
    CHECK(client.receive(5s) == "ping");
    return Receive{voluntary_switches() - sleeps_before,
                   std::chrono::duration<double>(thread_cpu() - cpu_before).count()};
  };
  const Receive polling = one_receive();
  Receive pinned;
  {
    sc2::net::ScopedCorePin pin(cores.front());
    pinned = one_receive();
  }
  // Polling never sleeps (however little CPU a loaded machine leaves it); pinned, it sleeps
  // and uses next to none.
  CHECK(polling.sleeps == 0);
  CHECK(pinned.sleeps >= 1);
  CHECK(pinned.cpu < 0.01);
}
