# shellcheck shell=bash
# Sourced by the shell tests: what they share.

# fail WHAT [DETAIL]: says "FAIL: WHAT" and DETAIL (what was printed, say) on stderr, exits 1.
fail() {
  echo "FAIL: $1" >&2
  [ -n "${2:-}" ] && printf '%s\n' "$2" >&2
  exit 1
}
