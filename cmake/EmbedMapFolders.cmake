# sc2_embed_map_folders(<target> HEADER <path under generated/> MAPS_DIR <dir>)
# Adds a generated header holding every map folder under MAPS_DIR (<category>/<Name>.SC2Map/,
# the layout of a StarCraft II Maps folder) to <target>: each file's name inside its map and its
# bytes, so the programs carry the built-in maps and never read them at run time. Regenerated
# when a file is added, removed or changed, in the order of MAPS_DIR/order.txt (see
# embed_map_folders.cmake and map_folders.cmake).
function(sc2_embed_map_folders target)
  cmake_parse_arguments(EMBED "" "HEADER;MAPS_DIR" "" ${ARGN})
  file(GLOB_RECURSE all_files CONFIGURE_DEPENDS LIST_DIRECTORIES false ${EMBED_MAPS_DIR}/*)
  set(map_files "")
  foreach(file IN LISTS all_files)
    if(file MATCHES "/[^/]+\\.SC2Map/")
      list(APPEND map_files ${file})
    endif()
  endforeach()
  set(generated_dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(header ${generated_dir}/${EMBED_HEADER})
  set(script ${PROJECT_SOURCE_DIR}/cmake/embed_map_folders.cmake)
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} "-DINPUTS=${map_files}" -DMAPS_DIR=${EMBED_MAPS_DIR} -DOUTPUT=${header} -P ${script}
    DEPENDS ${map_files} ${EMBED_MAPS_DIR}/order.txt ${script} ${PROJECT_SOURCE_DIR}/cmake/map_folders.cmake
    COMMENT "Embedding the map folders of ${EMBED_MAPS_DIR}"
    VERBATIM)
  target_sources(${target} PRIVATE ${header})
  target_include_directories(${target} PRIVATE ${generated_dir})
endfunction()
