#!/usr/bin/env bash
# kernel-doc.sh — the series adds no scripts/kernel-doc warnings.
#
# usage: tools/tests/kernel-doc.sh     (after make tree)
#
# For every C source or header that the series changes, `scripts/kernel-doc
# -none` runs on the file as the series leaves it ($TREE) and as Debian
# ships it ($VANILLA). A warning counts as new when its text (with the line
# number removed) is not among the vanilla file's warnings: 6.1 has
# warnings of its own that are not the series' to fix. One TAP result per
# file; new warnings are printed. Files the series adds are compared
# against no warnings at all.
# Environment: TREE [build/linux], VANILLA [build/vanilla/linux].
# Exit status: 0 no new warning; 1 some; 2 no trees.
set -uo pipefail
TREE=${TREE:-build/linux}
VANILLA=${VANILLA:-build/vanilla/linux}
[ -x "$TREE/scripts/kernel-doc" ] && [ -d "$VANILLA" ] ||
	{ echo "kernel-doc: no trees at $TREE and $VANILLA: run make tree" >&2; exit 2; }
# warnings ROOT FILE: kernel-doc's warnings for ROOT/FILE, without line numbers.
warnings() {
	[ -f "$1/$2" ] || return 0
	(cd "$1" && PATH=/usr/bin:$PATH ./scripts/kernel-doc -none "$2" 2>&1 >/dev/null) |
		sed -E 's/^([^:]+):[0-9]+: /\1: /' | sort -u
}
vroot=$(realpath "$VANILLA")
mapfile -t files < <(git -C "$TREE" diff --name-only base HEAD -- '*.c' '*.h' | sort)
echo "1..${#files[@]}"
n=0 bad=0
for f in "${files[@]}"; do
	n=$((n + 1))
	new=$(comm -13 <(warnings "$vroot" "$f") <(warnings "$TREE" "$f"))
	if [ -z "$new" ]; then
		echo "ok $n - kernel-doc -none: no new warning in $f"
	else
		echo "not ok $n - kernel-doc -none: new warnings in $f"
		printf '%s\n' "$new" | sed 's/^/#   /'
		bad=$((bad + 1))
	fi
done
[ $bad -eq 0 ]
