# sc2_map_catalog(<target> HEADER <path under generated/>)
# Adds the client's map catalogue (client/map_catalog.h), generated from the built-in map folders
# under assets/maps (generate_map_catalog.cmake, map_folders.cmake), to <target>; regenerated when
# a folder's strings or script, or assets/maps/order.txt, change.
function(sc2_map_catalog target)
  cmake_parse_arguments(CATALOG "" "HEADER" "" ${ARGN})
  set(maps_dir ${PROJECT_SOURCE_DIR}/assets/maps)
  file(GLOB_RECURSE fact_files CONFIGURE_DEPENDS ${maps_dir}/*/GameStrings.txt ${maps_dir}/*/MapScript.galaxy)
  set(generated_dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(header ${generated_dir}/${CATALOG_HEADER})
  set(script ${PROJECT_SOURCE_DIR}/cmake/generate_map_catalog.cmake)
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} -DMAPS_DIR=${maps_dir} -DOUTPUT=${header} -P ${script}
    DEPENDS ${fact_files} ${maps_dir}/order.txt ${script} ${PROJECT_SOURCE_DIR}/cmake/map_folders.cmake
    COMMENT "Generating ${CATALOG_HEADER} from the map folders of assets/maps"
    VERBATIM)
  target_sources(${target} PRIVATE ${header})
  target_include_directories(${target} PRIVATE ${generated_dir})
endfunction()
