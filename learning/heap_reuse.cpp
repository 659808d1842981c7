#include "learning/heap_reuse.h"

#include <malloc.h>

#include <climits>

namespace sc2::learning {

void keep_freed_memory_for_reuse() {
  mallopt(M_MMAP_MAX, 0);                // no allocation is its own mapping, so none is unmapped when freed
  mallopt(M_TRIM_THRESHOLD, INT_MAX);    // and the heap's free top is not handed back either
}

}  // namespace sc2::learning
