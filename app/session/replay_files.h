#pragma once
// Where saved replays go: <folder>/<map>-<YYYYmmdd>-<HHMMSS>.SC2Replay at the local time of
// saving, or the first free "...-2.SC2Replay", "...-3.SC2Replay" when that second already has
// one (an episode restarted within a second keeps both replays). Written atomically: a full
// disk leaves no truncated replay behind.
//
// Plain functions without state: any thread may call them.
#include <ctime>
#include <filesystem>
#include <string>
#include <string_view>

namespace sc2::app {

// The name the next replay of `map` saved into `folder` at `now` gets.
std::filesystem::path next_replay_path(const std::filesystem::path& folder, const std::string& map, std::time_t now);

// Creates `folder` when needed and writes `replay` there under next_replay_path; the path
// written. Throws std::exception naming the file and the reason when it cannot.
std::filesystem::path save_replay_file(const std::filesystem::path& folder, const std::string& map,
                                       std::string_view replay, std::time_t now);

}  // namespace sc2::app
