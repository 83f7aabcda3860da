# nauty's geng built into the census library (docs/census.md): Debian's libnauty2-dev ships
# geng.c itself (share/nauty) with the nauty library it calls, so that a census generates its
# graphs in its own threads and hands each one over as nauty's rows of bits, with no text and no
# pipe. geng.c is C, compiled with WORDSIZE 32 and MAXN = WORDSIZE to match libnautyW1 (nauty's
# nauty_check() ends the program on a mismatch). Without libnauty2-dev the build still succeeds:
# the census then runs the nauty-geng program in its parts, and says so.
#
# Sets CATMOUSE_BUILTIN_GENG_FOUND, CATMOUSE_GENG_SOURCE (geng.c), CATMOUSE_NAUTY_INCLUDE_DIRS,
# CATMOUSE_GENG_SOURCE_DIR, CATMOUSE_NAUTY_LIBRARY (libnautyW1) and CATMOUSE_NAUTY_VERSION.
option(CATMOUSE_BUILTIN_GENG "Build nauty's geng into the census library when libnauty2-dev is found"
       ON)
set(CATMOUSE_BUILTIN_GENG_FOUND FALSE)
if(CATMOUSE_BUILTIN_GENG)
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(CATMOUSE_NAUTY QUIET nauty)
  endif()
  find_file(CATMOUSE_GENG_SOURCE geng.c PATHS /usr/share/nauty /usr/local/share/nauty
    PATH_SUFFIXES nauty NO_CACHE)
  find_library(CATMOUSE_NAUTY_LIBRARY nautyW1 HINTS ${CATMOUSE_NAUTY_LIBRARY_DIRS} NO_CACHE)
  find_path(CATMOUSE_NAUTY_GTOOLS gtools.h HINTS ${CATMOUSE_NAUTY_INCLUDE_DIRS}
    PATH_SUFFIXES nauty NO_CACHE)
  if(CATMOUSE_NAUTY_FOUND AND CATMOUSE_GENG_SOURCE AND CATMOUSE_NAUTY_LIBRARY
     AND CATMOUSE_NAUTY_GTOOLS)
    enable_language(C)
    set(CATMOUSE_BUILTIN_GENG_FOUND TRUE)
    get_filename_component(CATMOUSE_GENG_SOURCE_DIR ${CATMOUSE_GENG_SOURCE} DIRECTORY)
    message(STATUS "catmouse: nauty ${CATMOUSE_NAUTY_VERSION}'s geng built into the census "
                   "(${CATMOUSE_GENG_SOURCE})")
  else()
    message(STATUS "catmouse: no libnauty2-dev (geng.c and libnautyW1): the census runs the "
                   "nauty-geng program instead")
  endif()
endif()
