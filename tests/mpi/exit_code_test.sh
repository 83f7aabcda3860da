#!/usr/bin/env bash
# One exit code per kind of failure, with one message from process 0, for any number of processes:
# a bad option is a usage error (exit 2), a full disk during --save is output lost (exit 1), and
# SIGTERM or SIGINT to mpirun stops the run with a message and no ".partial" file left behind.
# Usage: exit_code_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "exit_code"

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
  local signal=$1 save=${2:-s.cmtb}
  start_save "SIG$signal" "$mpi" solve g.json --save "$save" --save-pause 200
  kill -"$signal" "$save_pid"
  end_save
  [ "$save_status" != 0 ] || fail "SIG$signal: the run exited 0" "$(cat err.txt)"
  # Open MPI's mpirun passes both signals on to the processes as SIGTERM.
  expect_stopped "SIG$signal" SIG
}
stop TERM
stop INT
ln -s s.cmtb link.cmtb
stop TERM link.cmtb
[ -L link.cmtb ] || fail "SIGTERM: the link was replaced"
echo "ok: exit codes"
