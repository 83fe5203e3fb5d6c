# dpll_warnings(target): the project's warning flags on one target.
# DPLL_WERROR=ON (as CI builds) turns them into errors.
option(DPLL_WERROR "Treat compiler warnings as errors" OFF)

function(dpll_warnings target)
  if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
      $<$<BOOL:${DPLL_WERROR}>:-Werror>)
  endif()
endfunction()
