#!/usr/bin/env bash
# demo-live.sh — run one demo scenario in the guest and compare what it
# prints with its expected file (make check runs demo-1, -2, -3 on fsid,
# and demo-1 on vanilla, where it must stop with fsid-unshare's message).
#
# usage: tools/tests/demo-live.sh N FLAVOUR STATUS EXPECTED
#   runs demos/tools/demo-run.sh N FLAVOUR (no pauses), normalizes its console
#   output with demos/tools/demo-normalize.sh and checks that the guest's exit
#   status is STATUS and that the text is EXPECTED, byte for byte.
# Output is TAP (a failed comparison shows the start of the diff); the raw
# console output is kept in $BUILD/check/demo-N-FLAVOUR.raw.
# Exit status: 0 both tests passed; 1 some failed; 2 usage.
set -uo pipefail
BUILD=${BUILD:-build}
[ $# -eq 4 ] || { echo "usage: $0 N FLAVOUR STATUS EXPECTED" >&2; exit 2; }
n=$1 flavour=$2 want_rc=$3 want=$4
top=$(cd "$(dirname "$0")/../.." && pwd)
[ -f "$want" ] || { echo "demo-live: no expected file $want" >&2; exit 2; }
mkdir -p "$BUILD/check"
raw=$BUILD/check/demo-$n-$flavour.raw
echo "1..2"
DEMO_DELAY=0 "$top/demos/tools/demo-run.sh" "$n" "$flavour" >"$raw" 2>&1
rc=$?
if [ $rc -eq "$want_rc" ]; then
	echo "ok 1 - demo-$n on $flavour: the guest's exit status is $want_rc"
else
	echo "not ok 1 - demo-$n on $flavour: the guest's exit status is $rc, want $want_rc"
	tr -d '\r' <"$raw" | tail -n 5 | sed 's/^/#   /'
fi
if d=$(diff -u "$want" <("$top/demos/tools/demo-normalize.sh" <"$raw")); then
	echo "ok 2 - demo-$n on $flavour prints ${want#"$top"/}"
else
	echo "not ok 2 - demo-$n on $flavour does not print ${want#"$top"/}; diff (- want, + got):"
	printf '%s\n' "$d" | tail -n +3 | grep -E '^[-+]' | head -n 20 | sed 's/^/#   /'
fi
