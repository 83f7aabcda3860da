#!/usr/bin/env bash
# catmouse play as people use it: in a real terminal (a private tmux server: keys sent, the
# screen read back), playing whole games to the end as the mouse and as the cat, always taking
# the move --hints marks best; and through pipes, as scripts use it.
# Usage: tests/play_test.sh CATMOUSE EXAMPLES_DIR TEST_DATA_DIR
# Exit 0: passed; 1: failed (the screen is printed); 77: skipped, tmux is missing.
set -euo pipefail
cli=$1
examples=$2
data=$3

fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" >&2
  exit 1
}

# --- Pipes -------------------------------------------------------------------------------------
out=$(printf '1\n' | "$cli" play "$examples/leetcode2.json" --hints)
[ "$(printf '%s\n' "$out" | tail -n 1)" = "Game over: mouse wins: the mouse is in the hole. You win!" ] ||
  fail "a piped game as the mouse did not end in a win" "$out"
printf '%s\n' "$out" | grep -qx 'Your move (1-1, u, q): 1' || fail "piped moves are not echoed" "$out"
out=$(printf 'q\n' | "$cli" play "$examples/leetcode1.json")
[ "$(printf '%s\n' "$out" | tail -n 1)" = "You quit." ] || fail "q did not quit" "$out"
out=$("$cli" play "$examples/leetcode1.json" </dev/null)
[ "$(printf '%s\n' "$out" | tail -n 1)" = "You quit." ] || fail "the end of the input did not quit" "$out"
out=$(printf 'u\n7\nx\n1\n' | "$cli" play "$examples/leetcode2.json")
printf '%s\n' "$out" | grep -q '^Nothing to undo.$' || fail "u at the start" "$out"
[ "$(printf '%s\n' "$out" | grep -c '^Type a number from 1 to 1')" = 2 ] || fail "bad input not refused" "$out"
# u takes back the person's move and the engine's reply: the same position is shown again.
out=$(printf '1\nu\nq\n' | "$cli" play "$examples/grid1728.json" --as cat)
[ "$(printf '%s\n' "$out" | grep -c '^Move 1: mouse on (2, 2), cat on (1, 1), cat to move.$')" = 2 ] ||
  fail "u did not go back to the cat's previous turn" "$out"
# Always the first move, as the cat on a draw: the game still ends (a capture, a hole, or a
# repeated position).
out=$("$cli" play "$examples/leetcode1.json" --as cat < <(for _ in $(seq 200); do echo 1; done))
printf '%s\n' "$out" | tail -n 1 | grep -q '^Game over: ' || fail "a piped game as the cat did not end" "$out"
set +e
out=$("$cli" play "$data/bad/does_not_exist.json" </dev/null 2>/dev/null)
status=$?
set -e
[ "$status" = 2 ] && [ -z "$out" ] || fail "a missing file: status $status, output '$out'"

# --- A terminal ----------------------------------------------------------------------------------
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed (scripts/setup installs it); the pipe tests passed"
  exit 77
fi
socket="catmouse-play-test-$$"
tmux_() { tmux -L "$socket" "$@"; }
trap 'tmux_ kill-server 2>/dev/null || true' EXIT
# A session that outlives the games, so that the server does not exit between them.
tmux_ new-session -d -s keep -x 80 -y 24

screen() { tmux_ capture-pane -p -J -S - -t play; }

# Waits until the screen shows more than `count` prompts, or the game's end.
wait_for_prompt() {
  local count=$1 s
  for _ in $(seq 1 1200); do
    s=$(screen)
    if printf '%s\n' "$s" | grep -q '^exit status' ||
      [ "$(printf '%s\n' "$s" | grep -c '^Your move (')" -gt "$count" ]; then
      return 0
    fi
    sleep 0.05
  done
  fail "the game did not answer within a minute" "$(screen)"
}

# play NAME FILE SIDE EXPECTED_LAST_LINE [KEYS_FIRST]: a whole game, the best move each turn.
play() {
  local name=$1 file=$2 side=$3 expected=$4 first=${5:-}
  tmux_ new-session -d -s play -x 160 -y 50 \
    "'$cli' play '$file' --as $side --hints; echo \"exit status \$?\"; read -r _"
  local prompts=0 s best
  wait_for_prompt 0
  if [ -n "$first" ]; then
    prompts=$(screen | grep -c '^Your move (' || true)
    tmux_ send-keys -t play "$first" Enter
    wait_for_prompt "$prompts"
  fi
  for _ in $(seq 1 500); do
    s=$(screen)
    printf '%s\n' "$s" | grep -q '^exit status' && break
    prompts=$(printf '%s\n' "$s" | grep -c '^Your move (' || true)
    best=$(printf '%s\n' "$s" | awk '/^Your moves:/ { best = "" }
      /\* best$/ { line = $0; sub(/\).*/, "", line); gsub(/ /, "", line); best = line }
      END { print best }')
    [ -n "$best" ] || fail "$name: no best move on the screen" "$s"
    tmux_ send-keys -t play "$best" Enter
    wait_for_prompt "$prompts"
  done
  s=$(screen)
  if [ "$first" = u ]; then
    printf '%s\n' "$s" | grep -qx 'Nothing to undo.' || fail "$name: u at the start" "$s"
  fi
  printf '%s\n' "$s" | grep -qx 'exit status 0' || fail "$name: catmouse play did not exit 0" "$s"
  local last
  last=$(printf '%s\n' "$s" | grep '^Game over: ' | tail -n 1)
  [ "$last" = "$expected" ] || fail "$name: the game ended with '$last', expected '$expected'" "$s"
  tmux_ kill-session -t play
  echo "ok: $name: $last"
}

play "LeetCode 913 example 2 as the mouse" "$examples/leetcode2.json" mouse \
  "Game over: mouse wins: the mouse is in the hole. You win!"
play "LeetCode 1728 map as the mouse, after an undo with nothing to undo" \
  "$examples/grid1728.json" mouse "Game over: mouse wins: the mouse is on the food. You win!" u
play "a 22-move cat win as the cat" "$data/long_win.json" cat \
  "Game over: cat wins: the cat caught the mouse. You win!"
play "the 1728 map as the cat, who loses" "$examples/grid1728.json" cat \
  "Game over: mouse wins: the mouse is on the food. You lose."
echo PASS
