#!/usr/bin/env bash
# SIGTERM or SIGINT sent to the processes of a run (as a launcher or a batch system that signals
# them does) while process 0 writes --save: the run's status is the processes' own, 143 or 130,
# with one message and no ".partial" file left behind. (A signal to mpirun itself ends in mpirun's
# status 1: exit_code_test.sh, docs/distributed.md; here it is sent once more with process 0 slow
# to handle it.)
# Usage: signal_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
[[ $mpi_version == *"Open MPI"* || $mpi_version == *OpenRTE* ]] || {
  echo "not Open MPI: the processes' status through mpirun is not checked"
  exit 77
}
enter "signal"
"$cli" gen random --nodes 200 --seed 4 --out g.json

# stop SIGNAL CODE: signals both processes while process 0 writes s.cmtb (slowed down by
# --save-pause) and checks mpirun's status, the message and that the file and its temporary are
# gone.
stop() {
  local signal=$1 code=$2 ranks
  start_save "SIG$signal" "$mpi" solve g.json --save s.cmtb --save-pause 200
  # mpirun's children on this host are the processes of the run.
  ranks=$(pgrep -P "$save_pid" -d ' ' || true)
  [ -n "$ranks" ] || {
    kill -KILL "$save_pid"
    fail "SIG$signal: no process of the run found"
  }
  # shellcheck disable=SC2086 # one pid a word
  kill -"$signal" $ranks
  end_save
  [ "$save_status" = "$code" ] ||
    fail "SIG$signal to the processes: mpirun exited $save_status, not $code" "$(cat err.txt)"
  expect_stopped "SIG$signal" "SIG$signal"
}
stop TERM 143
stop INT 130

# A process 0 slow to handle the signal, as on a busy machine (hidden --stop-delay: it handles it
# 300 ms late), signalled through mpirun: mpirun sends SIGTERM to every process, then SIGKILL a
# second later or at once when one of them has ended. The other process must wait for process 0
# instead of ending at once and bringing the SIGKILL before process 0 has removed the .partial
# file. (Without that wait this left the .partial file and no message every time.)
slow_zero() {
  start_save "slow process 0" "$mpi" --stop-delay 300 solve g.json --save s.cmtb --save-pause 200
  kill -TERM "$save_pid"
  end_save
  [ "$save_status" != 0 ] || fail "slow process 0: the run exited 0" "$(cat err.txt)"
  expect_stopped "slow process 0" SIGTERM
}
slow_zero
echo "ok: signals to the processes"
