#pragma once
// The NumPy .npy format, version 1.0, written and read by us (so datasets need numpy
// alone on the Python side): the magic "\x93NUMPY", version bytes 1 0, a little-endian
// uint16 header length, then an ASCII Python dict literal
// {'descr': '<i4', 'fortran_order': False, 'shape': (n, 27, 64, 64), } padded with spaces
// and ended by '\n' so the data starts at a multiple of 64 bytes; then the data, C order.
// NpyFileWriter streams rows and rewrites the header with the final row count at close(),
// so its header is sized for any row count up front.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace sc2::agents::dataset {

// Every refusal of a dataset (bad folder, bad file, inconsistent index) is one of these,
// with a message naming the file and what is wrong.
class DatasetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class DType { int32, uint8, float32 };

std::string_view descr(DType type);  // "<i4", "|u1", "<f4"
std::size_t item_size(DType type);

struct NpyHeader {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
  std::size_t data_offset = 0;  // bytes before the data (magic + length + dict)

  std::int64_t elements() const;  // product of shape (1 for shape ())
};

// The full header bytes (magic to '\n'). `row_digits` > 0 sizes the header as if the first
// dimension had that many digits (then padded with spaces), so it can be rewritten in place.
std::string npy_header(DType type, const std::vector<std::int64_t>& shape, int row_digits = 0);

// Reads and checks the header of `path` (magic, version 1.0 or 2.0, dict keys, shape
// syntax). Throws DatasetError naming the file.
NpyHeader read_npy_header(const std::filesystem::path& path);

// A .npy file of rows of `row_shape` elements, written one or more rows at a time.
class NpyFileWriter {
 public:
  NpyFileWriter(std::filesystem::path path, DType type, std::vector<std::int64_t> row_shape);
  ~NpyFileWriter();  // closes (best effort) if close() was not called
  NpyFileWriter(const NpyFileWriter&) = delete;
  NpyFileWriter& operator=(const NpyFileWriter&) = delete;

  // `data` holds rows * row_elements() items of the file's dtype. Throws DatasetError on I/O errors.
  void append(const void* data, std::int64_t rows);
  void close();  // writes the final shape into the header; throws DatasetError on I/O errors
  std::int64_t rows() const { return rows_; }
  std::int64_t row_elements() const;

 private:
  std::filesystem::path path_;
  DType type_;
  std::vector<std::int64_t> row_shape_;
  std::ofstream out_;
  std::int64_t rows_ = 0;
  bool closed_ = false;
};

}  // namespace sc2::agents::dataset
