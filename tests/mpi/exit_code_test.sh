#!/usr/bin/env bash
# One exit code per kind of failure, with one message from process 0, for any number of processes:
# a bad option is a usage error (exit 2), a full disk during --save is output lost (exit 1), and
# SIGTERM or SIGINT to mpirun stops the run with a message and no ".partial" file left behind.
# Usage: exit_code_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
dir="$work/exit_code"
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"

# expect CODE PATTERN K ARGS...: exit CODE, nothing on stdout, one message matching PATTERN.
expect() {
  local code=$1 pattern=$2 k=$3
  shift 3
  local got=0
  run_mpi "$k" "$mpi" "$@" >out.txt 2>err.txt || got=$?
  [ "$got" = "$code" ] || fail "-np $k $*: exit $got, not $code" "$(cat err.txt)"
  [ ! -s out.txt ] || fail "-np $k $*: output on stdout after a failure" "$(cat out.txt)"
  [ "$(grep -c '^catmouse-mpi: ' err.txt)" = 1 ] || fail "-np $k $*: not one message" "$(cat err.txt)"
  grep -Eq "^catmouse-mpi: $pattern" err.txt || fail "-np $k $*: not the message expected" \
    "$(cat err.txt)"
}

"$cli" gen random --nodes 200 --seed 4 --out g.json

# A bad --memory is a usage error, said once, on one process or several.
for k in 1 3; do
  expect 2 "--memory: 'zz' is not an amount of memory" "$k" solve g.json --memory zz
  expect 2 "--memory: 'zz' is not an amount of memory" "$k" census cops --nodes 4 --memory zz
  # --geng is a geng program everywhere; the census of every graph on N nodes is census cops.
  expect 2 "--geng: catmouse-mpi copnumber answers a collection .* catmouse-mpi census cops --nodes N" \
    "$k" copnumber --geng 4
done

# A full disk while saving is output lost: exit 1. A full device (like /dev/full, made here
# with mknod) is written in place and fails every write with ENOSPC.
if mknod -m 666 full c 1 7 2>/dev/null; then
  expect 1 "full: write error: No space left on device" 2 solve g.json --save full
  [ "$(stat -c %F full)" = "character special file" ] || fail "--save replaced the device"
else
  echo "cannot make a device node here (mknod needs root): the full-disk case is skipped"
fi

# stop SIGNAL [SAVE]: signals mpirun while process 0 writes s.cmtb (slowed down by --save-pause),
# --save naming it or SAVE (a link to it), and checks the message, that the file and its
# temporary are gone, and that the run failed.
stop() {
  local signal=$1 save=${2:-s.cmtb} session pid status=0 waited=0
  rm -f s.cmtb s.cmtb.partial
  session=$(mktemp -d)
  OMPI_MCA_orte_tmpdir_base=$session "$mpirun" "${mpi_flags[@]}" -np 2 "$mpi" solve g.json \
    --save "$save" --save-pause 200 >out.txt 2>err.txt &
  pid=$!
  while [ ! -e s.cmtb.partial ]; do
    sleep 0.05
    waited=$((waited + 1))
    [ "$waited" -lt 1200 ] || { kill -KILL "$pid"; fail "SIG$signal: no .partial file after 60 s"; }
  done
  kill -"$signal" "$pid"
  wait "$pid" || status=$?
  rm -rf "$session"
  [ "$status" != 0 ] || fail "SIG$signal: the run exited 0" "$(cat err.txt)"
  [ ! -e s.cmtb.partial ] || fail "SIG$signal: the .partial file was left behind" "$(cat err.txt)"
  [ ! -e s.cmtb ] || fail "SIG$signal: a file was saved" "$(cat err.txt)"
  [ ! -s out.txt ] || fail "SIG$signal: output on stdout" "$(cat out.txt)"
  # Open MPI's mpirun passes both signals on to the processes as SIGTERM.
  [ "$(grep -c '^catmouse-mpi: stopped by SIG' err.txt)" = 1 ] ||
    fail "SIG$signal: not one message" "$(cat err.txt)"
}
stop TERM
stop INT
ln -s s.cmtb link.cmtb
stop TERM link.cmtb
[ -L link.cmtb ] || fail "SIGTERM: the link was replaced"
echo "ok: exit codes"
