// ResponseData.units is dense, as the real game's is (checked in the real fixture
// ../shared/fixtures/real-sc2/abyssal_reef_response_data.pb: entry i has unit_id i, ids without
// data are {unit_id, available: false}): SMACv2 finds a map's new types by counting back from
// the end of the list (`len(data.units) - 9` on its 10gen maps), so they must be the last entries.
#include <array>
#include <fstream>
#include <iterator>

#include "engine/scripted/map_unit_types.h"
#include "engine/server/observation_builder.h"
#include "engine/sim/unit_data.h"
#include "tests/engine/engine_test_util.h"
#include "tests/engine/scripted_test_util.h"
#include "tests/engine/sim_test_util.h"

using namespace sc2::engine;
using namespace sc2::engine::test;
namespace scripted_test = sc2::engine::scripted::test;

namespace {

const std::string kSmacV2Maps = "clients/smacv2/smacv2/env/starcraft2/maps/SMAC_Maps";

api::ResponseData units_data(const std::vector<const UnitTypeStats*>& map_types = {}) {
  api::RequestData request;
  request.set_unit_type_id(true);
  api::ResponseData out;
  build_data(request, &out, map_types);
  return out;
}

void check_dense(const api::ResponseData& data) {
  for (int i = 0; i < data.units_size(); ++i) {
    CAPTURE(i);
    REQUIRE(data.units(i).unit_id() == static_cast<std::uint32_t>(i));
  }
}

}  // namespace

TEST_CASE("RequestData units are dense: entry i has unit_id i, placeholders unavailable and nameless") {
  const api::ResponseData data = units_data();
  check_dense(data);
  std::uint32_t largest = 0;
  std::size_t listed = 0;
  for (const UnitTypeStats& s : unit_type_table()) {
    largest = std::max(largest, s.id);
    ++listed;
  }
  REQUIRE(data.units_size() == static_cast<int>(largest) + 1);
  std::size_t available = 0;
  for (const auto& u : data.units()) {
    if (u.available()) {
      ++available;
      CHECK_FALSE(u.name().empty());
    } else {
      CHECK(u.name().empty());
      CHECK(u.weapons_size() == 0);
    }
  }
  CHECK(available == listed);  // every type of the table, once; nothing else
  CHECK_FALSE(data.units(0).available());  // as the real game's entry 0
  CHECK(data.units(unit_type::kMarine).name() == "Marine");
  CHECK(data.units(unit_type::kMarine).available());
}

TEST_CASE("RequestData units: the real game's list is dense the same way (fixture)") {
  if (!sc2::test::have_shared("fixtures/real-sc2/abyssal_reef_response_data.pb")) {
    MESSAGE("skipped: ../shared/fixtures/real-sc2 is absent");
    return;
  }
  std::ifstream in(sc2::test::shared_dir() / "fixtures/real-sc2/abyssal_reef_response_data.pb", std::ios::binary);
  api::Response response;
  REQUIRE(response.ParseFromString(std::string(std::istreambuf_iterator<char>(in), {})));
  check_dense(response.data());
  CHECK_FALSE(response.data().units(0).available());
}

TEST_CASE("RequestData units on SMACv2's 32x32_flat: its 9 new types are the last 9 entries, in SMACv2's order") {
  const auto path = scripted_test::map_file(kSmacV2Maps, "32x32_flat");
  if (!path) return;
  const auto factory = scripted_test::load_file(*path);
  const std::vector<const UnitTypeStats*> map_types = factory->data().types->map_types();
  REQUIRE(map_types.size() == 9);
  const api::ResponseData data = units_data(map_types);
  check_dense(data);
  // SMACv2: first map id = len(units) - 9, then baneling, colossus, ... zergling by +1.
  const int first = data.units_size() - 9;
  CHECK(static_cast<std::uint32_t>(first) == scripted::largest_builtin_unit_type_id() + 1);
  // "Colosus_RL" is the map's own spelling.
  const std::array<const char*, 9> names = {"Baneling_RL", "Colosus_RL", "Hydralisk_RL", "Marauder_RL", "Marine_RL",
                                            "Medivac_RL",  "Stalker_RL", "Zealot_RL",    "Zergling_RL"};
  for (int k = 0; k < 9; ++k) {
    CAPTURE(k);
    const auto& u = data.units(first + k);
    CHECK(u.unit_id() == map_types[static_cast<std::size_t>(k)]->id);
    CHECK(u.name() == names[static_cast<std::size_t>(k)]);
    CHECK(u.available());
  }
}
