#!/usr/bin/env bash
# cast-record.sh — record demo scenarios as asciinema casts (make casts).
#
# usage: demos/tools/cast-record.sh [N...]
#
# For each N (every demo of demos/ when none is named), records `demos/tools/demo-run.sh N` (the fsid kernel, DEMO_DELAY=1)
# with asciinema rec, cast format v2, idle time capped at 2 s, 100x30,
# into $BUILD/casts/demo-N.cast. Works without a terminal (asciinema runs
# the demo in a pseudo-terminal of its own). A recording replaces
# demos/casts/demo-N.cast only if, played back with asciinema cat and
# normalized by demos/tools/demo-normalize.sh, it is exactly demos/demo-N.expected:
# a cast is re-recorded when the behaviour it shows changed on purpose,
# and then the expected file is updated first, by a person who has read it.
#
# Environment: BUILD [build].
# Exit status: 0 every cast recorded and installed; 1 a recording failed or
# differs from its expected file (the diff is printed, the committed cast is
# left alone); 2 usage.
set -uo pipefail
. "$(dirname "$0")/../../tools/lib.sh"
[ $# -ge 1 ] || set -- $(demos)
mkdir -p "$BUILD/casts"
bad=0
for n in "$@"; do
	want=$top/demos/demo-$n.expected
	new=$BUILD/casts/demo-$n.cast
	[ -f "$want" ] || { echo "cast-record: no $want" >&2; exit 2; }
	echo "cast-record: recording demo-$n into $new"
	if ! asciinema rec -q --overwrite -i 2 --cols 100 --rows 30 \
		-t "fsid mappings for user namespaces: demo-$n" \
		-c "DEMO_DELAY=1 $top/demos/tools/demo-run.sh $n" "$new" </dev/null; then
		echo "cast-record: asciinema rec failed for demo-$n" >&2
		bad=$((bad + 1))
		continue
	fi
	# asciinema cat reads /dev/tty: give it a pseudo-terminal (script(1)).
	if diff -u "$want" <(script -qec "asciinema cat $new" /dev/null </dev/null | "$top/demos/tools/demo-normalize.sh") \
		>"$BUILD/casts/demo-$n.diff"; then
		cp "$new" "$top/demos/casts/demo-$n.cast"
		echo "cast-record: demos/casts/demo-$n.cast written ($(wc -l <"$new") events)"
	else
		echo "cast-record: demo-$n's recording is not demos/demo-$n.expected; demos/casts/demo-$n.cast left alone:" >&2
		cat "$BUILD/casts/demo-$n.diff" >&2
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
