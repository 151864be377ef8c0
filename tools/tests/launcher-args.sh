#!/usr/bin/env bash
# launcher-args.sh — host-side tests of guest/bin/fsid-unshare.c's command
# line: --help, every syntax error with its exit status (120) and
# message, and --dry-run, which prints the map files it would write and
# touches no namespace. What needs a kernel (writing the maps, a kernel
# without fsid maps) is tested in the guest.
#
# usage: tools/tests/launcher-args.sh PROGRAM
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
[ $# -eq 1 ] && [ -x "$1" ] || { echo "usage: $0 PROGRAM (the built fsid-unshare)" >&2; exit 2; }
prog=$1
. "$(dirname "$0")/tap.sh"
run() { "$prog" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
# refused DESC MESSAGE ARGS...: exit status 120, MESSAGE on stderr, nothing on stdout.
refused() {
	local d=$1 msg=$2
	shift 2
	run "$@"
	if [ $rc -eq 120 ] && grep -qF -- "$msg" "$tmp/err" && [ ! -s "$tmp/out" ]; then
		result OK "$d"
	else
		result FAIL "$d" "status $rc, stderr: $(head -c 300 "$tmp/err")"
	fi
}
echo "1..16"

run --help
if [ $rc -eq 0 ] && grep -q '^usage: fsid-unshare ' "$tmp/out" && grep -q '^Exit status:' "$tmp/out"; then
	result OK "--help prints the usage and the exit statuses, status 0"
else
	result FAIL "--help prints the usage and the exit statuses, status 0" "status $rc"
fi

refused "no COMMAND" "no COMMAND given" -m b:0:100000:100000
refused "an unknown option prints the usage" "usage: fsid-unshare" --frobnicate true
refused "a map with three fields" "want KIND:INSIDE:OUTSIDE:COUNT" -m u:0:100000 true
refused "a map with five fields" "want KIND:INSIDE:OUTSIDE:COUNT" -m u:0:1:2:3 true
refused "an empty field" "want KIND:INSIDE:OUTSIDE:COUNT" -m u::100000:1 true
refused "a kind other than u, g, b" 'KIND must be u (uids), g (gids) or b (both), not "x"' -m x:0:100000:1 true
refused "a field that is not a number" '"1e5" is not a number' -f u:0:1e5:1 -m u:0:0:1 true
refused "a negative number" '"-1" is not a number' -m u:0:-1:1 true
refused "a number past 32 bits" '"4294967296" is not a number' -m u:4294967296:0:1 true
refused "COUNT 0" "COUNT must be at least 1" -m g:0:100000:0 true
refused "a range past the last id" "the range goes past id 4294967294" -m u:4294967290:0:10 true
refused "fsid maps without id maps" "fsid maps (-f) need id maps (-m)" -f b:0:300000:100000 true
refused "--uid that is not an id" "-u 4294967295: not an id" -u 4294967295 -m b:0:100000:1 true

lines=()
for i in $(seq 0 340); do lines+=(-m "u:$i:$((100000 + i)):1"); done
refused "341 lines for one map" "uid_map can have at most 340 lines" "${lines[@]}" true

run -n -m b:0:100000:100000 -m u:100000:50000:1 -f b:0:300000:100000 -- id -u
printf 'uid_map:\n0 100000 100000\n100000 50000 1\ngid_map:\n0 100000 100000\nfsuid_map:\n0 300000 100000\nfsgid_map:\n0 300000 100000\n' >"$tmp/want"
if [ $rc -eq 0 ] && cmp -s "$tmp/out" "$tmp/want"; then
	result OK "--dry-run prints the four map files as they would be written"
else
	result FAIL "--dry-run prints the four map files as they would be written" \
		"status $rc, got: $(tr '\n' '|' <"$tmp/out")"
fi
[ $bad -eq 0 ]
