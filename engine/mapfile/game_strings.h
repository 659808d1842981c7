#pragma once
// GameStrings.txt (spec sc2-map-files.md §1.7): key=value lines (UTF-8, a byte-order mark
// and CRLF allowed), the text StringExternal("Param/Value/...") names.
#include <map>
#include <string>
#include <string_view>

#include "engine/mapfile/limits.h"

namespace sc2::engine::mapfile {

using GameStrings = std::map<std::string, std::string, std::less<>>;

// Each line's key up to the first '='; a later line of the same key replaces an earlier one.
// Lines without '=' (blank ones) are not key=value lines and are passed over: the strings are
// text for people, and a damaged line must not keep a map from running. A file over
// limits.max_strings_bytes or of more than limits.max_strings keys is a MapError (file
// "enUS.SC2Data/LocalizedData/GameStrings.txt").
GameStrings parse_game_strings(std::string_view text, const MapLimits& limits = {});

}  // namespace sc2::engine::mapfile
