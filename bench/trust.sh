#!/usr/bin/env bash
# Trust at scale, side by side in one run: on random graphs of average degree 6, relabelled at
# random (`catmouse gen random --degree 6 --seed 1 --shuffle 1`), the time and peak resident memory
# (/usr/bin/time) of
#
#   solve --json          the asked state's value and remoteness (values kept, not a remoteness
#                         per state)
#   solve --values-only   no remoteness at all
#   solve --save FILE     every state's remoteness, to a tablebase file
#   verify FILE           the checksums and the certificate check of the file
#   table FILE --out /dev/null   every state's row, streamed from the file
#
# each the median of --runs runs after one warm-up solve, the commands alternating within a run so
# that the machine's load falls on all of them alike. Then the ratios: verify / save time, and
# bytes per state of each peak.
#
# Usage: bench/trust.sh [--big] [--nodes LIST] [--runs R] [--threads T] [--dir DIR] [--no-build]
#
#   --nodes LIST   comma list of graph sizes (default 4000: 3.2·10^7 states)
#   --big          also n = 50,000 and 100,000 (5·10^9 and 2·10^10 states: about 4 and 15 GB of
#                  memory, 1 and 4 GB of disk, and hours for table, which writes a row per state)
#   --runs R       runs per command (default 3; 1 with --big)
#   --threads T    --threads of every command (default 2)
#   --dir DIR      where graphs and files go (default: a new folder in the temporary folder,
#                  removed after)
#   --no-build     use the existing build/ instead of configuring and building
#
# Environment: CATMOUSE_BIN overrides the program (default: build/bin/catmouse).
#
# Output: a Markdown table on stdout, ready for docs/performance.md; progress on stderr.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nodes=4000
runs=""
threads=2
dir=""
build=1
big=0

die() {
  echo "trust.sh: $*" >&2
  exit 1
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes | --runs | --threads | --dir)
      [[ $# -ge 2 ]] || die "$1 needs a value"
      case $1 in
        --nodes) nodes=$2 ;;
        --runs) runs=$2 ;;
        --threads) threads=$2 ;;
        --dir) dir=$2 ;;
      esac
      shift 2
      ;;
    --big) big=1; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) sed -n '/^# Usage:/,/^# Output:/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done
if [[ $big -eq 1 ]]; then
  nodes="$nodes,50000,100000"
  runs=${runs:-1}
fi
runs=${runs:-3}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs: '$runs' is not a positive count"

if [[ $build -eq 1 ]]; then
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >&2
  cmake --build "$root/build" -j "$(nproc)" --target catmouse_cli >&2
fi
catmouse=${CATMOUSE_BIN:-$root/build/bin/catmouse}
[[ -x $catmouse ]] || die "build first (or drop --no-build)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian package time)"

if [[ -z $dir ]]; then
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir"

graph() {  # graph N -> path of the relabelled random graph on N nodes
  local path=$dir/random$1.json
  [[ -f $path ]] || "$catmouse" gen random --nodes "$1" --degree 6 --seed 1 --shuffle 1 \
    --out "$path"
  echo "$path"
}

# Runs a command under /usr/bin/time; prints "seconds peak_bytes". A failure stops the script.
timed() {
  local report=$dir/time.txt
  /usr/bin/time -f "%e %M" -o "$report" "$@" >/dev/null || die "failed: $*"
  read -r seconds kib <"$report"
  echo "$seconds $((kib * 1024))"
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

commands=(json values save verify table)
label() {
  case $1 in
    json) echo '`solve --json`' ;;
    values) echo '`solve --values-only --json`' ;;
    save) echo '`solve --save FILE`' ;;
    verify) echo '`verify FILE`' ;;
    table) echo '`table FILE --out /dev/null`' ;;
  esac
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC') · nproc $(nproc) · load $(cut -d' ' -f1-3 /proc/loadavg)" \
  "· \`bench/trust.sh --nodes $nodes --runs $runs --threads $threads\`"
echo
echo "| graph | states | command | median s | peak MB | B/state | / save time |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: |"
IFS=, read -ra list <<<"$nodes"
for n in "${list[@]}"; do
  g=$(graph "$n")
  file=$dir/random$n.cmtb
  states=$((2 * n * n))
  echo "progress: n = $n: warm-up" >&2
  timed "$catmouse" solve --values-only --threads "$threads" "$g" >/dev/null
  declare -A seconds=() bytes=()
  for run in $(seq "$runs"); do
    for c in "${commands[@]}"; do
      echo "progress: n = $n: run $run: $c" >&2
      case $c in
        json) args=(solve --json "$g") ;;
        values) args=(solve --values-only --json "$g") ;;
        save) rm -f "$file"; args=(solve "$g" --save "$file") ;;
        verify) args=(verify "$file") ;;
        table) args=(table "$file" --out /dev/null) ;;
      esac
      read -r s b < <(timed "$catmouse" "${args[@]}" --threads "$threads")
      seconds[$c]+="$s "
      bytes[$c]+="$b "
    done
  done
  save_s=$(tr ' ' '\n' <<<"${seconds[save]}" | sed '/^$/d' | median)
  for c in "${commands[@]}"; do
    s=$(tr ' ' '\n' <<<"${seconds[$c]}" | sed '/^$/d' | median)
    b=$(tr ' ' '\n' <<<"${bytes[$c]}" | sed '/^$/d' | median)
    awk -v n="$n" -v states="$states" -v label="$(label "$c")" -v s="$s" -v b="$b" \
      -v save="$save_s" 'BEGIN {
        printf "| random n = %d | %.0f | %s | %.2f | %.0f | %.2f | %.2f× |\n",
          n, states, label, s, b / 1e6, b / states, s / save
      }'
  done
  rm -f "$file"
  unset seconds bytes
done
