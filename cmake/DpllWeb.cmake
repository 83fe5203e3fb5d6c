# DPLL_WEB=ON also builds web/peg.html in the build tree: the peg-solitaire
# page (tools/web), libpeg and libdpll compiled to WebAssembly with
# Emscripten (Debian's package emscripten) and put inside one HTML file
# that needs nothing else, not even a server.  Without emcc, configuring
# says so in one line and everything else builds as before.
#
# Debian's emcc runs its optimizer under Node.js, which must find the acorn
# parser (Debian's node-acorn, in /usr/share/nodejs); a Node.js from
# elsewhere does not look there, so the build sets NODE_PATH.
option(DPLL_WEB "Also build web/peg.html with Emscripten (tools/web)" OFF)

function(dpll_web_page)
  find_program(DPLL_EMCC emcc)
  if(NOT DPLL_EMCC)
    message(STATUS "DPLL_WEB: no emcc found (apt-get install emscripten node-acorn): peg.html is not built")
    return()
  endif()
  set(node_path "/usr/share/nodejs")
  if(DEFINED ENV{NODE_PATH})
    set(node_path "$ENV{NODE_PATH}:${node_path}")
  endif()

  # The libraries' sources, from their targets, and the page's own.
  set(sources)
  foreach(lib dpll_objects peg_objects)
    get_target_property(dir ${lib} SOURCE_DIR)
    get_target_property(files ${lib} SOURCES)
    foreach(f ${files})
      list(APPEND sources "${dir}/${f}")
    endforeach()
  endforeach()
  set(web "${PROJECT_SOURCE_DIR}/tools/web")
  list(APPEND sources "${PROJECT_SOURCE_DIR}/tools/common/pegsolver.c"
    "${PROJECT_SOURCE_DIR}/tools/common/tooldefaults.c" "${web}/pegweb.c")
  file(GLOB headers "${PROJECT_SOURCE_DIR}/include/*.h"
    "${PROJECT_SOURCE_DIR}/lib/*/*.h" "${PROJECT_SOURCE_DIR}/tools/common/*.h")
  set(exported _web_free _web_catalogue _web_info _web_solve _web_hints
    _web_count _malloc _free)
  string(REPLACE ";" "," exported "${exported}")

  set(out "${PROJECT_BINARY_DIR}/web")
  add_custom_command(OUTPUT "${out}/pegmodule.js"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${out}"
    COMMAND ${CMAKE_COMMAND} -E env "NODE_PATH=${node_path}"
      ${DPLL_EMCC} -std=c11 -O3 -flto -DNDEBUG -Wall -Wextra -Wpedantic -Werror
      -Wno-unused-command-line-argument
      -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_SOURCE_DIR}/lib/dpll
      -I${PROJECT_SOURCE_DIR}/lib/peg -I${PROJECT_SOURCE_DIR}/tools/common
      -sMODULARIZE=1 -sEXPORT_NAME=createPegModule -sSINGLE_FILE=1
      -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1
      -sMAXIMUM_MEMORY=2GB -sEXPORTED_FUNCTIONS=${exported}
      -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8
      --js-library ${web}/library.js
      ${sources} -o "${out}/pegmodule.js"
    DEPENDS ${sources} ${headers} "${web}/library.js"
    COMMENT "Compiling libpeg and libdpll to WebAssembly (emcc)"
    VERBATIM)
  set(parts page.html page.css page.js worker.js call.js)
  list(TRANSFORM parts PREPEND "${web}/")
  add_custom_command(OUTPUT "${out}/peg.html"
    COMMAND ${CMAKE_COMMAND} -DWEB=${web} -DMODULE=${out}/pegmodule.js
      -DVERSION=${PROJECT_VERSION} -DOUT=${out}/peg.html
      -P "${PROJECT_SOURCE_DIR}/cmake/DpllWebPage.cmake"
    DEPENDS "${out}/pegmodule.js" ${parts}
      "${PROJECT_SOURCE_DIR}/cmake/DpllWebPage.cmake"
    COMMENT "Writing web/peg.html"
    VERBATIM)
  add_custom_target(peg_web ALL DEPENDS "${out}/peg.html")
endfunction()

if(DPLL_WEB)
  dpll_web_page()
endif()
