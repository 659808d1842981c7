#pragma once
// Runs an archive read in a child process of its own (internal to archive_reader.cpp).
// Debian's StormLib 9.22 writes past a heap buffer on some damaged archives (found by
// flipping single bytes of MoveToBeacon.SC2Map; ROBUSTNESS.md), and a map from a client is
// untrusted: so StormLib only ever sees a map's bytes in a forked child, which sends the files
// back over a pipe. Whatever StormLib does there, the server sees a MapError: "the archive
// reader failed on it (killed by signal 11)", or a timeout after max_archive_read_seconds.
#include <functional>
#include <string>

#include "engine/mapfile/limits.h"
#include "engine/mapfile/map_files.h"

namespace sc2::engine::mapfile {

// `read` runs only in the child, which first closes every descriptor but stdin, stdout,
// stderr, its answer pipe and `keep_fd` (the archive's, when `read` opens it through /proc),
// then limits its core dumps, CPU time and address space (limits.h). Its MapError comes back
// as the same MapError; its files are checked again against `limits` as they are added in
// this process. Under ThreadSanitizer (which stops a forked child of a threaded process)
// `read` runs in this process instead.
MapFiles read_in_child_process(const std::function<MapFiles()>& read, const std::string& name,
                               const MapLimits& limits, int keep_fd = -1);

}  // namespace sc2::engine::mapfile
