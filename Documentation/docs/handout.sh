#!/usr/bin/env bash
# handout.sh — the students' copy of the workbench, what a student receives
# (make handout): the archive $BUILD/handout/fsid-workbench-student.tar.gz
# and its docs rendered into $BUILD/handout/.
#
# usage: Documentation/docs/handout.sh
#
# tools/course/student-copy.sh makes the copy (the repository SRC without
# the answers: see its header) and refuses it if
# tools/course/answers-leak.py finds an answer in it. The copy's own
# docs-build.sh renders its docs (the same pages as make docs, but the
# walkthrough's answers page and the labs' answer key), and the result is
# refused if a page still has an answer line ("Answer N:", "Answer N.M:")
# or a link does not resolve (docs-links.sh). Then the copy is archived,
# its top folder fsid-workbench/: a student unpacks it and runs make
# demo-1, make check or make check-labs there, as in this repository.
#
# Environment: BUILD [build] (and docs-build.sh's; the kernel tree of
# $BUILD/linux is used if there is one); SRC [this repository] (the
# instructors' working tree the copy is made from); HANDOUT_OUT
# [$BUILD/handout].
# Exit status: 0 written; 1 an answer was left in, a link is broken, or
# docs-build.sh failed; 2 SRC is not a git working tree.
set -euo pipefail

BUILD=${BUILD:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
export BUILD
out=${HANDOUT_OUT:-$BUILD/handout}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
copy=$tmp/fsid-workbench
rc=0
"$top/tools/course/student-copy.sh" "$copy" >"$tmp/copy.log" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
	cat "$tmp/copy.log" >&2
	echo "handout: answers left in, or no copy made (above)" >&2
	exit $((rc == 2 ? 2 : 1))
fi
rm -rf "$out"
DOCS_OUT=$out "$copy/Documentation/docs/docs-build.sh" || exit 1
left=$(grep -rlE 'Answer [0-9]+(\.[0-9]+)?:' "$out" --include='*.html' | sort | paste -sd' ' || true)
if [ -n "$left" ]; then
	echo "handout: answers left in: $left" >&2
	exit 1
fi
"$copy/Documentation/docs/docs-links.sh" "$out" || exit 1
tar -C "$tmp" --owner=0 --group=0 --numeric-owner --sort=name -czf "$out/fsid-workbench-student.tar.gz" fsid-workbench
echo "handout: $out/fsid-workbench-student.tar.gz ($(find "$copy" -type f | wc -l) files), its docs $out/index.html; no answer in either"
