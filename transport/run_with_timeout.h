#pragma once
// Private to websocket_client.cpp and websocket_server.cpp (Boost.Asio only, no Beast):
// runs one asynchronous operation on a caller-owned io_context, bounded by a timeout.
#include <boost/asio/error.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/system/error_code.hpp>

#include <algorithm>
#include <chrono>
#include <optional>

#include <sched.h>

#include "transport/wait_spin.h"

namespace sc2::net::detail {

// `start(on_done)` must start one operation that calls on_done(error_code) when it ends.
// Runs `ioc` on this thread until then. When `timeout` passes first, calls `abort()` (which
// must make the operation end, e.g. by closing the socket), waits for it to end and returns
// boost::asio::error::timed_out. With no timeout it waits as long as the operation runs.
// Until `poll_until` (and never past the timeout) it first polls: runs ready handlers without
// sleeping, pausing between polls and giving the core to any other thread that wants it
// (wait_spin.h).
template <class Start, class Abort>
boost::system::error_code run_with_timeout(
    boost::asio::io_context& ioc, std::optional<std::chrono::milliseconds> timeout, Start&& start, Abort&& abort,
    std::optional<std::chrono::steady_clock::time_point> poll_until = std::nullopt) {
  bool done = false;
  boost::system::error_code result;
  start([&done, &result](boost::system::error_code ec) {
    done = true;
    result = ec;
  });
  ioc.restart();
  const auto started = std::chrono::steady_clock::now();
  if (poll_until && !done) {
    const auto until = timeout ? std::min(*poll_until, started + *timeout) : *poll_until;
    while (!done && std::chrono::steady_clock::now() < until) {
      ioc.poll();
      if (done || ioc.stopped()) break;  // stopped: no operation left that could end the wait
      pause_briefly();
      ::sched_yield();
    }
  }
  if (timeout) {
    const auto deadline = started + *timeout;
    while (!done && std::chrono::steady_clock::now() < deadline) {
      if (ioc.run_one_until(deadline) == 0 && ioc.stopped()) break;
    }
    if (!done) {
      abort();
      ioc.restart();
      while (!done && ioc.run_one() > 0) {
      }
      return boost::asio::error::timed_out;
    }
  } else {
    while (!done && ioc.run_one() > 0) {
    }
  }
  return done ? result : boost::system::error_code(boost::asio::error::operation_aborted);
}

}  // namespace sc2::net::detail
