#pragma once
// Under AddressSanitizer or ThreadSanitizer only: marks every shared library loaded so far as
// never to be unloaded. SDL and Mesa dlclose the GL driver at shutdown; LeakSanitizer runs after that and
// can then neither name the driver in a leak report ("<unknown module>") nor follow pointers
// held in its globals, so the driver's own allocations would fail ./test --sanitize as leaks
// nobody can attribute. With the libraries kept, reports name them (tools/lsan.supp).
// ThreadSanitizer aborts when a library named in a called_from_lib suppression (the driver,
// tools/tsan.supp) is unloaded. A no-op in every other build.
namespace sc2::render::backends {

void keep_loaded_libraries_for_leak_reports();

}  // namespace sc2::render::backends
