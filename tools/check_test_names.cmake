# Checks (cmake -P) that no TEST_CASE name in the given sources contains ';': CTest's discovery
# splits such a name into bogus tests that run nothing. Run at build time, so an edited test file
# is checked on the next build, not only when CMake happens to reconfigure.
#   cmake "-DSOURCES=a.cpp;b.cpp" -DSTAMP=<file> -P tools/check_test_names.cmake
if(NOT SOURCES OR NOT STAMP)
  message(FATAL_ERROR "usage: cmake -DSOURCES=<list> -DSTAMP=<file> -P check_test_names.cmake")
endif()
set(findings "")
foreach(source IN LISTS SOURCES)
  file(STRINGS "${source}" bad_names REGEX "TEST_CASE\\(\"[^\"]*;")
  foreach(name IN LISTS bad_names)
    string(APPEND findings "\n  ${source}: ${name}")
  endforeach()
endforeach()
if(findings)
  message(FATAL_ERROR "a TEST_CASE name contains ';' (CTest would split it):${findings}")
endif()
file(TOUCH "${STAMP}")
