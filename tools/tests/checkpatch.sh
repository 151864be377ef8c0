#!/usr/bin/env bash
# checkpatch.sh — scripts/checkpatch.pl --strict on every patch of series/.
#
# usage: tools/tests/checkpatch.sh [-v]     (make checkpatch: -v)
#
# One TAP result per patch of series/series: ok when checkpatch reports no
# error, warning or check. -v prints checkpatch's full report for each
# patch. Runs the checkpatch.pl of the developer tree.
# Environment: TREE [build/linux], SERIES [series].
# Exit status: 0 every patch clean; 1 some are not; 2 no tree.
set -uo pipefail
tools=$(cd "$(dirname "$0")/.." && pwd)
. "$tools/series-lib.sh"
TREE=${TREE:-build/linux}
SERIES=${SERIES:-series}
verbose=no
[ "${1:-}" = -v ] && verbose=yes
cp=$TREE/scripts/checkpatch.pl
[ -x "$cp" ] || { echo "checkpatch: no $cp: run make tree" >&2; exit 2; }
mapfile -t patches < <(series_list "$SERIES")
echo "1..${#patches[@]}"
n=0 bad=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	out=$(cd "$TREE" && ./scripts/checkpatch.pl --strict --no-summary --terse --quiet "$OLDPWD/$SERIES/$p" 2>&1)
	if [ -z "$out" ]; then
		echo "ok $n - checkpatch --strict: $p"
	else
		echo "not ok $n - checkpatch --strict: $p"
		bad=$((bad + 1))
		printf '%s\n' "$out" | sed 's/^/#   /'
	fi
	if [ $verbose = yes ]; then
		(cd "$TREE" && ./scripts/checkpatch.pl --strict "$OLDPWD/$SERIES/$p") | sed 's/^/#   /'
	fi
done
[ $bad -eq 0 ]
