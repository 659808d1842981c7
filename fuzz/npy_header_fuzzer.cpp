// Fuzz target: the .npy header reader of datasets (agents/dataset/npy.cpp).
// Input: the start of a .npy file. Oracle: the header reads or DatasetError names what is
// wrong; any other exception, crash or UB (e.g. in the element count) is a finding.
#include <cstddef>
#include <cstdint>

#include "agents/dataset/npy.h"
#include "fuzz/fuzz_temp_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto file = sc2::fuzz::own_temp_folder() / "array.npy";
  sc2::fuzz::write_input(file, data, size);
  try {
    const auto header = sc2::agents::dataset::read_npy_header(file);
    (void)header.elements();
  } catch (const sc2::agents::dataset::DatasetError&) {
  }
  return 0;
}
