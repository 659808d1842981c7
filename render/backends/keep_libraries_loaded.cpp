#include "render/backends/keep_libraries_loaded.h"

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#include <dlfcn.h>
#include <link.h>
#endif

namespace sc2::render::backends {

void keep_loaded_libraries_for_leak_reports() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void*) {
        // The main program has an empty name; RTLD_NOLOAD only touches what is loaded already.
        if (info->dlpi_name != nullptr && info->dlpi_name[0] != '\0') {
          // The handle is deliberately not closed: that would undo nothing (NODELETE is sticky)
          // and the reference keeps the library in place as well.
          (void)dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
        }
        return 0;
      },
      nullptr);
#endif
}

}  // namespace sc2::render::backends
