#!/usr/bin/env bash
# series-machinery.sh — tests of tools/series/kernel-tree.sh and tools/series/series-export.sh
# on a small fake kernel tarball, so every path (apply, export, round trip,
# cover letter, version mismatch, refusing to lose work) runs in seconds.
#
# Also the argument check of tools/series/bisect-check.sh (FROM), and
# tools/series/keep-mtimes.sh around a simulated rebase.
#
# usage: tools/tests/series-machinery.sh
# Output is TAP; exit status 0 when every test passed, 1 otherwise.
set -uo pipefail
tools=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
n=0 bad=0
expect() { # expect DESC COND...
	local d=$1
	shift
	n=$((n + 1))
	if "$@"; then echo "ok $n - $d"; else echo "not ok $n - $d"; bad=$((bad + 1)); fi
}
has() { grep -q -- "$2" "$1"; }
# tree NAME SERIESDIR [ARGS]: kernel-tree.sh on tree $tmp/NAME; stderr in $tmp/err
tree() {
	TARBALL=$tmp/linux.tar.xz SERIES=$2 TREE=$tmp/$1 VANILLA=$tmp/$1-vanilla \
		"$tools/series/kernel-tree.sh" "${@:3}" >/dev/null 2>"$tmp/err"
}
export_to() { # export_to TREENAME SERIESDIR [OUTDIR]
	TREE=$tmp/$1 SERIES=$2 OUT=${3:-$2} "$tools/series/series-export.sh" >/dev/null 2>"$tmp/err"
}
commit() { # commit TREENAME SUBJECT: commit all changes with a fixed date
	git -C "$tmp/$1" add -A &&
		GIT_AUTHOR_DATE='2026-01-02T03:04:05Z' git -C "$tmp/$1" -c user.name='A Developer' \
			-c user.email=dev@example.invalid commit -q -s -m "$2" -m "Why and how to observe it."
}
echo "1..21"

# A fake kernel: a Makefile with a version, one source file, Debian's .gitignore.
src=$tmp/src/linux-source-6.1
mkdir -p "$src/fs"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 192\nEXTRAVERSION =\n' >"$src/Makefile"
printf 'int a;\nint b;\nint c;\n' >"$src/fs/stat.c"
printf '*.o\n\n#\n# Debian packaging: ignore everything at the top level, since it isn%st\n# included in our repository\n#\n/*\n!/debian/\n' "'" >"$src/.gitignore"
tar -cJf "$tmp/linux.tar.xz" -C "$tmp/src" linux-source-6.1
mkdir "$tmp/series"
printf 'upstream: 6.1.192\n' >"$tmp/series/BASE"
: >"$tmp/series/series"

tree a "$tmp/series"
rc=$?
expect "an empty series gives a tree at tag base and a vanilla worktree at base" \
	eval '[ $rc -eq 0 ] && [ "$(git -C $tmp/a rev-parse HEAD)" = "$(git -C $tmp/a-vanilla rev-parse base)" ]'
touch "$tmp/a/newfile"
expect "Debian's top-level ignore-everything stanza is gone (a new file shows up)" \
	eval '[ "$(git -C $tmp/a status --porcelain)" = "?? newfile" ]'
rm "$tmp/a/newfile"
tree a2 "$tmp/series"
expect "the base commit is the same for the same tarball" \
	[ "$(git -C "$tmp/a" rev-parse base)" = "$(git -C "$tmp/a2" rev-parse base)" ]

# Two commits, exported.
sed -i 's/int b;/int b = 1;/' "$tmp/a/fs/stat.c"
commit a "fs: initialise b"
printf 'int d;\n' >"$tmp/a/fs/new.c"
commit a "fs: add new.c"
export_to a "$tmp/series"
expect "export writes one file per commit and series/series in order" \
	eval '[ "$(grep -v "^#" $tmp/series/series)" = "$(printf "0001-fs-initialise-b.patch\n0002-fs-add-new.c.patch")" ]'
expect "the exported patches carry no commit hash, no git version, no churn" \
	eval 'has $tmp/series/0001-fs-initialise-b.patch "^From 0000000000000000000000000000000000000000 " &&
	      ! grep -q "^-- \$" $tmp/series/0001-fs-initialise-b.patch'
expect "series/BASE records the upstream version" has "$tmp/series/BASE" '^upstream: 6.1.192$'

# A hand-written cover letter: its prose stays, its count and shortlog are regenerated.
cat >"$tmp/series/0000-cover-letter.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: A Developer <dev@example.invalid>
Date: Fri, 2 Jan 2026 03:04:05 +0000
Subject: [PATCH 0/9] fs: a small
 series

The blurb, which stays as written.

Old Author (1):
  stale shortlog line

 stale | 1 +
EOF
cp -r "$tmp/series" "$tmp/series.1"
export_to a "$tmp/series"
c=$tmp/series/0000-cover-letter.patch
expect "the cover letter keeps its blurb, subject, From and Date" \
	eval 'has $c "^The blurb, which stays as written.$" && has $c "^Subject: \[PATCH 0/2\] fs: a small series$" &&
	      has $c "^Date: Fri, 2 Jan 2026 03:04:05 +0000$"'
expect "... and gets a fresh shortlog and diffstat" \
	eval 'has $c "^A Developer (2):$" && has $c "^  fs: add new.c$" && ! has $c stale'
cp -r "$tmp/series" "$tmp/series.2"
export_to a "$tmp/series"
expect "exporting again without edits changes no byte" diff -r "$tmp/series.2" "$tmp/series"

# A second tree made from the exported series exports the same bytes.
tree b "$tmp/series"
mkdir "$tmp/out-b"
export_to b "$tmp/series" "$tmp/out-b"
expect "apply then export round-trips byte for byte" diff -r "$tmp/series" "$tmp/out-b"

# Work in the tree is never thrown away behind the developer's back.
printf 'int e;\n' >>"$tmp/a/fs/new.c"
commit a "fs: add e"
TREE=$tmp/a "$tools/series/kernel-tree.sh" --check-exported 2>"$tmp/err"
rc=$?
expect "--check-exported refuses while the tree has unexported commits" \
	eval '[ $rc -eq 3 ] && has $tmp/err "not in series/"'
cp -r "$tmp/series.2" "$tmp/series.3"
sed -i 's/fs: add new.c/fs: add new.c (reworded)/' "$tmp/series.3/0002-fs-add-new.c.patch"
tree a "$tmp/series.3"
rc=$?
expect "a changed series/ is not applied over unexported commits (status 3)" \
	eval '[ $rc -eq 3 ] && has $tmp/err "make export"'
echo stale >"$tmp/series/0009-an-old-subject.patch"
echo 0009-an-old-subject.patch >>"$tmp/series/series"
export_to a "$tmp/series"
expect "after export the tree counts as exported, and stale patch files are gone" \
	eval 'TREE=$tmp/a "$tools/series/kernel-tree.sh" --check-exported && [ -f $tmp/series/0003-fs-add-e.patch ] &&
	      [ ! -e $tmp/series/0009-an-old-subject.patch ] && ! grep -q 0009 $tmp/series/series'

# Patches that no longer apply: the message names the patch and the versions.
mkdir "$tmp/bad"
printf 'upstream: 6.1.150\n' >"$tmp/bad/BASE"
sed 's/int c;/int zzz;/' "$tmp/series/0001-fs-initialise-b.patch" >"$tmp/bad/0001-fs-initialise-b.patch"
echo 0001-fs-initialise-b.patch >"$tmp/bad/series"
tree c "$tmp/bad"
rc=$?
expect "a patch that does not apply to another version fails (status 1) naming both versions" \
	eval '[ $rc -eq 1 ] && has $tmp/err "patch 1, 0001-fs-initialise-b.patch, does not apply to Linux 6.1.192" &&
	      has $tmp/err "last applied to Linux 6.1.150"'
printf 'upstream: 6.1.192\n' >"$tmp/bad/BASE"
tree c "$tmp/bad"
rc=$?
expect "... and on the recorded version it says series/ is inconsistent" \
	eval '[ $rc -eq 1 ] && has $tmp/err "series/ is inconsistent"'
cp "$tmp/series/0001-fs-initialise-b.patch" "$tmp/bad/"
printf 'upstream: 6.1.150\n' >"$tmp/bad/BASE"
tree c "$tmp/bad"
rc=$?
expect "a series made for another version that still applies is applied, with a note" \
	eval '[ $rc -eq 0 ] && has $tmp/err "last applied to Linux 6.1.150; it applies to 6.1.192 too"'

# keep-mtimes: files that a rebase rewrote with the same content get their
# old time back, changed ones keep the new one and are named.
km() { TREE=$tmp/a "$tools/series/keep-mtimes.sh" "$@" >"$tmp/out" 2>"$tmp/err"; }
touch -m -d @1000000000 "$tmp/a/fs/stat.c" "$tmp/a/fs/new.c"
km save base
rc=$?
cp "$tmp/a/fs/stat.c" "$tmp/stat.c" && cp "$tmp/stat.c" "$tmp/a/fs/stat.c" # rewritten, same bytes
printf 'int f;\n' >>"$tmp/a/fs/new.c"                                     # rewritten, changed
km restore
expect "keep-mtimes gives an unchanged rewritten file its old time, and names the changed one" \
	eval '[ $rc -eq 0 ] && [ "$(stat -c %Y $tmp/a/fs/stat.c)" = 1000000000 ] &&
	      [ "$(stat -c %Y $tmp/a/fs/new.c)" != 1000000000 ] && has $tmp/out "changed, will be rebuilt: fs/new.c"'
git -C "$tmp/a" checkout -q fs/new.c
km restore
rc=$?
expect "keep-mtimes restore without a saved record fails (status 1)" \
	eval '[ $rc -eq 1 ] && has $tmp/err "nothing saved"'
git -C "$tmp/a" rm -q fs/new.c && commit a "fs: remove new.c"
km save HEAD~1
rc=$?
expect "keep-mtimes save passes over a file the later commits deleted" \
	eval '[ $rc -eq 0 ] && has $tmp/out "0 files recorded"'
git -C "$tmp/a" reset -q --hard HEAD~1
km save no-such-commit
rc1=$?
km
rc2=$?
expect "keep-mtimes refuses an unknown commit and no arguments (status 2)" \
	eval '[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ]'

# bisect-check's FROM: a patch number of the series or nothing is built.
rcs=
for from in 0 x 99; do
	FROM=$from TREE=$tmp/a BUILD=$tmp/bisect "$tools/series/bisect-check.sh" >/dev/null 2>"$tmp/err"
	rcs="$rcs$?"
done
expect "bisect-check refuses FROM=0, x and 99 (status 2, naming the range)" \
	eval '[ "$rcs" = 222 ] && has $tmp/err "the series has [0-9]* patches"'
[ $bad -eq 0 ]
