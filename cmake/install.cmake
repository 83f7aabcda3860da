# Install rules: the libraries with their CMake package (find_package(catmouse) and the targets
# catmouse::core, ::io, ::solve, ::tablebase, ::testing and ::catmouse), the public headers with
# the generated version.hpp. The command-line tool installs itself (apps/cli).
include(CMakePackageConfigHelpers)

set(CATMOUSE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/catmouse CACHE STRING
    "Where to install catmouse's CMake package files, relative to the prefix")

install(TARGETS catmouse catmouse_core catmouse_io catmouse_solve catmouse_tablebase
  catmouse_testing catmouse_census
  EXPORT catmouseTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/catmouse
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.hpp")
install(FILES ${PROJECT_BINARY_DIR}/include/catmouse/version.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/catmouse)
install(EXPORT catmouseTargets NAMESPACE catmouse::
  DESTINATION ${CATMOUSE_INSTALL_CMAKEDIR})

# The static libraries' private dependencies reach the exported targets as $<LINK_ONLY:...>, so
# the package config finds them too. fmt's ABI changes with its major version (inline namespace
# fmt::vN): a consumer must link the major version catmouse was compiled with.
math(EXPR CATMOUSE_FMT_NEXT_MAJOR "${fmt_VERSION_MAJOR} + 1")
set(CATMOUSE_FMT_VERSION "${fmt_VERSION_MAJOR}...<${CATMOUSE_FMT_NEXT_MAJOR}")
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/catmouseConfig.cmake.in
  ${PROJECT_BINARY_DIR}/catmouseConfig.cmake
  INSTALL_DESTINATION ${CATMOUSE_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/catmouseConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/catmouseConfig.cmake
  ${PROJECT_BINARY_DIR}/catmouseConfigVersion.cmake
  DESTINATION ${CATMOUSE_INSTALL_CMAKEDIR})
