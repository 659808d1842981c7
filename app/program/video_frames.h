#pragma once
// sc2studio --video DIR (PySC2's play --video): every frame that shows a new observation is
// saved as DIR/frame_000001.png, frame_000002.png, ... with synchronous rendering on, so no
// observation is skipped; a video tool makes a film of them, e.g.
//   ffmpeg -framerate 22.4 -i DIR/frame_%06d.png film.mp4
#include <filesystem>
#include <string>

namespace sc2::app {

// Creates `folder` if missing. An error text when it cannot be made or already holds files
// (frames are never written over earlier ones); empty when it is ready.
std::string prepare_video_folder(const std::filesystem::path& folder);

// The file of frame `number` (1, 2, ...) in `folder`.
std::filesystem::path video_frame_path(const std::filesystem::path& folder, int number);

}  // namespace sc2::app
