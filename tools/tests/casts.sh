#!/usr/bin/env bash
# casts.sh — the committed asciinema casts, demos/casts/demo-N.cast, still
# show what the demos print: each is an asciicast v2 with its idle time
# capped, `asciinema cat` of it normalized by demos/tools/demo-normalize.sh is
# exactly demos/demo-N.expected, and `asciinema play` plays it to the end
# (sped up) with the same text. So a cast cannot go stale unnoticed: when a
# demo's behaviour changes on purpose, its expected file and its cast are
# updated together (make casts).
#
# usage: tools/tests/casts.sh N...
# asciinema cat and play read /dev/tty, which CI does not have: they run
# in a pseudo-terminal of script(1). Output is TAP, three tests per cast.
# Exit status: 0 every test passed; 1 some failed; 2 usage.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 N..." >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$(dirname "$0")/tap.sh"
# same NAME TEXT-FILE: compare with the expected file of demo NAME.
same() {
	local out rc
	out=$(diff -u "$top/demos/$1.expected" "$2")
	rc=$?
	printf '%s\n' "$out" | tail -n +3 | grep -E '^[-+]'
	return $rc
}
in_pty() { script -qec "$1" /dev/null </dev/null; }
echo "1..$((3 * $#))"
for d in "$@"; do
	name=demo-$d cast=$top/demos/casts/demo-$d.cast
	if [ ! -f "$cast" ]; then
		result FAIL "$name.cast is an asciicast v2 with idle time capped" "no file $cast (make casts)"
		result FAIL "asciinema cat $name.cast prints demos/$name.expected" "no cast"
		result FAIL "asciinema play $name.cast plays it to the end" "no cast"
		continue
	fi
	header=$(head -n 1 "$cast")
	if [[ $header == *'"version": 2'* && $header =~ \"idle_time_limit\":\ [0-9.]+ ]]; then
		result OK "$name.cast is an asciicast v2 with idle time capped"
	else
		result FAIL "$name.cast is an asciicast v2 with idle time capped" "header: $header"
	fi
	in_pty "asciinema cat '$cast'" | "$top/demos/tools/demo-normalize.sh" >"$tmp/cat"
	if d=$(same "$name" "$tmp/cat"); then
		result OK "asciinema cat $name.cast prints demos/$name.expected"
	else
		result FAIL "asciinema cat $name.cast prints demos/$name.expected" "diff (- expected, + cast):" "$d"
	fi
	in_pty "asciinema play -s 50 -i 0.02 '$cast'; echo \"play exit status \$?\"" >"$tmp/play.raw"
	tr -d '\r' <"$tmp/play.raw" | grep '^play exit status 0$' >/dev/null # no -q: see runner.sh's has()
	played=$?
	"$top/demos/tools/demo-normalize.sh" <"$tmp/play.raw" >"$tmp/play"
	if [ $played -ne 0 ]; then
		result FAIL "asciinema play $name.cast plays it to the end" "$(tr -d '\r' <"$tmp/play.raw" | tail -n 3)"
	elif d=$(same "$name" "$tmp/play"); then
		result OK "asciinema play $name.cast plays it to the end"
	else
		result FAIL "asciinema play $name.cast plays it to the end" "diff (- expected, + played):" "$d"
	fi
done
[ $bad -eq 0 ]
