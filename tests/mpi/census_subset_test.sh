#!/usr/bin/env bash
# The 12-node cop census of the cluster runbook (docs/data/census/cops-12.slurm.sh) over a fixed
# subset of its parts: catmouse-mpi on 1, 2 and 4 processes gives the totals and the state file
# of catmouse census on the same parts. The census's options are read from the runbook's script,
# so that the command it submits is the command checked here.
# Usage: census_subset_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR RUNBOOK
# Exit 0: passed; 1: failed.
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4 runbook=$5
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "census_subset"

# The runbook's census options: its `catmouse-mpi census cops ...` line without --state, --graphs
# and --json (given here), continuation lines joined.
line=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$runbook" | grep -E 'catmouse-mpi census cops')
read -r -a words <<<"${line#*catmouse-mpi }"
census=()
for ((i = 0; i < ${#words[@]}; ++i)); do
  case ${words[i]} in
    --state | --graphs) ((++i)) ;;
    --json | --quiet) ;;
    '>'*) break ;;
    *) census+=("${words[i]}") ;;
  esac
done
[ "${census[*]:0:4}" = "census cops --nodes 12" ] || fail "the runbook's command: ${census[*]}"
# Two parts of the 10,000: a few seconds each.
census+=(--only-parts 4321,8765 --quiet)

# The state file without the parts' CPU times, and a --json record without its times and paths.
state() { sed -E 's/"cpu_seconds":[0-9.e+-]+//' "$1"; }
record() { sed -E 's/"time":\{[^}]*\}//; s/"state_file":"[^"]*"//; s/"graphs_file":"[^"]*"//' "$1"; }

"$cli" "${census[@]}" --state single.json --graphs single.g6 --json >single.record 2>single.err ||
  fail "catmouse census: exit $?" "$(cat single.err)"
grep -q '"graphs":' single.record || fail "catmouse census: no graph count" "$(cat single.record)"
for k in 1 2 4; do
  run_mpi "$k" "$mpi" "${census[@]}" --state "mpi$k.json" --graphs "mpi$k.g6" --json \
    >"mpi$k.record" 2>"mpi$k.err" || fail "catmouse-mpi census on $k processes: exit $?" "$(cat "mpi$k.err")"
  cmp <(record single.record) <(record "mpi$k.record") ||
    fail "catmouse-mpi census on $k processes: other totals" "$(cat single.record "mpi$k.record")"
  cmp <(state single.json) <(state "mpi$k.json") ||
    fail "catmouse-mpi census on $k processes: another state file"
  # The graphs of cop number 3 or more, if the parts hold any (written only then).
  if [ -e single.g6 ] || [ -e "mpi$k.g6" ]; then
    cmp single.g6 "mpi$k.g6" || fail "catmouse-mpi census on $k processes: other graphs"
  fi
done
echo "ok: census subset"
