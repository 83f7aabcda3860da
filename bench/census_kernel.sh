#!/usr/bin/env bash
# The Cat and Mouse census kernel alone, per (graph, hole) table, against the kernel it replaced
# (build/bench/catmouse_census_kernel_bench; the graphs decoded into memory first, every hole,
# both stuck rules):
#   - thread CPU time per table, the kernels alternating, medians of RUNS runs (default 5) after a
#     warm-up, on every connected 9-node graph and on a fixed sample of 10-node graphs (the first
#     TEN_SAMPLE of nauty-geng -c 10 in its order, default 1,000,000);
#   - with CALLGRIND=1, instructions per table under valgrind's callgrind (a count that the load of
#     a shared machine does not change), solve alone and solve with the census totals, for each
#     kernel, on the samples CALLGRIND_GENG (default "-cq 9 0/10" and "-cq 10 7/500": res/mod
#     parts, 29,445 and 49,322 graphs); TIMING=0 skips the timed runs.
# Usage: bench/census_kernel.sh [build dir]   (default: build). Needs nauty (and valgrind for
# CALLGRIND=1).
set -euo pipefail
bench="${1:-build}/bench/catmouse_census_kernel_bench"
runs="${RUNS:-5}"
sample="${TEN_SAMPLE:-1000000}"
command -v nauty-geng > /dev/null || { echo "census_kernel.sh: nauty-geng not found (apt-get install nauty)" >&2; exit 2; }
[ -x "$bench" ] || { echo "census_kernel.sh: $bench not built (cmake --build --preset release --target catmouse_census_kernel_bench)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

if [ "${TIMING:-1}" = 1 ]; then
  nauty-geng -cq 10 | head -n "$sample" > "$tmp/ten.g6" || true
  echo "## every connected 9-node graph (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  "$bench" --geng "-cq 9" --runs "$runs"
  echo
  echo "## the first $sample connected 10-node graphs (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  "$bench" --file "$tmp/ten.g6" --runs "$runs"
fi

if [ "${CALLGRIND:-0}" = 1 ]; then
  command -v valgrind > /dev/null || { echo "census_kernel.sh: valgrind not found" >&2; exit 2; }
  echo
  echo "## instructions per table (callgrind)"
  echo
  echo "| graphs | kernel | what | tables | instructions per table |"
  echo "| --- | --- | --- | ---: | ---: |"
  IFS=';' read -r -a samples <<< "${CALLGRIND_GENG:--cq 9 0/10;-cq 10 7/500}"
  for geng in "${samples[@]}"; do
    for kernel in queue bits bits-baseline; do
      for what in solve census; do
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect='*time_tables*' \
          "$bench" --geng "$geng" --runs 1 --kernel "$kernel" --what "$what" > "$tmp/bench.out" 2> "$tmp/cg.err"
        # Two passes (the warm-up and one run) over the tables the output counts.
        tables=$(sed -n 's/^[0-9]* graphs, \([0-9]*\) tables a run.*/\1/p' "$tmp/bench.out")
        ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/cg.err")
        printf '| geng %s | %s | %s | %s | %d |\n' "$geng" "$kernel" "$what" "$tables" $((ir / (2 * tables)))
      done
    done
  done
fi
