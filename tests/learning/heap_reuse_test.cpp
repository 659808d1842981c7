// learning/heap_reuse.h: after the call, a block larger than glibc's largest mmap threshold is
// served from the heap, so freeing it and asking again costs no new mapping (no page faults).
#include <doctest/doctest.h>

#include <malloc.h>

#include <memory>

#include "learning/heap_reuse.h"

TEST_CASE("heap reuse: a 64 MB block is served from the heap, not mapped") {
  sc2::learning::keep_freed_memory_for_reuse();
  constexpr std::size_t kBytes = std::size_t{64} << 20;  // above glibc's 32 MB mmap threshold limit
  const auto mapped_before = mallinfo2().hblks;            // blocks that are mappings of their own
  {
    const std::unique_ptr<char[]> block(new char[kBytes]);
    block[kBytes - 1] = 1;
    CHECK(mallinfo2().hblks == mapped_before);
    CHECK(mallinfo2().arena >= kBytes);  // it is in the heap
  }
  const auto heap_after_free = mallinfo2().arena;
  CHECK(heap_after_free >= kBytes);  // kept for the next block, not trimmed
}
