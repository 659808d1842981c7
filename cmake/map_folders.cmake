# The built-in maps read from CMake: the map folders under assets/maps (<category>/<Name>.SC2Map/,
# laid out as a StarCraft II Maps folder), which the build compiles into the engine
# (embed_map_folders.cmake) and describes to the client (generate_map_catalog.cmake). Each fact
# comes from the folder itself, so a new map is a new folder and nothing else:
#   name         the folder's name without .SC2Map
#   category     the folder it sits in: "mini_games", "Melee", ...
#   players      2 for a map under Melee/ (PySC2's melee maps are two-player maps), else 1
#   description  its GameStrings' DocInfo/DescShort (enUS.SC2Data/LocalizedData/GameStrings.txt)
#   time limit   game loops until the script ends the episode: our scripts declare the length of
#                their episode timer as `const int|fixed gv_episodeSeconds = N;` (a melee map's
#                `gv_timeLimitSeconds`), 16 loops a game second; 0 when a script declares none
#                (the app then shows no time left). tests/client/map_catalog_test.cpp checks the
#                figure against the episodes the engine plays.
# The order is assets/maps/order.txt's, then the folders it does not name, by path.

# sc2_map_data_error(<text>): stops with the text on one line (tests match it).
function(sc2_map_data_error text)
  message(FATAL_ERROR " ${text}")
endfunction()

# sc2_ordered_map_folders(<maps_dir> <folders> <out>): <folders> (paths under maps_dir) in
# order.txt's order, then the rest sorted; a line of order.txt naming no folder is an error.
function(sc2_ordered_map_folders maps_dir folders out)
  set(ordered "")
  set(order_file "${maps_dir}/order.txt")
  if(EXISTS "${order_file}")
    file(STRINGS "${order_file}" lines)
    foreach(line IN LISTS lines)
      string(STRIP "${line}" line)
      if(line STREQUAL "" OR line MATCHES "^#")
        continue()
      endif()
      if(NOT line IN_LIST folders)
        sc2_map_data_error("${order_file}: \"${line}\" is not a map folder under ${maps_dir}")
      endif()
      if(NOT line IN_LIST ordered)
        list(APPEND ordered "${line}")
      endif()
    endforeach()
  endif()
  set(rest ${folders})
  list(SORT rest)
  foreach(folder IN LISTS rest)
    if(NOT folder IN_LIST ordered)
      list(APPEND ordered "${folder}")
    endif()
  endforeach()
  set(${out} "${ordered}" PARENT_SCOPE)
endfunction()

# sc2_list_map_folders(<maps_dir>): sets, in the caller's scope,
#   SC2_MAP_FOLDERS              every folder's path under maps_dir, in order
#   SC2_MINI_GAMES               the names of the one-player maps, in order
#   SC2_MELEE_MAPS               the names of the maps under Melee/, in order
#   SC2_MAP_<name>_PATH, _CATEGORY, _PLAYERS, _DESCRIPTION, _TIME_LIMIT  (see above)
# A folder without a one-line description, or two folders of one name, stop the build naming it.
function(sc2_list_map_folders maps_dir)
  file(GLOB candidates LIST_DIRECTORIES true RELATIVE "${maps_dir}" "${maps_dir}/*/*.SC2Map")
  set(folders "")
  foreach(folder IN LISTS candidates)
    if(IS_DIRECTORY "${maps_dir}/${folder}")
      list(APPEND folders "${folder}")
    endif()
  endforeach()
  sc2_ordered_map_folders("${maps_dir}" "${folders}" folders)
  set(mini_games "")
  set(melee "")
  foreach(folder IN LISTS folders)
    string(REGEX MATCH "^([^/]+)/([^/]+)\\.SC2Map$" matched "${folder}")
    set(category "${CMAKE_MATCH_1}")
    set(name "${CMAKE_MATCH_2}")
    set(where "${maps_dir}/${folder}")
    if(NOT name MATCHES "^[A-Za-z][A-Za-z0-9_]*$")
      sc2_map_data_error("${where}: the map name \"${name}\" must be letters, digits and _")
    endif()
    if(DEFINED seen_${name})
      sc2_map_data_error("${where}: another built-in map has the name ${name} (${seen_${name}})")
    endif()
    set(seen_${name} "${folder}")

    set(strings_file "${where}/enUS.SC2Data/LocalizedData/GameStrings.txt")
    set(description "")
    if(EXISTS "${strings_file}")
      # The key may follow the file's byte-order mark, the one thing before it on its line.
      file(STRINGS "${strings_file}" lines REGEX "^[^=]*DocInfo/DescShort=")
      list(LENGTH lines count)
      if(count EQUAL 1)
        string(REGEX REPLACE "^[^=]*DocInfo/DescShort=" "" description "${lines}")
        string(REPLACE "\\;" ";" description "${description}")  # file(STRINGS) escapes a list's ;
        string(STRIP "${description}" description)
      endif()
    endif()
    if(description STREQUAL "")
      sc2_map_data_error("${where}: no description: enUS.SC2Data/LocalizedData/GameStrings.txt needs one line DocInfo/DescShort=<text>")
    endif()

    set(limit 0)
    set(script "${where}/MapScript.galaxy")
    if(EXISTS "${script}")
      file(STRINGS "${script}" declared REGEX "^const (int|fixed) gv_(episodeSeconds|timeLimitSeconds) = ")
      if(declared MATCHES "^const (int|fixed) gv_[A-Za-z]+ = ([0-9]+)(\\.0*)?[^0-9.]")
        math(EXPR limit "${CMAKE_MATCH_2} * 16")
      elseif(declared)
        sc2_map_data_error("${script}: the episode's length must be a whole number of seconds: ${declared}")
      endif()
    endif()

    if(category STREQUAL "Melee")
      set(players 2)
      list(APPEND melee "${name}")
    else()
      set(players 1)
      list(APPEND mini_games "${name}")
    endif()
    set(SC2_MAP_${name}_PATH "${folder}" PARENT_SCOPE)
    set(SC2_MAP_${name}_CATEGORY "${category}" PARENT_SCOPE)
    set(SC2_MAP_${name}_PLAYERS "${players}" PARENT_SCOPE)
    set(SC2_MAP_${name}_DESCRIPTION "${description}" PARENT_SCOPE)
    set(SC2_MAP_${name}_TIME_LIMIT "${limit}" PARENT_SCOPE)
  endforeach()
  set(SC2_MAP_FOLDERS "${folders}" PARENT_SCOPE)
  set(SC2_MINI_GAMES "${mini_games}" PARENT_SCOPE)
  set(SC2_MELEE_MAPS "${melee}" PARENT_SCOPE)
endfunction()
