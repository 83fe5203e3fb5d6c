# The hard satisfiable peg problems of issue 14, for the benchmarks that
# run them (peg-shuffles.sh, threads.sh); sourced, not run.
#   PROBLEMS      BOARD:VACANCY words (the environment may set them);
#                 BOARD english, french or planning (the English board from
#                 the vacancy to one peg in it).  Default: the 11 of
#                 docs/performance.md.
#   peg_problem FRONT BOARD:VACANCY OUT   writes that problem's DIMACS CNF
#                 to OUT with the peg-front FRONT.
problems=${PROBLEMS:-english:1 english:10 english:12 english:14 english:15
english:17 french:1 french:12 french:17 planning:10 planning:17}

peg_problem() {
  local front=$1 board=${2%%:*} hole=${2#*:} out=$3
  case $board in
  english | french)
    "$front" --dimacs --board "$board" --empty "$hole" -o "$out" ;;
  planning)
    { "$front" --board english --empty "$hole" --write-board
      echo "goal $hole"; } | "$front" --dimacs -o "$out" ;;
  *) echo "unknown board in '$2'" >&2; return 2 ;;
  esac
}
