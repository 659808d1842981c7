// The galaxy_script fuzz target (fuzz/galaxy_script_target.h) in the normal suite: every file of
// its corpus (our own seed scripts, one per construct, and any input that once crashed) and the
// 30 reference scripts from ../shared/clients (which stay there: they are Blizzard's and
// DeepMind's) run through it cleanly. Seeds named bad-* must not compile; the others must.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/galaxy_script_target.h"
#include "tests/engine/galaxy_reference_maps.h"

namespace fs = std::filesystem;
using namespace sc2::galaxy;
using namespace sc2::galaxy::test;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("galaxy fuzz target: its seed corpus compiles (but the bad ones) and runs 64 loops cleanly") {
  const fs::path corpus = fs::path(SC2_SOURCE_DIR) / "fuzz/corpus/galaxy_script";
  std::size_t seeds = 0;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    const std::string name = entry.path().filename().string();
    CAPTURE(name);
    const fuzz::ScriptRun run = fuzz::run_script(read_file(entry.path()));
    if (name.starts_with("crash-")) continue;  // a past finding: it only has to run
    ++seeds;
    CHECK(run.compiled == !name.starts_with("bad-"));
    if (run.compiled) CHECK(run.loops == 64);
  }
  CHECK(seeds >= 15);
}

TEST_CASE("galaxy fuzz target: the 30 reference scripts run through it without a run-time error") {
  if (!have_reference_maps()) return;
  std::size_t maps = 0;
  for (const char* folder : {kMiniGames, kSmacMaps}) {
    for (const fs::path& archive : reference_maps(folder)) {
      CAPTURE(archive.filename().string());
      const fuzz::ScriptRun run = fuzz::run_script(reference_script(archive));
      CHECK(run.compiled);
      CHECK(run.runtime_errors == 0);  // the fuzzer's small budgets still fit the real scripts
      CHECK(run.loops == 64);
      ++maps;
    }
  }
  CHECK(maps == 30);
}
