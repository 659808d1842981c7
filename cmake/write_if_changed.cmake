# For the build-step scripts (cmake -P) that generate headers: writes `content` to `path` only
# when it differs from what is there, so unchanged inputs rebuild nothing.
function(sc2_write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" previous)
    if(previous STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()
