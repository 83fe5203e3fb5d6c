# Checks that the shared library exports exactly the functions dpll.h
# declares with DPLL_API: no internal symbol leaks, none is missing.
# Usage: cmake -DLIBRARY=libdpll.so -DHEADER=dpll.h -P check_symbols.cmake
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -D --defined-only ${LIBRARY}
  OUTPUT_VARIABLE nm_out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIBRARY}")
endif()
string(REGEX MATCHALL "[^\n]* T [^\n]*" lines "${nm_out}")
set(exported "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE ".* T " "" name "${line}")
  list(APPEND exported ${name})
endforeach()

file(READ ${HEADER} header)
# Declarations may wrap: DPLL_API <type> [*]name(
string(REGEX MATCHALL "DPLL_API[^;(]*[ *](dpll_[a-z_]+)\\(" decls "${header}")
set(declared "")
foreach(decl IN LISTS decls)
  string(REGEX REPLACE ".*[ *](dpll_[a-z_]+)\\($" "\\1" name "${decl}")
  list(APPEND declared ${name})
endforeach()

list(SORT exported)
list(SORT declared)
list(LENGTH declared n)
if(n LESS 30)
  message(FATAL_ERROR "only ${n} declarations found in ${HEADER}: the pattern is broken")
endif()
if(NOT exported STREQUAL declared)
  set(extra ${exported})
  list(REMOVE_ITEM extra ${declared})
  set(missing ${declared})
  list(REMOVE_ITEM missing ${exported})
  message(FATAL_ERROR "exported but not declared: ${extra}\ndeclared but not exported: ${missing}")
endif()
message(STATUS "${n} functions exported, as declared")
