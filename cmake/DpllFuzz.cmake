# DPLL_FUZZ=ON builds the libFuzzer targets of tests/fuzz (docs/fuzzing.md).
# It needs clang and its fuzzer runtime.  Everything in the build, the
# libraries first, is compiled with the fuzzer's coverage instrumentation
# (-fsanitize=fuzzer-no-link) and AddressSanitizer and
# UndefinedBehaviorSanitizer, any report of which ends the program; only
# the fuzz targets link libFuzzer itself (-fsanitize=fuzzer), which brings
# their main().  Debug builds (the default with DPLL_FUZZ) keep the asserts
# and libdpll's invariant checks, at -O1 so that the search stays fast.
option(DPLL_FUZZ "Build the libFuzzer targets of tests/fuzz (needs clang)" OFF)

if(DPLL_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR
      "DPLL_FUZZ needs clang (libFuzzer), but the C compiler is "
      "${CMAKE_C_COMPILER_ID} (${CMAKE_C_COMPILER}): configure a new build "
      "directory with CC=clang")
  endif()
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,address,undefined")
  check_c_source_compiles([[
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return data && size ? 0 : 0;
}]] DPLL_FUZZER_LINKS)
  unset(CMAKE_REQUIRED_FLAGS)
  if(NOT DPLL_FUZZER_LINKS)
    message(FATAL_ERROR
      "DPLL_FUZZ: ${CMAKE_C_COMPILER} cannot link -fsanitize=fuzzer: install "
      "clang's fuzzer runtime (on Debian 12: apt-get install "
      "libclang-rt-14-dev)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
                      -fno-sanitize-recover=all -fno-omit-frame-pointer -g
                      $<$<CONFIG:Debug>:-O1>)
  add_link_options(-fsanitize=address,undefined)
endif()
