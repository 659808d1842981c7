# Build step (cmake -P): writes text files as string constants into one header, so the
# programs carry their shaders and default keymap and never read them at run time.
#   -DINPUTS=<file;file;...> -DOUTPUT=<header> -DNAMESPACE=<C++ namespace> [-DSTRIP_SUFFIX=.glsl]
#   [-DINDEX=<array name>]
# A file's constant is its name, suffix stripped, with '.' and '-' turned into '_':
# shaders/unit_disc.frag.glsl -> unit_disc_frag; assets/keymap.txt -> keymap_txt.
# INDEX: also an array of {stem, text} over all files, by stem (the name without its last
# extension): assets/maps/SingleScreen.json -> {"SingleScreen", SingleScreen_json}.
set(content "// GENERATED at build time by cmake/embed_text_files.cmake - do not edit.\n")
string(APPEND content "#pragma once\n#include <string_view>\n\nnamespace ${NAMESPACE} {\n")
list(SORT INPUTS)
set(index "")
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
  get_filename_component(stem "${file}" NAME_WLE)
  string(APPEND index "    {\"${stem}\", ${name}},\n")
endforeach()
if(INDEX)
  string(APPEND content "\nstruct EmbeddedText {\n  std::string_view stem;\n  std::string_view text;\n};\n")
  string(APPEND content "\ninline constexpr EmbeddedText ${INDEX}[] = {\n${index}};\n")
endif()
string(APPEND content "\n}  // namespace ${NAMESPACE}\n")
include(${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake)
sc2_write_if_changed("${OUTPUT}" "${content}")
