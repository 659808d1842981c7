#pragma once
// sc2train's command line (no torch): every flag of TrainOptions, then the per-map defaults
// for what the line did not say.
#include <string>
#include <vector>

#include "learning/train_options.h"

namespace sc2::learning {

struct TrainCommandLine {
  TrainOptions options;
  GivenOptions given;        // flags given explicitly (names without dashes)
  bool help = false;         // --help: print help_text and stop
  std::string help_text;
};

// `args` without the program name. Throws std::invalid_argument with CLI11's message for an
// unknown flag or a bad value; does not validate() (a resumed run fills in the rest first).
TrainCommandLine parse_train_command_line(const std::vector<std::string>& args);

}  // namespace sc2::learning
