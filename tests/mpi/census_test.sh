#!/usr/bin/env bash
# catmouse-mpi copnumber against catmouse copnumber, for 1, 2, 3 and 4 processes: every connected
# graph on 8 nodes as a graph6 file (the summary but its timing line) and through stdin, the 7-node
# graphs with every answer (in order, numbered alike), and a variant of the rules.
# Usage: census_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
# Exit 0: passed; 1: failed; 77: skipped, nauty-geng is missing.
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
command -v nauty-geng >/dev/null || { echo "nauty-geng missing (Debian: nauty): skipped"; exit 77; }
enter "census"

# The summary without its first line, "graphs: N in S s (R graphs/s)", which is a timing.
untimed() { grep -v -E '^graphs: [0-9]+ (\([0-9]+ in this run\) )?in ' "$1" || true; }

nauty-geng -cq 8 >g8.g6
"$cli" copnumber g8.g6 --summary-only >single8.txt
grep -q '^graphs: 11117 in ' single8.txt || fail "catmouse copnumber: not 11117 graphs" "$(cat single8.txt)"
nauty-geng -cq 7 >g7.g6
"$cli" copnumber g7.g6 --jsonl >single7.jsonl
"$cli" copnumber g7.g6 >single7.txt
"$cli" copnumber g7.g6 --summary-only --no-robber-stays --max 2 >variant7.txt
for k in 1 2 3 4; do
  nauty-geng -cq 8 | run_mpi "$k" "$mpi" copnumber - --summary-only >"geng8.$k.txt" \
    2>"geng8.$k.err" || fail "geng's graphs on stdin, $k processes: exit $?" "$(cat "geng8.$k.err")"
  grep -q '^graphs: 11117 in ' "geng8.$k.txt" || fail "stdin on $k processes: not 11117 graphs"
  diff <(untimed single8.txt) <(untimed "geng8.$k.txt") ||
    fail "stdin on $k processes: another summary"
  run_mpi "$k" "$mpi" copnumber g8.g6 --summary-only >"file8.$k.txt" ||
    fail "g8.g6 on $k processes: exit $?"
  diff <(untimed single8.txt) <(untimed "file8.$k.txt") ||
    fail "g8.g6 on $k processes: another summary"
  run_mpi "$k" "$mpi" copnumber g7.g6 --jsonl >"file7.$k.jsonl" || fail "g7.g6 --jsonl: exit $?"
  cmp single7.jsonl "file7.$k.jsonl" || fail "g7.g6 --jsonl on $k processes: other answers"
  run_mpi "$k" "$mpi" copnumber g7.g6 >"file7.$k.txt" || fail "g7.g6: exit $?"
  cmp single7.txt "file7.$k.txt" || fail "g7.g6 on $k processes: other answers"
  run_mpi "$k" "$mpi" copnumber - --summary-only --no-robber-stays --max 2 <g7.g6 \
    >"variant7.$k.txt" || fail "stdin: exit $?"
  diff <(untimed variant7.txt) <(untimed "variant7.$k.txt") ||
    fail "stdin, --no-robber-stays --max 2, on $k processes: another summary"
done
echo "ok: census"
