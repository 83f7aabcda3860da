# Sourced by the mpi tests: run_mpi K ARGS... runs ARGS on K processes of mpirun ($mpirun), with
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

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" >&2
  exit 1
}
