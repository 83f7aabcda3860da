#!/usr/bin/env bash
# catmouse serve finds the page and the examples once installed (share/catmouse beside bin/):
# installs the build into a temporary prefix, starts the installed program, asks for the page and
# the examples, and stops it with SIGTERM.
# Usage: tests/serve_install_test.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
out=$prefix/serve.out
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$prefix"
}
trap cleanup EXIT
source "$(dirname "$0")/lib.sh"

cmake --install "$build" --prefix "$prefix" >/dev/null
[ -f "$prefix/share/catmouse/web/index.html" ] || fail "web/ is not installed under share/catmouse"
[ -f "$prefix/share/catmouse/examples/leetcode1.json" ] || fail "examples/ is not installed"
"$prefix/bin/catmouse" serve --port 0 --memory 64M >"$out" &
pid=$!
for _ in $(seq 1 600); do
  grep -q '^listening on ' "$out" && break
  kill -0 "$pid" 2>/dev/null || fail "the installed catmouse serve exited: $(cat "$out")"
  sleep 0.05
done
port=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9]*\)/$|\1|p' "$out")
[ -n "$port" ] || fail "the installed catmouse serve did not start: $(cat "$out")"
# GET PATH: the whole answer, through bash's /dev/tcp (no HTTP client needed).
get() {
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET %s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$1" >&3
  cat <&3
  exec 3<&-
}
case "$(get /)" in "HTTP/1.1 200 OK"*"<html"*) ;; *) fail "GET / is not the page" ;; esac
case "$(get /static/app.js)" in "HTTP/1.1 200 OK"*) ;; *) fail "GET /static/app.js failed" ;; esac
examples=$(get /api/examples)
case "$examples" in *'"name":"leetcode1"'*) ;; *) fail "the examples are missing: $examples" ;; esac
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=
[ "$status" = 0 ] || fail "the installed catmouse serve ended with $status on SIGTERM"
echo "PASS: catmouse serve, installed in a temporary prefix, serves the page and the examples"
