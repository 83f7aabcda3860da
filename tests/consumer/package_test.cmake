# One package test (see CMakeLists.txt beside this file), run as cmake -P with:
#   MODE             install: install CATMOUSE_BUILD into WORK/prefix, then find_package it
#                    subdirectory: add_subdirectory(CATMOUSE_SOURCE), then check for leaked flags
#   CONSUMER_SOURCE  the consumer project (project/)
#   CATMOUSE_SOURCE, CATMOUSE_BUILD  catmouse's source and build folders
#   WORK             a folder of this test's own, emptied first
#   GENERATOR, CXX_COMPILER, CONFIG  as in catmouse's build
#   SANITIZER_FLAGS  the sanitizer flags catmouse's libraries were built with, if any: the
#                    consumer links with them too
#   CCACHE           ccache, if catmouse's build compiles through it: the consumer's build does too
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "${command}\nexited with ${rc}:\n${out}")
  endif()
endfunction()

# Runs the consumer: it must print 0, LeetCode's answer for its graph.
function(run_consumer build)
  execute_process(COMMAND ${build}/consumer RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "0\n")
    message(FATAL_ERROR "consumer exited with ${rc}, printed '${out}' (expected '0'):\n${err}")
  endif()
  message(STATUS "consumer printed 0")
endfunction()

# The value of a variable in a CMake cache.
function(cache_value build name out)
  file(STRINGS ${build}/CMakeCache.txt line REGEX "^${name}:[A-Z]+=")
  string(REGEX REPLACE "^[^=]*=" "" value "${line}")
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

foreach(var MODE CONSUMER_SOURCE CATMOUSE_SOURCE CATMOUSE_BUILD WORK GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "package_test.cmake: ${var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
set(consumer_build ${WORK}/build)
set(configure ${CMAKE_COMMAND} -S ${CONSUMER_SOURCE} -B ${consumer_build} -G ${GENERATOR}
  -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
if(CCACHE)
  # Paths relative to catmouse's source folder, which holds the consumer and its build: the keys
  # are the same in every clone.
  set(ENV{CCACHE_BASEDIR} ${CATMOUSE_SOURCE})
  set(ENV{CCACHE_NOHASHDIR} 1)
  list(APPEND configure -DCMAKE_CXX_COMPILER_LAUNCHER=${CCACHE})
endif()

if(MODE STREQUAL "install")
  set(prefix ${WORK}/prefix)
  set(config_args "")
  if(CONFIG)
    set(config_args --config ${CONFIG})
  endif()
  run(${CMAKE_COMMAND} --install ${CATMOUSE_BUILD} --prefix ${prefix} ${config_args})
  foreach(file include/catmouse/catmouse.hpp include/catmouse/version.hpp
          include/catmouse/core/game.hpp include/catmouse/solve/solve.hpp)
    if(NOT EXISTS ${prefix}/${file})
      message(FATAL_ERROR "not installed: ${file}")
    endif()
  endforeach()
  file(GLOB_RECURSE package_config ${prefix}/*/catmouseConfig.cmake)
  if(NOT package_config)
    message(FATAL_ERROR "not installed: catmouseConfig.cmake")
  endif()

  if(SANITIZER_FLAGS)
    list(APPEND configure "-DCMAKE_CXX_FLAGS=${SANITIZER_FLAGS}"
      "-DCMAKE_EXE_LINKER_FLAGS=${SANITIZER_FLAGS}")
  endif()
  run(${configure} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=${CONFIG})
  cache_value(${consumer_build} catmouse_DIR found)
  string(FIND "${found}" "${prefix}/" at)
  if(NOT at EQUAL 0)
    message(FATAL_ERROR "find_package(catmouse) found ${found}, not the installed package")
  endif()
  run(${CMAKE_COMMAND} --build ${consumer_build} ${config_args})
  run_consumer(${consumer_build})

  # The command-line tool is installed too, and runs.
  execute_process(COMMAND ${prefix}/bin/catmouse --version RESULT_VARIABLE rc OUTPUT_VARIABLE out)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^catmouse [0-9]")
    message(FATAL_ERROR "installed bin/catmouse --version exited with ${rc}: ${out}")
  endif()

elseif(MODE STREQUAL "subdirectory")
  # No build type and a sanitizer request: a nested catmouse must take neither.
  run(${configure} -DCATMOUSE_SOURCE=${CATMOUSE_SOURCE} -DCATMOUSE_SANITIZE=address
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
  cache_value(${consumer_build} CMAKE_BUILD_TYPE build_type)
  if(NOT build_type STREQUAL "")
    message(FATAL_ERROR "the nested catmouse set CMAKE_BUILD_TYPE to '${build_type}'")
  endif()
  foreach(option CATMOUSE_BUILD_TESTS CATMOUSE_BUILD_BENCH CATMOUSE_BUILD_CLI CATMOUSE_INSTALL)
    cache_value(${consumer_build} ${option} value)
    if(NOT value STREQUAL "OFF")
      message(FATAL_ERROR "${option} is '${value}' in a nested catmouse, not OFF")
    endif()
  endforeach()

  cmake_host_system_information(RESULT jobs QUERY NUMBER_OF_LOGICAL_CORES)
  run(${CMAKE_COMMAND} --build ${consumer_build} --target consumer -j ${jobs})
  run_consumer(${consumer_build})

  # catmouse's flags stay on catmouse's targets: its warnings on its sources (which shows that
  # this check sees the flags), no -march and no sanitizer anywhere, and none on the consumer.
  file(READ ${consumer_build}/compile_commands.json commands)
  string(JSON count LENGTH "${commands}")
  math(EXPR last "${count} - 1")
  set(seen_consumer FALSE)
  set(seen_catmouse FALSE)
  foreach(i RANGE ${last})
    string(JSON file GET "${commands}" ${i} file)
    string(JSON command GET "${commands}" ${i} command)
    string(REGEX MATCHALL "(^| )(-W[a-z-]+|-march=[^ ]*|-fsanitize[^ ]*)" flags "${command}")
    string(REPLACE " " "" flags "${flags}")
    if(file MATCHES "/consumer/project/main\\.cpp$")
      set(seen_consumer TRUE)
      if(NOT flags STREQUAL "")
        message(FATAL_ERROR "catmouse's flags reached the consumer: ${flags}")
      endif()
    else()
      set(seen_catmouse TRUE)
      if(NOT "-Wall" IN_LIST flags)
        message(FATAL_ERROR "${file}: catmouse's warnings are missing (${flags})")
      endif()
      if(flags MATCHES "march|sanitize")
        message(FATAL_ERROR "${file}: a nested catmouse must not choose CPU or sanitizers: ${flags}")
      endif()
    endif()
  endforeach()
  if(NOT seen_consumer OR NOT seen_catmouse)
    message(FATAL_ERROR "compile_commands.json lacks the consumer or catmouse's sources")
  endif()
  file(GLOB_RECURSE link_files ${consumer_build}/CMakeFiles/consumer.dir/link.txt)
  foreach(link_file ${link_files})
    file(READ ${link_file} link)
    if(link MATCHES "sanitize")
      message(FATAL_ERROR "a sanitizer reached the consumer's link: ${link}")
    endif()
  endforeach()
  message(STATUS "no flag of catmouse's reached the consumer")

else()
  message(FATAL_ERROR "package_test.cmake: MODE must be install or subdirectory, not '${MODE}'")
endif()
