#!/usr/bin/env bash
# catmouse play as people use it: in a real terminal (a private tmux server: keys sent, the
# screen read back), playing whole games to the end as the mouse and as the cat, always typing
# the node (or cell) of the move --hints marks best, then taking the last move back at the end and
# playing on to the end again; and through pipes, as scripts use it.
# Usage: tests/play_test.sh CATMOUSE EXAMPLES_DIR TEST_DATA_DIR
# Exit 0: passed; 1: failed (the screen is printed); 77: skipped, tmux is missing.
set -euo pipefail
cli=$1
examples=$2
data=$3

source "$(dirname "$0")/lib.sh"

# --- Pipes -------------------------------------------------------------------------------------
over() { printf '%s\n' "$1" | grep '^Game over: ' | tail -n 1; }
out=$(printf '0\n' | "$cli" play "$examples/leetcode2.json" --hints)
[ "$(over "$out")" = "Game over: mouse wins: the mouse is in the hole. You win!" ] ||
  fail "a piped game as the mouse did not end in a win" "$out"
printf '%s\n' "$out" | grep -qx 'Your move (a node, #1-#1, u, r, q): 0' ||
  fail "piped moves are not echoed" "$out"
out=$(printf 'q\n' | "$cli" play "$examples/leetcode1.json")
[ "$(printf '%s\n' "$out" | tail -n 1)" = "You quit." ] || fail "q did not quit" "$out"
out=$("$cli" play "$examples/leetcode1.json" </dev/null)
[ "$(printf '%s\n' "$out" | tail -n 1)" = "You quit." ] || fail "the end of the input did not quit" "$out"
out=$(printf 'u\n7\nx\n1\n#1\n' | "$cli" play "$examples/leetcode2.json")
printf '%s\n' "$out" | grep -q '^Nothing to undo.$' || fail "u at the start" "$out"
[ "$(printf '%s\n' "$out" | grep -c "is not one of your moves: type a node of the list, #1 to #1")" = 3 ] ||
  fail "bad input not refused" "$out"
[ "$(over "$out")" = "Game over: mouse wins: the mouse is in the hole. You win!" ] ||
  fail "#1 did not play the first move" "$out"
# u takes back the person's move and the engine's reply: the same position is shown again.
out=$(printf '1,1\nu\nq\n' | "$cli" play "$examples/grid1728.json" --as cat)
[ "$(printf '%s\n' "$out" | grep -c '^Move 1: mouse on (2, 2), cat on (1, 1), cat to move.$')" = 2 ] ||
  fail "u did not go back to the cat's previous turn" "$out"
# Always the first move, as the cat on a draw: the game still ends (a capture, a hole, or a
# repeated position), and then waits for u, r or q.
out=$("$cli" play "$examples/leetcode1.json" --as cat < <(for _ in $(seq 200); do echo '#1'; done))
over "$out" | grep -q '^Game over: ' || fail "a piped game as the cat did not end" "$out"
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

# The prompts on the screen: the moves' and the one at the end of a game.
prompts() { screen | grep -c '^Your move (\|^u takes your last move back' || true; }

# Waits until the screen shows more than `count` prompts, or catmouse's exit.
wait_for_prompt() {
  local count=$1 s
  for _ in $(seq 1 1200); do
    s=$(screen)
    if printf '%s\n' "$s" | grep -q '^exit status' ||
      [ "$(printf '%s\n' "$s" | grep -c '^Your move (\|^u takes your last move back')" -gt "$count" ]; then
      return 0
    fi
    sleep 0.05
  done
  fail "the game did not answer within a minute" "$(screen)"
}

# Types `keys` and Enter, and waits for the next prompt.
type_keys() {
  local count
  count=$(prompts)
  tmux_ send-keys -t play -l "$1"
  tmux_ send-keys -t play Enter
  wait_for_prompt "$count"
}

# The move --hints marks best on the screen, as it is typed: the node or cell it goes to, or stay.
best_move() {
  screen | awk '/^Your moves:/ { best = "" }
    /\* best$/ { line = $0
      if (line ~ /stay on/) { best = "stay" } else {
        sub(/^ *#[0-9]+ +to /, "", line); sub(/   .*/, "", line); best = line } }
    END { print best }'
}

# play NAME FILE SIDE EXPECTED_LAST_LINE [KEYS_FIRST]: a whole game, the best move each turn; at
# its end, u takes the last move back and the game is played on to its end again, then q.
play() {
  local name=$1 file=$2 side=$3 expected=$4 first=${5:-}
  tmux_ new-session -d -s play -x 160 -y 50 \
    "'$cli' play '$file' --as $side --hints; echo \"exit status \$?\"; read -r _"
  wait_for_prompt 0
  [ -n "$first" ] && type_keys "$first"
  local s best games undone=0
  for _ in $(seq 1 500); do
    s=$(screen)
    printf '%s\n' "$s" | grep -q '^exit status' && break
    games=$(printf '%s\n' "$s" | grep -c '^Game over: ' || true)
    if [ "$games" -gt "$undone" ]; then
      [ "$(printf '%s\n' "$s" | grep '^Game over: ' | tail -n 1)" = "$expected" ] ||
        fail "$name: game $games ended otherwise than '$expected'" "$s"
      if [ "$undone" = 0 ]; then
        undone=1
        type_keys u
        # The person's turn again, before the last move.
        screen | grep -v '^$' | tail -n 1 | grep -q '^Your move (' || fail "$name: u at the end of the game" "$(screen)"
      else
        type_keys q
      fi
      continue
    fi
    best=$(best_move)
    [ -n "$best" ] || fail "$name: no best move on the screen" "$s"
    type_keys "$best"
  done
  s=$(screen)
  if [ "$first" = u ]; then
    printf '%s\n' "$s" | grep -qx 'Nothing to undo.' || fail "$name: u at the start" "$s"
  fi
  printf '%s\n' "$s" | grep -qx 'exit status 0' || fail "$name: catmouse play did not exit 0" "$s"
  [ "$(printf '%s\n' "$s" | grep -c '^Game over: ')" = 2 ] ||
    fail "$name: not played to the end, undone and played to the end again" "$s"
  tmux_ kill-session -t play
  echo "ok: $name: $expected (twice, with an undo between)"
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
