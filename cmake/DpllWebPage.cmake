# Script mode (cmake -P): puts the page together from tools/web (WEB) and
# the compiled module (MODULE) into OUT.  page.html holds the markers
# @PAGE_CSS@, @PAGE_JS@, @WORKER_JS@, @CALL_JS@, @MODULE_JS@ and
# @VERSION@.  Each script goes inside a <script> element, so none may
# contain "</script" or "<!--", which would end or confuse it there.
cmake_minimum_required(VERSION 3.21) # @VAR@ in quoted arguments stays as it is
file(READ "${WEB}/page.html" page)
foreach(part PAGE_CSS:page.css PAGE_JS:page.js WORKER_JS:worker.js
             CALL_JS:call.js MODULE_JS:${MODULE})
  string(REPLACE ":" ";" part "${part}")
  list(GET part 0 marker)
  list(GET part 1 file)
  if(NOT IS_ABSOLUTE "${file}")
    set(file "${WEB}/${file}")
  endif()
  file(READ "${file}" text)
  string(TOLOWER "${text}" lower)
  string(FIND "${lower}" "</script" at1)
  string(FIND "${text}" "<!--" at2)
  if(NOT at1 EQUAL -1 OR NOT at2 EQUAL -1)
    message(FATAL_ERROR "${file} contains </script or <!--: it cannot go inside the page")
  endif()
  string(REPLACE "@${marker}@" "${text}" page "${page}")
endforeach()
string(REPLACE "@VERSION@" "${VERSION}" page "${page}")
file(WRITE "${OUT}" "${page}")
