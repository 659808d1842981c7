# The engine's map data (assets/maps/*.json) read from CMake: the one list of mini-games that
# the build turns into the engine's registry and the client's map catalogue
# (generate_mini_game_list.cmake), and that tools/check_minigame_names.cmake checks against.
#
# Every file says what it is in "kind": "mini_game" (a map the engine serves: "map", "rules",
# "order", "time_limit_loops", "description", its layout data), "melee_map" (a two-player map:
# "map", "order", the rest read by engine/maps/melee_assets.cpp), "layout", "economy_base" or
# "melee_base" (shared data the maps name). The engine's own parser (engine/maps/map_assets.cpp) checks
# the rest of each file. Comments (//) are allowed on lines of their own only: CMake's JSON
# reader knows no comments, so they are blanked here (line numbers stay).

# sc2_map_data_error(<text>): stops with the text on one line (CMake would wrap it, and tests
# match it).
function(sc2_map_data_error text)
  message(FATAL_ERROR " ${text}")
endfunction()

# sc2_read_map_json(<file> <out>): the file's text without its comment lines, checked to be a
# JSON object.
function(sc2_read_map_json file out)
  file(READ "${file}" text)
  string(REGEX REPLACE "\n[ \t]*//[^\n]*" "\n" text "\n${text}")
  string(JSON type ERROR_VARIABLE error TYPE "${text}")
  if(error)
    sc2_map_data_error("${file}: not valid JSON (// comments only on lines of their own): ${error}")
  endif()
  if(NOT type STREQUAL "OBJECT")
    sc2_map_data_error("${file}: the top level must be a JSON object")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# sc2_map_json_member(<out> <file> <json> <key> <STRING|NUMBER>): a top-level member of that type;
# a fatal error naming the file and key otherwise.
function(sc2_map_json_member out file json key type)
  string(JSON actual ERROR_VARIABLE error TYPE "${json}" "${key}")
  if(error)
    sc2_map_data_error("${file}: missing key \"${key}\"")
  endif()
  if(NOT actual STREQUAL type)
    string(TOLOWER "${type}" wanted)
    string(TOLOWER "${actual}" got)
    sc2_map_data_error("${file}: \"${key}\" must be a ${wanted}, got ${got}")
  endif()
  string(JSON value GET "${json}" "${key}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# sc2_map_json_count(<out> <file> <json> <key> <max>): a member holding a whole number 1..max.
function(sc2_map_json_count out file json key max)
  sc2_map_json_member(value "${file}" "${json}" "${key}" NUMBER)
  if(NOT value MATCHES "^[1-9][0-9]*$" OR value GREATER max)
    sc2_map_data_error("${file}: \"${key}\" must be a whole number 1..${max}, got ${value}")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# sc2_list_mini_games(<maps_dir>): reads every <maps_dir>/*.json and sets, in the caller's scope,
#   SC2_MINI_GAMES                    the mini-games' names, in their "order"
#   SC2_MINI_GAME_<name>_FILE         its file
#   SC2_MINI_GAME_<name>_RULES        its rules factory (a C++ function name)
#   SC2_MINI_GAME_<name>_TIME_LIMIT   game loops until the map ends the game
#   SC2_MINI_GAME_<name>_DESCRIPTION  one line about it
#   SC2_MELEE_MAPS                    the two-player melee maps ("kind": "melee_map"), in their
#                                     own "order", with _TIME_LIMIT and _DESCRIPTION as above; the
#                                     engine reads the rest of their files
# A broken file is a fatal error naming it and the problem.
set(SC2_MAX_TIME_LIMIT_LOOPS 1073741824)  # the engine's parser allows the same

function(sc2_list_mini_games maps_dir)
  file(GLOB files "${maps_dir}/*.json")
  list(SORT files)
  set(keyed "")
  set(melee_keyed "")
  foreach(file IN LISTS files)
    sc2_read_map_json("${file}" json)
    sc2_map_json_member(kind "${file}" "${json}" kind STRING)
    if(kind STREQUAL "layout" OR kind STREQUAL "economy_base" OR kind STREQUAL "melee_base")
      continue()
    elseif(kind STREQUAL "melee_map")
      sc2_map_json_member(name "${file}" "${json}" map STRING)
      get_filename_component(stem "${file}" NAME_WLE)
      if(NOT name STREQUAL stem OR NOT name MATCHES "^[A-Za-z][A-Za-z0-9_]*$")
        sc2_map_data_error("${file}: \"map\" must be the file's name (letters, digits and _), got \"${name}\"")
      endif()
      sc2_map_json_count(order "${file}" "${json}" order 9999)
      if(DEFINED melee_order_${order})
        sc2_map_data_error("${file}: \"order\" ${order} is also ${melee_order_${order}}'s")
      endif()
      set(melee_order_${order} "${file}")
      sc2_map_json_count(limit "${file}" "${json}" time_limit_loops ${SC2_MAX_TIME_LIMIT_LOOPS})
      sc2_map_json_member(description "${file}" "${json}" description STRING)
      set(SC2_MINI_GAME_${name}_TIME_LIMIT "${limit}" PARENT_SCOPE)
      set(SC2_MINI_GAME_${name}_DESCRIPTION "${description}" PARENT_SCOPE)
      string(LENGTH "${order}" digits)
      math(EXPR pad "4 - ${digits}")
      string(REPEAT "0" ${pad} zeros)
      list(APPEND melee_keyed "${zeros}${order}:${name}")
      continue()
    elseif(NOT kind STREQUAL "mini_game")
      sc2_map_data_error("${file}: \"kind\" must be \"mini_game\", \"melee_map\", \"layout\", \"economy_base\" or \"melee_base\", got \"${kind}\"")
    endif()
    get_filename_component(stem "${file}" NAME_WLE)
    sc2_map_json_member(name "${file}" "${json}" map STRING)
    if(NOT name STREQUAL stem)
      sc2_map_data_error("${file}: \"map\" says \"${name}\", but the file is ${stem}'s")
    endif()
    if(NOT name MATCHES "^[A-Za-z][A-Za-z0-9_]*$")
      sc2_map_data_error("${file}: the map name \"${name}\" must be letters, digits and _ (it names the .SC2Map)")
    endif()
    sc2_map_json_member(rules "${file}" "${json}" rules STRING)
    if(NOT rules MATCHES "^[a-z_][a-z0-9_]*$")
      sc2_map_data_error("${file}: \"rules\" must name a C++ function (lower case, digits, _), got \"${rules}\"")
    endif()
    sc2_map_json_count(order "${file}" "${json}" order 9999)
    sc2_map_json_count(limit "${file}" "${json}" time_limit_loops ${SC2_MAX_TIME_LIMIT_LOOPS})
    sc2_map_json_member(description "${file}" "${json}" description STRING)
    if(description STREQUAL "" OR description MATCHES "\n")
      sc2_map_data_error("${file}: \"description\" must be one non-empty line")
    endif()
    if(DEFINED order_${order})
      sc2_map_data_error("${file}: \"order\" ${order} is also ${order_${order}}'s")
    endif()
    set(order_${order} "${file}")
    string(LENGTH "${order}" digits)  # sorted as text: padded to 4 digits
    math(EXPR pad "4 - ${digits}")
    string(REPEAT "0" ${pad} zeros)
    list(APPEND keyed "${zeros}${order}:${name}")
    set(SC2_MINI_GAME_${name}_FILE "${file}" PARENT_SCOPE)
    set(SC2_MINI_GAME_${name}_RULES "${rules}" PARENT_SCOPE)
    set(SC2_MINI_GAME_${name}_TIME_LIMIT "${limit}" PARENT_SCOPE)
    set(SC2_MINI_GAME_${name}_DESCRIPTION "${description}" PARENT_SCOPE)
  endforeach()
  list(SORT keyed)
  set(names "")
  foreach(item IN LISTS keyed)
    string(REGEX REPLACE "^[0-9]+:" "" name "${item}")
    list(APPEND names "${name}")
  endforeach()
  set(SC2_MINI_GAMES "${names}" PARENT_SCOPE)
  list(SORT melee_keyed)
  set(melee "")
  foreach(item IN LISTS melee_keyed)
    string(REGEX REPLACE "^[0-9]+:" "" name "${item}")
    list(APPEND melee "${name}")
  endforeach()
  set(SC2_MELEE_MAPS "${melee}" PARENT_SCOPE)
endfunction()
