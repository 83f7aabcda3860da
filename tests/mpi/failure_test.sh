#!/usr/bin/env bash
# A process that fails makes every process exit non-zero with one message, never a hang (every
# run has a time limit): a process told to fail at level 1 (as if out of memory: exit 1), the
# memory limit exceeded by one process alone (exit 2, naming it), bad input, an unwritable
# --save, a bad line in a census.
# Usage: failure_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "failure"

"$cli" gen random --nodes 1000 --out g.json
for k in 2 3; do
  expect 1 ".*out of memory at level 1 .*\(process 1\)" "$k" solve g.json --fail-process 1
done
expect 1 ".*out of memory at level 1 .*\(process 0\)" 4 solve g.json --fail-process 0 --save x.cmtb
[ ! -e x.cmtb ] || fail "a failed solve left a file"

# 1000 nodes are 16 words of 64 rows: 5, 5 and 6 on 3 processes. One byte less than the largest
# part refuses process 2 alone.
run_mpi 3 "$mpi" solve g.json --json >part.json || fail "solve --json: exit $?"
largest=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["part_bytes"])' part.json)
expect 2 ".*its part .* needs .*more than the limit .*\(process 2\) \(see --memory\)" 3 \
  solve g.json --memory $((largest - 1))
run_mpi 3 "$mpi" solve g.json --memory "$largest" >/dev/null || fail "the largest part's limit refused"

printf '[[1],[0' >bad.json
expect 2 ".*bad.json:.*invalid JSON" 3 solve bad.json
expect 2 ".*missing.json: cannot open" 2 solve missing.json
expect 2 ".*cannot write" 2 solve g.json --save "$dir/no/such/dir/x.cmtb"
expect 2 ".*catmouse-mpi solves the one-cat game" 2 solve g.json --cats 2
expect 2 ".*GRAPH is required" 2 solve
if command -v nauty-geng >/dev/null; then
  nauty-geng -cq 8 >g8.g6
  { head -n 5000 g8.g6; echo 'bad!'; tail -n +5001 g8.g6; } >bad.g6
  expect 2 ".*bad.g6:5001:4: byte '!'" 3 copnumber bad.g6 --summary-only
fi
expect 2 ".*give GRAPH" 2 copnumber
echo "ok: failures"
