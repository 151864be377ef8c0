#!/usr/bin/env bash
# checkpatch.sh — scripts/checkpatch.pl --strict on every patch of series/.
#
# usage: tools/tests/checkpatch.sh [-v]     (make checkpatch: -v)
#
# One TAP result per patch of series/series: ok when checkpatch reports no
# error, warning or check. -v prints checkpatch's full report for each
# patch. Runs the checkpatch.pl of the developer tree. checkpatch asks of
# every patch that adds a file without touching MAINTAINERS whether
# MAINTAINERS needs updating (FILE_PATH_CHANGES); where every file the
# patch adds is under an F: path of the series' own MAINTAINERS entry
# ("USER NAMESPACE FSID MAPPINGS", in the tree), it does not, and that one
# question is not asked.
# Environment: TREE [build/linux], SERIES [series].
# Exit status: 0 every patch clean; 1 some are not; 2 no tree.
set -uo pipefail
tools=$(cd "$(dirname "$0")/.." && pwd)
. "$tools/series/series-lib.sh"
TREE=${TREE:-build/linux}
SERIES=${SERIES:-series}
verbose=no
[ "${1:-}" = -v ] && verbose=yes
[ -x "$TREE/scripts/checkpatch.pl" ] || { echo "checkpatch: no $TREE/scripts/checkpatch.pl: run make tree" >&2; exit 2; }
dir=$(realpath "$SERIES")
# The F: paths of the series' MAINTAINERS entry in the tree.
entry_paths=$(awk '/^USER NAMESPACE FSID MAPPINGS$/ { e = 1; next }
	e && /^$/ { exit } e && /^F:/ { print $2 }' "$TREE/MAINTAINERS")
# covered PATCH: PATCH adds files, each under one of those paths.
covered() {
	local f p match added
	added=$(awk '/^diff --git / { f = substr($4, 3) } /^new file mode / { print f }' "$dir/$1")
	[ -n "$added" ] && [ -n "$entry_paths" ] || return 1
	for f in $added; do
		match=no
		for p in $entry_paths; do
			case $p in
			*/) case $f in "$p"*) match=yes ;; esac ;;
			*) [ "$f" = "$p" ] && match=yes ;;
			esac
		done
		[ $match = yes ] || return 1
	done
}
# checkpatch PATCH [ARGS]: the tree's checkpatch.pl --strict on series/PATCH.
# Debian's python3 (with python3-ply) for scripts/spdxcheck.py, whatever else is on PATH.
checkpatch() { (cd "$TREE" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict "${@:2}" "$dir/$1"); }
mapfile -t patches < <(series_list "$SERIES")
echo "1..${#patches[@]}"
n=0 bad=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	ignore=()
	covered "$p" && ignore=(--ignore FILE_PATH_CHANGES)
	out=$(checkpatch "$p" --no-summary --terse --quiet "${ignore[@]}" 2>&1)
	if [ -z "$out" ]; then
		echo "ok $n - checkpatch --strict: $p"
	else
		echo "not ok $n - checkpatch --strict: $p"
		bad=$((bad + 1))
		printf '%s\n' "$out" | sed 's/^/#   /'
	fi
	[ $verbose = no ] || checkpatch "$p" "${ignore[@]}" 2>&1 | sed 's/^/#   /'
done
[ $bad -eq 0 ]
