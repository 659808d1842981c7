# CMake glue for the Debian packages we build against (no copied code here).
# Included (not add_subdirectory) so the imported targets are visible everywhere.
# Each find_* below gives an imported target the rest of the tree links to.
find_package(Threads REQUIRED)
find_package(Protobuf REQUIRED)                 # protobuf::libprotobuf, protobuf::protoc
find_package(Boost 1.74 REQUIRED)               # Boost::headers (Asio + Beast)
find_package(CLI11 REQUIRED CONFIG)             # CLI11::CLI11
find_package(nlohmann_json REQUIRED CONFIG)     # nlohmann_json::nlohmann_json
find_package(doctest REQUIRED CONFIG)           # doctest::doctest
find_package(PkgConfig REQUIRED)
# pugixml (libpugixml-dev): the map files' XML (engine/mapfile). Chosen over expat for its
# small DOM API; it never expands DTD entities nor fetches anything.
find_package(pugixml REQUIRED CONFIG)           # pugixml::pugixml
# StormLib (libstorm-dev): .SC2Map archives (MPQ). Debian ships neither a CMake config nor a .pc.
find_path(STORMLIB_INCLUDE_DIR StormLib.h)
find_library(STORMLIB_LIBRARY storm)
if(NOT STORMLIB_INCLUDE_DIR OR NOT STORMLIB_LIBRARY)
  message(FATAL_ERROR "StormLib is missing: install libstorm-dev (tools/debian-packages.txt)")
endif()
add_library(StormLib::StormLib UNKNOWN IMPORTED)
set_target_properties(StormLib::StormLib PROPERTIES
  IMPORTED_LOCATION "${STORMLIB_LIBRARY}" INTERFACE_INCLUDE_DIRECTORIES "${STORMLIB_INCLUDE_DIR}")

if(SC2_BUILD_APP)
  find_package(SDL2 REQUIRED CONFIG)            # SDL2::SDL2
  find_package(OpenGL REQUIRED COMPONENTS OpenGL)
  find_package(glm REQUIRED CONFIG)             # glm::glm
  # Debian's libimgui-dev has no CMake config; its libimgui.a already holds the
  # SDL2 and OpenGL3 backends (header backends/imgui_impl_sdl.h).
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
  pkg_check_modules(EPOXY REQUIRED IMPORTED_TARGET epoxy)
  # libstb.so already contains the implementations (stbi_write_png).
  pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
endif()

if(SC2_BUILD_LEARNING)
  # libtorch-dev (Debian's PyTorch C++ library, CPU): only learning/ links it. Its BLAS is the
  # system's libblas.so.3 alternative; libopenblas0-openmp makes that OpenBLAS (10-20x faster
  # convolutions than the reference BLAS, ../shared/build-notes.md).
  find_package(Torch REQUIRED CONFIG)           # ${TORCH_LIBRARIES} (imported target torch)
  # Gloo's headers (libgloo-dev), which c10d's ProcessGroupGloo.hpp includes (learning/distributed.cpp).
  find_path(GLOO_INCLUDE_DIR gloo/config.h)
  if(NOT GLOO_INCLUDE_DIR)
    message(FATAL_ERROR "Gloo's headers (gloo/config.h) are missing: install libgloo-dev (tools/debian-packages.txt)")
  endif()
endif()
