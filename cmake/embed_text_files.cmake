# Build step (cmake -P): writes text files as string constants into one header, so the
# programs carry their shaders and default keymap and never read them at run time.
#   -DINPUTS=<file;file;...> -DOUTPUT=<header> -DNAMESPACE=<C++ namespace> [-DSTRIP_SUFFIX=.glsl]
# A file's constant is its name, suffix stripped, with '.' and '-' turned into '_':
# shaders/unit_disc.frag.glsl -> unit_disc_frag; assets/keymap.txt -> keymap_txt.
set(content "// GENERATED at build time by cmake/embed_text_files.cmake - do not edit.\n")
string(APPEND content "#pragma once\n#include <string_view>\n\nnamespace ${NAMESPACE} {\n")
list(SORT INPUTS)
foreach(file IN LISTS INPUTS)
  get_filename_component(name "${file}" NAME)
  if(STRIP_SUFFIX)
    string(REGEX REPLACE "${STRIP_SUFFIX}$" "" name "${name}")
  endif()
  string(REGEX REPLACE "[.-]" "_" name "${name}")
  file(READ "${file}" source)
  if(source MATCHES "\\)sc2text\"")
    message(FATAL_ERROR "${file} contains the raw-string delimiter )sc2text\"")
  endif()
  string(APPEND content "\ninline constexpr std::string_view ${name} = R\"sc2text(${source})sc2text\";\n")
endforeach()
string(APPEND content "\n}  // namespace ${NAMESPACE}\n")
# Only touch the header when it changed, so unchanged inputs rebuild nothing.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" previous)
  if(previous STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
