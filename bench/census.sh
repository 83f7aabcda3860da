#!/usr/bin/env bash
# Graph collections: nauty's geng piped into catmouse, as a census is run. Checks the published
# numbers (connected cop-win graphs on 9 nodes: 65561; the longest capture time of a cop-win
# graph on n nodes: n - 4 rounds for n = 9 and 10) and reports time, CPU time and peak memory:
#   - copnumber --summary-only over the 261,080 connected 9-node graphs, --threads 1 and 2
#     alternately (REPEAT times each, default 3: the machine may be shared, so compare runs made
#     side by side and read the CPU times too);
#   - solve --batch --summary-only over the same graphs, --threads 1 and 2 alternately;
#   - copnumber --summary-only over the 11,716,571 connected 10-node graphs on 2 threads (set
#     TEN=0 to skip it: a minute or more);
#   - census cops --nodes 10 (catmouse runs geng itself, 100 parts, 2 threads), REPEAT times,
#     checking the counts 2,258,314 / 9,458,256 / 1 and the longest cop-win capture, 6 rounds
#     (set CENSUS10=0 to skip it);
#   - with ELEVEN=1, census cops --nodes 11 once: 1,006,700,565 graphs, minutes to an hour;
#   - with MOUSE=1, census mouse --nodes 10 once: 11,716,571 graphs, 10 holes each.
# The census rows' CPU times include geng's (catmouse waits for each part's geng). The censuses
# write their state files in a temporary folder: a row starts from nothing.
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
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$@" > "$tmp/out"
  read -r seconds user sys kb < "$tmp/time"
  printf '%-44s %8s s %8s s cpu %6s s sys %6d MB  (load %s)\n' "$name" "$seconds" "$user" "$sys" \
    $((kb / 1024)) "$(cut -d' ' -f1 /proc/loadavg)"
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

# census NAME ARGS...: catmouse census ARGS with a fresh state file.
census() {
  local name="$1"
  shift
  rm -f "$tmp/state.json" "$tmp/top.g6"
  run "$name" "$bin" census "$@" --quiet --state "$tmp/state.json" --graphs "$tmp/top.g6"
}
if [ "${CENSUS10:-1}" != 0 ]; then
  for r in $(seq "$repeat"); do
    census "census cops --nodes 10 --threads 2 (run $r)" cops --nodes 10 --threads 2
    expect_count "graphs" 11716571
    expect_count "cop number 1" 2258314
    expect_count "cop number 2" 9458256
    expect_count "cop number 3" 1
    expect_rounds "cop number 1" 6
  done
  sed 's/^/  /' "$tmp/out"
fi
if [ "${ELEVEN:-0}" = 1 ]; then
  census "census cops --nodes 11 --threads 2" cops --nodes 11 --threads 2
  expect_count "graphs" 1006700565
  sed 's/^/  /' "$tmp/out"
fi
if [ "${MOUSE:-0}" = 1 ]; then
  rm -f "$tmp/state.json"
  run "census mouse --nodes 10 --threads 2" "$bin" census mouse --nodes 10 --threads 2 --quiet \
    --state "$tmp/state.json"
  expect_count "graphs" 11716571
  sed 's/^/  /' "$tmp/out"
fi
