# Build step (cmake -P): writes the client's map catalogue (client/map_catalog.h: name, time
# limit, description, folder, players) of the built-in map folders as a C++ header, so that the
# client knows the maps' facts without naming one (map_folders.cmake says where each comes from).
#   -DMAPS_DIR=<assets/maps> -DOUTPUT=<header>
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in this -P script
include(${CMAKE_CURRENT_LIST_DIR}/map_folders.cmake)
sc2_list_map_folders("${MAPS_DIR}")
if(NOT SC2_MAP_FOLDERS)
  sc2_map_data_error("${MAPS_DIR}: no map folder (<category>/<Name>.SC2Map/)")
endif()

set(content "// GENERATED at build time by cmake/generate_map_catalog.cmake from the map folders of\n")
string(APPEND content "// assets/maps, in assets/maps/order.txt's order - do not edit.\n#pragma once\n")
string(APPEND content "#include \"client/map_catalog.h\"\n\nnamespace sc2 {\n\n")
string(APPEND content "inline constexpr MapFacts kMapCatalog[] = {\n")
foreach(name IN LISTS SC2_MINI_GAMES SC2_MELEE_MAPS)  # as sc2lite lists them: one-player maps first
  set(text "${SC2_MAP_${name}_DESCRIPTION}")
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(APPEND content "    {\"${name}\", ${SC2_MAP_${name}_TIME_LIMIT}, \"${text}\", \"${SC2_MAP_${name}_CATEGORY}\", ${SC2_MAP_${name}_PLAYERS}},\n")
endforeach()
string(APPEND content "};\n\n}  // namespace sc2\n")

include(${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake)
sc2_write_if_changed("${OUTPUT}" "${content}")
