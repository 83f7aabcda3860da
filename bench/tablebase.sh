#!/usr/bin/env bash
# Tablebase benchmarks: file sizes by zstd level and block size, and for each graph the save
# (time, peak memory, bytes per state with and without remoteness), verify, probe latency from a
# fresh process (cold: the file dropped from the page cache first; warm: straight after): one
# state (`probe --batch` of the start: value, remoteness, best move) and the whole default answer
# (`probe FILE`: every move's value and the optimal line, one block read per ply), and
# in-process probes of random states.
#
# With --versus BIN, the save and the probes are also run with another catmouse program (say, a
# build from before a change), side by side: after a warm-up (a values-only solve and a probe by
# each program), each run saves the graph with each program in turn, each into its own file, then
# probes each program's own file in turn, cold and warm; the in-process probes too, when the other
# build has a tablebase_bench that still answers as this one does (else its rows say "skipped").
# A second table gives each row's medians for both programs, the ratio versus / catmouse, and
# whether the two files are byte for byte the same.
#
# Usage: bench/tablebase.sh [--nodes LIST] [--sizes-nodes N] [--probes P] [--runs K]
#                           [--verify-max N] [--dir DIR] [--no-build]
#                           [--versus BIN] [--versus-bench BENCH]
#
#   --nodes LIST      comma list of random graphs (degree 6, seed 1) to save and probe
#                     (default 4000; 50000 takes ~3.7 GB (the save goes through a spill file) and a
#                     few minutes per save)
#   --sizes-nodes N   the graph of the size table (default 4000; 0 skips the table)
#   --probes P        in-process probes of random states per file and run (default 1000000)
#   --runs K          fresh-process probes per file, cold and warm; the median is reported
#                     (default 5). With --versus also the saves and the in-process probes, each
#                     program K times, alternating
#   --verify-max N    run verify only on graphs of at most N nodes (default 4000; verify streams
#                     the file in about 0.5 B/state, n = 50,000 in about a minute and 2.5 GB)
#   --dir DIR         where graphs and files go (default: a new temporary folder, removed after)
#   --no-build        use the existing build/ instead of configuring and building
#   --versus BIN      also save and probe with the catmouse program BIN, alternating with this one
#   --versus-bench BENCH  BIN's catmouse_tablebase_bench, for the in-process probes (default: the
#                     one in bench/ beside BIN's bin/ folder, as a build folder has it; skipped
#                     when absent or when its output cannot be read)
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
versus=""
versus_bench=""

die() {
  echo "tablebase.sh: $*" >&2
  exit 1
}

while [[ $# -gt 0 ]]; do
  case $1 in
    --nodes | --sizes-nodes | --probes | --runs | --verify-max | --dir | --versus | --versus-bench)
      [[ $# -ge 2 ]] || die "$1 needs a value"
      case $1 in
        --nodes) nodes=$2 ;;
        --sizes-nodes) sizes_nodes=$2 ;;
        --probes) probes=$2 ;;
        --runs) runs=$2 ;;
        --verify-max) verify_max=$2 ;;
        --dir) dir=$2 ;;
        --versus) versus=$2 ;;
        --versus-bench) versus_bench=$2 ;;
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
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs: '$runs' is not a positive count"
[[ -z $versus || -x $versus ]] || die "--versus: no program at $versus"
[[ -n $versus || -z $versus_bench ]] || die "--versus-bench needs --versus"
[[ -n $versus ]] && versus_bench=${versus_bench:-$(dirname "$versus")/../bench/catmouse_tablebase_bench}
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (Debian package time)"

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

# timed COMMAND...: runs COMMAND under /usr/bin/time, its output discarded; sets run_seconds and
# run_bytes (peak resident set). A failure stops the script. Not run in a subshell, so that die
# stops the script and the results reach the caller.
timed() {
  local report=$dir/time.txt kib
  /usr/bin/time -f "%e %M" -o "$report" "$@" >/dev/null || die "failed: $*"
  read -r run_seconds kib <"$report"
  run_bytes=$((kib * 1024))
}

median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# median_of "V V V ": the median of a space-separated list.
median_of() {
  tr ' ' '\n' <<<"$1" | sed '/^$/d' | median
}

# Wall milliseconds of one fresh `PROGRAM probe FILE [ARGS...]`.
probe_ms() {
  local program=$1 start end
  shift
  start=$EPOCHREALTIME
  "$program" probe "$@" >/dev/null || die "failed: $program probe $*"
  end=$EPOCHREALTIME
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", (b - a) * 1000 }'
}

# The programs side by side: catmouse, and with --versus the other one.
programs=(catmouse)
[[ -n $versus ]] && programs+=(versus)
program_of() { if [[ $1 == versus ]]; then echo "$versus"; else echo "$catmouse"; fi; }
bench_of() { if [[ $1 == versus ]]; then echo "$versus_bench"; else echo "$bench"; fi; }
save_runs=1
[[ -n $versus ]] && save_runs=$runs
probe_runs=1
[[ -n $versus ]] && probe_runs=$runs

echo "$(date -u '+%Y-%m-%d %H:%M UTC') · nproc $(nproc) · load $(cut -d' ' -f1-3 /proc/loadavg)" \
  "· \`bench/tablebase.sh --nodes $nodes --sizes-nodes $sizes_nodes --probes $probes --runs $runs" \
  "--verify-max $verify_max${versus:+ --versus $versus}\`"
echo

if [[ $sizes_nodes -gt 0 ]]; then
  echo "File size of random n = $sizes_nodes (degree 6, seed 1) with remoteness, by zstd level," \
    "block size and dictionary:"
  echo
  echo "progress: size table on n = $sizes_nodes" >&2
  "$bench" sizes "$(graph "$sizes_nodes")" --levels 1,3,6,9 --blocks 1024,4096,16384
  echo
fi

# The --versus table is gathered here and printed after the main one.
versus_table=$dir/versus.md
: >"$versus_table"

echo "| graph | states | save s | save peak GB | file MB | B/state | values-only B/state | verify s | verify peak GB | cold one-state probe ms | cold probe ms | warm probe ms | in-process value µs | in-process best move µs |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
IFS=, read -ra list <<<"$nodes"
for n in "${list[@]}"; do
  g=$(graph "$n")
  file=$dir/random$n.cmtb
  declare -A files=([catmouse]=$file [versus]=$dir/random$n.versus.cmtb)
  declare -A save_s=() save_b=() one=() cold=() warm=() value_us=() best_us=() skipped=()
  if [[ -n $versus ]]; then
    echo "progress: n = $n: warm-up (solve --values-only)" >&2
    for p in "${programs[@]}"; do timed "$(program_of "$p")" solve "$g" --threads 2 --values-only; done
  fi
  for k in $(seq "$save_runs"); do
    for p in "${programs[@]}"; do
      echo "progress: n = $n: run $k: $p solve --save" >&2
      rm -f "${files[$p]}"
      timed "$(program_of "$p")" solve "$g" --threads 2 --save "${files[$p]}"
      save_s[$p]+="$run_seconds "
      save_b[$p]+="$run_bytes "
    done
  done
  values=$dir/random$n.values.cmtb
  echo "progress: n = $n: solve --values-only --save" >&2
  timed "$catmouse" solve "$g" --threads 2 --values-only --save "$values"
  states=$((2 * n * n))
  bytes=$(stat -c %s "$file")
  values_bytes=$(stat -c %s "$values")
  rm -f "$values"
  verify_s=-
  verify_bytes=-
  if [[ $n -le $verify_max ]]; then
    echo "progress: n = $n: verify" >&2
    timed "$catmouse" verify --threads 2 "$file"
    verify_s=$run_seconds
    verify_bytes=$run_bytes
  fi
  echo '{"mouse": 1, "cat": 2, "turn": "mouse"}' >"$dir/start.jsonl"
  if [[ -n $versus ]]; then
    echo "progress: n = $n: warm-up (probe)" >&2
    for p in "${programs[@]}"; do probe_ms "$(program_of "$p")" "${files[$p]}" >/dev/null; done
  fi
  for k in $(seq "$runs"); do
    echo "progress: n = $n: run $k: fresh-process probes" >&2
    for p in "${programs[@]}"; do
      "$bench" evict "${files[$p]}"
      one[$p]+="$(probe_ms "$(program_of "$p")" "${files[$p]}" --batch "$dir/start.jsonl") "
    done
    for p in "${programs[@]}"; do
      "$bench" evict "${files[$p]}"
      cold[$p]+="$(probe_ms "$(program_of "$p")" "${files[$p]}") "
    done
    for p in "${programs[@]}"; do
      warm[$p]+="$(probe_ms "$(program_of "$p")" "${files[$p]}") "
    done
  done
  if [[ -n $versus && ! -x $versus_bench ]]; then
    skipped[versus]="no tablebase_bench at $versus_bench"
  fi
  for k in $(seq "$probe_runs"); do
    for p in "${programs[@]}"; do
      [[ -z ${skipped[$p]:-} ]] || continue
      echo "progress: n = $n: run $k: $p: $probes in-process probes" >&2
      line=$("$(bench_of "$p")" probe "${files[$p]}" --probes "$probes") || line=""
      if ! [[ $line =~ value\ ([0-9.]+)\ us.*best\ move\ ([0-9.]+)\ us ]]; then
        # This build's bench must answer; another build's may not exist in this form.
        [[ $p == versus ]] || die "$bench probe printed '$line'"
        skipped[$p]="its tablebase_bench probe printed '${line:0:60}'"
        continue
      fi
      value_us[$p]+="${BASH_REMATCH[1]} "
      best_us[$p]+="${BASH_REMATCH[2]} "
    done
  done
  awk -v n="$n" -v states="$states" -v ss="$(median_of "${save_s[catmouse]}")" \
    -v sb="$(median_of "${save_b[catmouse]}")" -v b="$bytes" -v vb="$values_bytes" \
    -v vs="$verify_s" -v vm="$verify_bytes" -v one="$(median_of "${one[catmouse]}")" \
    -v cold="$(median_of "${cold[catmouse]}")" -v warm="$(median_of "${warm[catmouse]}")" \
    -v vu="$(median_of "${value_us[catmouse]}")" -v bu="$(median_of "${best_us[catmouse]}")" 'BEGIN {
      verify = vs == "-" ? "- | -" : sprintf("%.1f | %.2f", vs, vm / 1e9)
      printf "| random n = %d | %.0f | %.1f | %.2f | %.1f | %.4f | %.4f | %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n",
        n, states, ss, sb / 1e9, b / 1e6, b / states, vb / states, verify, one, cold, warm, vu, bu
    }'
  if [[ -n $versus ]]; then
    same="no: they differ"
    cmp -s "$file" "${files[versus]}" && same="yes"
    {
      # row WHAT CATMOUSE VERSUS: one line of the --versus table, values to two decimals; "-" for
      # a skipped value.
      row() {
        awk -v n="$n" -v what="$1" -v a="$2" -v b="$3" 'BEGIN {
          ratio = (a == "-" || b == "-" || a <= 0) ? "-" : sprintf("%.2f×", b / a)
          if (a != "-") a = sprintf("%.2f", a)
          if (b != "-") b = sprintf("%.2f", b)
          printf "| random n = %d | %s | %s | %s | %s |\n", n, what, a, b, ratio
        }'
      }
      gb() { awk -v b="$1" 'BEGIN { printf "%.2f", b / 1e9 }'; }
      row "save s" "$(median_of "${save_s[catmouse]}")" "$(median_of "${save_s[versus]}")"
      row "save peak GB" "$(gb "$(median_of "${save_b[catmouse]}")")" \
        "$(gb "$(median_of "${save_b[versus]}")")"
      row "file MB" "$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')" \
        "$(stat -c %s "${files[versus]}" | awk '{ printf "%.1f", $1 / 1e6 }')"
      row "cold one-state probe ms" "$(median_of "${one[catmouse]}")" "$(median_of "${one[versus]}")"
      row "cold probe ms" "$(median_of "${cold[catmouse]}")" "$(median_of "${cold[versus]}")"
      row "warm probe ms" "$(median_of "${warm[catmouse]}")" "$(median_of "${warm[versus]}")"
      for what in value best; do
        label="in-process value µs"
        [[ $what == best ]] && label="in-process best move µs"
        declare -n us=${what}_us
        versus_us=-
        [[ -z ${skipped[versus]:-} ]] && versus_us=$(median_of "${us[versus]}")
        row "$label" "$(median_of "${us[catmouse]}")" "$versus_us"
        unset -n us
      done
      echo "| random n = $n | files byte for byte the same | | | $same |"
      if [[ -n ${skipped[versus]:-} ]]; then
        echo "| random n = $n | in-process probes of versus skipped: ${skipped[versus]//|/\\|} | | | |"
      fi
    } >>"$versus_table"
    rm -f "${files[versus]}"
  fi
  unset files save_s save_b one cold warm value_us best_us skipped
done

if [[ -n $versus ]]; then
  echo
  echo "Side by side with \`--versus $versus\` (medians of $runs runs each, alternating; the ratio is" \
    "versus / catmouse):"
  echo
  echo "| graph | what | catmouse | versus | versus / catmouse |"
  echo "| --- | --- | ---: | ---: | ---: |"
  cat "$versus_table"
fi
