# Checks (cmake -P) that no file under app/, client/ or render/ names a mini-game: the app and
# the client learn the maps from the game (available_maps) and the build's map catalogue, so a
# name written there is a second list that goes stale. The names are those of the one-player map
# folders under assets/maps (cmake/map_folders.cmake). Comments count too.
#   cmake -DROOT=<source tree> -P tools/check_minigame_names.cmake
# Fails listing every "<file>:<line>: names <map>" it finds; a test runs it on a fixture tree
# that has a name in it (tests/fixtures/minigame_names/).
cmake_policy(SET CMP0057 NEW)  # if(IN_LIST) in this -P script
include(${CMAKE_CURRENT_LIST_DIR}/../cmake/map_folders.cmake)
if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -P check_minigame_names.cmake")
endif()
sc2_list_map_folders("${ROOT}/assets/maps")
if(NOT SC2_MINI_GAMES)
  message(FATAL_ERROR "${ROOT}/assets/maps: no mini-game map folder, nothing to check against")
endif()

set(findings "")
set(checked 0)
foreach(folder IN ITEMS app client render)
  file(GLOB_RECURSE files LIST_DIRECTORIES false "${ROOT}/${folder}/*")
  list(SORT files)
  foreach(file IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(READ "${file}" text)
    # Quick test on the whole file first; lines only where a name occurs.
    set(named "")
    foreach(name IN LISTS SC2_MINI_GAMES)
      string(FIND "${text}" "${name}" at)
      if(NOT at EQUAL -1)
        list(APPEND named "${name}")
      endif()
    endforeach()
    if(NOT named)
      continue()
    endif()
    file(RELATIVE_PATH shown "${ROOT}" "${file}")
    # Line by line (file(STRINGS) would drop empty lines): newlines become list separators, after
    # the characters CMake's lists treat specially (; \ [ ]) are made plain.
    string(REPLACE ";" "," text "${text}")
    string(REPLACE "\\" "/" text "${text}")
    string(REPLACE "[" "(" text "${text}")
    string(REPLACE "]" ")" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(number 0)
    foreach(line IN LISTS lines)
      math(EXPR number "${number} + 1")
      foreach(name IN LISTS named)
        string(FIND "${line}" "${name}" at)
        if(NOT at EQUAL -1)
          string(APPEND findings "  ${shown}:${number}: names ${name}\n")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()

if(findings)
  message(FATAL_ERROR "mini-game names under app/, client/ or render/ (they come from the game's "
                      "available_maps and client/map_catalog.h instead):\n${findings}")
endif()
list(LENGTH SC2_MINI_GAMES count)
message(STATUS "no mini-game name (of ${count}) in the ${checked} files under app/, client/, render/")
