#include "agents/dataset/npy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdint>
#include <cstring>

namespace sc2::agents::dataset {
namespace {

static_assert(std::endian::native == std::endian::little, "the .npy files are written little-endian as in memory");

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;
constexpr std::size_t kAlignment = 64;
constexpr int kMaxRowDigits = 20;  // any int64 row count fits

std::string shape_text(const std::vector<std::int64_t>& shape, int first_digits) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    std::string value = std::to_string(shape[i]);
    if (i == 0 && first_digits > 0 && static_cast<int>(value.size()) < first_digits) {
      value = std::string(static_cast<std::size_t>(first_digits), '9');  // the width to reserve
    }
    text += value;
    text += shape.size() == 1 ? ",)" : (i + 1 == shape.size() ? ")" : ", ");
  }
  if (shape.empty()) text += ")";
  return text;
}

std::string dict_text(DType type, const std::string& shape) {
  return "{'descr': '" + std::string(descr(type)) + "', 'fortran_order': False, 'shape': " + shape + ", }";
}

// Pads the dict to the alignment (and to at least `minimum` header bytes) and frames it.
std::string framed(std::string dict, std::size_t minimum) {
  const std::size_t fixed = kMagicSize + 2 + 2;
  std::size_t total = fixed + dict.size() + 1;
  total = std::max(total, minimum);
  total = (total + kAlignment - 1) / kAlignment * kAlignment;
  dict.append(total - fixed - dict.size() - 1, ' ');
  dict += '\n';
  std::string header(kMagic, kMagicSize);
  header += static_cast<char>(1);
  header += static_cast<char>(0);
  header += static_cast<char>(dict.size() & 0xff);
  header += static_cast<char>((dict.size() >> 8) & 0xff);
  return header + dict;
}

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& what) {
  throw DatasetError(path.string() + ": " + what);
}

// The text after "'key':" in the dict, with leading spaces skipped.
std::size_t value_start(const std::string& dict, const std::string& key, const std::filesystem::path& path) {
  const std::string quoted[] = {"'" + key + "'", "\"" + key + "\""};
  for (const auto& name : quoted) {
    auto at = dict.find(name);
    if (at == std::string::npos) continue;
    at = dict.find(':', at + name.size());
    if (at == std::string::npos) break;
    ++at;
    while (at < dict.size() && dict[at] == ' ') ++at;
    return at;
  }
  refuse(path, "the .npy header has no '" + key + "' entry (header: " + dict + ")");
}

}  // namespace

std::string_view descr(DType type) {
  switch (type) {
    case DType::int32: return "<i4";
    case DType::uint8: return "|u1";
    case DType::float32: return "<f4";
  }
  return "?";
}

std::size_t item_size(DType type) { return type == DType::uint8 ? 1 : 4; }

std::int64_t NpyHeader::elements() const {
  std::int64_t count = 1;
  for (const auto dimension : shape) count *= dimension;
  return count;
}

std::string npy_header(DType type, const std::vector<std::int64_t>& shape, int row_digits) {
  std::size_t minimum = 0;
  if (row_digits > 0 && !shape.empty()) minimum = framed(dict_text(type, shape_text(shape, row_digits)), 0).size();
  return framed(dict_text(type, shape_text(shape, 0)), minimum);
}

NpyHeader read_npy_header(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) refuse(path, "cannot open the file");
  std::array<char, 8> start{};
  if (!in.read(start.data(), start.size())) refuse(path, "too short for a .npy header (truncated or empty file)");
  if (std::memcmp(start.data(), kMagic, kMagicSize) != 0) refuse(path, "not a .npy file (the magic \\x93NUMPY is missing)");
  const int major = static_cast<unsigned char>(start[6]);
  std::size_t length = 0, prefix = 0;
  if (major == 1) {
    std::array<unsigned char, 2> bytes{};
    if (!in.read(reinterpret_cast<char*>(bytes.data()), 2)) refuse(path, "truncated .npy header");
    length = bytes[0] | (static_cast<std::size_t>(bytes[1]) << 8);
    prefix = 10;
  } else if (major == 2) {
    std::array<unsigned char, 4> bytes{};
    if (!in.read(reinterpret_cast<char*>(bytes.data()), 4)) refuse(path, "truncated .npy header");
    length = bytes[0] | (static_cast<std::size_t>(bytes[1]) << 8) | (static_cast<std::size_t>(bytes[2]) << 16) |
             (static_cast<std::size_t>(bytes[3]) << 24);
    prefix = 12;
  } else {
    refuse(path, ".npy format version " + std::to_string(major) + "." +
                     std::to_string(static_cast<unsigned char>(start[7])) + " is not supported (1.0 or 2.0)");
  }
  // The length is the file's claim: check it against the file before allocating it.
  std::error_code size_error;
  const auto file_size = std::filesystem::file_size(path, size_error);
  if (size_error || length > file_size - std::min<std::uintmax_t>(file_size, prefix)) {
    refuse(path, "truncated .npy header");
  }
  std::string dict(length, '\0');
  if (!in.read(dict.data(), static_cast<std::streamsize>(length))) refuse(path, "truncated .npy header");

  NpyHeader header;
  header.data_offset = prefix + length;
  auto at = value_start(dict, "descr", path);
  const char quote = at < dict.size() ? dict[at] : '\0';
  const auto end = (quote == '\'' || quote == '"') ? dict.find(quote, at + 1) : std::string::npos;
  if (end == std::string::npos) refuse(path, "the .npy header's descr is not a quoted string");
  header.descr = dict.substr(at + 1, end - at - 1);

  at = value_start(dict, "fortran_order", path);
  if (dict.compare(at, 4, "True") == 0) {
    header.fortran_order = true;
  } else if (dict.compare(at, 5, "False") != 0) {
    refuse(path, "the .npy header's fortran_order is neither True nor False");
  }

  at = value_start(dict, "shape", path);
  if (at >= dict.size() || dict[at] != '(') refuse(path, "the .npy header's shape is not a tuple");
  const auto close = dict.find(')', at);
  if (close == std::string::npos) refuse(path, "the .npy header's shape tuple is not closed");
  std::size_t i = at + 1;
  while (i < close) {
    while (i < close && (dict[i] == ' ' || dict[i] == ',')) ++i;
    if (i >= close) break;
    if (!std::isdigit(static_cast<unsigned char>(dict[i]))) refuse(path, "the .npy header's shape holds a non-number");
    std::int64_t value = 0;
    while (i < close && std::isdigit(static_cast<unsigned char>(dict[i]))) {
      if (value > (INT64_MAX - 9) / 10) refuse(path, "the .npy header's shape holds a number too large");
      value = value * 10 + (dict[i] - '0');
      ++i;
    }
    if (i < close && dict[i] == 'L') ++i;  // Python 2 longs
    header.shape.push_back(value);
  }
  // So that elements() (and sizes computed from it) cannot overflow.
  std::int64_t elements = 1;
  for (const auto dimension : header.shape) {
    if (__builtin_mul_overflow(elements, dimension, &elements)) refuse(path, "the .npy header's shape is too large");
  }
  return header;
}

NpyFileWriter::NpyFileWriter(std::filesystem::path path, DType type, std::vector<std::int64_t> row_shape)
    : path_(std::move(path)), type_(type), row_shape_(std::move(row_shape)) {
  out_.open(path_, std::ios::binary | std::ios::trunc);
  if (!out_) throw DatasetError(path_.string() + ": cannot create the file");
  std::vector<std::int64_t> shape{0};
  shape.insert(shape.end(), row_shape_.begin(), row_shape_.end());
  const std::string header = npy_header(type_, shape, kMaxRowDigits);
  out_.write(header.data(), static_cast<std::streamsize>(header.size()));
  if (!out_) throw DatasetError(path_.string() + ": cannot write the header");
}

NpyFileWriter::~NpyFileWriter() {
  try {
    close();
  } catch (...) {
    // A destructor must not throw; close() explicitly to see the error.
  }
}

std::int64_t NpyFileWriter::row_elements() const {
  std::int64_t count = 1;
  for (const auto dimension : row_shape_) count *= dimension;
  return count;
}

void NpyFileWriter::append(const void* data, std::int64_t rows) {
  if (closed_) throw DatasetError(path_.string() + ": append after close");
  const auto bytes = static_cast<std::streamsize>(rows * row_elements() * static_cast<std::int64_t>(item_size(type_)));
  out_.write(static_cast<const char*>(data), bytes);
  if (!out_) throw DatasetError(path_.string() + ": write failed (disk full?)");
  rows_ += rows;
}

void NpyFileWriter::close() {
  if (closed_) return;
  closed_ = true;
  std::vector<std::int64_t> shape{rows_};
  shape.insert(shape.end(), row_shape_.begin(), row_shape_.end());
  const std::string header = npy_header(type_, shape, kMaxRowDigits);
  out_.seekp(0);
  out_.write(header.data(), static_cast<std::streamsize>(header.size()));
  out_.close();
  if (!out_) throw DatasetError(path_.string() + ": cannot finish the file");
}

}  // namespace sc2::agents::dataset
