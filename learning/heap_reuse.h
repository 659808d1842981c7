#pragma once
// Keeps freed memory in the process for the next allocation of the same size, instead of giving
// it back to the system. A training update's tensors are tens of megabytes (a convolution's
// im2col buffers over 128 samples: ~100 MB at 16x16), above glibc's largest mmap threshold
// (32 MB), so by default each one is a fresh mmap whose pages the kernel faults in and zeroes,
// and is unmapped again when freed: measured, that was over half of an update's time and two
// thirds of an inference's (bench/RESULTS.md, "the learner's memory"). With it, the same run
// makes 2.5x the samples per second. The cost: the process keeps its largest footprint (the
// trainer reuses it every update anyway).
namespace sc2::learning {

// Serves every allocation from the heap (no mmap) and never trims it; call once, before the
// network runs. Safe to call again.
void keep_freed_memory_for_reuse();

}  // namespace sc2::learning
