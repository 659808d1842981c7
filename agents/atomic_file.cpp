#include "agents/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sc2::agents {

std::filesystem::path partial_name(const std::filesystem::path& file) {
  std::filesystem::path partial = file;
  partial += ".partial";
  return partial;
}

void write_file_atomically(const std::filesystem::path& file, std::string_view bytes) {
  const std::filesystem::path partial = partial_name(file);
  const auto fail = [&](const char* step, int error) {
    ::unlink(partial.c_str());
    throw std::runtime_error("cannot write " + file.string() + ": " + step + ": " + std::strerror(error));
  };
  const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int error = errno;
    throw std::runtime_error("cannot write " + file.string() + ": creating " + partial.filename().string() + ": " +
                             std::strerror(error));
  }
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : ENOSPC;
      ::close(fd);
      fail("writing", error);
    }
    written += static_cast<std::size_t>(n);
  }
  // On disk before the rename: a crash must not leave the final name with missing data.
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    fail("flushing to disk", error);
  }
  if (::close(fd) != 0) fail("closing", errno);
  if (::rename(partial.c_str(), file.c_str()) != 0) fail("renaming into place", errno);
}

}  // namespace sc2::agents
