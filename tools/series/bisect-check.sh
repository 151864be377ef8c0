#!/usr/bin/env bash
# bisect-check.sh — every patch of the series builds, with
# CONFIG_USER_NS_FSID=y and =n, without a compiler warning.
#
# usage: tools/series/bisect-check.sh     (make bisect-check [FROM=N])
#
# Checks out each commit base..applied of $TREE in turn in a worktree of
# its own, $BUILD/bisect/linux (the developer tree is not touched), and
# builds the fsid and fsid-off flavours there with tools/vm/kernel-build.sh
# (objects in $BUILD/bisect/kernel/, shared with the other builds through
# ccache). A build that fails or prints "warning:" fails the check. Output
# is TAP, one line per patch and flavour.
# FROM=N starts at patch N of the series (1 is the first): a run that a
# session had to stop can go on where it stopped, when the commits before
# N are the ones it checked (the log names each patch it built).
# Environment: BUILD [build], TREE [$BUILD/linux], FROM [1].
# Exit status: 0 all built cleanly; 1 some did not; 2 no tree, or FROM is
# not a patch number of the series.
set -uo pipefail
BUILD=${BUILD:-build}
TREE=${TREE:-$BUILD/linux}
tools=$(cd "$(dirname "$0")/.." && pwd)
. "$tools/series/series-lib.sh"
wt=$BUILD/bisect/linux
[ -d "$TREE/.git" ] || { echo "bisect-check: no tree at $TREE: run make tree" >&2; exit 2; }
worktree_at_base "$TREE" "$wt" || exit 2
mapfile -t commits < <(git -C "$TREE" rev-list --reverse base..applied)
from=${FROM:-1}
case "$from" in
'' | *[!0-9]* | 0) echo "bisect-check: FROM must be a patch number, 1 to ${#commits[@]}, not '$from'" >&2; exit 2 ;;
esac
[ "$from" -le ${#commits[@]} ] || { echo "bisect-check: FROM=$from, but the series has ${#commits[@]} patches" >&2; exit 2; }
[ "$from" -eq 1 ] || echo "# patches 1 to $((from - 1)) left out (FROM=$from)"
commits=("${commits[@]:$((from - 1))}")
echo "1..$((2 * ${#commits[@]}))"
n=0 bad=0
for c in "${commits[@]}"; do
	git -C "$wt" checkout -q --detach "$c" || exit 2
	subject=$(git -C "$wt" log -1 --format=%s)
	for f in fsid fsid-off; do
		n=$((n + 1))
		log=$BUILD/bisect/$n-$f.log
		if TREE=$wt LINK=no "$tools/vm/kernel-build.sh" "$f" >"$log" 2>&1 && ! grep -q 'warning:' "$log"; then
			echo "ok $n - $f builds: $subject"
		else
			echo "not ok $n - $f does not build cleanly: $subject (see $log)"
			grep -E 'warning:|error:' "$log" | head -n 5 | sed 's/^/#   /'
			bad=$((bad + 1))
		fi
	done
done
[ $bad -eq 0 ]
