# Build step (cmake -P): turns every shaders/*.glsl into a string constant in one header,
# so the programs carry their shaders and never read files at run time.
#   -DSHADER_DIR=<dir with *.glsl>  -DOUTPUT=<header to write>
# shaders/unit_disc.frag.glsl becomes sc2::render::shaders::unit_disc_frag.
file(GLOB shader_files "${SHADER_DIR}/*.glsl")
list(SORT shader_files)
set(content "// GENERATED at build time by render/embed_shaders.cmake from shaders/*.glsl - do not edit.\n")
string(APPEND content "#pragma once\n#include <string_view>\n\nnamespace sc2::render::shaders {\n")
foreach(file IN LISTS shader_files)
  get_filename_component(name "${file}" NAME)
  string(REGEX REPLACE "\\.glsl$" "" name "${name}")
  string(REPLACE "." "_" name "${name}")
  file(READ "${file}" source)
  if(source MATCHES "\\)glsl\"")
    message(FATAL_ERROR "${file} contains the raw-string delimiter )glsl\"")
  endif()
  string(APPEND content "\ninline constexpr std::string_view ${name} = R\"glsl(${source})glsl\";\n")
endforeach()
string(APPEND content "\n}  // namespace sc2::render::shaders\n")
# Only touch the header when it changed, so unchanged shaders rebuild nothing.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
