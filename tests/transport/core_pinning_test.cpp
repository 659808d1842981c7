// Core pinning (transport/core_pinning.h): a pin holds the thread and the threads it starts to
// one core and is undone at the end; a core the program may not use is refused by name.
#include "transport/core_pinning.h"

#include <doctest/doctest.h>

#include <sched.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using sc2::net::allowed_cores;
using sc2::net::cores_for_games;
using sc2::net::ScopedCorePin;

TEST_CASE("a scoped core pin holds the thread and its new threads to one core, then lets go") {
  const std::vector<int> before = allowed_cores();
  REQUIRE_FALSE(before.empty());
  const int core = before.back();
  {
    ScopedCorePin pin(core);
    CHECK(allowed_cores() == std::vector<int>{core});
    CHECK(::sched_getcpu() == core);
    std::vector<int> seen_by_thread;
    std::thread([&] { seen_by_thread = allowed_cores(); }).join();
    CHECK(seen_by_thread == std::vector<int>{core});
  }
  CHECK(allowed_cores() == before);
}

TEST_CASE("pinning to a core the program may not use is refused, naming the core") {
  const std::vector<int> before = allowed_cores();
  std::string error;
  try {
    ScopedCorePin pin(100000);
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  CHECK(error.find("core 100000 is not one this program may use") != std::string::npos);
  CHECK(allowed_cores() == before);  // nothing changed
  CHECK_THROWS_AS(sc2::net::pin_this_thread(-1), std::runtime_error);
}

TEST_CASE("games are given the allowed cores in turn, from the core the caller runs on") {
  const std::vector<int> cores = {0, 2, 5};
  CHECK(sc2::net::core_in_turn(cores, 2, 0) == 2);
  CHECK(sc2::net::core_in_turn(cores, 2, 1) == 5);
  CHECK(sc2::net::core_in_turn(cores, 2, 2) == 0);
  CHECK(sc2::net::core_in_turn(cores, 2, 3) == 2);
  CHECK(sc2::net::core_in_turn(cores, 7, 1) == 2);  // the caller on a core not offered: from the first
  CHECK(sc2::net::core_in_turn(cores, -1, 1) == 2);  // sched_getcpu failed: from the first
  // cores_for_games follows the rule on this machine's cores, from the caller's core.
  const std::vector<int> allowed = allowed_cores();
  const std::vector<int> chosen = cores_for_games(static_cast<int>(allowed.size()) + 1);
  REQUIRE(chosen.size() == allowed.size() + 1);
  std::vector<int> first_round(chosen.begin(), chosen.end() - 1);
  std::sort(first_round.begin(), first_round.end());
  CHECK(first_round == allowed);             // every allowed core once before any repeats
  CHECK(chosen.back() == chosen.front());    // then in turn again
  ScopedCorePin pin(allowed.back());
  CHECK(cores_for_games(2) == std::vector<int>{allowed.back(), allowed.back()});  // one core left
}
