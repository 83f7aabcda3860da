#!/usr/bin/env bash
# catmouse-mpi solve --save respects what the path names, as catmouse does: a character device
# (made with mknod in the test's folder, never taken from /dev) stays a device, a FIFO's reader
# gets the same bytes as a regular file, a link stays a link, and a directory is exit 2 naming it.
# Usage: output_path_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "output_path"
"$cli" gen random --nodes 50 --seed 3 --out graph.json
"$cli" solve graph.json --save single.cmtb >single.out

if mknod -m 666 null c 1 3 2>/dev/null; then
  run_mpi 2 "$mpi" solve graph.json --save null >null.out 2>null.err ||
    fail "--save to a device: exit $?" "$(cat null.err)"
  [ "$(stat -c %F null)" = "character special file" ] ||
    fail "--save replaced the device: $(stat -c %F null)"
  cmp -s single.out null.out || fail "--save to a device: another answer" "$(cat null.out)"
else
  echo "cannot make a device node here (mknod needs root): the device case is skipped"
fi

mkfifo fifo
cat fifo >fifo.cmtb &
reader=$!
run_mpi 2 "$mpi" solve graph.json --save fifo >fifo.out 2>fifo.err ||
  fail "--save to a FIFO: exit $?" "$(cat fifo.err)"
wait "$reader"
[ -p fifo ] || fail "--save replaced the FIFO"
cmp -s single.cmtb fifo.cmtb || fail "--save to a FIFO: its reader got other bytes"

ln -s target.cmtb link
run_mpi 2 "$mpi" solve graph.json --save link >link.out 2>link.err ||
  fail "--save to a link: exit $?" "$(cat link.err)"
[ -L link ] || fail "--save replaced the link"
cmp -s single.cmtb target.cmtb || fail "--save through a link: the target has other bytes"

mkdir folder
status=0
run_mpi 2 "$mpi" solve graph.json --save folder >folder.out 2>folder.err || status=$?
[ "$status" = 2 ] || fail "--save to a directory: exit $status, not 2" "$(cat folder.err)"
grep -q "folder: is a directory" folder.err || fail "no message naming the directory" \
  "$(cat folder.err)"
[ -d folder ] && [ -z "$(ls folder)" ] || fail "--save to a directory changed it"
[ ! -s folder.out ] || fail "--save to a directory printed on stdout" "$(cat folder.out)"
echo "ok"
