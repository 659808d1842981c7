#pragma once
// A command through the raw interface (ActionRaw.unit_command), as PySC2's viewer sends them
// in its raw-action mode (F12 there): unit tags and a world target instead of the selection
// and screen pixels. With InterfaceOptions.raw_affects_selection the commanded units also
// become the selection; ability 0 then only selects them, which is how that viewer selects.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "s2clientprotocol/sc2api.pb.h"

namespace sc2::pysc2 {

struct WorldXY {
  float x = 0.0f;
  float y = 0.0f;
  friend bool operator==(const WorldXY&, const WorldXY&) = default;
};

struct RawCommand {
  int ability_id = 0;  // 0: no command, only select unit_tags
  bool queued = false;
  std::vector<std::uint64_t> unit_tags;
  std::optional<WorldXY> target_world;           // world units, origin bottom-left
  std::optional<std::uint64_t> target_unit_tag;  // instead of target_world
  friend bool operator==(const RawCommand&, const RawCommand&) = default;
};

// One Action holding action_raw.unit_command.
SC2APIProtocol::Action to_action(const RawCommand& command);

// A raw command as an observer saw it echoed (sc2lite shows observers with the raw interface
// the player's raw unit commands in ResponseObservation.actions), with the loop it was given.
struct EchoedRawCommand {
  RawCommand command;
  std::uint32_t game_loop = 0;
};

// The raw unit commands among `response.actions()`, in order (autocast toggles and camera
// moves are not commands to a unit and are left out).
std::vector<EchoedRawCommand> echoed_raw_commands(const SC2APIProtocol::ResponseObservation& response);

// PySC2's raw notation with world coordinates, e.g. Move_pt("queued", [4294967297], [30.5, 12.0]),
// Attack_unit("now", [1, 2], 3), Stop_quick("now", [1]); ability 0 is raw_select([1, 2]) (PySC2
// has no raw function for it); an ability without a raw function of that target type is
// raw_cmd(ability N, ...).
std::string to_string(const RawCommand& command);

// The short name of a command, for labels: the raw function's name without its target suffix,
// a specific ability's by its general's ("Attack_Attack_unit" -> "Attack"), else "ability N".
std::string short_name(const RawCommand& command);

}  // namespace sc2::pysc2
