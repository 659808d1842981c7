# Checks that each part of the tree includes only the parts it may depend on
# (../shared/design.md, "Layout"). Run as a CTest:
#   cmake -DROOT=<tree> -P tools/check_layering.cmake
# Every `#include "<part>/..."` (or <...>) in a source file of a part is compared with that
# part's allowed list; `s2clientprotocol/...` counts as the part `proto` and `epoxy/...` (OpenGL)
# as the part `gl`, which only render/ may use (GL stays in render/). Includes of other
# first components (system and library headers) are not ours and are ignored. Prints every
# offending line as <file>:<line>: <part> may not include <other> and fails when there is one.
cmake_minimum_required(VERSION 3.25)

if(NOT ROOT)
  message(FATAL_ERROR "usage: cmake -DROOT=<source tree> -P check_layering.cmake")
endif()

# Our top-level parts and what each may include besides itself.
set(allowed_proto "")
set(allowed_transport "")
set(allowed_engine "proto;transport")
set(allowed_client "proto;transport")
# render/ and app/ read the client's decoded types, never a protocol message.
set(allowed_render "client;gl")
set(allowed_agents "client;proto")
set(allowed_app "render;client;agents")
set(allowed_learning "agents;client;engine;proto")
set(parts proto transport engine client render agents app learning)
set(pseudo_parts gl)  # not folders: libraries only some parts may use

set(violations "")
set(checked 0)
foreach(part IN LISTS parts)
  if(NOT IS_DIRECTORY "${ROOT}/${part}")
    continue()
  endif()
  file(GLOB_RECURSE sources "${ROOT}/${part}/*.h" "${ROOT}/${part}/*.hpp" "${ROOT}/${part}/*.cpp"
       "${ROOT}/${part}/*.cc" "${ROOT}/${part}/*.inc")
  foreach(source IN LISTS sources)
    math(EXPR checked "${checked} + 1")
    file(STRINGS "${source}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<][A-Za-z0-9_]+/")
    foreach(line IN LISTS lines)
      string(REGEX MATCH "include[ \t]*[\"<]([A-Za-z0-9_]+)/" _ "${line}")
      set(target "${CMAKE_MATCH_1}")
      if(target STREQUAL "s2clientprotocol")
        set(target proto)
      elseif(target STREQUAL "epoxy")
        set(target gl)
      endif()
      list(FIND parts "${target}" is_ours)
      if(is_ours EQUAL -1)
        list(FIND pseudo_parts "${target}" is_ours)
      endif()
      if(is_ours EQUAL -1 OR target STREQUAL part)
        continue()
      endif()
      list(FIND allowed_${part} "${target}" is_allowed)
      if(is_allowed EQUAL -1)
        # The line number: count the newlines before the line's first occurrence.
        file(READ "${source}" text)
        string(FIND "${text}" "${line}" offset)
        string(SUBSTRING "${text}" 0 ${offset} before)
        string(REGEX MATCHALL "\n" newlines "${before}")
        list(LENGTH newlines number)
        math(EXPR number "${number} + 1")
        file(RELATIVE_PATH relative "${ROOT}" "${source}")
        string(STRIP "${line}" line)
        list(APPEND violations "${relative}:${number}: ${part}/ may not include ${target}/ (${line})")
      endif()
    endforeach()
  endforeach()
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "no source files found under ${ROOT}: wrong ROOT?")
endif()
if(violations)
  list(LENGTH violations count)
  string(REPLACE ";" "\n" report "${violations}")
  message(FATAL_ERROR "${count} include(s) against the layering rules (../shared/design.md):\n${report}")
endif()
message(STATUS "layering: ${checked} files follow the include rules")
