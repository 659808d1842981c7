#include "engine/mapfile/isolated_read.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

#include "engine/mapfile/map_error.h"

#if defined(__SANITIZE_THREAD__)
#define SC2_MAPFILE_IN_PROCESS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define SC2_MAPFILE_IN_PROCESS 1
#endif
#endif

// Under MemorySanitizer the child's address space is not limited (its shadow is mapped as
// needed). AddressSanitizer reserves its shadow at start, so the limit over what the child
// inherits holds there too: a huge allocation fails in the child (and, under libFuzzer, never
// reaches its malloc limit, which would write a false finding from the child).
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define SC2_MAPFILE_NO_MEMORY_LIMIT 1
#endif
#endif

// libFuzzer and the sanitizers report a crash through this callback; a child must not write
// the parent's crash artifact, so it clears it (weak: absent outside sanitizer builds).
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace sc2::engine::mapfile {
namespace {

// The child's exit status when it could not answer.
constexpr int kChildFailed = 3;
constexpr int kChildCannotAnswer = 4;
constexpr int kChildOutOfMemory = 5;

// The child's message: records 'F' (u32 name length, name, u64 size, bytes), then 'D' (done);
// or 'E' (u32 length, file, u32 length, reason) for a MapError.
void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_text(std::string& out, const std::string& text) {
  put_u32(out, static_cast<std::uint32_t>(text.size()));
  out += text;
}

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

#if !defined(SC2_MAPFILE_NO_MEMORY_LIMIT)
// The address space the process has now (/proc/self/statm's first field, in pages), 0 when
// it cannot be read.
std::uint64_t address_space_now() {
  const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char text[64] = {};
  const ssize_t n = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (n <= 0) return 0;
  std::uint64_t pages = 0;
  for (ssize_t i = 0; i < n && text[i] >= '0' && text[i] <= '9'; ++i) pages = pages * 10 + static_cast<std::uint64_t>(text[i] - '0');
  return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
}
#endif

// The child's own bounds: no core file of a StormLib crash, CPU time as the parent's
// deadline, and address space for what it inherited plus
// max_reader_memory_bytes, so an archive whose headers claim huge tables makes an
// allocation fail in the child instead of swapping the machine.
void limit_child(const MapLimits& limits) {
  const rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  const auto seconds = static_cast<rlim_t>(std::max(1, limits.max_archive_read_seconds));
  const rlimit cpu{seconds, seconds + 1};
  ::setrlimit(RLIMIT_CPU, &cpu);
#if !defined(SC2_MAPFILE_NO_MEMORY_LIMIT)
  if (const std::uint64_t now = address_space_now(); now > 0) {
    const auto bytes = static_cast<rlim_t>(now + limits.max_reader_memory_bytes);
    const rlimit memory{bytes, bytes};
    ::setrlimit(RLIMIT_AS, &memory);
  }
#endif
}

// Closes every descriptor from 3 up but `keep` (sorted): StormLib 9.22 writes past a heap
// buffer on some damaged archives (fuzz/README.md), so the child holds nothing of the
// server's (its listening socket, the clients' connections, files) that a corrupted child could
// misuse; stdin, stdout and stderr stay (a sanitizer's report goes to stderr).
void close_other_descriptors(std::vector<int> keep) {
  std::sort(keep.begin(), keep.end());
  unsigned first = 3;
  for (const int fd : keep) {
    if (fd < static_cast<int>(first)) continue;
    if (static_cast<unsigned>(fd) > first) ::close_range(first, static_cast<unsigned>(fd) - 1, 0);
    first = static_cast<unsigned>(fd) + 1;
  }
  ::close_range(first, ~0u, 0);
}

[[noreturn]] void run_child(const std::function<MapFiles()>& read, int out, const MapLimits& limits, int keep_fd) {
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(nullptr);
  for (const int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGXCPU}) ::signal(sig, SIG_DFL);
  close_other_descriptors({out, keep_fd});
  limit_child(limits);
  std::string message;
  int status = 0;
  try {
    const MapFiles files = read();
    for (const std::string& name : files.names()) {
      const std::string& bytes = *files.find(name);
      message.push_back('F');
      put_text(message, name);
      put_u64(message, bytes.size());
      message += bytes;
    }
    message.push_back('D');
  } catch (const MapError& error) {
    message.push_back('E');
    put_text(message, error.file());
    put_text(message, error.reason());
  } catch (const std::bad_alloc&) {
    status = kChildOutOfMemory;
  } catch (...) {
    status = kChildFailed;
  }
  if (status == 0 && !write_all(out, message)) status = kChildCannotAnswer;
  ::_exit(status);  // no atexit handlers, no flushing of the parent's buffers
}

class Reader {
 public:
  Reader(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}
  bool done() const { return offset_ == bytes_.size(); }
  char kind() { return take(1)[0]; }
  std::uint64_t number(int width) {
    const std::string_view b = take(static_cast<std::size_t>(width));
    std::uint64_t v = 0;
    for (int i = width - 1; i >= 0; --i) v = (v << 8) | static_cast<std::uint8_t>(b[static_cast<std::size_t>(i)]);
    return v;
  }
  std::string text() { return std::string(take(static_cast<std::size_t>(number(4)))); }
  std::string_view take(std::size_t n) {
    if (n > bytes_.size() - offset_) throw MapError(name_, "damaged: the archive reader's answer was cut short");
    const std::string_view out = bytes_.substr(offset_, n);
    offset_ += n;
    return out;
  }

 private:
  std::string_view bytes_;
  const std::string& name_;
  std::size_t offset_ = 0;
};

std::string describe_status(int status) {
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) return "it used up its CPU time";
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  if (WIFEXITED(status) && WEXITSTATUS(status) == kChildOutOfMemory) return "it ran out of its memory limit";
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  return "status " + std::to_string(status);
}

}  // namespace

MapFiles read_in_child_process(const std::function<MapFiles()>& read, const std::string& name,
                               const MapLimits& limits, int keep_fd) {
#if defined(SC2_MAPFILE_IN_PROCESS)
  (void)name;
  (void)limits;
  (void)keep_fd;
  return read();
#else
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0) throw MapError(name, std::string("cannot start the archive reader: ") + std::strerror(errno));
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    throw MapError(name, std::string("cannot start the archive reader: ") + std::strerror(errno));
  }
  if (child == 0) {
    ::close(pipe_fds[0]);
    run_child(read, pipe_fds[1], limits, keep_fd);
  }
  ::close(pipe_fds[1]);
  // Whatever happens below, the child is gone and reaped when this returns or throws.
  struct Child {
    pid_t pid;
    int fd;
    int status = 0;
    bool reaped = false;
    int wait() {
      while (!reaped && ::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      reaped = true;
      return status;
    }
    ~Child() {
      ::close(fd);
      if (!reaped) {
        ::kill(pid, SIGKILL);
        wait();
      }
    }
  } guard{child, pipe_fds[0]};

  // The answer is at most the files' limit plus their names and record headers.
  const std::uint64_t max_answer = limits.max_total_bytes + limits.max_files * (limits.max_name_length + 16) + 65536;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.max_archive_read_seconds);
  std::string answer;
  char buffer[65536];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      throw MapError(name, "the archive reader took longer than " + std::to_string(limits.max_archive_read_seconds) +
                               " s (the limit) and was stopped");
    }
    pollfd wanted{guard.fd, POLLIN, 0};
    const int ready = ::poll(&wanted, 1, static_cast<int>(std::min<long long>(left.count(), 1000)));
    if (ready < 0 && errno != EINTR) throw MapError(name, std::string("reading the archive reader's answer: ") + std::strerror(errno));
    if (ready <= 0) continue;
    const ssize_t n = ::read(guard.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw MapError(name, std::string("reading the archive reader's answer: ") + std::strerror(errno));
    if (n == 0) break;
    if (answer.size() + static_cast<std::size_t>(n) > max_answer) {
      throw MapError(name, "the archive reader's answer is over the map's size limits");
    }
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  const int status = guard.wait();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || answer.empty()) {
    throw MapError(name, "damaged: the archive reader failed on it (" + describe_status(status) + ")");
  }
  MapFiles files(limits);
  Reader in(answer, name);
  for (;;) {
    const char kind = in.kind();
    if (kind == 'D' && in.done()) return files;
    if (kind == 'E') {
      std::string file = in.text();
      std::string reason = in.text();
      throw MapError(std::move(file), std::move(reason));
    }
    if (kind != 'F') break;
    std::string file = in.text();
    const std::uint64_t size = in.number(8);
    files.check_room(file, size);
    const std::string_view bytes = in.take(static_cast<std::size_t>(size));
    files.add(std::move(file), std::string(bytes));
  }
  throw MapError(name, "damaged: the archive reader's answer is not well formed");
#endif
}

}  // namespace sc2::engine::mapfile
