# shellcheck shell=bash
# Sourced by the mpi tests (each sets $mpirun, $mpi and $work first): running on K processes,
# failing with a message, and the checks several tests make.
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

# run_mpi K ARGS... runs ARGS on K processes of mpirun ($mpirun), with
# the flags this machine needs (Open MPI: --oversubscribe for more processes than cores,
# --allow-run-as-root under root), and a time limit, so that a run that hangs fails the test.
# Open MPI keeps a session folder per host and user in the temporary folder; two mpiruns starting
# at once (tests run in parallel) can fail to create it ("mkdir ... File exists"), so each run
# gets a folder of its own (other MPIs ignore the variable).
mpi_flags=()
mpi_version=$("$mpirun" --version 2>&1 || true)
if [[ $mpi_version == *"Open MPI"* || $mpi_version == *OpenRTE* ]]; then
  mpi_flags+=(--oversubscribe)
  [ "$(id -u)" = 0 ] && mpi_flags+=(--allow-run-as-root)
fi
run_mpi() {
  local k=$1 session status=0
  shift
  session=$(mktemp -d)
  OMPI_MCA_orte_tmpdir_base=$session timeout 300 "$mpirun" "${mpi_flags[@]}" -np "$k" "$@" ||
    status=$?
  rm -rf "$session"
  return "$status"
}

# enter NAME: makes $work/NAME empty and works in it.
enter() {
  dir="$work/$1"
  rm -rf "$dir"
  mkdir -p "$dir"
  cd "$dir"
}

# expect CODE PATTERN K ARGS...: ARGS on K processes exit with CODE (not a hang), nothing on
# stdout, and stderr has exactly one message of catmouse-mpi, its text matching PATTERN (an
# extended regular expression, from the start of the text).
expect() {
  local code=$1 pattern=$2 k=$3
  shift 3
  local got=0
  run_mpi "$k" "$mpi" "$@" >out.txt 2>err.txt || got=$?
  [ "$got" != 124 ] || fail "-np $k $*: a hang (killed after 300 s)" "$(cat err.txt)"
  [ "$got" = "$code" ] || fail "-np $k $*: exit $got, not $code" "$(cat err.txt)"
  [ ! -s out.txt ] || fail "-np $k $*: output on stdout after a failure" "$(cat out.txt)"
  [ "$(grep -c '^catmouse-mpi: ' err.txt)" = 1 ] || fail "-np $k $*: not one message" "$(cat err.txt)"
  grep -Eq "^catmouse-mpi: $pattern" err.txt || fail "-np $k $*: not the message expected" \
    "$(cat err.txt)"
}

# start_save WHAT ARGS...: starts ARGS (catmouse-mpi's, saving s.cmtb) on 2 processes in the
# background, stdout in out.txt and stderr in err.txt, and waits until process 0 writes
# s.cmtb.partial; the run's mpirun is $save_pid. WHAT names the case in a failure.
start_save() {
  local what=$1 waited=0
  shift
  rm -f s.cmtb s.cmtb.partial
  save_session=$(mktemp -d)
  OMPI_MCA_orte_tmpdir_base=$save_session "$mpirun" "${mpi_flags[@]}" -np 2 "$@" >out.txt \
    2>err.txt &
  save_pid=$!
  while [ ! -e s.cmtb.partial ]; do
    sleep 0.05
    waited=$((waited + 1))
    [ "$waited" -lt 1200 ] || {
      kill -KILL "$save_pid"
      fail "$what: no .partial file after 60 s"
    }
  done
}

# end_save: waits for the run start_save started; its status in $save_status.
end_save() {
  save_status=0
  wait "$save_pid" || save_status=$?
  rm -rf "$save_session"
}

# expect_stopped WHAT SIGNAL: the run stopped saving: no s.cmtb nor its .partial file, nothing on
# stdout, and one message "stopped by SIGNAL" (a prefix of the signal's name).
expect_stopped() {
  local what=$1 signal=$2
  [ ! -e s.cmtb.partial ] || fail "$what: the .partial file was left behind" "$(cat err.txt)"
  [ ! -e s.cmtb ] || fail "$what: a file was saved" "$(cat err.txt)"
  [ ! -s out.txt ] || fail "$what: output on stdout" "$(cat out.txt)"
  [ "$(grep -c "^catmouse-mpi: stopped by $signal" err.txt)" = 1 ] ||
    fail "$what: not one message" "$(cat err.txt)"
}
