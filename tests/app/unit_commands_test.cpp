// Each unit's last raw command as an observer saw it (app/views/unit_commands.h): what is kept,
// what is forgotten, and the marks the World view draws from it.
#include "app/views/unit_commands.h"

#include <doctest/doctest.h>

using namespace sc2;
using sc2::app::CommandKind;

namespace {

pysc2::RawUnit unit(std::uint64_t tag, float x, float y, pysc2::Alliance alliance = pysc2::Alliance::self) {
  pysc2::RawUnit u;
  u.tag = tag;
  u.pos = {x, y, 0.0f};
  u.radius = 0.5f;
  u.alliance = alliance;
  return u;
}

pysc2::EchoedRawCommand echoed(int ability, std::vector<std::uint64_t> tags, std::optional<pysc2::WorldXY> point,
                               std::optional<std::uint64_t> target, std::uint32_t loop) {
  return {pysc2::RawCommand{ability, false, std::move(tags), point, target}, loop};
}

}  // namespace

TEST_CASE("a unit's last command replaces its earlier ones, dead units and bare selections are forgotten") {
  pysc2::RawView raw;
  raw.units = {unit(1, 10, 10), unit(2, 12, 10), unit(9, 20, 10, pysc2::Alliance::enemy)};
  pysc2::LastUnitCommands last;
  pysc2::note_unit_commands(last,
                          {echoed(23, {1, 2}, std::nullopt, 9, 100),        // both attack the enemy
                           echoed(16, {2}, pysc2::WorldXY{5, 5}, std::nullopt, 101),  // then 2 moves
                           echoed(0, {1}, std::nullopt, std::nullopt, 102)},           // a selection only
                          raw);
  REQUIRE(last.size() == 2);
  CHECK(last.at(1).command.ability_id == 23);
  CHECK(last.at(1).command.unit_tags == std::vector<std::uint64_t>{1});  // cut to the unit it is kept for
  CHECK(last.at(1).game_loop == 100);
  CHECK(last.at(2).command.ability_id == 16);
  CHECK(last.at(2).game_loop == 101);

  raw.units.erase(raw.units.begin());  // unit 1 died
  pysc2::note_unit_commands(last, {}, raw);
  CHECK_FALSE(last.contains(1));
  CHECK(last.contains(2));
}

TEST_CASE("command marks: a line to the target point or the target unit while seen, the command's short name") {
  pysc2::RawView raw;
  raw.units = {unit(1, 10, 10), unit(2, 12, 10), unit(3, 14, 10), unit(9, 20, 11, pysc2::Alliance::enemy),
               unit(4, 90, 90)};
  pysc2::LastUnitCommands last;
  pysc2::note_unit_commands(last,
                          {echoed(23, {1}, std::nullopt, 9, 1), echoed(16, {2}, pysc2::WorldXY{5, 6}, std::nullopt, 1),
                           echoed(23, {3}, std::nullopt, 777, 1),  // its target is not in view
                           echoed(386, {4}, std::nullopt, 1, 1)},  // Heal, but unit 4 is out of the view
                          raw);
  const render::WorldRect view{0, 0, 40, 40};
  const auto marks = app::command_marks(raw, last, view);
  REQUIRE(marks.size() == 3);
  CHECK(marks[0].label == "Attack");
  CHECK(marks[0].kind == CommandKind::attack);
  REQUIRE(marks[0].to.has_value());
  CHECK(marks[0].to->x == 20.0f);
  CHECK(marks[0].to->y == 11.0f);
  CHECK(marks[0].label_anchor.y == doctest::Approx(10.5f));  // just above the disc
  CHECK(marks[1].label == "Move");
  CHECK(marks[1].kind == CommandKind::move);
  REQUIRE(marks[1].to.has_value());
  CHECK(marks[1].to->x == 5.0f);
  CHECK(marks[2].label == "Attack");
  CHECK_FALSE(marks[2].to.has_value());  // the target unit is gone: no line

  const auto everywhere = app::command_marks(raw, last, render::WorldRect{0, 0, 100, 100});
  REQUIRE(everywhere.size() == 4);
  CHECK(everywhere[3].label == "Effect_Heal");
  CHECK(everywhere[3].kind == CommandKind::other);
  CHECK(pysc2::short_name(pysc2::RawCommand{999999, false, {1}, std::nullopt, std::nullopt}) == "ability 999999");
  CHECK(app::command_marks(raw, {}, view).empty());
}
