#!/usr/bin/env bash
# Trust at scale, side by side in one run: on random graphs of average degree 6, relabelled at
# random (`catmouse gen random --degree 6 --seed 1 --shuffle 1`), the time and peak resident memory
# (/usr/bin/time, on the catmouse process itself) of
#
#   solve --json          the asked state's value and remoteness (values kept, not a remoteness
#                         per state)
#   solve --values-only   no remoteness at all
#   solve --save FILE     every state's remoteness, to a tablebase file
#   verify FILE           the checksums and the certificate check of the file
#   table FILE --out -    every state's row, streamed from the file into `wc -l`, which counts the
#                         rows; on boards of more than --table-whole-max nodes it is stopped with
#                         SIGINT (`timeout -s INT`) after --table-seconds, since a whole file of
#                         5·10^9 rows takes hours: what is measured there is that it streams in
#                         constant memory, and how fast
#
# each the median of --runs runs after one warm-up solve, the commands alternating within a run so
# that the machine's load falls on all of them alike. Then the ratios: each command's time over
# the save's (so verify / save), and each peak over the states (B/state); the save's row adds the
# file's bytes per state, and the table's row its rows per second and whether it streamed the
# whole file or was cut (and how many of the rows it wrote by then).
#
# Usage: bench/trust.sh [--big] [--nodes LIST] [--runs R] [--threads T] [--dir DIR] [--no-build]
#                       [--table-seconds S] [--table-whole-max N]
#
#   --nodes LIST          comma list of graph sizes (default 4000: 3.2·10^7 states)
#   --big                 also n = 50,000 and 100,000 (5·10^9 and 2·10^10 states: about 4 and 15 GB
#                         of memory, 1 and 4 GB of disk for the file and up to 6 GB more for the
#                         save's spill; minutes per board with --runs 1)
#   --runs R              runs per command (default 3; 1 with --big)
#   --threads T           --threads of every command (default 2)
#   --table-seconds S     how long table streams on boards over --table-whole-max nodes before it
#                         is stopped (default 60; decimals allowed)
#   --table-whole-max N   boards of at most N nodes stream the whole file, never stopped
#                         (default 4000)
#   --dir DIR             where graphs and files go (default: a new folder in the temporary
#                         folder, removed after)
#   --no-build            use the existing build/ instead of configuring and building
#
# Environment: CATMOUSE_BIN overrides the program (default: build/bin/catmouse).
#
# Output: a Markdown table on stdout, ready for docs/performance.md; progress on stderr. A table
# row that was stopped says "cut after S s" in its last column; only those rows' times are S by
# construction, and their rows/s is over the rows written by then. `table` ends cleanly either way:
# SIGINT stops it without a message, as does a reader that closes the pipe (SIGPIPE).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nodes=4000
runs=""
threads=2
dir=""
build=1
big=0
table_seconds=60
table_whole_max=4000

die() {
  echo "trust.sh: $*" >&2
  exit 1
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes | --runs | --threads | --dir | --table-seconds | --table-whole-max)
      [[ $# -ge 2 ]] || die "$1 needs a value"
      case $1 in
        --nodes) nodes=$2 ;;
        --runs) runs=$2 ;;
        --threads) threads=$2 ;;
        --dir) dir=$2 ;;
        --table-seconds) table_seconds=$2 ;;
        --table-whole-max) table_whole_max=$2 ;;
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
if ! [[ $table_seconds =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] ||
  ! awk -v s="$table_seconds" 'BEGIN { exit !(s > 0) }'; then
  die "--table-seconds: '$table_seconds' is not a positive number of seconds"
fi
[[ $table_whole_max =~ ^[0-9]+$ ]] || die "--table-whole-max: '$table_whole_max' is not a node count"

if [[ $build -eq 1 ]]; then
  cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release >&2
  cmake --build "$root/build" -j "$(nproc)" --target catmouse_cli >&2
fi
catmouse=${CATMOUSE_BIN:-$root/build/bin/catmouse}
[[ -x $catmouse ]] || die "build first (or drop --no-build)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian package time)"
command -v timeout >/dev/null || die "timeout is missing (GNU coreutils)"

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

# timed COMMAND...: runs COMMAND under /usr/bin/time, its output discarded; sets run_seconds and
# run_bytes (peak resident set). A failure stops the script. Not run in a subshell, so that die
# stops the script and the results reach the caller.
timed() {
  local report=$dir/time.txt kib
  /usr/bin/time -f "%e %M" -o "$report" "$@" >/dev/null || die "failed: $*"
  read -r run_seconds kib <"$report"
  run_bytes=$((kib * 1024))
}

# table_run FILE N: `catmouse table FILE --out -` into `wc -l`, /usr/bin/time on catmouse alone;
# on a board of more than --table-whole-max nodes, timeout sends catmouse SIGINT after
# --table-seconds (timeout signals its own process group, time and catmouse; time ignores SIGINT
# while it waits, so it still reports). Sets run_seconds, run_bytes, run_rows (rows written, the
# header line not counted) and run_cut (1 if stopped). A whole run must write every row: 2n(n-1),
# the cat never on the hole.
table_run() {
  local file=$1 n=$2 report=$dir/time.txt counted=$dir/rows.txt status kib last
  local limit=()
  ((n > table_whole_max)) && limit=(timeout -s INT -k 30 "$table_seconds")
  set +e
  "${limit[@]}" /usr/bin/time -f "%e %M" -o "$report" \
    "$catmouse" table "$file" --out - --threads "$threads" | wc -l >"$counted"
  status=${PIPESTATUS[0]}
  set -e
  # time writes "Command terminated by signal 2" (or "exited with non-zero status") above its
  # format line when the program did not exit 0.
  last=$(tail -n 1 "$report")
  read -r run_seconds kib <<<"$last"
  run_bytes=$((kib * 1024))
  run_rows=$(($(cat "$counted") - 1))
  ((run_rows >= 0)) || run_rows=0
  case $status in
    0)
      run_cut=0
      ((run_rows == 2 * n * (n - 1))) ||
        die "table $file wrote $run_rows rows, not $((2 * n * (n - 1)))"
      ;;
    124)
      run_cut=1
      grep -Eq 'signal 2$|status 130$' "$report" ||
        die "table $file, stopped with SIGINT, ended otherwise: $(head -n 1 "$report")"
      ;;
    137) die "table $file did not stop within 30 s of SIGINT" ;;
    *) die "table $file failed (exit $status): $(head -n 1 "$report")" ;;
  esac
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# median_of "V V V ": the median of a space-separated list.
median_of() {
  tr ' ' '\n' <<<"$1" | sed '/^$/d' | median
}

commands=(json values save verify table)
label() {
  case $1 in
    json) echo '`solve --json`' ;;
    values) echo '`solve --values-only --json`' ;;
    save) echo '`solve --save FILE`' ;;
    verify) echo '`verify FILE`' ;;
    table) echo '`table FILE --out -` into `wc -l`' ;;
  esac
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC') · nproc $(nproc) · load $(cut -d' ' -f1-3 /proc/loadavg)" \
  "· \`bench/trust.sh --nodes $nodes --runs $runs --threads $threads" \
  "--table-seconds $table_seconds --table-whole-max $table_whole_max\`"
echo
echo "| graph | states | command | median s | peak MB | B/state | / save time | notes |"
echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |"
IFS=, read -ra list <<<"$nodes"
for n in "${list[@]}"; do
  g=$(graph "$n")
  file=$dir/random$n.cmtb
  states=$((2 * n * n))
  rows_all=$((2 * n * (n - 1)))
  echo "progress: n = $n: warm-up" >&2
  timed "$catmouse" solve --values-only --threads "$threads" "$g"
  declare -A seconds=() bytes=()
  table_rows=""
  table_rates=""
  cuts=0
  file_bytes=0
  for run in $(seq "$runs"); do
    for c in "${commands[@]}"; do
      echo "progress: n = $n: run $run: $c" >&2
      case $c in
        json) timed "$catmouse" solve --json "$g" --threads "$threads" ;;
        values) timed "$catmouse" solve --values-only --json "$g" --threads "$threads" ;;
        save)
          rm -f "$file"
          timed "$catmouse" solve "$g" --save "$file" --threads "$threads"
          file_bytes=$(stat -c %s "$file")
          ;;
        verify) timed "$catmouse" verify "$file" --threads "$threads" ;;
        table)
          table_run "$file" "$n"
          table_rows+="$run_rows "
          table_rates+="$(awk -v r="$run_rows" -v s="$run_seconds" 'BEGIN { print (s > 0 ? r / s : 0) }') "
          cuts=$((cuts + run_cut))
          ((run_cut == 0)) || echo "progress: n = $n: table stopped after $table_seconds s," \
            "$run_rows of $rows_all rows written" >&2
          ;;
      esac
      seconds[$c]+="$run_seconds "
      bytes[$c]+="$run_bytes "
    done
  done
  save_s=$(median_of "${seconds[save]}")
  rows=$(median_of "$table_rows")
  rate=$(median_of "$table_rates")
  for c in "${commands[@]}"; do
    s=$(median_of "${seconds[$c]}")
    b=$(median_of "${bytes[$c]}")
    case $c in
      save) notes=$(awk -v f="$file_bytes" -v states="$states" \
        'BEGIN {
        size = f >= 1e6 ? sprintf("%.1f MB", f / 1e6) : sprintf("%.0f kB", f / 1e3)
        printf "file %s, %.4f B/state", size, f / states
      }') ;;
      table) notes=$(awk -v cuts="$cuts" -v runs="$runs" -v t="$table_seconds" -v rows="$rows" \
        -v all="$rows_all" -v rate="$rate" 'BEGIN {
          if (cuts == 0) printf "whole file, %.0f rows", all
          else {
            printf "**cut after %s s** (SIGINT)", t
            if (runs > 1) printf " in %d of %d runs", cuts, runs
            printf ": %.0f of %.0f rows (%.1f %%)", rows, all, 100 * rows / all
          }
          printf ", %.3g rows/s", rate
        }') ;;
      *) notes="" ;;
    esac
    awk -v n="$n" -v states="$states" -v label="$(label "$c")" -v s="$s" -v b="$b" \
      -v save="$save_s" -v notes="$notes" 'BEGIN {
        printf "| random n = %d | %.0f | %s | %.2f | %.0f | %.2f | %.2f× | %s |\n",
          n, states, label, s, b / 1e6, b / states, s / save, notes
      }'
  done
  rm -f "$file"
  unset seconds bytes
done
