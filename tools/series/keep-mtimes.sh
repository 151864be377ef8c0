#!/usr/bin/env bash
# keep-mtimes.sh — keep kernel rebuilds small across a rebase of the kernel
# tree. A rebase that edits patch N checks out the tree as of patch N and
# then re-applies the later patches, which rewrites every file they touch
# (include/linux/fs.h among them) with a new modification time, so make
# rebuilds nearly every object of every flavour although most files end up
# as they were. "save BASE" records the blob and modification time of each
# file that differs between BASE and HEAD; "restore", after the rebase,
# gives each of those files whose content is the same again its old time,
# and names the others, which make then rebuilds.
#
# usage: tools/series/keep-mtimes.sh save BASE     (before git rebase -i BASE)
#        tools/series/keep-mtimes.sh restore       (after it has finished)
# Run neither while a kernel build or make check reads the tree.
# Environment: TREE [build/linux]; the record is $TREE/.git/keep-mtimes.
# Exit status: 0 done; 1 restore without a record; 2 usage or no tree.
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
case $BUILD in /*) ;; *) BUILD=$top/$BUILD ;; esac
TREE=${TREE:-$BUILD/linux}
usage() { echo "usage: $0 save BASE | restore" >&2; exit 2; }
[ -d "$TREE/.git" ] || { echo "keep-mtimes: no kernel tree at $TREE" >&2; exit 2; }
cd "$TREE"
rec=.git/keep-mtimes
case "${1:-}" in
save)
	[ $# -eq 2 ] || usage
	git rev-parse -q --verify "$2^{commit}" >/dev/null || { echo "keep-mtimes: no commit $2" >&2; exit 2; }
	git diff --name-only -z "$2" HEAD | while IFS= read -r -d '' f; do
		if [ -f "$f" ]; then
			printf '%s %s %s\n' "$(git hash-object "$f")" "$(stat -c %Y "$f")" "$f"
		fi
	done >"$rec"
	echo "keep-mtimes: $(wc -l <"$rec") files recorded" ;;
restore)
	[ $# -eq 1 ] || usage
	[ -f "$rec" ] || { echo "keep-mtimes: nothing saved (run save BASE before the rebase)" >&2; exit 1; }
	kept=0
	while read -r sha mtime f; do
		if [ -f "$f" ] && [ "$(git hash-object "$f")" = "$sha" ]; then
			touch -m -d "@$mtime" "$f"
			kept=$((kept + 1))
		else
			echo "keep-mtimes: changed, will be rebuilt: $f"
		fi
	done <"$rec"
	rm -f "$rec"
	echo "keep-mtimes: $kept files keep their old time" ;;
*) usage ;;
esac
