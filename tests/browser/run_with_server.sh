#!/bin/sh
# ctest's entry to the browser tests (run_with_server.mjs): skipped (77) only when Node.js is
# missing altogether, which scripts/setup-browser installs.
if ! command -v node >/dev/null 2>&1; then
  echo "SKIP: Node.js is not installed; run scripts/setup-browser"
  exit 77
fi
exec node "$(dirname "$0")/run_with_server.mjs" "$@"
