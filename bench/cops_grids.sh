#!/usr/bin/env bash
# Cops and robbers (k = 2 and 3 cops on random graphs of 50 to 200 nodes, average degree 4; one and two
# threads) and
# LeetCode 1728 grids (8x8 maps with jumps, in bulk): time, peak memory and states, one line per
# run. Usage: bench/cops_grids.sh [build dir]   (default: build)
set -euo pipefail
bin="${1:-build}/bin/catmouse"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
printf '%-28s %10s %10s %14s %s\n' case seconds peak_MB states answer
run_cops() {  # nodes degree cops threads
  "$bin" gen random --nodes "$1" --degree "$2" --seed 7 > "$tmp/g.json"
  /usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" cops "$tmp/g.json" --cops "$3" --threads "$4" \
    --json > "$tmp/out.json"
  read -r seconds kb < "$tmp/time"
  states=$(sed 's/.*"states":\([0-9]*\).*/\1/' "$tmp/out.json")
  win=$(sed 's/.*"win":\([a-z]*\).*/\1/' "$tmp/out.json")
  moves=$(sed 's/.*"capture_moves":\([0-9a-z]*\).*/\1/' "$tmp/out.json")
  printf '%-28s %10s %10d %14s win=%s moves=%s\n' "random n=$1 d=$2 k=$3 t=$4" "$seconds" \
    $((kb / 1024)) "$states" "$win" "$moves"
}
for k in 2 3; do
  for n in 50 100 200; do
    for threads in 1 2; do run_cops "$n" 4 "$k" "$threads"; done
  done
done
# A denser graph where three cops lose: the levels run until nothing changes.
for threads in 1 2; do run_cops 200 8 3 "$threads"; done
# Side by side on the same state space: the general pack engine (catmouse solve with three cats
# under the cops' rules solves every state, as the cops engine does before it can stop).
"$bin" gen random --nodes 100 --degree 4 --seed 7 > "$tmp/g.json"
/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" solve "$tmp/g.json" --cats 3 --holes '' \
  --cat-forbidden '' --mouse-stays --cat-stays --first cat --mouse 0 --cat 1,2,3 --threads 1 \
  > /dev/null
read -r seconds kb < "$tmp/time"
printf '%-28s %10s %10d %14s\n' "pack engine n=100 d=4 k=3" "$seconds" $((kb / 1024)) 34340000
# 8x8 maps: random walls (1 in 5), random M, C, F, jumps 1..8; 1000 maps solved one by one.
count=1000
awk -v count="$count" 'BEGIN {
  srand(1728);
  for (g = 0; g < count; g++) {
    split("", cell);
    for (i = 0; i < 64; i++) cell[i] = rand() < 0.2 ? "#" : ".";
    for (j = 0; j < 3; j++) { do { p = int(rand() * 64) } while (cell[p] == "M" || cell[p] == "C" || cell[p] == "F"); cell[p] = substr("MCF", j + 1, 1) }
    line = "{\"grid\": [";
    for (r = 0; r < 8; r++) { row = ""; for (c = 0; c < 8; c++) row = row cell[r * 8 + c]; line = line (r ? "," : "") "\"" row "\"" }
    printf "%s], \"catJump\": %d, \"mouseJump\": %d}\n", line, 1 + int(rand() * 8), 1 + int(rand() * 8) > "/dev/stdout"
  }
}' > "$tmp/maps.jsonl"
start=$(date +%s.%N)
true_count=0
while IFS= read -r map; do
  printf '%s\n' "$map" > "$tmp/map.json"
  if [ "$("$bin" solve --code --threads 1 "$tmp/map.json")" = true ]; then true_count=$((true_count + 1)); fi
done < "$tmp/maps.jsonl"
end=$(date +%s.%N)
printf "%-28s %10.2f %10s %14s mouse wins %d of %d\n" "grid 8x8 x$count (ms per map)" \
  "$(echo "($end - $start) * 1000 / $count" | bc -l)" - 8192 "$true_count" "$count"
# The same maps in one process: solve --batch, one thread.
/usr/bin/time -f '%e %M' -o "$tmp/time" "$bin" solve --batch "$tmp/maps.jsonl" --code --threads 1 \
  > "$tmp/answers"
read -r seconds kb < "$tmp/time"
printf "%-28s %10.3f %10d %14s mouse wins %d of %d\n" "grid 8x8 batch (ms per map)" \
  "$(echo "$seconds * 1000 / $count" | bc -l)" $((kb / 1024)) 8192 "$(grep -c true "$tmp/answers")" "$count"
