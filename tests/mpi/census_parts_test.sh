#!/usr/bin/env bash
# catmouse-mpi census against catmouse census on 1, 2 and 3 processes: the cop census of every
# connected graph on 8 nodes in 16 parts and the Cat and Mouse census of 7 nodes give the totals
# of catmouse census (its --json record's too) and the same state file but for the parts' CPU
# times; a census stopped part way by either program (a geng program that fails from part 5 on)
# is finished by the other with the same totals; a bad geng line exits with code 2, naming the
# part and the line; a state file in use by another run is refused.
# Usage: census_parts_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
# Exit 0: passed; 1: failed; 77: skipped, nauty-geng is missing.
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
geng=$(command -v nauty-geng) || { echo "nauty-geng missing (Debian: nauty): skipped"; exit 77; }
enter "census_parts"

# The summary without its first line, "graphs: N in S s (R graphs/s)", which is a timing.
untimed() { grep -v -E '^graphs: [0-9]+ (\([0-9]+ in this run\) )?in ' "$1" || true; }
# A state file without the parts' CPU times and the generator (the built-in geng or a program).
state() { sed -E 's/"cpu_seconds":[0-9.e+-]+//; s/"generator":\{[^}]*\}//' "$1"; }
# same_as_single NAME WHAT: NAME.txt and NAME.json hold the totals and state of single.txt and
# single.json (but times and the graph file's name); WHAT names the case in a failure.
same_as_single() {
  diff <(untimed single.txt | sed 's/single\.g6/X/') <(untimed "$1.txt" | sed "s/$1\.g6/X/") ||
    fail "$2: other totals"
  cmp <(state single.json) <(state "$1.json") || fail "$2: another state file"
}
# A --json record without its times and its state file's name.
record() { sed -E 's/"time":\{[^}]*\}//; s/"state_file":"[^"]*"//; s/"this_run":[0-9]+//' "$1"; }
census=(census cops --nodes 8 --parts 16 --quiet)

# geng that fails on the parts from 5 on (its arguments: -cq 8 RES/16), and its version otherwise.
cat >failing-geng <<SCRIPT
#!/bin/sh
res=\${3%/*}
[ "\$1" = -cq ] && [ "\$res" -ge 5 ] && exit 1
exec '$geng' "\$@"
SCRIPT
# geng whose part 3 has a line that is not graph6.
cat >bad-geng <<SCRIPT
#!/bin/sh
[ "\$3" = 3/16 ] && { echo 'G?????'; echo 'not graph6!'; exit 0; }
exec '$geng' "\$@"
SCRIPT
chmod +x failing-geng bad-geng

"$cli" "${census[@]}" --state single.json --graphs single.g6 >single.txt 2>single.err
grep -q '^graphs: 11117 in ' single.txt || fail "catmouse census: not 11117 graphs" "$(cat single.txt)"
"$cli" "${census[@]}" --state single.json --graphs single.g6 --json >single.record 2>/dev/null
"$cli" census mouse --nodes 7 --quiet --state mouse.json >mouse.txt 2>/dev/null
for k in 1 2 3; do
  run_mpi "$k" "$mpi" "${census[@]}" --state "mpi$k.json" --graphs "mpi$k.g6" >"mpi$k.txt" \
    2>"mpi$k.err" || fail "catmouse-mpi census on $k processes: exit $?" "$(cat "mpi$k.err")"
  grep -q "^catmouse-mpi census: state file mpi$k.json (0 of 16 parts done)$" "mpi$k.err" ||
    fail "catmouse-mpi census on $k processes: the state file not named" "$(cat "mpi$k.err")"
  diff <(untimed single.txt) <(untimed "mpi$k.txt") | sed 's/mpi[0-9]\.g6/single.g6/g' |
    grep -q . && fail "catmouse-mpi census on $k processes: other totals" "$(cat "mpi$k.txt")"
  cmp <(state single.json) <(state "mpi$k.json") ||
    fail "catmouse-mpi census on $k processes: another state file"
  run_mpi "$k" "$mpi" "${census[@]}" --state "mpi$k.json" --graphs single.g6 --json \
    >"mpi$k.record" 2>/dev/null || fail "catmouse-mpi census --json on $k processes: exit $?"
  cmp <(record single.record) <(record "mpi$k.record") ||
    fail "catmouse-mpi census --json on $k processes: another record" "$(cat "mpi$k.record")"
  run_mpi "$k" "$mpi" census mouse --nodes 7 --quiet --state "mouse$k.json" >"mouse$k.txt" \
    2>/dev/null || fail "catmouse-mpi census mouse on $k processes: exit $?"
  diff <(untimed mouse.txt) <(untimed "mouse$k.txt") ||
    fail "catmouse-mpi census mouse on $k processes: other totals"
done

# Stopped by catmouse, finished by catmouse-mpi (the same geng program: the same generator).
status=0
"$cli" "${census[@]}" --threads 1 --state a.json --graphs a.g6 --geng ./failing-geng >a.txt \
  2>a.err || status=$?
[ "$status" = 2 ] || fail "catmouse with a failing geng: exit $status, expected 2" "$(cat a.err)"
grep -q 'geng part 5/16: failed (exit status 1)' a.err || fail "the failing part not named" "$(cat a.err)"
[ "$(grep -c '^{"part":[0-4],"graphs"' a.json)" = 5 ] ||
  fail "catmouse with a failing geng: parts 0 to 4 not saved" "$(cat a.json)"
run_mpi 2 "$mpi" "${census[@]}" --state a.json --graphs a.g6 --geng "$geng" >a.txt ||
  fail "catmouse-mpi resuming catmouse's census: exit $?"
same_as_single a "catmouse-mpi resuming catmouse's census"

# Stopped by catmouse-mpi, finished by catmouse.
status=0
run_mpi 2 "$mpi" "${census[@]}" --state b.json --graphs b.g6 --geng ./failing-geng >b.txt \
  2>b.err || status=$?
[ "$status" = 2 ] || fail "catmouse-mpi with a failing geng: exit $status, expected 2" "$(cat b.err)"
[ -s b.txt ] && fail "catmouse-mpi with a failing geng: output on stdout" "$(cat b.txt)"
grep -q '^{"part":4,"graphs"' b.json || fail "catmouse-mpi with a failing geng: part 4 not saved"
"$cli" "${census[@]}" --state b.json --graphs b.g6 --geng "$geng" >b.txt 2>/dev/null ||
  fail "catmouse resuming: exit $?"
same_as_single b "catmouse resuming catmouse-mpi's census"
# Another generator without --resume-any: refused, the field named.
status=0
run_mpi 2 "$mpi" "${census[@]}" --state b.json --graphs b.g6 >b.txt 2>b.err || status=$?
[ "$status" = 2 ] || fail "another generator: exit $status, expected 2" "$(cat b.err)"
grep -q 'b.json: field generator.nauty: written by geng of' b.err ||
  fail "another generator: the field not named" "$(cat b.err)"

# A bad geng line: exit 2, the line named, nothing on stdout.
status=0
run_mpi 2 "$mpi" "${census[@]}" --state c.json --graphs c.g6 --geng ./bad-geng >c.txt 2>c.err ||
  status=$?
[ "$status" = 2 ] || fail "a bad geng line: exit $status, expected 2" "$(cat c.err)"
grep -q "geng part 3/16, line 2: not a graph6 graph of 8 nodes: 'not graph6!'" c.err ||
  fail "a bad geng line: not named" "$(cat c.err)"
[ -s c.txt ] && fail "a bad geng line: output on stdout" "$(cat c.txt)"
echo "ok: census parts"
