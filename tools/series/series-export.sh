#!/usr/bin/env bash
# series-export.sh — write the commits of the kernel tree back to series/.
#
# usage: tools/series/series-export.sh [REV]
#
# Runs `git format-patch base..REV` (REV defaults to HEAD) in $TREE with a
# pinned configuration, so the same commits always give byte-identical
# files: zero commit hashes in the "From " line, no signature, 12-digit
# index abbreviations, no user or system git config. The patch files,
# series/series (their order) and series/BASE (the upstream version) are
# rewritten; patch files the new series no longer has are removed.
#
# The cover letter, series/0000-cover-letter.patch, is prose kept in the
# repository: its From:, Date:, subject text and blurb are kept, and the
# "[PATCH 00/NN]" count, the shortlog and the diffstat below the blurb are
# regenerated. No cover letter is invented when there is none.
#
# Environment: TREE [build/linux], SERIES [series], OUT [$SERIES] (write
# there instead; the tree's "applied" tag is moved only when OUT=SERIES).
#
# Exit status: 0 written; 2 usage or no tree; 3 the cover letter cannot be
# parsed (no shortlog found below its blurb).
set -euo pipefail

TREE=${TREE:-build/linux}
SERIES=${SERIES:-series}
OUT=${OUT:-$SERIES}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/series-lib.sh"

die() { code=$1; shift; printf 'series-export: %s\n' "$@" >&2; exit "$code"; }
[ $# -le 1 ] || die 2 "usage: $0 [REV]"
rev=${1:-HEAD}
[ -d "$TREE/.git" ] || die 2 "no kernel tree at $TREE: run make tree first"
git -C "$TREE" rev-parse -q --verify "$rev^{commit}" >/dev/null || die 2 "$TREE has no revision $rev"

# git with nothing of the user's or the system's configuration.
pgit() {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
		git -C "$TREE" -c core.abbrev=12 -c diff.algorithm=myers \
		-c diff.renames=true -c diff.noprefix=false -c format.signature= \
		-c user.name='fsid workbench' -c user.email=workbench@fsid.invalid "$@"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/out"
count=$(pgit rev-list --count "base..$rev")
if [ "$count" -gt 0 ]; then
	pgit format-patch -q --zero-commit --no-signature --numbered \
		--cover-letter -o "$tmp/out" "base..$rev"
fi

# Splice the kept parts of the cover letter into the generated one.
cover=$SERIES/0000-cover-letter.patch
gen=$tmp/out/0000-cover-letter.patch
if [ "$count" -gt 0 ] && [ -f "$cover" ]; then
	# header: logical header lines (continuations joined) up to the blank line
	header() { awk 'NR>1 && /^$/ {exit} /^[ \t]/ {h = h $0; next} {if (h != "") print h; h = $0} END {if (h != "") print h}' "$1"; }
	from=$(header "$cover" | grep -m1 '^From: ' || true)
	date=$(header "$cover" | grep -m1 '^Date: ' || true)
	subject=$(header "$cover" | sed -n 's/^Subject: *\[[^]]*\] *//p' | sed -n 1p)
	[ -n "$from" ] && [ -n "$date" ] && [ -n "$subject" ] ||
		die 3 "$cover has no From:, Date: or Subject: [PATCH 00/NN] header"
	# The blurb ends where the generated tail begins: the shortlog's first
	# "Author (N):" line in the run of shortlog/diffstat lines at the end.
	tailstart=$(awk '
		{ line[NR] = $0 }
		END {
			start = 0
			for (i = NR; i > 0; i--) {
				l = line[i]
				if (l ~ /^[^ \t].* \([0-9]+\):$/) start = i
				else if (l == "" || l ~ /^ /) continue
				else break
			}
			print start
		}' "$cover")
	bodystart=$(awk '/^$/ {print NR + 1; exit}' "$cover")
	[ "$tailstart" -gt 0 ] || die 3 "$cover: no shortlog (a line 'Author Name (N):') after the blurb"
	gentail=$(awk '/^\*\*\* BLURB HERE \*\*\*$/ {print NR + 2; exit}' "$gen")
	{
		sed -n '1p' "$gen"
		printf '%s\n' "$from" "$date"
		prefix=$(sed -n 's/^Subject: \(\[[^]]*\]\) .*/\1/p' "$gen")
		printf 'Subject: %s %s\n' "$prefix" "$subject"
		echo
		sed -n "${bodystart},$((tailstart - 1))p" "$cover"
		sed -n "${gentail},\$p" "$gen"
	} > "$tmp/cover"
	mv "$tmp/cover" "$gen"
else
	rm -f "$gen"
	[ "$count" -eq 0 ] || [ -f "$cover" ] ||
		echo "series-export: note: no $cover yet; write one (CONTRIBUTING.md, 'The cover letter')" >&2
fi

# Replace the old patch files with the new ones.
mkdir -p "$OUT"
{
	series_list "$OUT"
	(cd "$OUT" && ls -1 -- [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null || true)
} | sort -u | sed '/^0000-cover-letter\.patch$/d' | while read -r p; do
	rm -f -- "${OUT:?}/$p"
done
[ ! -f "$tmp/out/0000-cover-letter.patch" ] || mv "$tmp/out/0000-cover-letter.patch" "$OUT/"
{
	echo "# The patches of the series in the order \`git am\` applies them."
	echo "# Written by \`make export\` (tools/series/series-export.sh); edit the kernel tree, not this."
	(cd "$tmp/out" && ls -1 -- *.patch 2>/dev/null || true) | sort
} > "$OUT/series"
for p in "$tmp/out"/*.patch; do
	[ -e "$p" ] && mv "$p" "$OUT/"
done
upstream=$(git -C "$TREE" config fsid.upstream)
origin=$(git -C "$TREE" config fsid.origin)
{
	echo "# The kernel the series was last applied to. Written by \`make export\`."
	echo "upstream: $upstream"
	echo "origin: $origin"
} > "$OUT/BASE"

if [ "$OUT" = "$SERIES" ]; then
	git -C "$TREE" tag -f applied "$rev" >/dev/null
	git -C "$TREE" config fsid.series "$(series_hash "$SERIES")"
fi
echo "series-export: $count patch(es) written to $OUT" >&2
