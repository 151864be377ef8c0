#!/usr/bin/env bash
# series-roundtrip.sh — the real kernel tree is what series/ says: it was
# made from the current series/, the vanilla tree is the bare base, and
# exporting the applied commits gives series/ back byte for byte.
#
# usage: tools/tests/series-roundtrip.sh   (after make tree)
# Environment: TREE [build/linux], VANILLA [build/vanilla/linux], SERIES [series].
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
tools=$(cd "$(dirname "$0")/.." && pwd)
. "$tools/series/series-lib.sh"
TREE=${TREE:-build/linux}
VANILLA=${VANILLA:-build/vanilla/linux}
SERIES=${SERIES:-series}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
expect() {
	local d=$1
	shift
	n=$((n + 1))
	if "$@"; then echo "ok $n - $d"; else echo "not ok $n - $d"; bad=$((bad + 1)); fi
}
echo "1..4"
expect "build/linux was made from the current series/" \
	[ "$(git -C "$TREE" config fsid.series)" = "$(series_hash "$SERIES")" ]
expect "the vanilla tree is tag base with no changes" \
	eval '[ "$(git -C "$VANILLA" rev-parse HEAD)" = "$(git -C "$TREE" rev-parse base)" ] &&
	      git -C "$VANILLA" diff --quiet HEAD'
count=$(git -C "$TREE" rev-list --count base..applied)
expect "tag applied is base plus one commit per patch ($count)" [ "$count" -eq "$(series_list "$SERIES" | wc -l)" ]
cp -r "$SERIES" "$tmp/out"
TREE=$TREE SERIES=$SERIES OUT=$tmp/out "$tools/series/series-export.sh" applied 2>"$tmp/err"
expect "exporting base..applied gives series/ back byte for byte" \
	diff -r -x BASE "$SERIES" "$tmp/out"
if ! diff -q "$SERIES/BASE" "$tmp/out/BASE" >/dev/null; then
	echo "# note: the installed kernel differs from series/BASE; make export records it:"
	diff "$SERIES/BASE" "$tmp/out/BASE" | sed 's/^/#   /'
fi
[ $bad -eq 0 ]
