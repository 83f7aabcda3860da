#!/usr/bin/env bash
# After scripts/setup, the README's commands run as typed: `catmouse` and `catmouse-serve` are
# found on PATH (the build folder's bin/ not on it) and are the programs of this build, not an
# older install. scripts/test runs scripts/setup first, which installs them; CATMOUSE_NO_INSTALL=1
# (a build that was not installed on purpose) skips the test.
# Usage: tests/setup_installed_test.sh BUILD_BIN_DIR
set -euo pipefail
bin=$(cd "$1" && pwd)
if [ "${CATMOUSE_NO_INSTALL:-0}" = 1 ]; then
  echo "CATMOUSE_NO_INSTALL=1: this build is not installed; skipped"
  exit 77
fi
# PATH as a shell has it, without the build's own folder (ctest may run with it first).
path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$bin" | paste -sd: -)
status=0
for program in catmouse catmouse-serve; do
  found=$(PATH=$path command -v "$program" || true)
  if [ -z "$found" ]; then
    echo "FAIL: $program is not on PATH ($path): scripts/setup installs it" >&2
    status=1
  elif ! cmp -s "$found" "$bin/$program"; then
    echo "FAIL: $found is not this build's $program (run scripts/setup to install it)" >&2
    status=1
  else
    echo "$program on PATH: $found, this build's"
  fi
done
exit $status
