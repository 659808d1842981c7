#pragma once
// Words and colours of a melee game's end (the result banner and the episode list): the
// player's outcome as PySC2 gives it (1 victory, 0 tie, -1 defeat). Pure, tested without a
// window; the banner's colours are exact so that a screenshot can find them.
#include <cstdint>
#include <optional>
#include <string>

#include "app/session/session_snapshot.h"

namespace sc2::app::ui {

inline const char* result_title(int outcome) { return game_result_name(outcome); }

// The episode list's result column: the title, or "" for an episode without a result (a
// mini-game, or one restarted before its end).
inline std::string result_cell(const std::optional<int>& outcome) { return outcome ? result_title(*outcome) : ""; }

struct BannerColour {
  std::uint8_t r, g, b;
};

// The banner's background (opaque): green for a victory, red for a defeat, slate for a tie.
inline BannerColour result_banner_colour(int outcome) {
  if (outcome > 0) return {20, 110, 40};
  if (outcome < 0) return {140, 30, 10};
  return {70, 70, 90};
}

}  // namespace sc2::app::ui
