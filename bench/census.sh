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
#   - the census against its generation floor: census cops --nodes 10 (geng built in, 100 parts,
#     2 threads) and census floor --nodes 10 (the same geng over the same parts on the same
#     threads, nothing done per graph) alternately, REPEAT times each, checking the counts
#     2,258,314 / 9,458,256 / 1 and the longest cop-win capture, 6 rounds; then the ratio of the
#     medians of their wall times, census / floor (set CENSUS10=0 to skip it);
#   - the same on a fixed sample of 12-node parts: --parts 10000 --only-parts 3,17,31,...,101
#     (8 parts, 131 million graphs; TWELVE=0 skips it);
#   - with ELEVEN=1, census cops --nodes 11 and its floor once each: 1,006,700,565 graphs, minutes;
#   - with MOUSE=1, census mouse --nodes 10 and its floor once each: 11,716,571 graphs, 10 holes
#     each (MOUSE_NODES picks another n, for a quick look at the row);
#   - with RESUME=1, the kill and resume check of census cops --nodes RESUME_NODES (default 11;
#     9 or 10 for a smoke run): the census run whole once (or the ELEVEN=1 or last CENSUS10 run
#     reused when it is of the same n), then again from a fresh state file, killed with SIGKILL
#     (the run's whole process group) at three random moments
#     uniform in the first 90 % of the whole run's wall time (or of RESUME_SECONDS), the same
#     command re-run after each kill to resume from the state file, and let finish after the
#     third. Prints each kill's moment and the parts then done, each run's time and peak memory,
#     and the resumed runs' sum; exits 1 unless the totals and the graphs file are the whole
#     run's. SEED fixes the moments (default: random, printed).
# NINE=0 skips the 9-node copnumber and solve rows (with TEN=0 CENSUS10=0 for a quick RESUME=1).
# The census rows' CPU times include geng's (built in, it runs in catmouse's threads). The censuses
# write their state files in a temporary folder: a row starts from nothing. Each row says the load
# average when it ended: ratios of rows run side by side mean more than their times on a busy
# machine.
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

nine_rows() {
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
}
if [ "${NINE:-1}" != 0 ]; then nine_rows; fi
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
  local graphs=(--graphs "$tmp/top.g6")
  [ "$1" = cops ] || graphs=()
  run "$name" "$bin" census "$@" --quiet --state "$tmp/state.json" "${graphs[@]}"
}
# median FILE: the median of the numbers in FILE, one a line.
median() {
  sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# versus_floor LABEL ARGS...: census ARGS (cops or mouse ...) and census floor with the same
# nodes, parts and threads, alternately, REPEAT times each; prints the ratio of the medians of
# their wall times. The census's output stays in $tmp/out.
versus_floor() {
  local label="$1" kind="$2"
  shift 2
  : > "$tmp/census.times"
  : > "$tmp/floor.times"
  for r in $(seq "${times:-$repeat}"); do
    census "floor $label (run $r)" floor "$@"
    cut -d' ' -f1 "$tmp/time" >> "$tmp/floor.times"
    census "census $kind $label (run $r)" "$kind" "$@"
    cut -d' ' -f1 "$tmp/time" >> "$tmp/census.times"
  done
  local c f
  c=$(median "$tmp/census.times")
  f=$(median "$tmp/floor.times")
  printf '%-44s census %s s / floor %s s = %s (medians of %s)\n' "ratio $kind $label" "$c" "$f" \
    "$(awk -v c="$c" -v f="$f" 'BEGIN { printf "%.2f", c / f }')" "${times:-$repeat}"
}
# keep_reference N: the census just run (cops, --nodes N) is the whole run the resume check
# compares with: its totals without the time, its graphs file (if any) and its wall time.
ref_nodes=""
keep_reference() {
  ref_nodes="$1"
  ref_seconds=$(tail -n 1 "$tmp/time" | cut -d' ' -f1)
  totals "$tmp/out" > "$tmp/ref.totals"
  rm -f "$tmp/ref.g6"
  if [ -e "$tmp/top.g6" ]; then cp "$tmp/top.g6" "$tmp/ref.g6"; fi
}
# totals FILE: a census's summary without the time and rate of its first line.
totals() {
  sed -E '1s/ \([0-9]+ in this run\)//; 1s/ in [0-9.]* s \(.*//' "$1"
}
if [ "${CENSUS10:-1}" != 0 ] && [ "$repeat" -gt 0 ]; then
  versus_floor "--nodes 10 --threads 2" cops --nodes 10 --threads 2
  expect_count "graphs" 11716571
  expect_count "cop number 1" 2258314
  expect_count "cop number 2" 9458256
  expect_count "cop number 3" 1
  expect_rounds "cop number 1" 6
  keep_reference 10
  sed 's/^/  /' "$tmp/out"
fi
if [ "${TWELVE:-1}" != 0 ] && [ "$repeat" -gt 0 ]; then
  sample=3,17,31,45,59,73,87,101
  versus_floor "--nodes 12, 8 parts of 10000" cops --nodes 12 --parts 10000 \
    --only-parts "$sample" --threads 2
  sed 's/^/  /' "$tmp/out"
fi
if [ "${ELEVEN:-0}" = 1 ]; then
  times=1 versus_floor "--nodes 11 --threads 2" cops --nodes 11 --threads 2
  expect_count "graphs" 1006700565
  keep_reference 11
  sed 's/^/  /' "$tmp/out"
fi
if [ "${MOUSE:-0}" = 1 ]; then
  mouse_nodes="${MOUSE_NODES:-10}"
  times=1 versus_floor "--nodes $mouse_nodes --threads 2" mouse --nodes "$mouse_nodes" --threads 2
  if [ "$mouse_nodes" = 10 ]; then expect_count "graphs" 11716571; fi
  sed 's/^/  /' "$tmp/out"
fi

# killed_run I DELAY: run I of the resume check, the census command on $tmp/state.json, killed
# with SIGKILL DELAY seconds after its start (never when DELAY is empty). setsid makes the run
# (sh, which execs catmouse) the leader of a process group of its own: killing the group kills
# catmouse (a geng program, with --geng, runs in a group of its own, and dies of SIGPIPE at its
# next write), and the check below fails if anything of the group is left. Prints the run's
# line; its time is in $tmp/time.
killed_run() {
  local i="$1" delay="$2" name="census cops --nodes $resume_nodes, run $1" group left p
  rm -f "$tmp/pid"
  # shellcheck disable=SC2016  # $$ and $0 are the inner shell's
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" setsid sh -c 'echo $$ > "$0"; exec "$@"' \
    "$tmp/pid" "$bin" census cops --nodes "$resume_nodes" --threads 2 --quiet \
    --state "$tmp/state.json" --graphs "$tmp/top.g6" > "$tmp/out" &
  local timer=$!
  if [ -z "$delay" ]; then
    wait "$timer" || { echo "census.sh: $name failed" >&2; cat "$tmp/out" >&2; exit 1; }
  else
    sleep "$delay"
    until [ -s "$tmp/pid" ] || ! kill -0 "$timer" 2> /dev/null; do sleep 0.01; done
    [ -s "$tmp/pid" ] || { echo "census.sh: $name did not start" >&2; exit 1; }
    group=$(cat "$tmp/pid")
    kill -KILL -- "-$group" 2> /dev/null || true # it may have finished before its moment
    wait "$timer" || true
    # Killed processes may stay a while as zombies, until init reaps them: only a live one
    # (a geng still writing) is left behind.
    for _ in $(seq 20); do
      left=""
      for p in $(pgrep -g "$group" || true); do
        case "$(ps -o stat= -p "$p" || true)" in Z* | "") ;; *) left+=" $p" ;; esac
      done
      [ -z "$left" ] && break
      sleep 0.1
    done
    [ -z "$left" ] || { echo "census.sh: processes of the killed run left:$left" >&2; exit 1; }
    if head -n 1 "$tmp/time" | grep -q 'signal 9'; then
      echo "kill $i: $delay s into run $i (moment $moment s); parts done: $(parts_done)"
    elif head -n 1 "$tmp/time" | grep -q 'non-zero status'; then
      echo "census.sh: $name failed" >&2
      cat "$tmp/out" >&2
      exit 1
    else
      echo "kill $i: run $i finished before its moment, $delay s into it"
    fi
  fi
  read -r seconds user sys kb < <(tail -n 1 "$tmp/time")
  printf '%-44s %8s s %8s s cpu %6s s sys %6d MB\n' "$name" "$seconds" "$user" "$sys" \
    $((kb / 1024))
}
# The finished parts in the state file (one line each; kept graphs' lines do not count).
parts_done() {
  if [ -e "$tmp/state.json" ]; then grep -c '^{"part":[0-9]*,"graphs"' "$tmp/state.json" || true
  else echo 0; fi
}
if [ "${RESUME:-0}" = 1 ]; then
  resume_nodes="${RESUME_NODES:-11}"
  if [ "$ref_nodes" != "$resume_nodes" ]; then
    census "census cops --nodes $resume_nodes --threads 2 (whole)" cops --nodes "$resume_nodes" \
      --threads 2
    keep_reference "$resume_nodes"
    sed 's/^/  /' "$tmp/out"
  fi
  span="${RESUME_SECONDS:-$ref_seconds}"
  seed="${SEED:-$RANDOM}"
  echo "kill and resume: seed $seed, three moments in the first 90 % of $span s"
  mapfile -t moments < <(awk -v seed="$seed" -v span="$span" \
    'BEGIN { srand(seed); for (i = 0; i < 3; i++) printf "%.2f\n", 0.9 * span * rand() }' |
    sort -g)
  rm -f "$tmp/state.json" "$tmp/top.g6"
  previous=0
  sum=0
  for i in 1 2 3 4; do
    delay=""
    if [ "$i" -le 3 ]; then
      # The moments count the time of the runs so far: run i is killed that much later than
      # the moment run i - 1 was.
      moment="${moments[$((i - 1))]}"
      delay=$(awk -v a="$moment" -v b="$previous" 'BEGIN { printf "%.2f", a - b }')
      previous="$moment"
    fi
    killed_run "$i" "$delay"
    sum=$(awk -v a="$sum" -v b="$seconds" 'BEGIN { print a + b }')
  done
  echo "killed and resumed runs: $sum s of wall time in all (the whole run: $ref_seconds s)"
  sed 's/^/  /' "$tmp/out"
  # The totals are merged in part order and the graphs file is written in part order, each
  # part's graphs in geng's order, so both are compared as they are, not sorted: a resumed run
  # must give the same bytes.
  if ! totals "$tmp/out" | diff "$tmp/ref.totals" - >&2; then
    echo "census.sh: the resumed census's totals differ from the whole run's" >&2
    exit 1
  fi
  if [ -e "$tmp/ref.g6" ] || [ -e "$tmp/top.g6" ]; then
    cmp "$tmp/ref.g6" "$tmp/top.g6" >&2 || {
      echo "census.sh: the resumed census's graphs file differs from the whole run's" >&2
      exit 1
    }
  fi
  echo "resumed totals and graphs file: the same as the whole run's"
fi
