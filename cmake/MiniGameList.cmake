# sc2_mini_game_list(<target> HEADER <path under generated/> MODE engine|client)
# Adds a header generated from assets/maps/*.json (the one list of mini-games; see
# generate_mini_game_list.cmake) to <target>, regenerated when any of the files changes.
function(sc2_mini_game_list target)
  cmake_parse_arguments(LIST "" "HEADER;MODE" "" ${ARGN})
  set(maps_dir ${PROJECT_SOURCE_DIR}/assets/maps)
  file(GLOB map_files CONFIGURE_DEPENDS ${maps_dir}/*.json)
  set(generated_dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(header ${generated_dir}/${LIST_HEADER})
  set(script ${PROJECT_SOURCE_DIR}/cmake/generate_mini_game_list.cmake)
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} -DMAPS_DIR=${maps_dir} -DOUTPUT=${header} -DMODE=${LIST_MODE} -P ${script}
    DEPENDS ${map_files} ${script} ${PROJECT_SOURCE_DIR}/cmake/mini_games.cmake
    COMMENT "Generating ${LIST_HEADER} from assets/maps"
    VERBATIM)
  target_sources(${target} PRIVATE ${header})
  target_include_directories(${target} PRIVATE ${generated_dir})
endfunction()
