# drat-check (TOOL) on the proofs in DATA (tests/data/drat): its exit
# status, its standard output and its standard error for a proof it
# verifies (text and binary), one it rejects, one that is malformed, a
# missing file and a wrong command line.
# Usage: cmake -DTOOL=... -DDATA=... -P check_drat_tool.cmake

# expect(CODE OUT_REGEX ERR_REGEX ARGS...): runs TOOL ARGS in DATA.
function(expect code out_regex err_regex)
  execute_process(COMMAND ${TOOL} ${ARGN}
    WORKING_DIRECTORY ${DATA}
    RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL code OR NOT out MATCHES "${out_regex}"
     OR NOT err MATCHES "${err_regex}")
    message(SEND_ERROR "drat-check ${ARGN}: exit ${got} (want ${code})\n"
      "stdout: [${out}] (want ${out_regex})\n"
      "stderr: [${err}] (want ${err_regex})")
  endif()
endfunction()

set(ok "^s VERIFIED\nc verified: the empty clause at step 6 ")
expect(0 "${ok}" "^$" f3.cnf f3.drat)
expect(0 "${ok}" "^$" f3.cnf f3.bdrat)
expect(0 "${ok}" "^$" --binary f3.cnf f3.bdrat)
expect(0 "${ok}" "^$" --text f3.cnf f3.drat)
expect(1 "^s NOT VERIFIED\nc step 3: lemma 0 is neither RUP nor RAT \\(proof line 3\\)\n$"
  "^$" f3.cnf f3-wrong.drat)
expect(2 "^$"
  "^drat-check: step 2: proof line 2: expected a literal, found 'x'\n$"
  f3.cnf f3-malformed.drat)
expect(2 "^$" "^drat-check: step 1: proof line 1: expected a literal, found 'a"
  --text f3.cnf f3.bdrat)
expect(2 "^$" "^drat-check: cannot read missing.drat: " f3.cnf missing.drat)
expect(2 "^$" "^usage: drat-check" f3.cnf)
expect(2 "^$" "unknown option '--fast'" --fast f3.cnf f3.drat)
expect(0 "^usage: drat-check" "^$" --help)
