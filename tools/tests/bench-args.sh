#!/usr/bin/env bash
# bench-args.sh — host-side tests of guest/bin/fsid-bench.c's command line:
# each usage error exits with status 2 and names what is wrong, and mode
# "set" on a kernel without fsid maps (this host's) exits with 3, all
# before the program measures anything or touches a namespace. The
# measurements themselves run in the guest (make bench).
#
# usage: tools/tests/bench-args.sh PROGRAM
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: $0 PROGRAM (the built fsid-bench)" >&2; exit 2; }
prog=$1
. "$(dirname "$0")/tap.sh"
# refused STATUS MESSAGE ARGS...: the exit status, MESSAGE on stderr, no output.
refused() {
	local want=$1 msg=$2 rc
	shift 2
	"$prog" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	n=$((n + 1))
	if [ $rc -eq "$want" ] && grep -qF -- "$msg" "$tmp/err" && [ ! -s "$tmp/out" ]; then
		echo "ok $n - fsid-bench $*: status $want, \"$msg\""
	else
		echo "not ok $n - fsid-bench $*: status $want, \"$msg\""
		echo "#   status $rc, stderr: $(head -c 300 "$tmp/err")"
		bad=$((bad + 1))
	fi
}
echo "1..8"
refused 2 "say the directory" -n 10
refused 2 "-n wants a number of files" -n 0 "$tmp"
refused 2 "-n wants a number of files" -n 12x "$tmp"
refused 2 "'341' is not a mapping count 0-340" -r 0,341 "$tmp"
refused 2 "no op 'lstat'" -o stat,lstat "$tmp"
refused 2 "no mode 'both'" -m both "$tmp"
refused 2 "unknown option" -x "$tmp"
if [ -e /proc/self/fsuid_map ]; then
	n=$((n + 1))
	echo "not ok $n - this host has /proc/self/fsuid_map: the mode-set refusal cannot be tested here"
	bad=$((bad + 1))
else
	refused 3 "mode set needs fsid maps" -m set "$tmp"
fi
[ $bad -eq 0 ]
