#!/usr/bin/env bash
# catmouse-mpi solve against catmouse solve on one game, for 1, 2, 3 and 4 processes: the same
# answer on stdout (the sentence and --code's), the same warnings, and the same tablebase file
# byte for byte (every state's value and remoteness), and the same --json object (seconds and
# table_bytes aside: what each program keeps differs),
# followed by the run's own members.
# Usage: solve_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR NAME GRAPH [OPTION...]
#   GRAPH: gen:FAMILY:NODES[:SEED] (catmouse gen; edges format with --directed) or a file
#   OPTION: for both; mpi:OPTION for catmouse-mpi alone
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4 name=$5 graph=$6
shift 6
options=() mpi_options=()
for option in "$@"; do
  if [[ $option == mpi:* ]]; then mpi_options+=("${option#mpi:}"); else options+=("$option"); fi
done
set -- "${options[@]}"
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "$name"

if [[ $graph == gen:* ]]; then
  IFS=: read -r _ family nodes seed <<<"$graph"
  format=leetcode graph=graph.json
  for option in "$@"; do [ "$option" = --directed ] && format=edges graph=graph.txt; done
  "$cli" gen "$family" --nodes "$nodes" --seed "${seed:-1}" --format "$format" --out "$graph"
fi

"$cli" solve "$graph" "$@" --save single.cmtb >single.out 2>single.err ||
  fail "catmouse solve failed" "$(cat single.err)"
"$cli" solve "$graph" "$@" --json >single.json
# CATMOUSE_MPI_RANKS: the process counts to run (the sanitizer build runs fewer: CMakeLists.txt).
for k in ${CATMOUSE_MPI_RANKS:-1 2 3 4}; do
  run_mpi "$k" "$mpi" solve "$graph" "$@" "${mpi_options[@]}" --save "mpi$k.cmtb" \
    >"mpi$k.out" 2>"mpi$k.err" ||
    fail "$k processes: exit $?" "$(cat "mpi$k.err")"
  cmp -s single.out "mpi$k.out" ||
    fail "$k processes: another answer" "$(cat single.out "mpi$k.out")"
  # catmouse's own lines (warnings); mpirun may add its own.
  diff <(grep '^catmouse' single.err || true) <(grep '^catmouse' "mpi$k.err" || true) >/dev/null ||
    fail "$k processes: other warnings" "$(cat single.err "mpi$k.err")"
  cmp single.cmtb "mpi$k.cmtb" || fail "$k processes: the saved file differs"
done
"$cli" solve "$graph" "$@" --code >single.code
run_mpi 2 "$mpi" solve "$graph" "$@" "${mpi_options[@]}" --code >mpi.code
cmp -s single.code mpi.code || fail "--code: another answer" "$(cat single.code mpi.code)"
run_mpi 2 "$mpi" solve "$graph" "$@" "${mpi_options[@]}" --json >mpi.json
python3 - single.json mpi.json <<'PY' || fail "--json differs" "$(cat single.json mpi.json)"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
# catmouse solve's object, in its order, then the run's own members; seconds vary, and table_bytes
# is what each program kept (catmouse: one cat's values, the asked state's remoteness being the level
# that decided it; catmouse-mpi: the table it gathered, or its parts).
run = ["processes", "levels", "exchanged_bytes", "largest_level_bytes", "level_bytes",
       "part_bytes", "whole_bytes", "peak_rss_bytes"]
mine = {k: v for k, v in b.items() if k not in run}
for d in (a, mine):
    d["seconds"] = 0
    d["table_bytes"] = 0
sys.exit(0 if list(mine.items()) == list(a.items()) and list(b)[len(a):] == run
         and b["processes"] == 2 else 1)
PY
echo "ok: $name"
