#include "engine/mapfile/game_strings.h"

#include "engine/mapfile/file_names.h"
#include "engine/mapfile/map_error.h"

namespace sc2::engine::mapfile {

GameStrings parse_game_strings(std::string_view text, const MapLimits& limits) {
  if (text.size() > limits.max_strings_bytes) {
    throw MapError(std::string(file_names::kGameStrings), std::to_string(text.size()) + " bytes is over the limit of " +
                                                              std::to_string(limits.max_strings_bytes));
  }
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());
  GameStrings strings;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t equals = line.find('=');
    if (equals == std::string_view::npos || equals == 0) continue;
    strings.insert_or_assign(std::string(line.substr(0, equals)), std::string(line.substr(equals + 1)));
    if (strings.size() > limits.max_strings) {
      throw MapError(std::string(file_names::kGameStrings), "more than " + std::to_string(limits.max_strings) + " strings");
    }
  }
  return strings;
}

}  // namespace sc2::engine::mapfile
