#pragma once
// Writing a file so that it is never seen half-written: the bytes go to a temporary name in
// the same folder, are flushed to disk, then renamed over the final name. On any failure
// (disk full, folder not writable) the temporary file is removed and nothing appears under
// the final name, so a reader never mistakes a broken file for a complete one.
#include <filesystem>
#include <string_view>

namespace sc2::agents {

// Throws std::runtime_error naming `file` and the system's reason (e.g. "No space left on
// device"); the final name is then untouched.
void write_file_atomically(const std::filesystem::path& file, std::string_view bytes);

// The temporary name write_file_atomically uses for `file` (the same folder, so the rename
// is atomic): "<name>.partial".
std::filesystem::path partial_name(const std::filesystem::path& file);

}  // namespace sc2::agents
