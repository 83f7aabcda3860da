#!/usr/bin/env bash
# catmouse-mpi against catmouse: the distributed solve of one large graph and the census of the
# connected 10-node graphs (docs/distributed.md, docs/performance.md).
#   - solve: `catmouse solve --threads 1` and `mpirun -np K catmouse-mpi solve` for each K,
#     alternately, REPEAT times (default 2): wall time, the solve's own time (--json "seconds"),
#     peak resident memory of the single process and of each process of the run (getrusage),
#     levels, bytes exchanged in all and at the largest level; then the bytes after each level
#     of the last run (LEVELS=1). The answers must agree (the script stops otherwise). With
#     SAVE=1 each run also writes its tablebase file and the files are compared byte for byte.
#   - census (CENSUS=1, the default): `catmouse census cops --nodes 10 --threads 1` and
#     `catmouse-mpi census cops --nodes 10` for each K: wall and CPU
#     time (of every process), and the summaries compared (but their timing line). SOLVE=0 skips
#     the solve.
# The ranks share this machine's cores: with more processes than cores the figures are of
# memory and traffic, not of speed.
# OPTIONS adds options to both solves (e.g. OPTIONS=--values-only).
# Usage: bench/mpi.sh [build dir]   (default: build)
#   NODES=20000 FAMILY=random KS="1 2" REPEAT=2 SAVE=0 CENSUS=1 LEVELS=0 OPTIONS= bench/mpi.sh
set -euo pipefail
build="${1:-build}"
cli="$build/bin/catmouse"
mpi="$build/bin/catmouse-mpi"
nodes="${NODES:-20000}"
family="${FAMILY:-random}"
ks="${KS:-1 2}"
repeat="${REPEAT:-2}"
read -r -a options <<<"${OPTIONS:-}"
[ -x "$mpi" ] || { echo "mpi.sh: $mpi not built (no MPI found?)" >&2; exit 2; }
mpirun="${MPIRUN:-mpirun}"
mpi_flags=()
if [[ $("$mpirun" --version 2>&1 || true) == *"Open MPI"* ]]; then
  mpi_flags+=(--oversubscribe)
  [ "$(id -u)" = 0 ] && mpi_flags+=(--allow-run-as-root)
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# field NAME FILE: a top-level number (or array, printed as is) of a JSON object.
field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[2]))[sys.argv[1]])' "$1" "$2"; }

solve_bench() {
  "$cli" gen "$family" --nodes "$nodes" --seed 1 --out "$tmp/graph.json"
  echo "graph: $family${OPTIONS:+ ($OPTIONS)}, $nodes nodes, $("$cli" solve "$tmp/graph.json" --json --values-only |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["edges"])') edges," \
    "$((2 * nodes * nodes)) states"
  printf '%-22s %8s %8s %10s %7s %12s %12s  %s\n' run wall solve peak_MB levels exchanged_MB \
    largest_MB "peak MB per process"
  save_args=()
  for r in $(seq "$repeat"); do
    [ "${SAVE:-0}" = 1 ] && save_args=(--save "$tmp/single.cmtb")
    /usr/bin/time -f '%e %M' -o "$tmp/time" "$cli" solve "$tmp/graph.json" --threads 1 --json \
      "${options[@]}" "${save_args[@]}" >"$tmp/single.json"
    read -r wall kb <"$tmp/time"
    printf '%-22s %8s %8.2f %10d\n' "catmouse (run $r)" "$wall" \
      "$(field seconds "$tmp/single.json")" $((kb / 1024))
    for k in $ks; do
      [ "${SAVE:-0}" = 1 ] && save_args=(--save "$tmp/mpi$k.cmtb")
      /usr/bin/time -f '%e' -o "$tmp/time" "$mpirun" "${mpi_flags[@]}" -np "$k" "$mpi" solve \
        "$tmp/graph.json" --json "${options[@]}" "${save_args[@]}" >"$tmp/mpi$k.json"
      read -r wall <"$tmp/time"
      peaks=$(python3 -c 'import json,sys; print(" ".join(str(b >> 20) for b in
        json.load(open(sys.argv[1]))["peak_rss_bytes"]))' "$tmp/mpi$k.json")
      largest_peak=$(python3 -c 'import json,sys; print(max(json.load(open(sys.argv[1]))
        ["peak_rss_bytes"]) >> 20)' "$tmp/mpi$k.json")
      printf '%-22s %8s %8.2f %10d %7s %12.1f %12.1f  %s\n' "K=$k (run $r)" "$wall" \
        "$(field seconds "$tmp/mpi$k.json")" "$largest_peak" "$(field levels "$tmp/mpi$k.json")" \
        "$(python3 -c "print($(field exchanged_bytes "$tmp/mpi$k.json") / 1048576)")" \
        "$(python3 -c "print($(field largest_level_bytes "$tmp/mpi$k.json") / 1048576)")" "$peaks"
      for key in result remoteness; do
        [ "$(field $key "$tmp/single.json")" = "$(field $key "$tmp/mpi$k.json")" ] ||
          { echo "mpi.sh: K=$k: another $key" >&2; exit 1; }
      done
      if [ "${SAVE:-0}" = 1 ]; then
        cmp "$tmp/single.cmtb" "$tmp/mpi$k.cmtb" || { echo "mpi.sh: K=$k: another file" >&2; exit 1; }
      fi
    done
  done
  if [ "${SAVE:-0}" = 1 ]; then
    echo "saved files: identical to catmouse's ($(stat -c %s "$tmp/single.cmtb") bytes)"
  fi
  if [ "${LEVELS:-0}" = 1 ]; then
    for k in $ks; do
      echo "K=$k: KiB sent after each level (0 = the seed):"
      python3 -c 'import json,sys; print(" ".join(str(b >> 10) for b in
        json.load(open(sys.argv[1]))["level_bytes"]))' "$tmp/mpi$k.json" | fold -s -w 100
    done
  fi
}

if [ "${SOLVE:-1}" = 1 ]; then solve_bench; fi

if [ "${CENSUS:-1}" = 1 ]; then
  command -v nauty-geng >/dev/null || { echo "mpi.sh: nauty-geng not found (apt-get install nauty)" >&2; exit 2; }
  untimed() { grep -v -E '^graphs: [0-9]+ (\([0-9]+ in this run\) )?in ' "$1"; }
  /usr/bin/time -f '%e s, CPU %U s' -o "$tmp/time" "$cli" census cops --nodes 10 --threads 1 \
    --quiet --state "$tmp/census.json" --graphs "$tmp/top.g6" >"$tmp/census.txt"
  echo "census n=10, catmouse --threads 1: $(cat "$tmp/time")"
  sed 's/^/  /' "$tmp/census.txt"
  for k in $ks; do
    rm -f "$tmp/census$k.json"
    /usr/bin/time -f '%e s, CPU %U s' -o "$tmp/time" "$mpirun" "${mpi_flags[@]}" -np "$k" "$mpi" \
      census cops --nodes 10 --quiet --state "$tmp/census$k.json" --graphs "$tmp/top.g6" \
      >"$tmp/census$k.txt"
    same=different
    diff <(untimed "$tmp/census.txt") <(untimed "$tmp/census$k.txt") >/dev/null && same=same
    echo "census n=10, catmouse-mpi K=$k: $(cat "$tmp/time"), summary $same"
    [ $same = same ] || { cat "$tmp/census$k.txt" >&2; exit 1; }
  done
fi
