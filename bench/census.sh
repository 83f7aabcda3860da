#!/usr/bin/env bash
# Graph collections: nauty's geng piped into catmouse, as a census is run. Checks the published
# numbers (connected cop-win graphs on 9 nodes: 65561; the longest capture time of a cop-win
# graph on n nodes: n - 4 rounds for n = 9 and 10) and reports time, CPU time and peak memory:
#   - copnumber --summary-only over the 261,080 connected 9-node graphs, --threads 1 and 2
#     alternately (REPEAT times each, default 3: the machine may be shared, so compare runs made
#     side by side and read the CPU times too);
#   - solve --batch --summary-only over the same graphs, --threads 1 and 2 alternately;
#   - copnumber --summary-only over the 11,716,571 connected 10-node graphs on 2 threads (set
#     TEN=0 to skip it: a minute or more).
# Usage: bench/census.sh [build dir]   (default: build). Needs nauty (scripts/setup installs it).
set -euo pipefail
bin="${1:-build}/bin/catmouse"
repeat="${REPEAT:-3}"
command -v nauty-geng > /dev/null || { echo "census.sh: nauty-geng not found (apt-get install nauty)" >&2; exit 2; }
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
nauty-geng -cq 9 > "$tmp/c9.g6"

# run NAME COMMAND...: one line "NAME seconds user_seconds peak_MB", the command's stdout in
# $tmp/out.
run() {
  local name="$1"
  shift
  /usr/bin/time -f '%e %U %M' -o "$tmp/time" "$@" > "$tmp/out"
  read -r seconds user kb < "$tmp/time"
  printf '%-44s %8s s %8s s cpu %6d MB\n' "$name" "$seconds" "$user" $((kb / 1024))
}

# expect LABEL WANT: the summary line starting with LABEL has WANT as its count.
expect_count() {
  local got
  got=$(sed -n "s/^$1: \([0-9]*\) .*/\1/p" "$tmp/out")
  [ "$got" = "$2" ] || { echo "census.sh: $1: $got, expected $2" >&2; cat "$tmp/out" >&2; exit 1; }
}
expect_rounds() {
  local got
  got=$(sed -n "s/^$1: .*longest capture \([0-9]*\) round.*/\1/p" "$tmp/out")
  [ "$got" = "$2" ] || { echo "census.sh: $1: longest capture $got, expected $2" >&2; exit 1; }
}

echo "connected 9-node graphs: $(wc -l < "$tmp/c9.g6")"
for r in $(seq "$repeat"); do
  for threads in 1 2; do
    run "copnumber n=9 --threads $threads (run $r)" "$bin" copnumber "$tmp/c9.g6" --summary-only \
      --threads "$threads"
    expect_count "cop number 1" 65561
    expect_rounds "cop number 1" 5
  done
done
for r in $(seq "$repeat"); do
  for threads in 1 2; do
    run "solve --batch n=9 --threads $threads (run $r)" "$bin" solve --batch "$tmp/c9.g6" \
      --summary-only --threads "$threads"
  done
done
sed 's/^/  /' "$tmp/out"
if [ "${TEN:-1}" != 0 ]; then
  # geng writes into a pipe as catmouse reads: the time is the pipeline's, geng's CPU included
  # in neither the user time nor the peak memory printed (catmouse's own).
  start=$(date +%s.%N)
  nauty-geng -cq 10 | /usr/bin/time -f '%e %U %M' -o "$tmp/time" "$bin" copnumber - \
    --summary-only --threads 2 > "$tmp/out"
  end=$(date +%s.%N)
  read -r seconds user kb < "$tmp/time"
  printf '%-44s %8s s %8s s cpu %6d MB (pipeline %.1f s)\n' "geng -c 10 | copnumber --threads 2" \
    "$seconds" "$user" $((kb / 1024)) "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
  expect_count "graphs" 11716571
  expect_rounds "cop number 1" 6
  sed 's/^/  /' "$tmp/out"
fi
