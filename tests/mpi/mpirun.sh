# Sourced by the mpi tests: run_mpi K ARGS... runs ARGS on K processes of mpirun ($mpirun), with
# the flags this machine needs (Open MPI: --oversubscribe for more processes than cores,
# --allow-run-as-root under root), and a time limit, so that a run that hangs fails the test.
mpi_flags=()
mpi_version=$("$mpirun" --version 2>&1 || true)
if [[ $mpi_version == *"Open MPI"* || $mpi_version == *OpenRTE* ]]; then
  mpi_flags+=(--oversubscribe)
  [ "$(id -u)" = 0 ] && mpi_flags+=(--allow-run-as-root)
fi
run_mpi() {
  local k=$1
  shift
  timeout 300 "$mpirun" "${mpi_flags[@]}" -np "$k" "$@"
}

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" >&2
  exit 1
}
