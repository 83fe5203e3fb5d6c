# DPLL_SANITIZE=ON builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer; any report ends the program with an error, so
# a test that triggers one fails.
option(DPLL_SANITIZE "Build with -fsanitize=address,undefined" OFF)

if(DPLL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()

# DPLL_TSAN=ON builds everything with ThreadSanitizer (test_threads runs
# in such a build in the long tier; it cannot be combined with the above).
option(DPLL_TSAN "Build with -fsanitize=thread" OFF)

if(DPLL_TSAN)
  if(DPLL_SANITIZE)
    message(FATAL_ERROR "DPLL_TSAN and DPLL_SANITIZE cannot be combined")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=thread)
endif()
