# DPLL_SANITIZE=ON builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer; any report ends the program with an error, so
# a test that triggers one fails.
option(DPLL_SANITIZE "Build with -fsanitize=address,undefined" OFF)

if(DPLL_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
