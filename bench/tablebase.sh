#!/usr/bin/env bash
# Tablebase benchmarks: file sizes by zstd level and block size, and for each graph the save
# (time, peak memory, bytes per state with and without remoteness), verify, probe latency from a
# fresh process (cold: the file dropped from the page cache first; warm: straight after): one
# state (`probe --batch` of the start: value, remoteness, best move) and the whole default answer
# (`probe FILE`: every move's value and the optimal line, one block read per ply), and
# in-process probes of random states.
#
# Usage: bench/tablebase.sh [--nodes LIST] [--sizes-nodes N] [--probes P] [--runs K]
#                           [--verify-max N] [--dir DIR] [--no-build]
#
#   --nodes LIST      comma list of random graphs (degree 6, seed 1) to save and probe
#                     (default 4000; 50000 takes ~3.7 GB (the save goes through a spill file) and a
#                     few minutes)
#   --sizes-nodes N   the graph of the size table (default 4000; 0 skips the table)
#   --probes P        in-process probes of random states per file (default 1000000)
#   --runs K          fresh-process probes per file, cold and warm; the median is reported
#                     (default 5)
#   --verify-max N    run verify only on graphs of at most N nodes (default 4000: verify holds
#                     the table in memory and checks ~1 state per microsecond and thread)
#   --dir DIR         where graphs and files go (default: a new temporary folder, removed after)
#   --no-build        use the existing build/ instead of configuring and building
#
# Environment: CATMOUSE_BIN and CATMOUSE_TABLEBASE_BENCH override the programs (default: build/).
#
# Output: Markdown tables on stdout, ready for docs/performance.md; progress on stderr. Times are
# wall seconds; peak memory is /usr/bin/time's maximum resident set size.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nodes=4000
sizes_nodes=4000
probes=1000000
runs=5
verify_max=4000
dir=""
build=1

die() {
  echo "tablebase.sh: $*" >&2
  exit 1
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes | --sizes-nodes | --probes | --runs | --verify-max | --dir)
      [[ $# -ge 2 ]] || die "$1 needs a value"
      case $1 in
        --nodes) nodes=$2 ;;
        --sizes-nodes) sizes_nodes=$2 ;;
        --probes) probes=$2 ;;
        --runs) runs=$2 ;;
        --verify-max) verify_max=$2 ;;
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
  cmake --build "$root/build" -j "$(nproc)" --target catmouse_cli catmouse_tablebase_bench >&2
fi
catmouse=${CATMOUSE_BIN:-$root/build/bin/catmouse}
bench=${CATMOUSE_TABLEBASE_BENCH:-$root/build/bench/catmouse_tablebase_bench}
[[ -x $catmouse && -x $bench ]] || die "build first (or drop --no-build)"

if [[ -z $dir ]]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

graph() {  # graph N -> path of the random graph on N nodes
  local path=$dir/random$1.json
  [[ -f $path ]] || "$catmouse" gen random --nodes "$1" --degree 6 --seed 1 --out "$path"
  echo "$path"
}

# Runs a command under /usr/bin/time; prints "seconds peak_bytes".
timed() {
  local report=$dir/time.txt
  /usr/bin/time -f "%e %M" -o "$report" "$@" >/dev/null
  read -r seconds kib <"$report"
  echo "$seconds $((kib * 1024))"
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Wall milliseconds of one fresh `catmouse probe FILE [ARGS...]`.
probe_ms() {
  local start=$EPOCHREALTIME
  "$catmouse" probe "$@" >/dev/null
  local end=$EPOCHREALTIME
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", (b - a) * 1000 }'
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC') · nproc $(nproc) · load $(cut -d' ' -f1-3 /proc/loadavg)" \
  "· \`bench/tablebase.sh --nodes $nodes --sizes-nodes $sizes_nodes --probes $probes --runs $runs" \
  "--verify-max $verify_max\`"
echo

if [[ $sizes_nodes -gt 0 ]]; then
  echo "File size of random n = $sizes_nodes (degree 6, seed 1) with remoteness, by zstd level," \
    "block size and dictionary:"
  echo
  echo "progress: size table on n = $sizes_nodes" >&2
  "$bench" sizes "$(graph "$sizes_nodes")" --levels 1,3,6,9 --blocks 1024,4096,16384
  echo
fi

echo "| graph | states | save s | save peak GB | file MB | B/state | values-only B/state | verify s | verify peak GB | cold one-state probe ms | cold probe ms | warm probe ms | in-process value µs | in-process best move µs |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
IFS=, read -ra list <<<"$nodes"
for n in "${list[@]}"; do
  g=$(graph "$n")
  file=$dir/random$n.cmtb
  echo "progress: n = $n: solve --save" >&2
  read -r save_s save_bytes < <(timed "$catmouse" solve "$g" --threads 2 --save "$file")
  values=$dir/random$n.values.cmtb
  echo "progress: n = $n: solve --values-only --save" >&2
  timed "$catmouse" solve "$g" --threads 2 --values-only --save "$values" >/dev/null
  states=$((2 * n * n))
  bytes=$(stat -c %s "$file")
  values_bytes=$(stat -c %s "$values")
  rm -f "$values"
  verify_s=-
  verify_bytes=-
  if [[ $n -le $verify_max ]]; then
    echo "progress: n = $n: verify" >&2
    read -r verify_s verify_bytes < <(timed "$catmouse" verify --threads 2 "$file")
  fi
  echo "progress: n = $n: fresh-process probes" >&2
  echo '{"mouse": 1, "cat": 2, "turn": "mouse"}' >"$dir/start.jsonl"
  one=$(for _ in $(seq "$runs"); do
    "$bench" evict "$file"
    probe_ms "$file" --batch "$dir/start.jsonl"
  done | median)
  cold=$(for _ in $(seq "$runs"); do "$bench" evict "$file"; probe_ms "$file"; done | median)
  warm=$(for _ in $(seq "$runs"); do probe_ms "$file"; done | median)
  echo "progress: n = $n: $probes in-process probes" >&2
  line=$("$bench" probe "$file" --probes "$probes")
  value_us=$(sed -E 's/.*value ([0-9.]+) us.*/\1/' <<<"$line")
  best_us=$(sed -E 's/.*best move ([0-9.]+) us.*/\1/' <<<"$line")
  awk -v n="$n" -v states="$states" -v ss="$save_s" -v sb="$save_bytes" -v b="$bytes" \
    -v vb="$values_bytes" -v vs="$verify_s" -v vm="$verify_bytes" -v one="$one" -v cold="$cold" \
    -v warm="$warm" \
    -v vu="$value_us" -v bu="$best_us" 'BEGIN {
      verify = vs == "-" ? "- | -" : sprintf("%.1f | %.2f", vs, vm / 1e9)
      printf "| random n = %d | %.0f | %.1f | %.2f | %.1f | %.4f | %.4f | %s | %s | %s | %s | %s | %s |\n",
        n, states, ss, sb / 1e9, b / 1e6, b / states, vb / states, verify, one, cold, warm, vu, bu
    }'
done
