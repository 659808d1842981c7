# sc2_embed_text(<target> HEADER <path under generated/> NAMESPACE <ns> FILES <files...>
#                [STRIP_SUFFIX <suffix>] [INDEX <array name>])
# Adds a generated header holding each file as a std::string_view constant to <target>,
# regenerated when any of the files changes (see embed_text_files.cmake). INDEX also lists
# them in an array of {file stem, text}, so that code finds the files without naming them.
function(sc2_embed_text target)
  cmake_parse_arguments(EMBED "" "HEADER;NAMESPACE;STRIP_SUFFIX;INDEX" "FILES" ${ARGN})
  set(generated_dir ${CMAKE_CURRENT_BINARY_DIR}/generated)
  set(header ${generated_dir}/${EMBED_HEADER})
  set(script ${PROJECT_SOURCE_DIR}/cmake/embed_text_files.cmake)
  add_custom_command(
    OUTPUT ${header}
    COMMAND ${CMAKE_COMMAND} "-DINPUTS=${EMBED_FILES}" -DOUTPUT=${header}
            -DNAMESPACE=${EMBED_NAMESPACE} "-DSTRIP_SUFFIX=${EMBED_STRIP_SUFFIX}"
            "-DINDEX=${EMBED_INDEX}" -P ${script}
    DEPENDS ${EMBED_FILES} ${script}
    COMMENT "Embedding ${EMBED_HEADER}"
    VERBATIM)
  target_sources(${target} PRIVATE ${header})
  target_include_directories(${target} PRIVATE ${generated_dir})
endfunction()
