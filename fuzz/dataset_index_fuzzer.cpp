// Fuzz target: the dataset reader's index.json (agents/dataset/dataset_reader.cpp).
// Input: the text of index.json, written into an otherwise empty dataset folder that
// Dataset::open then validates. Oracle: it opens or throws DatasetError naming what is
// wrong; any other exception, crash or UB is a finding.
#include <cstddef>
#include <cstdint>

#include "agents/dataset/dataset_reader.h"
#include "fuzz/fuzz_temp_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto folder = sc2::fuzz::own_temp_folder() / "dataset";
  static const bool created = std::filesystem::create_directories(folder) || true;
  (void)created;
  sc2::fuzz::write_input(folder / "index.json", data, size);
  try {
    (void)sc2::agents::dataset::Dataset::open(folder);
  } catch (const sc2::agents::dataset::DatasetError&) {
  }
  return 0;
}
