#!/usr/bin/env bash
# Big saves: `catmouse solve GRAPH --save FILE` with remoteness on random graphs (degree 6, seed
# 1), through the spill file (the engine keeps values only; each level's states go to disk and
# are merged into the file's blocks at the end). For each graph: wall time, the solve's share,
# CPU time, peak resident memory (/usr/bin/time -v) and bytes per state of it, the spill file at
# its largest, the disk the save used at its peak (spill file plus the file being written), the
# file, and the load average of the machine (1-minute, at the start, largest, at the end) sampled
# every 2 seconds with the disk.
#
# Usage: bench/tablebase_save.sh [--nodes LIST] [--threads T] [--checkpoint-every D]
#                                [--dir DIR] [--no-build]
#
#   --nodes LIST          comma list of random graphs (default 20000; 50000 takes ~3.7 GB and a
#                         few minutes, 100000 ~15 GB and 2·10^10 states)
#   --threads T           the solve's and the writer's threads (default 2)
#   --checkpoint-every D  also pass --checkpoint-every D (e.g. 60s): checkpoints on
#   --dir DIR             where graphs, files and spill files go (default: a new folder in /tmp,
#                         removed after; it needs about 0.5 byte per state free)
#   --no-build            use the existing build/ instead of configuring and building
#
# Environment: CATMOUSE_BIN overrides the program (default: build/bin/catmouse).
#
# Output: a Markdown table on stdout, ready for docs/performance.md; progress on stderr.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nodes=20000
threads=2
checkpoint=""
dir=""
build=1

die() {
  echo "tablebase_save.sh: $*" >&2
  exit 1
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes | --threads | --checkpoint-every | --dir)
      [[ $# -ge 2 ]] || die "$1 needs a value"
      case $1 in
        --nodes) nodes=$2 ;;
        --threads) threads=$2 ;;
        --checkpoint-every) checkpoint=$2 ;;
        --dir) dir=$2 ;;
      esac
      shift 2
      ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '/^# Usage:/,/^# Output:/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

if [[ $build -eq 1 ]]; then
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >&2
  cmake --build "$root/build" -j "$(nproc)" --target catmouse_cli >&2
fi
catmouse=${CATMOUSE_BIN:-$root/build/bin/catmouse}
[[ -x $catmouse ]] || die "build first (or drop --no-build)"
[[ -x /usr/bin/time ]] || die "needs /usr/bin/time (Debian: time)"

if [[ -z $dir ]]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

size_of() { stat -c %s "$1" 2>/dev/null || echo 0; }

# Samples "spill_bytes disk_bytes load1" every 2 seconds into $2 while the save to $1 runs.
sample() {
  local file=$1 log=$2
  while sleep 2; do
    local spill partial
    spill=$(size_of "$file.spill")
    partial=$(size_of "$file.partial")
    echo "$spill $((spill + partial)) $(cut -d' ' -f1 /proc/loadavg)" >>"$log"
  done
}

options=(--threads "$threads")
[[ -n $checkpoint ]] && options+=(--checkpoint-every "$checkpoint")
echo "$(date -u '+%Y-%m-%d %H:%M UTC') · nproc $(nproc) · $(free -g | awk '/^Mem:/ { print $2 }') GiB" \
  "· \`bench/tablebase_save.sh --nodes $nodes --threads $threads" \
  "${checkpoint:+--checkpoint-every $checkpoint}\`"
echo
echo "| graph | states | wall s | solve s | CPU s | peak RSS GB | RAM B/state | spill GB | disk peak GB | file GB | file B/state | load start / max / end |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
IFS=, read -ra list <<<"$nodes"
for n in "${list[@]}"; do
  graph=$dir/random$n.json
  [[ -f $graph ]] || "$catmouse" gen random --nodes "$n" --degree 6 --seed 1 --out "$graph"
  file=$dir/random$n.cmtb
  log=$dir/sample$n.txt
  rm -f "$file" "$log"
  load_start=$(cut -d' ' -f1 /proc/loadavg)
  echo "progress: n = $n: solve --save ${options[*]}" >&2
  sample "$file" "$log" &
  sampler=$!
  /usr/bin/time -v -o "$dir/time.txt" "$catmouse" solve "$graph" --json "${options[@]}" \
    --save "$file" >"$dir/out.json"
  kill "$sampler"
  wait "$sampler" 2>/dev/null || true
  load_end=$(cut -d' ' -f1 /proc/loadavg)
  wall=$(awk -F': ' '/Elapsed/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$dir/time.txt")
  cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$dir/time.txt")
  kib=$(awk -F': ' '/Maximum resident/ { print $2 }' "$dir/time.txt")
  solve=$(sed -E 's/.*"seconds":([0-9.e+-]+).*/\1/' "$dir/out.json")
  bytes=$(size_of "$file")
  touch "$log"
  read -r spill disk load_max < <(awk 'BEGIN { s = 0; d = 0; l = 0 }
    { if ($1 > s) s = $1; if ($2 > d) d = $2; if ($3 > l) l = $3 } END { print s, d, l }' "$log")
  states=$((2 * n * n))
  awk -v n="$n" -v states="$states" -v wall="$wall" -v solve="$solve" -v cpu="$cpu" \
    -v kib="$kib" -v spill="$spill" -v disk="$disk" -v bytes="$bytes" -v l0="$load_start" \
    -v l1="$load_max" -v l2="$load_end" 'BEGIN {
      printf "| random n = %d | %.0f | %.1f | %.1f | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f | %.3f | %s / %s / %s |\n",
        n, states, wall, solve, cpu, kib * 1024 / 1e9, kib * 1024 / states, spill / 1e9,
        disk / 1e9, bytes / 1e9, bytes / states, l0, l1, l2
    }'
  rm -f "$file"
done
