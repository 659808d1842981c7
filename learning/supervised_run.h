#pragma once
// `sc2train --demonstrations DATASET --out DIR ...` (no torch in this header): trains, prints
// the accuracies before training and after every epoch in the paper's Table 2 layout, writes
// DIR/accuracy.csv (a row per evaluation), DIR/checkpoint.pt and DIR/best.pt (best held-out
// top-1 of the function id). Ctrl+C ends the minibatch in progress, evaluates, saves
// checkpoint.pt and returns; a second Ctrl+C stops at once.
#include <string>
#include <vector>

namespace sc2::learning {

// `args` without the program name; the exit code (0 done, 1 a dataset or file problem, 2 a bad
// command line), messages on stderr as "sc2train: ...".
int run_demonstrations(const std::vector<std::string>& args);

}  // namespace sc2::learning
