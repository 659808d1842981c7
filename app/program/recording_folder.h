#pragma once
// Where the next demonstration recording goes: the folder asked for when it is new or empty,
// else the first free "<folder>-2", "<folder>-3", ... beside it (a map change or a second
// recording never writes into a finished dataset).
#include <filesystem>

namespace sc2::app {

std::filesystem::path next_recording_folder(const std::filesystem::path& base);

}  // namespace sc2::app
