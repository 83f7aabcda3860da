#!/usr/bin/env bash
# catmouse-mpi solve reads --threads and --memory as catmouse solve does (one declaration serves
# both): a bad value is refused by both with exit 2, nothing on stdout, and the same message
# naming the option, on one process or several.
# Usage: options_test.sh CATMOUSE CATMOUSE_MPI MPIRUN WORKDIR
set -euo pipefail
cli=$1 mpi=$2 mpirun=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
source "$here/mpirun.sh"
enter "options"

"$cli" gen random --nodes 100 --seed 4 --out g.json

# refused OPTION VALUE: both programs refuse `solve g.json OPTION VALUE` alike.
refused() {
  local option=$1 value=$2 got=0 want k
  "$cli" solve g.json "$option" "$value" >out.txt 2>err.txt || got=$?
  [ "$got" = 2 ] || fail "catmouse solve $option '$value': exit $got, not 2" "$(cat err.txt)"
  [ ! -s out.txt ] || fail "catmouse solve $option '$value': output on stdout" "$(cat out.txt)"
  want=$(head -n 1 err.txt)
  [[ $want == "catmouse: $option"* ]] ||
    fail "catmouse solve $option '$value': the message does not name $option" "$want"
  want=${want#catmouse: }
  for k in 1 2; do
    got=0
    run_mpi "$k" "$mpi" solve g.json "$option" "$value" >out.txt 2>err.txt || got=$?
    [ "$got" = 2 ] || fail "-np $k solve $option '$value': exit $got, not 2" "$(cat err.txt)"
    [ ! -s out.txt ] || fail "-np $k solve $option '$value': output on stdout" "$(cat out.txt)"
    [ "$(grep -c '^catmouse-mpi: ' err.txt)" = 1 ] ||
      fail "-np $k solve $option '$value': not one message" "$(cat err.txt)"
    [ "$(grep '^catmouse-mpi: ' err.txt)" = "catmouse-mpi: $want" ] ||
      fail "-np $k solve $option '$value': not catmouse's message ($want)" "$(cat err.txt)"
  done
}

refused --memory zz
refused --memory ''
refused --memory 5X
refused --memory 99999999999999999999
refused --threads 5000
refused --threads 257
refused --threads -1
refused --threads two

# Both take what is within range.
"$cli" solve g.json --threads 256 --memory 1G >want.txt
run_mpi 2 "$mpi" solve g.json --threads 256 --memory 1G >got.txt
cmp -s want.txt got.txt || fail "--threads 256 --memory 1G: not catmouse's answer" \
  "$(diff want.txt got.txt)"
echo "ok: options"
