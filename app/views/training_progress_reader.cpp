#include "app/views/training_progress_reader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

namespace sc2::app {

namespace {

// A line longer than this is not a progress row (a row is ~150 bytes): it is dropped as damaged
// instead of growing the buffer without end.
constexpr std::size_t kMaxLine = std::size_t{1} << 16;

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

// Calls `field` with each comma-separated field of `line`; returns how many there were.
template <class Field>
std::size_t split(std::string_view line, Field&& field) {
  std::size_t count = 0;
  while (true) {
    const std::size_t comma = line.find(',');
    field(trim(line.substr(0, comma)));
    ++count;
    if (comma == std::string_view::npos) return count;
    line.remove_prefix(comma + 1);
  }
}

}  // namespace

std::optional<std::size_t> ProgressTable::column(std::string_view name) const {
  const auto it = std::find(columns_.begin(), columns_.end(), name);
  if (it == columns_.end()) return std::nullopt;
  return static_cast<std::size_t>(it - columns_.begin());
}

void ProgressTable::clear() { *this = ProgressTable{}; }

void ProgressTable::feed(std::string_view bytes) {
  while (!bytes.empty()) {
    const std::size_t newline = bytes.find('\n');
    if (newline == std::string_view::npos) {
      if (skipping_) return;
      unfinished_.append(bytes);
      if (unfinished_.size() > kMaxLine) {
        ++lines_;
        damaged("line " + std::to_string(lines_) + ": longer than " + std::to_string(kMaxLine) + " bytes");
        unfinished_.clear();
        skipping_ = true;  // the rest of this line goes too
      }
      return;
    }
    const std::string_view piece = bytes.substr(0, newline);
    bytes.remove_prefix(newline + 1);
    if (skipping_) {  // the end of an over-long line
      skipping_ = false;
      continue;
    }
    ++lines_;
    if (unfinished_.empty()) {
      parse_line(piece);
    } else {
      unfinished_.append(piece);
      parse_line(unfinished_);
      unfinished_.clear();
    }
  }
}

void ProgressTable::damaged(const std::string& why) {
  if (damaged_++ == 0) first_damage_ = why;
}

void ProgressTable::parse_line(std::string_view line) {
  if (trim(line).empty()) return;
  if (columns_.empty()) {
    split(line, [&](std::string_view name) { columns_.emplace_back(name); });
    values_.assign(columns_.size(), {});
    return;
  }
  row_.clear();
  bool numbers = true;
  const std::size_t fields = split(line, [&](std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) numbers = false;
    row_.push_back(value);
  });
  const std::string where = "line " + std::to_string(lines_) + ": ";
  if (fields != columns_.size()) {
    return damaged(where + std::to_string(fields) + " fields, the header has " + std::to_string(columns_.size()));
  }
  if (!numbers) return damaged(where + "a field is not a number");
  for (std::size_t i = 0; i < row_.size(); ++i) values_[i].push_back(row_[i]);
  ++rows_;
}

ProgressFileFollower::ProgressFileFollower(std::filesystem::path file, std::size_t max_read)
    : file_(std::move(file)), max_read_(std::max<std::size_t>(max_read, 1)) {}

bool ProgressFileFollower::poll() {
  error_.clear();
  bool changed = false;
  const auto start_over = [&] {
    if (offset_ > 0 || table_.has_header() || table_.unfinished_bytes() > 0) changed = true;
    table_.clear();
    offset_ = 0;
  };
  const int fd = ::open(file_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno != ENOENT) error_ = "cannot open " + file_.string() + ": " + std::strerror(errno);
    // Gone (or not there yet): when it comes back it is a new file, read from its start.
    if (exists_) ++restarts_;
    exists_ = false;
    identity_.reset();
    start_over();
    return changed;
  }
  struct stat facts {};
  if (::fstat(fd, &facts) != 0) {
    error_ = "cannot read " + file_.string() + ": " + std::strerror(errno);
    ::close(fd);
    return changed;
  }
  exists_ = true;
  const std::pair<std::uint64_t, std::uint64_t> identity{static_cast<std::uint64_t>(facts.st_dev),
                                                         static_cast<std::uint64_t>(facts.st_ino)};
  const auto size = static_cast<std::uint64_t>(facts.st_size);
  if (identity_ && (*identity_ != identity || size < offset_)) {  // replaced or truncated
    ++restarts_;
    start_over();
  }
  identity_ = identity;
  if (size > offset_) {
    std::string bytes(static_cast<std::size_t>(std::min<std::uint64_t>(size - offset_, max_read_)), '\0');
    const ssize_t got = ::pread(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset_));
    if (got < 0) {
      error_ = "cannot read " + file_.string() + ": " + std::strerror(errno);
    } else if (got > 0) {
      bytes.resize(static_cast<std::size_t>(got));
      table_.feed(bytes);
      offset_ += static_cast<std::uint64_t>(got);
      changed = true;
    }
  }
  ::close(fd);
  return changed;
}

}  // namespace sc2::app
